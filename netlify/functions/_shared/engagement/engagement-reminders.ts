/**
 * An engagement's reminders and expiry: staff's switch, each reminder with its new link, and
 * the job that expires open engagements past their date and sends the reminders due.
 */
import { COSTS_DISCLOSURE } from '#src/content/costs-agreement.ts';
import { now } from '#src/shared/clock.ts';
import type { EngagementRecord, EngagementSummary } from '#src/shared/schemas/engagement.ts';
import { decideEngagement, isOpenStatus } from '#src/shared/states/engagement.ts';
import { addNswBusinessDays, sydneyToday } from '#src/shared/sydney-time.ts';
import { addToken, endToken, listEngagements } from '../repositories/engagements-store.ts';
import type { LinkMailer } from './engagement-send.ts';
import {
  activity,
  changeEngagement,
  currentStatus,
  endTokens,
  engagementUrl,
  hashToken,
  newToken,
  summaryOf,
  type Staff,
} from './workflow.ts';
import { instructEnquiry } from './engagement-client.ts';

/**
 * Reminder `record.remindersSent + 1` to each client who has not accepted, each with a new
 * link (the token is kept only as a hash, so a reminder cannot repeat the old link). The
 * reminder is claimed by a conditional write first, so two runs never send it twice; a new
 * link replaces a client's old one only once their e-mail went, so a failed send leaves
 * their link working.
 */
async function sendReminder(record: EngagementRecord, origin: string, mail: LinkMailer, at: number): Promise<boolean> {
  const { after: claimed, changed } = await changeEngagement(record.id, (current) =>
    current.reminders &&
    decideEngagement(currentStatus(current, at), 'remind').next !== undefined &&
    current.remindersSent === record.remindersSent
      ? { ...current, remindersSent: current.remindersSent + 1 }
      : null,
  );
  if (!changed) return false;
  const n = claimed.remindersSent;
  let any = false;
  for (const [index, client] of claimed.clients.entries()) {
    if (client.acceptance) continue;
    const token = newToken();
    const tokenHash = hashToken(token);
    await addToken(record.id, tokenHash);
    const sent = await mail(claimed, client, engagementUrl(origin, token), 'reminder');
    const joint = claimed.clients.length > 1;
    if (!sent) {
      await endToken(record.id, tokenHash);
      const who = joint ? ` to ${client.name}` : '';
      await activity(
        record.enquiryId,
        'system',
        `Reminder ${n} could not be sent${who}; the client's link still works`,
      );
      continue;
    }
    const { changed: swapped } = await changeEngagement(record.id, (current) => {
      const latest = current.clients[index];
      // Only while still open and unaccepted: a client who accepted meanwhile keeps the link they used.
      return latest &&
        latest.tokenHash === client.tokenHash &&
        !latest.acceptance &&
        isOpenStatus(currentStatus(current))
        ? { ...current, clients: current.clients.map((each, i) => (i === index ? { ...each, tokenHash } : each)) }
        : null;
    });
    // Staff resent in between: their link stands, the reminder's ends.
    await endToken(record.id, swapped ? client.tokenHash : tokenHash);
    await activity(
      record.enquiryId,
      'system',
      `Reminder ${n} sent ${joint ? `to ${client.name}` : 'to the client'} with a new link`,
    );
    any = true;
  }
  return any;
}

export async function setReminders(id: string, reminders: boolean, staff: Staff): Promise<EngagementSummary> {
  const { after, changed } = await changeEngagement(id, (record) =>
    record.reminders === reminders ? null : { ...record, reminders },
  );
  if (changed) await activity(after.enquiryId, staff.username, `Reminders switched ${reminders ? 'on' : 'off'}`);
  return summaryOf(after);
}

// ---- The job: expiry and reminders ------------------------------------------------

/** When reminder `n` (0-based) of a link issued at `issuedAt` is due: after 2, then 5, NSW business days. */
export async function reminderDueAt(issuedAt: string, n: number): Promise<number | null> {
  const days = COSTS_DISCLOSURE.reminderBusinessDays[n];
  if (days === undefined) return null;
  const issued = Date.parse(issuedAt);
  const from = sydneyToday(issued);
  const to = await addNswBusinessDays(from, days);
  // The same time of day, that many calendar days on.
  return issued + (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`));
}

/**
 * Marks open engagements past their expiry as expired and sends the reminders that are
 * due. Each change is a conditional write, so two runs never send the same reminder.
 */
export async function runEngagementJobs(
  origin: string,
  mail: LinkMailer,
  mailConfigured: boolean,
  at = now(),
): Promise<{ expired: number; reminded: number }> {
  let expired = 0;
  let reminded = 0;
  for (const record of await listEngagements()) {
    // An acceptance whose enquiry a crash left un-instructed is finished here (idempotent).
    if (record.acceptance && !record.instructed) await instructEnquiry(record);
    if (!isOpenStatus(record.status)) continue;
    if (currentStatus(record, at) === 'expired') {
      // Recorded on the stored status: the job writes down what `currentStatus` already says.
      const { changed } = await changeEngagement(record.id, (current) => {
        const next = decideEngagement(current.status, 'expire').next;
        return next ? { ...current, status: next } : null;
      });
      if (changed) {
        expired++;
        await endTokens(record);
        await activity(record.enquiryId, 'system', 'Engagement link expired without acceptance');
      }
      continue;
    }
    if (!record.reminders || !mailConfigured) continue;
    const due = await reminderDueAt(record.linkIssuedAt, record.remindersSent);
    if (due === null || due > at) continue;
    if (await sendReminder(record, origin, mail, at)) reminded++;
  }
  return { expired, reminded };
}
