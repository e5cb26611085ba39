/**
 * The privacy retention of enquiries (APP 11): an enquiry nobody has touched for the
 * retention period (`ENQUIRY_RETENTION_DAYS`) is deleted by the daily job (`applyRetention`
 * in erasure.ts); the desk shows each enquiry's date.
 */
import type { DeskEnquiry } from '../../../../src/shared/schemas/lead-desk.ts';
import { leadDeskEnv } from '../platform/env.ts';
import type { StoredEnquiry } from '../repositories/enquiries-store.ts';

const DAY = 24 * 60 * 60 * 1000;

const retentionMs = () => leadDeskEnv().retentionDays * DAY;

/** The enquiry with the date it will be deleted unless someone touches it. */
export function withRetention(record: StoredEnquiry): DeskEnquiry {
  const deleteAfter = new Date(Date.parse(record.lastActivityAt) + retentionMs()).toISOString();
  return { ...record, deleteAfter };
}

/** True when the enquiry's retention has run out at `now`. */
export const pastRetention = (record: StoredEnquiry, now: Date): boolean =>
  Date.parse(record.lastActivityAt) < now.getTime() - retentionMs();
