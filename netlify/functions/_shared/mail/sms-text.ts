/**
 * A text message's words: kept to the GSM 7-bit alphabet, so a segment holds 160 characters
 * (one character outside it turns the whole text into UCS-2, 70 a segment, and doubles the
 * cost), and closed as every message about a matter is: the bank-details warning, then the
 * practice's name. The warning alone is about 115 characters, so a text is two segments at
 * most (306 characters), and is kept under that.
 */
import { bankDetailsWarning } from '#src/content/matters.ts';

/** GSM 03.38's basic set; the extension characters (`^{}\[~]|€`) count two each. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€';

/** Characters a typist or a saved setting brings that have a plain equivalent in GSM. */
const PLAIN: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '\t': ' ',
};

/** The text in the GSM alphabet: typographic marks made plain, accents dropped where GSM has none, anything else '?'. */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    if (GSM_BASIC.includes(char) || GSM_EXTENSION.includes(char)) out += char;
    else if (PLAIN[char] !== undefined) out += PLAIN[char];
    else {
      const bare = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...bare].every((c) => GSM_BASIC.includes(c)) && bare ? bare : '?';
    }
  }
  return out;
}

/** Its length in GSM septets (an extension character is two); the text must be GSM already. */
export const gsmLength = (text: string): number =>
  [...text].reduce((sum, char) => sum + (GSM_EXTENSION.includes(char) ? 2 : 1), 0);

/** How many SMS segments a GSM text takes: 160 alone, 153 each when split. */
export const smsSegments = (text: string): number => {
  const length = gsmLength(text);
  return length <= 160 ? 1 : Math.ceil(length / 153);
};

/** The most a text may be: two segments. */
export const SMS_MAX_LENGTH = 306;

/**
 * The text as sent: its own line (cut to fit), the bank-details warning with the practice's
 * phone, and the practice's name, all in GSM. No link, ever: a text with a link is what a
 * payment-redirection scam looks like.
 */
export function smsText(text: string, practice: { name: string; phone: string }): string {
  const tail = toGsm7(`\n${bankDetailsWarning(practice.phone)}\n${practice.name}`);
  let own = toGsm7(text.replace(/\s+/g, ' ').trim());
  const room = SMS_MAX_LENGTH - gsmLength(tail);
  if (gsmLength(own) > room) {
    while (gsmLength(own) > room - 3) own = own.slice(0, -1);
    own = `${own.trimEnd()}...`;
  }
  return own + tail;
}
