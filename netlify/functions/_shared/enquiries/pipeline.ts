/**
 * Moving an enquiry through the lead desk's pipeline: status, assignee and the lost
 * reason by staff, and "instructed" when a client accepts an engagement online.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { ActivityEntry, DeskEnquiry, EnquiryPatch } from '#src/shared/schemas/lead-desk.ts';
import type { StaffRole } from '#src/shared/schemas/login.ts';
import { decideEnquiryMove } from '#src/shared/states/enquiry.ts';
import { allowed } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { recordAudit, type AuditActor } from '../repositories/audit-store.ts';
import { updateStoredEnquiry, type StoredEnquiry } from '../repositories/enquiries-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { findUser } from '../repositories/users-store.ts';
import { withRetention } from './retention.ts';

export const NOT_FOUND = 'That contact request no longer exists';

/** The member of staff acting: the activity shows the username, the audit also keeps the id. */
export type Staff = Exclude<AuditActor, 'system'>;

/** The same with their role, where what they are told depends on it (the register is for principals). */
export type StaffViewer = Staff & { role: StaffRole };

/**
 * Reads, changes and writes one enquiry (`updateStoredEnquiry`). With `expectedVersion`, a
 * record that moved on answers 409; without it, a lost race is replayed on the fresh record.
 */
export async function changeEnquiry(
  id: string,
  expectedVersion: number | undefined,
  change: (record: StoredEnquiry) => StoredEnquiry | null,
): Promise<{ before: StoredEnquiry; after: StoredEnquiry }> {
  const { before, after } = await updateStoredEnquiry(
    id,
    (record) => {
      if (!record) throw new Refused('not-found', NOT_FOUND);
      if (expectedVersion !== undefined && record.version !== expectedVersion) {
        throw new Refused(
          'conflict',
          'Someone else changed this enquiry a moment ago. Refresh to see the latest and try again.',
        );
      }
      const changed = change(record);
      if (!changed) return null;
      const now = new Date(currentTime()).toISOString();
      return { ...changed, version: record.version + 1, updatedAt: now, lastActivityAt: now };
    },
    'This enquiry is being changed by several people at once. Please try again.',
  );
  // `apply` refused without a record, so there was one before and after.
  return { before: before!, after: after! };
}

export async function updateEnquiry(id: string, patch: EnquiryPatch, staff: Staff): Promise<DeskEnquiry> {
  const by = staff.username;
  if (patch.assignee !== undefined && patch.assignee !== null && !(await findUser(patch.assignee))) {
    throw new Refused('invalid', 'Please check the highlighted fields', {
      fieldErrors: { assignee: ['Unknown staff member'] },
    });
  }
  const at = new Date(currentTime()).toISOString();
  const { before, after } = await changeEnquiry(id, patch.version, (record) => {
    // The pipeline's table (src/shared/states/enquiry.ts) decides the move; it allows any today.
    const status = patch.status === undefined ? record.status : allowed(decideEnquiryMove(record.status, patch.status));
    const assignee = patch.assignee === undefined ? record.assignee : patch.assignee || null;
    const lostReason = status === 'lost' ? patch.lostReason || record.lostReason : undefined;
    if (status === 'lost' && !lostReason) {
      throw new Refused('invalid', 'Please check the highlighted fields', {
        fieldErrors: { lostReason: ['Please say why the enquiry was lost'] },
      });
    }
    if (status === record.status && assignee === record.assignee && lostReason === record.lostReason) return null;
    const next: StoredEnquiry = { ...record, status, assignee };
    if (lostReason) next.lostReason = lostReason;
    else delete next.lostReason;
    if (status !== 'new' && !record.firstContactAt) next.firstContactAt = at;
    return next;
  });
  if (after !== before) {
    const entries: ActivityEntry[] = [];
    if (after.status !== before.status) {
      entries.push({
        at,
        by,
        type: 'status',
        from: before.status,
        to: after.status,
        ...(after.lostReason ? { text: after.lostReason } : {}),
      });
    }
    if (after.assignee !== before.assignee)
      entries.push({ at, by, type: 'assigned', from: before.assignee, to: after.assignee });
    await Promise.all([
      appendActivity(id, ...entries),
      recordAudit({ by: staff, action: 'enquiry.update', target: id }),
    ]);
  }
  return withRetention(after);
}

/**
 * The client accepted an engagement: the enquiry is instructed, with one activity entry
 * however often this runs (a retry after a crash finds it instructed and leaves it). The
 * first contact stays as it was: it measures how soon staff called, and the client's own
 * acceptance is not a call.
 */
export async function markInstructed(id: string, acceptedBy: string, at: string): Promise<'moved' | 'already'> {
  const { before, after } = await changeEnquiry(id, undefined, (record) =>
    record.status === 'instructed'
      ? null
      : { ...record, status: allowed(decideEnquiryMove(record.status, 'instructed')) },
  );
  if (after === before) return 'already';
  await appendActivity(id, {
    at,
    by: 'website',
    type: 'status',
    from: before.status,
    to: 'instructed',
    text: `Engagement accepted online by ${acceptedBy}`,
  });
  return 'moved';
}
