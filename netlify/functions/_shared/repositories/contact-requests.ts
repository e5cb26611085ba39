/** Store `contact-requests`: one blob per enquiry, keyed by creation time (append-only). */
import { contactRequestRecordSchema, type ContactRequest } from '../../../../src/shared/schemas/contact-request.ts';
import { getAllJson, listKeys, openStore, timeKey } from '../blobs.ts';

const STORE = 'contact-requests';
const ID_PATTERN = /^[a-z0-9]{11,40}$/;

export type NewContactRequest = Omit<ContactRequest, 'id' | 'createdAt'>;

export async function createContactRequest(data: NewContactRequest): Promise<ContactRequest> {
  const store = openStore(STORE);
  // A key taken by another instance in the same instant fails `onlyIfNew`: take a new one
  // rather than answer for an enquiry that was never stored.
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = new Date();
    const id = timeKey(now);
    const record: ContactRequest = { id, ...data, createdAt: now.toISOString() };
    if ((await store.setJSON(id, record, { onlyIfNew: true })).modified) return record;
  }
  throw new Error('Could not find a free key for a new contact request');
}

/**
 * Enquiries never change once stored, so a warm instance keeps the ones it has read and
 * fetches only new keys; the listing still decides what exists (deletions included).
 */
const seen = new Map<string, ContactRequest>();
const MAX_CACHED = 20_000;

/** Newest first. */
export async function listContactRequests(): Promise<ContactRequest[]> {
  const store = openStore(STORE);
  const keys = (await listKeys(store)).sort().reverse();
  const missing = keys.filter((key) => !seen.has(key));
  for (const request of await getAllJson(store, missing, contactRequestRecordSchema)) seen.set(request.id, request);
  const present = new Set(keys);
  for (const key of seen.keys()) if (!present.has(key) || seen.size > MAX_CACHED) seen.delete(key);
  return keys.map((key) => seen.get(key)).filter((request) => request !== undefined);
}

/** Deletes one request; false when there was none with that id. */
export async function deleteContactRequest(id: string): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  const store = openStore(STORE);
  if (!(await store.getMetadata(id))) return false;
  await store.delete(id);
  seen.delete(id);
  return true;
}
