/**
 * The privacy retention of enquiries (APP 11): an enquiry nobody has touched for the
 * retention period (`ENQUIRY_RETENTION_DAYS`) is deleted by the daily job (`applyRetention`
 * in erasure.ts); the desk shows each enquiry's date. And the longer one the AML/CTF Act
 * gives an accepted costs agreement (`engagementsKeptFor`).
 */
import { retainUntil } from '#src/content/amlctf.ts';
import type { DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { leadDeskEnv } from '../platform/env.ts';
import { acceptancesOf } from '../repositories/engagements-store.ts';
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

/**
 * Enquiries among `ids` with an accepted engagement still to be kept on `today`
 * (`YYYY-MM-DD`), each with the last day: 7 years after the latest acceptance. Where the
 * due diligence record is kept (`cddKeptFor`), the enquiry stays whole with it until its own
 * `retainUntil` anyway; this keeps the agreement when there is no such record (none yet, or
 * a draft never submitted).
 */
export async function engagementsKeptFor(ids: readonly string[], today: string): Promise<Map<string, string>> {
  const kept = new Map<string, string>();
  for (const [enquiryId, acceptances] of await acceptancesOf(ids)) {
    const until = retainUntil(sydneyToday(Date.parse(acceptances.sort().at(-1)!)));
    if (until >= today) kept.set(enquiryId, until);
  }
  return kept;
}

/**
 * The enquiries among `enquiryIds` that a register's entries name (`entries`: the suspicious
 * matter register's, the cash register's), each with the latest `retainUntil` of its entries:
 * an erasure, a deletion by hand and the privacy retention leave them whole until then.
 */
export function keptUntilByEnquiry(
  entries: readonly { enquiryId: string; retainUntil: string }[],
  enquiryIds: readonly string[],
): Map<string, string> {
  const wanted = new Set(enquiryIds);
  const kept = new Map<string, string>();
  for (const entry of entries) {
    if (!wanted.has(entry.enquiryId)) continue;
    const until = kept.get(entry.enquiryId);
    if (!until || entry.retainUntil > until) kept.set(entry.enquiryId, entry.retainUntil);
  }
  return kept;
}
