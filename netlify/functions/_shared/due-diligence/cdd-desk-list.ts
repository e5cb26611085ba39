/**
 * Customer due diligence on the desk's list: each enquiry's plain summary (nothing decrypted),
 * what awaits a second approval, and which are verified (the `cdd` filters).
 */
import { now } from '#src/shared/clock.ts';
import { approvalRefusal } from '#src/shared/states/due-diligence.ts';
import type { CddSummary } from '#src/shared/schemas/cdd-record.ts';
import { screeningDue } from '#src/shared/ongoing-screening.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { getCddMeta, listCddMeta, type CddMeta } from '../repositories/due-diligence-store.ts';
import { settlementDayOf } from './settlement-day.ts';
import type { Approver } from './staff-review.ts';

// ---- the desk's list --------------------------------------------------------------

/**
 * The desk's summary of a record from its plain part (`CddSummary`): the status, when the
 * matter closed, and for a verified open matter its screening clock (on `today`).
 */
async function cddSummaryOf(meta: CddMeta, today: string): Promise<CddSummary> {
  if (meta.closedAt !== undefined) return { status: meta.status, closedAt: meta.closedAt };
  const awaiting = awaitingOf(meta);
  if (awaiting) return { status: meta.status, awaiting };
  if (meta.status !== 'verified') return { status: meta.status };
  const lastScreenedOn = meta.screenedOn ?? null;
  const settlementOn = await settlementDayOf(meta.enquiryId);
  return {
    status: meta.status,
    screening: {
      lastScreenedOn,
      ...screeningDue({ lastScreenedOn, ...(settlementOn ? { settlementOn } : {}) }, today),
    },
  };
}

/** The plain due-diligence summary of each enquiry on a page, read in parallel (nothing decrypted). */
export async function cddStatusesOf(ids: readonly string[]): Promise<Map<string, CddSummary | null>> {
  const today = sydneyToday(now());
  const summaries = await Promise.all(
    ids.map(async (id) => {
      const meta = await getCddMeta(id);
      return meta ? cddSummaryOf(meta, today) : null;
    }),
  );
  return new Map(ids.map((id, index) => [id, summaries[index] ?? null]));
}

/**
 * The rating waiting for approval, from the plain part: every rating (a verification or a
 * re-screen's possible match) writes its rater and time there, and the rating itself.
 */
function awaitingOf(meta: CddMeta): CddSummary['awaiting'] {
  if (meta.status !== 'awaiting-approval' || !meta.riskRating || meta.verifiedBy === undefined) return undefined;
  return {
    rating: meta.riskRating,
    ratedBy: meta.verifiedBy,
    ...(meta.verifiedById === undefined ? {} : { ratedById: meta.verifiedById }),
    ratedAt: meta.verifiedAt ?? meta.updatedAt,
  };
}

/**
 * Ids of open matters whose rating waits for `approver`'s approval: awaiting approval, and
 * not rated by this account (by id; by username for a rating stored before ids, as
 * `approvalRefusal` decides). A staff account approves nothing, so nothing waits for it.
 */
export async function awaitingApprovalBy(approver: Approver): Promise<Set<string>> {
  if (approver.role !== 'principal') return new Set();
  const waiting = (await listCddMeta()).filter((meta) => {
    const awaiting = meta.closedAt === undefined ? awaitingOf(meta) : undefined;
    if (!awaiting) return false;
    return (
      approvalRefusal(
        { by: awaiting.ratedBy, ...(awaiting.ratedById ? { byId: awaiting.ratedById } : {}) },
        approver,
      ) === null
    );
  });
  return new Set(waiting.map((meta) => meta.enquiryId));
}

/** Ids of enquiries whose due diligence is verified: `cdd=pending` is instructed without one of these. */
export async function verifiedCddIds(): Promise<Set<string>> {
  return new Set((await listCddMeta()).filter((meta) => meta.status === 'verified').map((meta) => meta.enquiryId));
}
