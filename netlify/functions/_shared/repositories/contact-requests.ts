/** Store `contact-requests`: one blob per enquiry, keyed by creation time (append-only). */
import type { ContactRequest } from '../../../../src/shared/schemas/enquiry.ts';
import { getAllJson, listKeys, openStore, timeKey } from '../blobs.ts';

const STORE = 'contact-requests';
const ID_PATTERN = /^[a-z0-9]{11,40}$/;

export type NewContactRequest = Omit<ContactRequest, 'id' | 'createdAt'>;

export async function createContactRequest(data: NewContactRequest): Promise<ContactRequest> {
  const now = new Date();
  const id = timeKey(now);
  const record: ContactRequest = { id, ...data, createdAt: now.toISOString() };
  await openStore(STORE).setJSON(id, record, { onlyIfNew: true });
  return record;
}

/** Newest first. */
export async function listContactRequests(): Promise<ContactRequest[]> {
  const store = openStore(STORE);
  const keys = (await listKeys(store)).sort().reverse();
  return getAllJson<ContactRequest>(store, keys);
}

/** Deletes one request; false when there was none with that id. */
export async function deleteContactRequest(id: string): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  const store = openStore(STORE);
  if (!(await store.getMetadata(id))) return false;
  await store.delete(id);
  return true;
}
