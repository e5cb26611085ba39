/**
 * Bank details in free text: a BSB and an account number, written with or without spaces
 * and hyphens. The one test every e-mail, text and webhook post passes before it leaves
 * (netlify/functions/_shared/mail/bank-details-guard.ts), and the one a staff reply to a
 * client is checked with (schemas/matter.ts): bank details reach a client only on their
 * signed-in matter page, never in a message (payment redirection fraud rewrites or forges
 * exactly those messages: docs/decisions/046-verified-funds-channel.md).
 *
 * A "digit group" is a run of digits in which single spaces or hyphens may sit between digits
 * ("062-000", "1234 5678"). Text holds bank details when
 * - one group has 12 to 16 digits (a BSB and an account number written as one run:
 *   "062-000 12345678", "06200012345678"), or
 * - a group shaped like a BSB (`NNN-NNN`, `NNN NNN` or `NNNNNN`) has, within
 *   `BANK_DETAILS_WINDOW` characters before or after it, another group of 6 to 10 digits
 *   (an account number: "BSB 062 000, account 1234 5678").
 * A group glued to letters or to URL punctuation (an id, a link's token, an ISO date-time)
 * is not a number a person would write, and does not count.
 */

/** How far apart, in characters, a BSB and an account number still read as one set of details. */
export const BANK_DETAILS_WINDOW = 80;

/** Account numbers are 6 to 10 digits; a BSB is 6. */
const ACCOUNT_MIN = 6;
const ACCOUNT_MAX = 10;
const BSB_DIGITS = 6;

/** Hyphens as typed or as word processors write them (U+2010–U+2013), and spaces (with the no-break space). */
const SEP = '[ \\u00a0\\u2010-\\u2013-]';
const GROUP = new RegExp(
  `(?<![\\w./=?&#%+:@\\u2010-\\u2013-])\\d+(?:${SEP}\\d+)*(?![\\w/=&#%+@\\u2010-\\u2013-]|[.:]\\d)`,
  'g',
);
const BSB_SHAPE = new RegExp(`^\\d{3}${SEP}?\\d{3}$`);

interface Group {
  start: number;
  end: number;
  digits: number;
  bsb: boolean;
}

function groups(text: string): Group[] {
  return [...text.matchAll(GROUP)].map((match) => {
    const written = match[0];
    const digits = written.replace(/\D/g, '').length;
    return {
      start: match.index,
      end: match.index + written.length,
      digits,
      bsb: digits === BSB_DIGITS && BSB_SHAPE.test(written),
    };
  });
}

/** Whether `text` holds a BSB and an account number (see above). */
export function holdsBankDetails(text: string): boolean {
  const found = groups(text);
  if (found.some((group) => group.digits >= BSB_DIGITS + ACCOUNT_MIN && group.digits <= BSB_DIGITS + ACCOUNT_MAX)) {
    return true;
  }
  return found.some(
    (bsb) =>
      bsb.bsb &&
      found.some(
        (account) =>
          account !== bsb &&
          account.digits >= ACCOUNT_MIN &&
          account.digits <= ACCOUNT_MAX &&
          Math.max(account.start - bsb.end, bsb.start - account.end) <= BANK_DETAILS_WINDOW,
      ),
  );
}

/**
 * The text an HTML part shows: inline tags (`<b>`, `<span>` …) as nothing, so "0<b>62</b>"
 * reads "062", other tags as spaces, and the entities that write spaces, hyphens and digits decoded.
 */
export function htmlAsText(html: string): string {
  return html
    .replace(/<\/?(?:a|abbr|b|bdi|bdo|code|em|font|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|u|wbr)\b[^>]*>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:nbsp|#160|#x0*a0);/gi, ' ')
    .replace(/&(?:hyphen|dash|#45|#x0*2d|#8208|#x0*2010|#8209|#x0*2011);/gi, '-')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)));
}

/** What staff and the client read when a message is refused for holding bank details. */
export const BANK_DETAILS_IN_MESSAGE =
  'Bank details are never sent by e-mail or text: ask the client to enter them on their matter page (/matter/) instead, where staff check them by calling the client back';
