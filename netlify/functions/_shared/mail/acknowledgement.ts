/**
 * The e-mail that acknowledges an enquiry to the person who sent it: the practice's
 * call-back promise, their quote if they asked for one, and the phone number. Nothing else
 * (no marketing: the person asked a question, not for a newsletter).
 *
 * At most one a day per address, so a person who sends the form twice (or a stranger who
 * types someone else's address into it over and over) causes one e-mail: a conditional
 * write on a keyed digest of the address and the Sydney date decides. The key never holds
 * the address, and the digest cannot be undone by hashing guesses without the secret.
 */
import { now as currentTime } from '../../../../src/shared/clock.ts';
import { CALLBACK_PROMISE_HOURS } from '../../../../src/content/practice.ts';
import { describeQuoteInput, quoteLines } from '../../../../src/shared/quote.ts';
import { hoursTable } from '../../../../src/shared/schemas/settings.ts';
import { sydneyToday } from '../../../../src/shared/sydney-time.ts';
import { clientMailConfigured, deliverClientMail, queueClientMail } from './client-mail.ts';
import { clientKey } from '../http/login-throttle.ts';
import type { StoredEnquiry } from '../repositories/enquiries-store.ts';
import { markOnce, pruneOnce, unmarkOnce } from '../repositories/mail-outbox-store.ts';
import { getSettings } from '../repositories/settings-store.ts';

type Practice = Awaited<ReturnType<typeof getSettings>>;

/** The acknowledgement's subject and text (the practice's details are appended when it is sent). */
export function acknowledgementMessage(record: StoredEnquiry, practice: Practice): { subject: string; text: string } {
  const promise: number = CALLBACK_PROMISE_HOURS;
  const hours = `${promise} hour${promise === 1 ? '' : 's'}`;
  const lines = [
    `Dear ${record.firstName},`,
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
  lines.push('', `If you would like to talk sooner, call us on ${practice.phone}.`);
  return { subject: `We have your enquiry – ${practice.name}`, text: lines.join('\n') };
}

/** The outbox id of an enquiry's acknowledgement. */
export const acknowledgementId = (enquiryId: string): string => `acknowledgement/${enquiryId}`;

/**
 * Queues and delivers the acknowledgement of a stored enquiry, unless acknowledgements are
 * off (the Settings switch, or no SMTP) or its address already had one today. Runs after
 * the visitor's answer (`context.waitUntil`); a failed delivery stays in the outbox for
 * the scheduled retry.
 */
export async function acknowledgeEnquiry(
  record: StoredEnquiry,
  now = new Date(currentTime()),
): Promise<'delivered' | 'queued' | 'off' | 'repeat'> {
  if (!clientMailConfigured()) return 'off';
  const practice = await getSettings();
  if (!practice.acknowledgeEnquiries) return 'off';
  const date = sydneyToday(now);
  const digest = clientKey(`acknowledgement:${date}:${record.email.toLowerCase()}`);
  if (!(await markOnce(date, digest))) return 'repeat';
  const id = acknowledgementId(record.id);
  try {
    await queueClientMail(
      { id, enquiryId: record.id, to: record.email, ...acknowledgementMessage(record, practice) },
      now,
    );
  } catch (error) {
    // Not queued: the next enquiry from that address today may try again.
    await unmarkOnce(date, digest).catch(() => undefined);
    throw error;
  }
  // Yesterday's marks decide nothing any more; a failure here only leaves them for next time.
  await pruneOnce(date).catch((error: unknown) => console.warn('[acknowledgement] could not prune old marks', error));
  return (await deliverClientMail(id, { now })) ? 'delivered' : 'queued';
}
