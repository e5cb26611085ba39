/**
 * Customer due diligence, staff's decisions on a record: a second person's approval of a high
 * rating, a rejection, and closing the matter (which starts the 7 years of AML/CTF Act s 111).
 */
import { CDD_RETENTION, retainUntil } from '#src/content/amlctf.ts';
import { now } from '#src/shared/clock.ts';
// Aliased: `decideCdd` (staff-review.ts) is the read-judge-write of a record.
import {
  approvalRefusal,
  decideCdd as cddTransition,
  SANCTIONS_RESOLVER_CANNOT_APPROVE,
} from '#src/shared/states/due-diligence.ts';
import { APPROVAL_NOTE_REQUIRED } from '#src/shared/schemas/cdd-verification.ts';
import type { CddStatus } from '#src/shared/schemas/cdd.ts';
import { ratingsOf, unresolvedMatches, type CddRating } from '#src/shared/schemas/cdd-record.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { engagementSummaryFor } from '../engagement/workflow.ts';
import { allowed, refusedError } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { updateCdd } from '../repositories/due-diligence-store.ts';
import {
  activity,
  badRequest,
  CHANGED,
  decideCdd,
  possibleMatchMessage,
  requireEnquiry,
  type Approver,
  type Staff,
} from './staff-review.ts';
import { resolvedBy } from './staff-screening.ts';

/**
 * `POST …/cdd/approve`: a principal whose account is not the rater's approves the rating
 * waiting (`approvalRefusal`), recorded by account id with the username at the time. A high
 * rating needs the approver's note (400 `fieldErrors.note` without), asked only once the
 * approver may approve, so the rater still hears the 403 that says why she cannot; the note
 * is sealed with the rating (it may name the client's affairs) and never put on the timeline.
 */
export async function approveCdd(
  enquiryId: string,
  { note }: { note?: string },
  staff: Approver,
): Promise<{ status: CddStatus }> {
  const at = new Date(now()).toISOString();
  let approved: CddRating | undefined;
  await decideCdd(
    enquiryId,
    (current) => {
      const status = allowed(cddTransition(current.status, 'approve'));
      const ratings = ratingsOf(current);
      const waiting = ratings.at(-1);
      // Awaiting approval always follows a rating; without one there is nothing to approve.
      if (!waiting) throw new Refused('conflict', CHANGED);
      const refusal = approvalRefusal(waiting, staff);
      if (refusal) throw refusedError(refusal);
      const held = unresolvedMatches(current);
      if (held.length > 0) throw new Refused('conflict', possibleMatchMessage(current, held, 'approved'));
      if (resolvedBy(current, staff.id)) {
        throw new Refused('forbidden', SANCTIONS_RESOLVER_CANNOT_APPROVE, { code: 'second-approver-required' });
      }
      if (waiting.rating === 'high' && note === undefined) throw badRequest({ note: [APPROVAL_NOTE_REQUIRED] });
      approved = {
        ...waiting,
        approvedById: staff.id,
        approvedBy: staff.username,
        approvedAt: at,
        ...(note === undefined ? {} : { approvalNote: note }),
      };
      return {
        ...current,
        status,
        approvedBy: staff.username,
        approvedById: staff.id,
        approvedAt: at,
        ratings: [...ratings.slice(0, -1), approved],
      };
    },
    null,
  );
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      `Due diligence approved by ${staff.username} (${approved!.rating} risk, rated by ${approved!.by})`,
    ),
    recordAudit({ by: staff, action: 'cdd.approve', target: enquiryId }),
  ]);
  return { status: 'verified' };
}

/**
 * `POST …/cdd/reject`: the client is told to correct and resubmit (the reason is sealed).
 * A rating waiting for approval stays on record, marked rejected: a later, lower rating
 * still needs a principal's approval (`verifyActionFor`).
 */
export async function rejectCdd(
  enquiryId: string,
  { reason, version }: { reason: string; version: number },
  staff: Staff,
): Promise<{ status: CddStatus }> {
  const at = new Date(now()).toISOString();
  await decideCdd(
    enquiryId,
    (current) => {
      const status = allowed(cddTransition(current.status, 'reject'));
      const ratings = ratingsOf(current);
      const waiting = current.status === 'awaiting-approval' ? ratings.at(-1) : undefined;
      const marked = waiting
        ? [...ratings.slice(0, -1), { ...waiting, rejectedById: staff.id, rejectedBy: staff.username, rejectedAt: at }]
        : ratings;
      return {
        ...current,
        status,
        rejectedBy: staff.username,
        rejectedById: staff.id,
        rejectedAt: at,
        rejectReason: reason,
        ratings: marked,
      };
    },
    version,
  );
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      `Due diligence rejected by ${staff.username}: the client may correct and resubmit`,
    ),
    recordAudit({ by: staff, action: 'cdd.reject', target: enquiryId }),
  ]);
  return { status: 'rejected' };
}

/**
 * `POST /api/contact-requests/{id}/close`: the business relationship ended on `endedAt`.
 * With due-diligence records, they are kept until `retainUntil(endedAt)` (s 111) and then
 * deleted by the daily job. Without any (the client never started, or the practice never
 * acted), nothing is held under s 111, but the close is still recorded as an empty closed
 * record (`not-started`, no `retainUntil`): the client's link then refuses to start one
 * (closed is closed), the staff view says the matter is closed, and the record goes with
 * its enquiry under the ordinary privacy retention. Closing again corrects the date.
 */
export async function closeMatter(
  enquiryId: string,
  { endedAt }: { endedAt: string },
  staff: Staff,
): Promise<{ retainUntil: string | null }> {
  const enquiry = await requireEnquiry(enquiryId);
  const until = retainUntil(endedAt);
  // A mistyped year must not end a retention the law requires: the relationship cannot
  // have ended before the enquiry arrived, and a correction may only keep records longer.
  const began = sydneyToday(Date.parse(enquiry.createdAt));
  if (endedAt < began) {
    throw badRequest({ endedAt: [`The matter cannot have ended before the enquiry arrived (${began})`] });
  }
  // The engagement the record would have come through, if one was sent (the record names it).
  const engagement = await engagementSummaryFor(enquiryId);
  const { before: found } = await updateCdd(
    enquiryId,
    (current) => {
      const at = new Date(now()).toISOString();
      // Nothing the client gave: the close alone, so the link cannot start a record afterwards.
      if (!current || current.status === 'not-started') {
        return {
          enquiryId,
          engagementId: current?.engagementId ?? engagement?.id ?? '',
          createdAt: current?.createdAt ?? at,
          parties: [],
          declarations: {},
          status: allowed(cddTransition('not-started', 'close')),
          closedAt: endedAt,
          version: (current?.version ?? 0) + 1,
          updatedAt: at,
        };
      }
      if (current.retainUntil && until < current.retainUntil) {
        throw badRequest({
          endedAt: [
            `The records are already kept until ${current.retainUntil}: a later end date may extend that, an earlier one cannot shorten it`,
          ],
        });
      }
      return {
        ...current,
        // Closing keeps the status (the table allows it in every state); it starts the retention.
        status: allowed(cddTransition(current.status, 'close')),
        closedAt: endedAt,
        retainUntil: until,
        version: current.version + 1,
        updatedAt: at,
      };
    },
    CHANGED,
  );
  const kept = found !== null && found.status !== 'not-started';
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      kept
        ? `Matter closed (ended ${endedAt}); due diligence records kept until ${until} (${CDD_RETENTION.section})`
        : `Matter closed (ended ${endedAt}); no due diligence records to keep, and the client’s link takes none now`,
    ),
    recordAudit({ by: staff, action: 'cdd.close', target: `${enquiryId} (ended ${endedAt})` }),
  ]);
  return { retainUntil: kept ? until : null };
}
