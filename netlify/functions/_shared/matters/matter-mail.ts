/**
 * Word of a matter's every step: milestone changes e-mail the client (gathered into one e-mail
 * by milestone-digest.ts), staff's answers reach them, and the daily
 * job reminds the client and the responsible solicitor 2 NSW business days before each
 * deadline (and on the day for cooling-off), and alerts staff to a deadline past with its
 * milestone not ticked; each once, claimed on the matter (`notices`) before it goes.
 *
 * Client messages go through the one outbox (client-mail.ts) marked as about a matter, so
 * each ends with the warning about bank details. Staff have no addresses of their own in the
 * product: the responsible solicitor is named in the notice, which goes to the staff alert
 * channels (staff-alerts.ts).
 */
import { ESTIMATE_NOTE, REMINDER_BUSINESS_DAYS } from '#src/content/matters.ts';
import { now } from '#src/shared/clock.ts';
import { deadlineEnds } from '#src/shared/matter-deadlines.ts';
import type { MatterDeadline, MatterRecord } from '#src/shared/schemas/matter.ts';
import { nswBusinessDaysBefore, sydneyToday, whenText } from '#src/shared/sydney-time.ts';
import { clientMailConfigured, deliverClientMail, queueClientMail } from '../mail/client-mail.ts';
import { notifyStaff } from '../mail/staff-alerts.ts';
import { linkOrigin } from '../platform/link-origin.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { listMatters, updateMatter } from '../repositories/matters-store.ts';
import { sendReminderText } from './matter-texts.ts';
import { deadlinesOf, isOpen } from './matter-view.ts';

export const deadlineLine = (deadline: MatterDeadline) =>
  `${deadline.label}: ${whenText(deadline)}${deadline.confirmed ? '' : ` (${ESTIMATE_NOTE})`}`;

export const sideWords = (record: MatterRecord) =>
  `your ${record.side}${record.property ? ` of ${record.property}` : ''}`;

const deliverLater = (id: string, waitUntil: (promise: Promise<unknown>) => void) =>
  waitUntil(deliverClientMail(id).catch((error: unknown) => console.error('[matters] client mail:', error)));

/** Staff answered the client's update request with a reply: the client reads it by e-mail. */
export async function queueAnswerMail(
  record: MatterRecord,
  requestId: string,
  reply: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> {
  if (!clientMailConfigured()) return;
  // One id per request: a retried delivery never sends the reply twice.
  const id = `matter-${record.id}-answer-${requestId}`;
  const queued = await queueClientMail({
    id,
    enquiryId: record.enquiryId,
    to: record.client.email,
    matter: true,
    subject: 'An update on your matter',
    text: [
      `Dear ${record.client.name},`,
      '',
      `You asked for an update on ${sideWords(record)}. ${record.responsible}, your conveyancer, replies:`,
      '',
      reply,
    ].join('\n'),
  });
  if (queued) deliverLater(id, waitUntil);
}

type NoticeKind = 'reminder' | 'on-the-day' | 'overdue';

/** What the daily job owes for one deadline of one matter today, if anything. */
interface Notice {
  kind: NoticeKind;
  deadline: MatterDeadline;
  /** Names the deadline, its date and the kind: a moved date is a new deadline to remind of. */
  id: string;
}

async function noticesDue(record: MatterRecord, at: number): Promise<Notice[]> {
  const today = sydneyToday(at);
  const due: Notice[] = [];
  for (const deadline of await deadlinesOf(record, at)) {
    if (deadline.met) continue;
    const notice = (kind: NoticeKind) => ({ kind, deadline, id: `${kind}:${deadline.key}:${deadline.date}` });
    if (deadline.overdue) {
      // Only a deadline with a milestone to tick can be overdue.
      due.push(notice('overdue'));
      continue;
    }
    if (deadlineEnds(deadline) <= at) continue;
    // The reminder goes from its day on: a day the job missed is caught up, never skipped.
    if (today >= (await nswBusinessDaysBefore(deadline.date, REMINDER_BUSINESS_DAYS))) due.push(notice('reminder'));
    if (deadline.key === 'cooling-off' && today === deadline.date) due.push(notice('on-the-day'));
  }
  return due.filter((item) => !record.notices.includes(item.id));
}

function clientReminder(record: MatterRecord, notice: Notice) {
  const { deadline } = notice;
  const onTheDay = notice.kind === 'on-the-day';
  return {
    subject: onTheDay ? `Today: ${deadline.label}` : `Coming up: ${deadline.label}`,
    text: [
      `Dear ${record.client.name},`,
      '',
      onTheDay
        ? `A reminder about ${sideWords(record)}: ${deadline.label.toLowerCase()} today, ${whenText(deadline)}.`
        : `A reminder about ${sideWords(record)}. ${deadlineLine(deadline)}.`,
      '',
      `Why this date: ${deadline.basis}`,
      '',
      `If anything is unclear, ask ${record.responsible}, your conveyancer.`,
    ].join('\n'),
  };
}

function staffNotice(record: MatterRecord, notice: Notice, origin: string) {
  const { deadline } = notice;
  const link = `${origin}/admin?matter=${encodeURIComponent(record.id)}`;
  const overdue = notice.kind === 'overdue';
  return {
    subject: overdue
      ? `Overdue: ${deadline.label} for ${record.client.name} (for ${record.responsible})`
      : `${notice.kind === 'on-the-day' ? 'Today' : 'Coming up'}: ${deadline.label} for ${record.client.name} (for ${record.responsible})`,
    text: [
      overdue
        ? `${deadline.label} was due ${whenText(deadline)} and its milestone is not ticked. Tick it once done, or correct the date.`
        : `${deadlineLine(deadline)}.`,
      `Matter of ${record.client.name}${record.property ? `, ${record.property}` : ''}; responsible: ${record.responsible}.`,
      link,
    ].join('\n'),
  };
}

/**
 * Daily: every open matter's reminders and overdue alerts that are due and not yet sent.
 * Each is claimed on the matter first (a conditional write), so two runs never send one
 * twice; the client's message then waits in the outbox until it is delivered.
 */
/** `origin`: where the staff notices' links point, the daily function's linkOrigin(req). */
export async function sendMatterNotices(at = now(), origin = linkOrigin()): Promise<number> {
  let sent = 0;
  for (const listed of (await listMatters()).filter(isOpen)) {
    let claimed: Notice[] = [];
    const { after } = await updateMatter(
      listed.id,
      async (current) => {
        claimed = current && isOpen(current) ? await noticesDue(current, at) : [];
        if (!current || claimed.length === 0) return null;
        const stamp = new Date(at).toISOString();
        return {
          ...current,
          notices: [...current.notices, ...claimed.map((notice) => notice.id)],
          timeline: [
            ...current.timeline,
            ...claimed.map((notice) => ({
              at: stamp,
              by: 'system',
              text: `${notice.kind === 'overdue' ? 'Overdue alert' : 'Reminder'} sent: ${notice.deadline.label} (${notice.deadline.date})`,
            })),
          ],
        };
      },
      'The matter kept changing while its reminders were worked out',
    );
    if (!after) continue;
    for (const notice of claimed) {
      if (notice.kind !== 'overdue' && clientMailConfigured()) {
        const id = `matter-${after.id}-${notice.id.replace(/:/g, '-')}`;
        if (
          await queueClientMail({
            id,
            enquiryId: after.enquiryId,
            to: after.client.email,
            matter: true,
            ...clientReminder(after, notice),
          })
        ) {
          await deliverClientMail(id).catch((error: unknown) => console.error('[matters] reminder:', error));
        }
      }
      if (notice.kind !== 'overdue')
        await sendReminderText(after, notice.id, notice.deadline, notice.kind === 'on-the-day');
      await notifyStaff(staffNotice(after, notice, origin), `matter ${after.id}: ${notice.id}`);
      sent++;
    }
    if (claimed.length > 0) {
      await recordAudit({
        by: 'system',
        action: 'matter.notices',
        target: `${after.id}: ${claimed.map((notice) => notice.id).join(', ')}`,
      });
    }
  }
  return sent;
}
