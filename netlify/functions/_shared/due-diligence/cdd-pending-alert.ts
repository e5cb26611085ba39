/**
 * Customer due diligence, the daily reminder: which instructed enquiries have waited too long
 * for it, and the alert that tells staff (ids, dates, statuses and links only).
 */
import { now } from '#src/shared/clock.ts';
import { CDD_STATUS_LABELS, type CddStatus } from '#src/shared/schemas/cdd.ts';
import { addNswBusinessDays, sydneyToday } from '#src/shared/sydney-time.ts';
import { notifyStaff } from '../mail/staff-alerts.ts';
import { engagementSummaryFor } from '../engagement/workflow.ts';
import { linkOrigin } from '../platform/link-origin.ts';
import { listCddMeta } from '../repositories/due-diligence-store.ts';
import { listActivity } from '../repositories/enquiry-activity-store.ts';
import { listStoredEnquiries, type StoredEnquiry } from '../repositories/enquiries-store.ts';

// ---- the daily reminder ----------------------------------------------------------------

/** The pending reminder names enquiries waiting longer than this (NSW business days). */
export const CDD_PENDING_ALERT_BUSINESS_DAYS = 2;

/**
 * When the enquiry was instructed: the engagement's acceptance, else the last move to
 * instructed on its activity (staff set it by hand), else its arrival.
 */
async function instructedAt(record: StoredEnquiry): Promise<string> {
  const engagement = await engagementSummaryFor(record.id);
  if (engagement?.acceptedAt) return engagement.acceptedAt;
  const moves = (await listActivity(record.id)).filter((entry) => entry.type === 'status' && entry.to === 'instructed');
  return moves.at(-1)?.at ?? record.createdAt;
}

export interface PendingCdd {
  id: string;
  instructedOn: string;
  status: CddStatus;
  adminUrl: string;
}

/**
 * Instructed enquiries whose due diligence is not verified more than
 * `CDD_PENDING_ALERT_BUSINESS_DAYS` NSW business days after they were instructed.
 */
export async function overdueCdd(at = now(), origin = linkOrigin()): Promise<PendingCdd[]> {
  const today = sydneyToday(at);
  const [instructed, metas] = await Promise.all([
    listStoredEnquiries({ filter: (record) => record.status === 'instructed' }),
    listCddMeta(),
  ]);
  const statusOf = new Map(metas.map((meta) => [meta.enquiryId, meta.status]));
  const overdue: PendingCdd[] = [];
  for (const record of instructed) {
    const status = statusOf.get(record.id) ?? 'not-started';
    if (status === 'verified') continue;
    const since = sydneyToday(Date.parse(await instructedAt(record)));
    if (today <= (await addNswBusinessDays(since, CDD_PENDING_ALERT_BUSINESS_DAYS))) continue;
    overdue.push({
      id: record.id,
      instructedOn: since,
      status,
      adminUrl: `${origin}/admin?enquiry=${encodeURIComponent(record.id)}`,
    });
  }
  return overdue.sort((a, b) => (a.instructedOn < b.instructedOn ? -1 : a.instructedOn > b.instructedOn ? 1 : 0));
}

/** The reminder's text: ids, dates, statuses and links only (it travels by e-mail and chat). */
export function pendingCddMessage(pending: readonly PendingCdd[]): { subject: string; text: string } {
  const lines = [
    `${pending.length} instructed ${pending.length === 1 ? 'matter is' : 'matters are'} waiting for due diligence more than ${CDD_PENDING_ALERT_BUSINESS_DAYS} business days. Do not act on them until it is verified.`,
    '',
    ...pending.map(
      (item) =>
        `- ${item.id}: instructed ${item.instructedOn}, ${CDD_STATUS_LABELS[item.status].toLowerCase()}: ${item.adminUrl}`,
    ),
  ];
  return {
    subject: `Due diligence pending: ${pending.length} instructed ${pending.length === 1 ? 'matter' : 'matters'}`,
    text: lines.join('\n'),
  };
}

/** Daily: tells staff through the alert channels what is overdue; nothing when nothing is. */
export async function alertPendingCdd(at = now(), origin = linkOrigin()): Promise<PendingCdd[]> {
  const pending = await overdueCdd(at, origin);
  if (pending.length > 0) {
    await notifyStaff(
      pendingCddMessage(pending),
      `due diligence pending more than ${CDD_PENDING_ALERT_BUSINESS_DAYS} business days: ${pending.map((item) => item.id).join(', ')}`,
    );
  }
  return pending;
}
