/**
 * Ongoing due diligence (AML/CTF Act s 30): the verified, open matters whose sanctions
 * screening is due again (`screeningDue`: more than 90 days old, or the week before a known
 * settlement), for the desk's list (`cdd=rescreen`) and the daily notice to staff. Read from
 * the records' plain part only (`screenedOn`), so neither needs the key or decrypts anything.
 */
import { ONGOING_SCREENING } from '#src/content/amlctf.ts';
import { now } from '#src/shared/clock.ts';
import { screeningDue, type ScreeningDueReason } from '#src/shared/ongoing-screening.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { notifyStaff } from '../mail/staff-alerts.ts';
import { settlementDaysByEnquiry } from './settlement-day.ts';
import { linkOrigin } from '../platform/link-origin.ts';
import { listCddMeta } from '../repositories/due-diligence-store.ts';

export interface ScreeningDueItem {
  id: string;
  lastScreenedOn: string | null;
  dueOn: string | null;
  reason: ScreeningDueReason;
  adminUrl: string;
}

/**
 * Verified matters not closed whose screening is due on `at`'s Sydney day, oldest due first
 * (unknown first of all). A matter's settlement day comes from its open matter, when it has one.
 */
export async function screeningsDue(at = now(), origin = linkOrigin()): Promise<ScreeningDueItem[]> {
  const today = sydneyToday(at);
  const settlements = await settlementDaysByEnquiry();
  const due: ScreeningDueItem[] = [];
  for (const meta of await listCddMeta()) {
    if (meta.status !== 'verified' || meta.closedAt !== undefined) continue;
    const lastScreenedOn = meta.screenedOn ?? null;
    const settlement = settlements.get(meta.enquiryId);
    const next = screeningDue({ lastScreenedOn, ...(settlement ? { settlementOn: settlement } : {}) }, today);
    if (!next.due) continue;
    due.push({
      id: meta.enquiryId,
      lastScreenedOn,
      dueOn: next.dueOn,
      reason: next.reason,
      adminUrl: `${origin}/admin?enquiry=${encodeURIComponent(meta.enquiryId)}`,
    });
  }
  return due.sort((a, b) => (a.dueOn ?? '').localeCompare(b.dueOn ?? ''));
}

/** The notice: ids and links only (it travels by e-mail and chat). */
export function screeningsDueMessage(due: readonly ScreeningDueItem[]): { subject: string; text: string } {
  const matters = due.length === 1 ? 'matter is' : 'matters are';
  return {
    subject: `Sanctions re-screening due: ${due.length} verified ${due.length === 1 ? 'matter' : 'matters'}`,
    text: [
      `${due.length} verified ${matters} due for sanctions re-screening (${ONGOING_SCREENING.section}: last screened more than ${ONGOING_SCREENING.intervalDays} days ago, or settling within ${ONGOING_SCREENING.beforeSettlementDays} days). Record each re-screen in the matter's due diligence.`,
      '',
      ...due.map((item) => `- ${item.id}: ${item.adminUrl}`),
    ].join('\n'),
  };
}

/**
 * Daily: tells staff through the alert channels which matters are due; nothing when none is.
 * `origin`: where the links point, the daily function's linkOrigin(req).
 */
export async function alertScreeningsDue(at = now(), origin = linkOrigin()): Promise<ScreeningDueItem[]> {
  const due = await screeningsDue(at, origin);
  if (due.length > 0) {
    await notifyStaff(
      screeningsDueMessage(due),
      `sanctions re-screening due: ${due.map((item) => item.id).join(', ')}`,
    );
  }
  return due;
}
