/**
 * Store `enquiry-activity`: each enquiry's history, one blob per entry under
 * `{enquiryId}/{timeKey}`. Entries are only ever added (`onlyIfNew`), so two staff acting on
 * the same enquiry at once both land, in time order.
 */
import { activityEntrySchema, type ActivityEntry } from '#src/shared/schemas/lead-desk.ts';
import { appendNew, getAllJson, listKeys, openStore, timeKey, writeJsonIf } from './blobs.ts';

const STORE = 'enquiry-activity';

/**
 * Adds entries; those given together keep their order (they share one time key plus an
 * index). The first claims the time key (`appendNew`); the rest follow under it, keys no
 * other writer can hold without having claimed the first.
 */
export async function appendActivity(enquiryId: string, ...entries: ActivityEntry[]): Promise<void> {
  const [first, ...rest] = entries;
  if (!first) return;
  const store = openStore(STORE);
  const { base } = await appendNew(
    store,
    () => {
      const base = `${enquiryId}/${timeKey(new Date(first.at))}`;
      return { base, key: `${base}-0`, value: { json: first } };
    },
    'an activity entry',
  );
  const written = await Promise.all(
    rest.map((entry, index) => writeJsonIf(store, `${base}-${index + 1}`, entry, null)),
  );
  if (written.includes(false)) throw new Error(`Activity entries under ${base} were already there`);
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
