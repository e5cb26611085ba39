/**
 * Store `enquiry-activity`: each enquiry's history, one blob per entry under
 * `{enquiryId}/{timeKey}`. Entries are only ever added (`onlyIfNew`), so two staff acting on
 * the same enquiry at once both land, in time order.
 */
import { activityEntrySchema, type ActivityEntry } from '../../../../src/shared/schemas/lead-desk.ts';
import { getAllJson, listKeys, openStore, timeKey } from './blobs.ts';

const STORE = 'enquiry-activity';

/** Adds entries; those given together keep their order (they share one time key plus an index). */
export async function appendActivity(enquiryId: string, ...entries: ActivityEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const base = `${enquiryId}/${timeKey(new Date(entries[0]!.at))}`;
  const store = openStore(STORE);
  await Promise.all(entries.map((entry, index) => store.setJSON(`${base}-${index}`, entry, { onlyIfNew: true })));
}

/** Oldest first. */
export async function listActivity(enquiryId: string): Promise<ActivityEntry[]> {
  const store = openStore(STORE);
  const keys = (await listKeys(store, `${enquiryId}/`)).sort();
  return getAllJson(store, keys, activityEntrySchema, 32);
}

/** Removes an enquiry's whole history (erasure and retention). */
export async function deleteActivity(enquiryId: string): Promise<void> {
  const store = openStore(STORE);
  await Promise.all((await listKeys(store, `${enquiryId}/`)).map((key) => store.delete(key)));
}
