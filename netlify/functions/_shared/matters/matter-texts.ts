/**
 * Text messages about a matter (docs/decisions/033-text-messages.md): the client turns them
 * on, with a mobile, or off, on their own page (client-matters.ts); while on, each milestone change and each
 * deadline reminder also goes as a text, through the one client outbox (client-mail.ts), so
 * a text is retried as an e-mail is and never holds one up. Nothing here runs unless the
 * practice set up the SMS provider; e-mail alone does everything without it.
 */
import type { MatterDeadline, MatterRecord } from '#src/shared/schemas/matter.ts';
import { clientTextsConfigured, deliverClientMail, queueClientText } from '../mail/client-mail.ts';

const shortDay = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Wed 2 Dec 2026, 5:00pm": a deadline as a text names it (its date is a Sydney day already). */
export function textWhen(deadline: Pick<MatterDeadline, 'date' | 'time'>): string {
  const [y, m, d] = deadline.date.split('-').map(Number);
  const day = shortDay.format(new Date(Date.UTC(y!, m! - 1, d!))).replace(/,/g, '');
  if (!deadline.time) return day;
  const [hh, mm] = deadline.time.split(':').map(Number);
  return `${day}, ${((hh! + 11) % 12) + 1}:${String(mm).padStart(2, '0')}${hh! < 12 ? 'am' : 'pm'}`;
}

const sideWord = (record: MatterRecord) => (record.side === 'purchase' ? 'purchase' : 'sale');

/**
 * Queues a text when the client asked for texts and the provider is set up; its id, or null
 * when none was queued (or one with that id already was).
 */
async function queueText(record: MatterRecord, id: string, subject: string, text: string): Promise<string | null> {
  if (!record.texts || !clientTextsConfigured()) return null;
  const queued = await queueClientText({
    id,
    enquiryId: record.enquiryId,
    matterId: record.id,
    to: record.texts.mobile,
    subject,
    text,
  });
  return queued ? id : null;
}

/**
 * A milestone changed: a text beside the e-mail, naming the step and the next deadline. The
 * staff note stays in the e-mail: a text carries nothing typed by anyone.
 */
export async function queueMilestoneText(
  record: MatterRecord,
  milestone: { label: string; done: boolean },
  next: MatterDeadline | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> {
  const text = [
    `Your ${sideWord(record)}: ${milestone.label} - ${milestone.done ? 'done' : 'marked not done yet'}.`,
    ...(next ? [`Next: ${next.label}, ${textWhen(next)}.`] : []),
    'Details by e-mail.',
  ].join(' ');
  const id = await queueText(record, `matter-${record.id}-step-${record.timeline.length}-text`, milestone.label, text);
  if (id) waitUntil(deliverClientMail(id).catch((error: unknown) => console.error('[matters] text:', error)));
}

/**
 * A deadline's reminder (2 business days before, or on the day for cooling-off): a text
 * beside the e-mail, sent before this resolves. `noticeId` names the deadline, its date and
 * the kind, as the matter's `notices` claim it: once each.
 */
export async function sendReminderText(
  record: MatterRecord,
  noticeId: string,
  deadline: MatterDeadline,
  onTheDay: boolean,
): Promise<void> {
  const estimate = deadline.confirmed ? '' : ' (estimate)';
  const text = onTheDay
    ? `Today: ${deadline.label}, ${textWhen(deadline)}${estimate}.`
    : `Reminder, your ${sideWord(record)}: ${deadline.label}, ${textWhen(deadline)}${estimate}.`;
  const id = await queueText(record, `matter-${record.id}-${noticeId.replace(/:/g, '-')}-text`, deadline.label, text);
  if (id) await deliverClientMail(id).catch((error: unknown) => console.error('[matters] reminder text:', error));
}
