/**
 * Store `alert-outbox`: the staff alerts for new enquiries that still have to be delivered,
 * one blob per enquiry. Written before the visitor is answered, so a crash after the answer
 * loses no alert; removed once every channel has delivered (or after 24 hours of retries).
 */
import { getAllJson, getJsonWithEtag, listKeys, openStore } from '../blobs.ts';

export type AlertChannel = 'email' | 'webhook';

export interface OutboxEntry {
  enquiryId: string;
  /** What the alert says: never the e-mail, phone, address or message. */
  summary: { id: string; name: string; serviceType: string; createdAt: string; adminUrl: string };
  /** Channels still to deliver. */
  pending: AlertChannel[];
  attempts: number;
  createdAt: string;
  /** The scheduled retry leaves the entry alone until then. */
  nextAttemptAt: string;
}

const STORE = 'alert-outbox';

export async function enqueueAlert(entry: OutboxEntry): Promise<void> {
  await openStore(STORE).setJSON(entry.enquiryId, entry, { onlyIfNew: true });
}

export async function readAlert(enquiryId: string): Promise<{ entry: OutboxEntry; etag: string } | null> {
  const found = await getJsonWithEtag<OutboxEntry>(openStore(STORE), enquiryId);
  return found ? { entry: found.data, etag: found.etag } : null;
}

/** Writes the entry only if nobody changed it since `etag`; its new etag, or null. */
export async function updateAlert(entry: OutboxEntry, etag: string): Promise<string | null> {
  const { modified, etag: next } = await openStore(STORE).setJSON(entry.enquiryId, entry, { onlyIfMatch: etag });
  return modified ? (next ?? (await readAlert(entry.enquiryId))?.etag ?? null) : null;
}

export async function deleteAlert(enquiryId: string): Promise<void> {
  await openStore(STORE).delete(enquiryId);
}

export async function listAlerts(): Promise<OutboxEntry[]> {
  const store = openStore(STORE);
  return getAllJson<OutboxEntry>(store, await listKeys(store), 16);
}
