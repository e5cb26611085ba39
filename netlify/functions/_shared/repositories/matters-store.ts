/**
 * Store `matters`: a client's matter, one per instructed and verified enquiry.
 *
 * - `records/{id}`: the matter (its dates, staff's ticks, the client as named when it was
 *   opened, the reminders already sent, its timeline); every change is a conditional write
 *   (`updateRecord`), so two staff editing at once, or the daily job beside them, never
 *   lose each other's change.
 * - `enquiries/{enquiryId}`: the enquiry's matter id, claimed with `onlyIfNew`, so two
 *   "Open a matter" clicks across instances open exactly one.
 */
import * as z from 'zod/mini';
import { matterRecordSchema, type MatterRecord } from '#src/shared/schemas/matter.ts';
import {
  getAllJson,
  getJson,
  getJsonWithEtag,
  listKeys,
  openStore,
  updateRecord,
  writeJsonIf,
  type Updated,
} from './blobs.ts';

const STORE = 'matters';
const pointerSchema = z.object({ matterId: z.string() });

const recordKey = (id: string) => `records/${id}`;
const enquiryKey = (enquiryId: string) => `enquiries/${enquiryId}`;

/** Ids are ours (`newId`): base64url only, so a key never gains a path segment. */
export const isMatterId = (id: string): boolean => /^[A-Za-z0-9_-]{16}$/.test(id);

/**
 * Stores a new matter as its enquiry's one matter; false when the enquiry already has one.
 * A pointer left by a write that died before its record is taken over (conditionally).
 */
export async function insertMatter(record: MatterRecord): Promise<boolean> {
  const store = openStore(STORE);
  if (!(await writeJsonIf(store, enquiryKey(record.enquiryId), { matterId: record.id }, null))) {
    const pointer = await getJsonWithEtag(store, enquiryKey(record.enquiryId), pointerSchema);
    if (!pointer) return false;
    if (pointer.data && (await getJson(store, recordKey(pointer.data.matterId), matterRecordSchema))) return false;
    if (!(await writeJsonIf(store, enquiryKey(record.enquiryId), { matterId: record.id }, pointer.etag))) return false;
  }
  // A fresh random id is never taken; if it were, no one else's matter may be overwritten.
  if (!(await writeJsonIf(store, recordKey(record.id), record, null))) {
    throw new Error(`The matter id ${record.id} is taken: nothing was opened`);
  }
  return true;
}

/** The enquiry's matter id, or null. */
export async function matterIdOf(enquiryId: string): Promise<string | null> {
  return (await getJson(openStore(STORE), enquiryKey(enquiryId), pointerSchema))?.matterId ?? null;
}

/**
 * Whether a client's matter is open (their enquiry has one): the e-mails to them then link to
 * /matter/ (mail/client-mail.ts), and so do their engagement and identity pages (follow-matter.tsx).
 * A failed read answers false, logged: a message or a page never waits on the link. Here, beside
 * the pointer it reads, since the mail room below the matters room asks it (decision 055).
 */
export async function matterIsOpen(enquiryId: string): Promise<boolean> {
  try {
    return (await matterIdOf(enquiryId)) !== null;
  } catch (error) {
    console.error('[matters] could not tell whether the matter is open', error);
    return false;
  }
}

export async function getMatter(id: string): Promise<MatterRecord | null> {
  if (!isMatterId(id)) return null;
  return getJson(openStore(STORE), recordKey(id), matterRecordSchema);
}

/** Every matter (as many as the practice's clients: the desk's list, the daily reminders, a client's sign-in). */
export async function listMatters(): Promise<MatterRecord[]> {
  const store = openStore(STORE);
  return getAllJson(store, await listKeys(store, 'records/'), matterRecordSchema, 16);
}

/**
 * Reads, changes and writes one matter (`updateRecord`): `apply` gets null when there is no
 * such matter and returns null to leave it as it is, or throws to refuse.
 */
export function updateMatter(
  id: string,
  apply: (current: MatterRecord | null) => MatterRecord | null | Promise<MatterRecord | null>,
  conflict: string,
): Promise<Updated<MatterRecord>> {
  const store = openStore(STORE);
  return updateRecord({
    read: async () => {
      if (!isMatterId(id)) return null;
      const found = await getJsonWithEtag(store, recordKey(id), matterRecordSchema);
      if (!found) return null;
      if (!found.data) throw new Error(`The matter ${id} does not fit its schema`);
      return { value: found.data, etag: found.etag };
    },
    // Matters are created by `insertMatter` only.
    write: (next, etag) => (etag === null ? Promise.resolve(false) : writeJsonIf(store, recordKey(id), next, etag)),
    apply,
    conflict,
  });
}
