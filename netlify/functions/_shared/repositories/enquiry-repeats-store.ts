/**
 * Store `enquiry-repeats`: which enquiry each recent submission became, so the same one sent
 * again is recognised with one read instead of a read of every recent enquiry
 * (enquiries/repeat-enquiries.ts). One blob per submission, keyed by a SHA-256 of what the person
 * typed (never the text itself), holding the enquiry's id and when it arrived; the hourly
 * `deleteEntriesBefore` removes those past their window, so none outlives its purpose by
 * more than an hour.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { getJson, listKeys, openStore } from './blobs.ts';

const STORE = 'enquiry-repeats';
const entrySchema = z.object({ enquiryId: z.string(), at: z.number() });
export type RepeatEntry = z.output<typeof entrySchema>;

export const digestOf = (fingerprint: string): string => createHash('sha256').update(fingerprint).digest('hex');

/** The last submission with this digest, or null. */
export const findRepeatEntry = (digest: string): Promise<RepeatEntry | null> =>
  getJson(openStore(STORE), digest, entrySchema);

/** Notes that the latest submission with this digest became `entry.enquiryId`. */
export async function recordRepeatEntry(digest: string, entry: RepeatEntry): Promise<void> {
  await openStore(STORE).setJSON(digest, entry);
}

/** Deletes the entries of submissions made before `time` (and any that do not fit); how many. */
export async function deleteEntriesBefore(time: number): Promise<number> {
  const store = openStore(STORE);
  let deleted = 0;
  for (const key of await listKeys(store)) {
    const entry = await getJson(store, key, entrySchema);
    if (entry && entry.at >= time) continue;
    await store.delete(key);
    deleted++;
  }
  return deleted;
}
