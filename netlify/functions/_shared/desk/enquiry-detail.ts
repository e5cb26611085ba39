/** One enquiry as the desk opens it: the record, its timeline, its engagement and due diligence. */
import type { ActivityEntry, DeskEnquiryDetail } from '#src/shared/schemas/lead-desk.ts';
import { cddStatusesOf } from '../due-diligence/cdd-desk-list.ts';
import { engagementVersionsFor } from '../engagement/workflow.ts';
import { Refused } from '../platform/refused.ts';
import { getStoredEnquiry, type StoredEnquiry } from '../repositories/enquiries-store.ts';
import { listActivity } from '../repositories/enquiry-activity-store.ts';
import { matterIdOf } from '../repositories/matters-store.ts';
import { keptByLaw, type KeptViewer } from './kept-by-law.ts';
import { NOT_FOUND } from '../enquiries/pipeline.ts';
import { withRetention } from '../enquiries/retention.ts';

/** `viewer`: who asks (a staff-role account is not told of the register: see kept-by-law.ts). */
export async function enquiryDetail(id: string, viewer: KeptViewer): Promise<DeskEnquiryDetail> {
  const found = await getStoredEnquiry(id);
  if (!found) throw new Refused('not-found', NOT_FOUND);
  return detailOf(found.record, viewer);
}

export async function detailOf(record: StoredEnquiry, viewer: KeptViewer): Promise<DeskEnquiryDetail> {
  const created: ActivityEntry = { at: record.createdAt, by: 'website', type: 'created' };
  const activity = [created, ...(await listActivity(record.id))].sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
  );
  const [versions, cdd, matterId, kept] = await Promise.all([
    engagementVersionsFor(record.id),
    cddStatusesOf([record.id]),
    matterIdOf(record.id),
    keptByLaw([record.id], viewer),
  ]);
  return {
    ...withRetention(record),
    activity,
    engagement: versions.current,
    engagementHistory: versions.history,
    cdd: cdd.get(record.id) ?? null,
    matterId,
    kept: kept.get(record.id) ?? null,
  };
}
