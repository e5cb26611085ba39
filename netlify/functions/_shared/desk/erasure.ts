/**
 * Deleting enquiries with everything kept about them: one by staff, every enquiry from one
 * address (Privacy Act access and erasure), and the daily privacy retention. Whatever the
 * AML/CTF Act requires the practice to keep (customer due diligence records, accepted costs
 * agreements, and the enquiries the suspicious-matter register names) stays, with the
 * enquiry it belongs to.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { CDD_RETENTION } from '#src/content/amlctf.ts';
import { erasureKey, type ErasureResult } from '#src/shared/schemas/lead-desk.ts';
import { Refused } from '../platform/refused.ts';
import { deleteAlert } from '../repositories/alert-outbox-store.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { deleteCdd } from '../repositories/due-diligence-store.ts';
import { deleteStoredEnquiry, listStoredEnquiries, recountStatuses } from '../repositories/enquiries-store.ts';
import { deleteActivity } from '../repositories/enquiry-activity-store.ts';
import { deleteEngagementsOf } from '../repositories/engagements-store.ts';
import { deleteMailsOf } from '../repositories/mail-outbox-store.ts';
import { NOT_FOUND, type StaffViewer } from '../enquiries/pipeline.ts';
import { keptByLaw, keptMessage } from './kept-by-law.ts';
import { pastRetention } from '../enquiries/retention.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';

/** Deletes one enquiry with everything kept about it. */
async function eraseEnquiry(id: string): Promise<boolean> {
  const deleted = await deleteStoredEnquiry(id);
  // A due-diligence draft goes too (callers never pass an enquiry whose records s 111 keeps).
  await Promise.all([deleteActivity(id), deleteAlert(id), deleteEngagementsOf(id), deleteMailsOf(id), deleteCdd(id)]);
  return deleted;
}

/** The refusal tells a staff-role account of the register only what it would say without it (kept-by-law.ts). */
export async function deleteEnquiry(id: string, by: StaffViewer): Promise<void> {
  const kept = (await keptByLaw([id], by)).get(id);
  if (kept) throw new Refused('conflict', keptMessage(kept));
  if (!(await eraseEnquiry(id))) throw new Refused('not-found', NOT_FOUND);
  await recordAudit({ by, action: 'enquiry.delete', target: id });
}

/**
 * Privacy Act access-and-erasure: every enquiry from one address. The audit keeps no address.
 * An enquiry with customer due diligence records is kept whole (the enquiry, its activity and
 * engagement: the records' context) because the AML/CTF Act requires them, and the answer
 * says which, why and until when (APP 11.2 allows keeping what an Australian law requires).
 */
export async function eraseByEmail(email: string, by: StaffViewer): Promise<ErasureResult> {
  const wanted = erasureKey(email);
  const matches = await listStoredEnquiries({ filter: (record) => erasureKey(record.email) === wanted });
  const keptOnes = await keptByLaw(
    matches.map((record) => record.id),
    by,
  );
  let deleted = 0;
  const kept: ErasureResult['kept'] = [];
  for (const record of matches) {
    // Kept with its accepted engagement (record and PDF) as the due diligence's context. The
    // answer goes to staff only; what they may tell the client is in the staff guide (s 123).
    const why = keptOnes.get(record.id);
    if (why) kept.push({ id: record.id, reason: why.section, until: why.until });
    else if (await eraseEnquiry(record.id)) deleted++;
  }
  await recordAudit({
    by,
    action: 'enquiry.erase',
    target: `${deleted} enquiries${kept.length ? `; ${kept.length} kept (${CDD_RETENTION.section})` : ''}`,
  });
  return { deleted, kept };
}

/** APP 11: deletes enquiries nobody has touched for the retention period. */
export async function applyRetention(now = new Date(currentTime())): Promise<number> {
  const expired = await listStoredEnquiries({ filter: (record) => pastRetention(record, now) });
  // Due diligence records outlive the privacy retention (AML/CTF Act s 111): their enquiry
  // stays until the daily job has deleted them at their own `retainUntil`; so does an
  // enquiry with an accepted engagement (7 years after acceptance) or in the register.
  const kept = await keptByLaw(
    expired.map((record) => record.id),
    'system',
    sydneyToday(now),
  );
  let deleted = 0;
  for (const record of expired) {
    if (kept.has(record.id)) continue;
    if (await eraseEnquiry(record.id)) deleted++;
  }
  if (deleted > 0) await recordAudit({ by: 'system', action: 'enquiry.retention', target: `${deleted} enquiries` });
  // The job reads every enquiry anyway: the day's chance to set any count a crash left off.
  await recountStatuses();
  return deleted;
}
