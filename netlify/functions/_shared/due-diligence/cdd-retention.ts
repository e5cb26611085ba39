/**
 * Customer due diligence kept by law: the daily deletion of records past their retention
 * (AML/CTF Act s 111) and what is still kept for a list of enquiries.
 */
import { now } from '#src/shared/clock.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { deleteCdd, getCddMeta, listCddMeta, type CddMeta } from '../repositories/due-diligence-store.ts';

// ---- retention ----------------------------------------------------------------------

/**
 * Daily: deletes every due-diligence record whose `retainUntil` has passed (Sydney's date),
 * with an audit entry per record. Resolves with the ids deleted. A record without
 * `retainUntil` (matter still open) is never deleted here.
 */
export async function deleteExpiredCdd(at = now()): Promise<string[]> {
  const today = sydneyToday(at);
  const expired = (await listCddMeta()).filter((meta) => meta.retainUntil !== undefined && meta.retainUntil < today);
  for (const meta of expired) {
    await deleteCdd(meta.enquiryId);
    await recordAudit({
      by: 'system',
      action: 'cdd.retention',
      target: `${meta.enquiryId} (kept until ${meta.retainUntil})`,
    });
  }
  return expired.map((meta) => meta.enquiryId);
}

/**
 * What an erasure, a deletion by hand or the retention must keep for s 111: enquiries among
 * `ids` whose due diligence the client submitted (and staff may have checked), and every
 * closed matter's record until its `retainUntil`, whatever its status when it closed. An
 * open draft never submitted is no record of an identification carried out: it goes with
 * its enquiry.
 */
export async function cddKeptFor(ids: readonly string[]): Promise<Map<string, CddMeta>> {
  const metas = await Promise.all(ids.map((id) => getCddMeta(id)));
  const kept = (meta: CddMeta) =>
    meta.retainUntil !== undefined || (meta.status !== 'in-progress' && meta.status !== 'not-started');
  return new Map(metas.filter((meta) => meta !== null && kept(meta)).map((meta) => [meta!.enquiryId, meta!]));
}
