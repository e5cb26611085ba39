/**
 * The e-mail that acknowledges an enquiry to the person who sent it: the practice's
 * call-back promise, their quote if they asked for one, the Conveyancing Launch Kit's
 * checklist (attached) and the phone number; for a quote lead (/quote's 'Email me this
 * quote') the quote itself, with the contract date it was worked out for, and the same
 * checklist. Nothing else (no marketing: the person asked a question, not for a
 * newsletter).
 *
 * Anyone can type any address into the form, so the message carries nothing of the
 * sender's own text: not their message, not their name (the greeting uses the first name
 * only when it is plainly a name, `greetingName`), nothing a stranger could use to send
 * their words from the practice's address. The quote's lines are the server's own figures
 * from choices and a price, never typed text.
 *
 * At most one a day per address, so a person who sends the form twice (or a stranger who
 * types someone else's address into it over and over) causes one e-mail: a conditional
 * write on a keyed digest of the address (`mailboxOf`: `+tag`s and case do not make
 * another address) and the Sydney date decides. The key never holds the address, and the
 * digest cannot be undone by hashing guesses without the secret. And at most
 * `acknowledgementsPerDay` (Settings) in all each Sydney day: past it they stop until
 * tomorrow and staff are told once, through the alerts' outbox.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { LAUNCH_KIT } from '#src/content/launch-kit.ts';
import { CALLBACK_PROMISE_HOURS } from '#src/content/practice.ts';
import { contractDateLine, describeQuoteInput, quoteLines } from '#src/shared/quote.ts';
import { hoursTable } from '#src/shared/schemas/settings.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { clientMailConfigured, deliverClientMail, queueClientMail } from './client-mail.ts';
import { clientKey } from '../http/login-throttle.ts';
import type { StoredEnquiry } from '../repositories/enquiries-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { countOnce, markOnce, pruneOnce, unmarkOnce } from '../repositories/mail-outbox-store.ts';
import { getSettings } from '../repositories/settings-store.ts';
import { queueStaffNotice } from './staff-alerts.ts';
import { FOLLOW_MATTER_LATER } from '#src/content/client-matter.ts';

type Practice = Awaited<ReturnType<typeof getSettings>>;

/** Letters (with their accents), spaces, hyphens and apostrophes: what a first name is made of. */
const NAME_LIKE = /^\p{L}[\p{L}\p{M} '’-]*$/u;
const GREETING_MAX = 40;

/**
 * The first name to greet by, or null for the neutral greeting: a stranger may type a
 * sentence or a link as "first name", and the practice must not send it to anyone.
 */
export function greetingName(firstName: string): string | null {
  const name = firstName.trim();
  return [...name].length <= GREETING_MAX && NAME_LIKE.test(name) ? name : null;
}

/**
 * The mailbox an address delivers to, as far as the daily limit can tell: lower case, and
 * without a `+tag` (`ann+a@` and `ann+b@` are one person's mailbox at nearly every
 * provider). Dots are removed only at Gmail, which ignores them (`a.nn@gmail.com` is
 * `ann@gmail.com`); elsewhere `a.nn@` and `ann@` may be two people, and one must not use up
 * the other's acknowledgement.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at).replace(/\+.*$/, '');
  let domain = address.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * The landing page promises "Your free Conveyancing Launch Kit": a quote, a checklist of
 * what to do before exchange and a call. Every acknowledgement carries the checklist as a
 * PDF (the same as /launch-kit/), so whoever asked for the kit through the form has it.
 */
export const LAUNCH_KIT_LINE = `Your free Conveyancing Launch Kit is attached (${LAUNCH_KIT.pdfFilename}): a checklist of what to do before exchange, for buyers and sellers in NSW. It is general information; ask us about your own contract.`;

/**
 * A quote lead's acknowledgement is the quote itself (/quote's 'Email me this quote'): the
 * figures, the contract date they were worked out for, and how to talk to us. It promises
 * no call: the person gave an address, not a phone number.
 */
export function quoteMessage(record: StoredEnquiry, practice: Practice): { subject: string; text: string } {
  const quote = record.quote!;
  const name = greetingName(record.firstName);
  const received = sydneyToday(new Date(record.createdAt));
  const contractDate = quote.inputs.contractDate ?? received;
  const lines = [
    name ? `Dear ${name},` : 'Hello,',
    '',
    `Here is the conveyancing quote you asked for on the ${practice.name} website, worked out ${contractDateLine(contractDate, received)}.`,
    '',
    describeQuoteInput(quote.inputs),
    ...quoteLines(quote.figures).map(({ label, value }) => `${label}: ${value}`),
    '',
    'This is an estimate; our written costs agreement confirms the figures before you instruct us.',
    '',
    LAUNCH_KIT_LINE,
    '',
    `To talk it through or to instruct us, call us on ${practice.phone} or reply to this e-mail.`,
    FOLLOW_MATTER_LATER,
    '',
    'Our hours (Sydney time):',
    ...hoursTable(practice.hours).map((row) => `${row.day}: ${row.hours}`),
    '',
    'If you did not ask for this quote, someone may have typed your address by mistake: you can ignore this e-mail, and we will not write to you again about it.',
  ];
  return { subject: `Your conveyancing quote – ${practice.name}`, text: lines.join('\n') };
}

/** The acknowledgement's subject and text (the practice's details are appended when it is sent). */
export function acknowledgementMessage(record: StoredEnquiry, practice: Practice): { subject: string; text: string } {
  if (record.source === 'quote' && record.quote) return quoteMessage(record, practice);
  const promise: number = CALLBACK_PROMISE_HOURS;
  const hours = `${promise} hour${promise === 1 ? '' : 's'}`;
  const name = greetingName(record.firstName);
  const lines = [
    name ? `Dear ${name},` : 'Hello,',
    '',
    `Thank you for your enquiry to ${practice.name}. We have received it, and we will call you within ${hours} during our business hours.`,
    '',
    'Our hours (Sydney time):',
    ...hoursTable(practice.hours).map((row) => `${row.day}: ${row.hours}`),
  ];
  if (record.quote) {
    lines.push('', 'Your quote', describeQuoteInput(record.quote.inputs));
    for (const { label, value } of quoteLines(record.quote.figures)) lines.push(`${label}: ${value}`);
    lines.push('This is an estimate; we will confirm the figures when we speak.');
  }
  lines.push(
    '',
    LAUNCH_KIT_LINE,
    '',
    FOLLOW_MATTER_LATER,
    '',
    `If you would like to talk sooner, call us on ${practice.phone}.`,
    '',
    'If you did not send an enquiry to us, someone may have typed your address by mistake: you can ignore this e-mail, and we will not write to you again about it.',
  );
  return { subject: `We have your enquiry – ${practice.name}`, text: lines.join('\n') };
}

/** The outbox id of an enquiry's acknowledgement. */
export const acknowledgementId = (enquiryId: string): string => `acknowledgement/${enquiryId}`;

/** The once-a-day mark that stands for "staff were told today's acknowledgements stopped". */
const CEILING_NOTICE_MARK = 'notice-acknowledgement-ceiling';

/** Tells staff, once a Sydney day, that the day's acknowledgements reached their ceiling. */
async function noticeCeiling(date: string, ceiling: number): Promise<void> {
  if (!(await markOnce(date, CEILING_NOTICE_MARK))) return;
  await queueStaffNotice(
    `acknowledgement-ceiling-${date}`,
    {
      subject: `Enquiry acknowledgements stopped for today (${date})`,
      text: [
        `The website has sent ${ceiling} enquiry acknowledgements today, the most Settings allow in one day, so it sends no more until tomorrow (Sydney time).`,
        '',
        'Every enquiry is still stored, and you are still alerted of each one as usual.',
        'So many in one day may mean someone is using the enquiry form to send e-mail to other people: check the desk for enquiries that do not look genuine.',
        'The ceiling is "Acknowledgements a day" in Settings › Practice details.',
      ].join('\n'),
    },
    `enquiry acknowledgements reached the day's ceiling of ${ceiling} on ${date}`,
  );
}

/** Why no acknowledgement was queued, or that one was. */
export type AcknowledgementQueued = 'queued' | 'off' | 'repeat' | 'ceiling';

/**
 * Queues the acknowledgement of a stored enquiry (a quote lead's is its quote), unless
 * acknowledgements are off (the Settings switch, or no SMTP), its mailbox already had one
 * today, or the day's ceiling is reached. Delivery is the caller's (`deliverClientMail`),
 * after the answer; /quote's confirmation waits for this decision so it can say whether
 * the quote is on its way.
 *
 * The ceiling is decided as the sign-in throttle decides: the mark is written first, then
 * the day's marks are counted, this one included; one that sees more than the ceiling is
 * refused (and keeps its mark: the day is over for acknowledgements anyway). Of any
 * ceiling + 1 marks the last written sees them all, so however many instances race, no
 * more than the ceiling are sent; a burst may send a few fewer.
 */
export async function queueAcknowledgement(
  record: StoredEnquiry,
  now = new Date(currentTime()),
): Promise<AcknowledgementQueued> {
  if (!clientMailConfigured()) return 'off';
  const practice = await getSettings();
  if (!practice.acknowledgeEnquiries) return 'off';
  const date = sydneyToday(now);
  const digest = clientKey(`acknowledgement:${date}:${mailboxOf(record.email)}`);
  if (!(await markOnce(date, digest))) return 'repeat';
  if ((await countOnce(date)) > practice.acknowledgementsPerDay) {
    // Staff who wonder why this person got nothing find the reason on the timeline.
    await appendActivity(record.id, {
      at: now.toISOString(),
      by: 'system',
      type: 'email',
      text: "No acknowledgement sent: today's ceiling in Settings was reached",
    });
    await noticeCeiling(date, practice.acknowledgementsPerDay);
    return 'ceiling';
  }
  try {
    await queueClientMail(
      {
        id: acknowledgementId(record.id),
        enquiryId: record.id,
        to: record.email,
        launchKit: true,
        ...acknowledgementMessage(record, practice),
      },
      now,
    );
  } catch (error) {
    // Not queued: the next enquiry from that address today may try again.
    await unmarkOnce(date, digest).catch(() => undefined);
    throw error;
  }
  // Yesterday's marks decide nothing any more; a failure here only leaves them for next time.
  await pruneOnce(date).catch((error: unknown) => console.warn('[acknowledgement] could not prune old marks', error));
  return 'queued';
}

/**
 * Queues and delivers the acknowledgement of a stored enquiry (`queueAcknowledgement`).
 * Runs after the visitor's answer (`context.waitUntil`); a failed delivery stays in the
 * outbox for the scheduled retry.
 */
export async function acknowledgeEnquiry(
  record: StoredEnquiry,
  now = new Date(currentTime()),
): Promise<'delivered' | 'queued' | 'off' | 'repeat' | 'ceiling'> {
  const queued = await queueAcknowledgement(record, now);
  if (queued !== 'queued') return queued;
  return (await deliverClientMail(acknowledgementId(record.id), { now })) ? 'delivered' : 'queued';
}
