/**
 * Store `alert-outbox`: the staff alerts for new enquiries that still have to be delivered,
 * one blob per enquiry. Written before the enquiry itself, so a crash at any point loses no
 * alert (an entry whose enquiry never got stored is dropped by the retry); removed once every channel has delivered (or after 24 hours of retries).
 */
import * as z from 'zod/mini';
import { getAllJson, getJsonWithEtag, listKeys, openStore } from './blobs.ts';

export type AlertChannel = 'email' | 'webhook';

/**
 * An alert still owed. `summary` is what the alert says (never the e-mail, phone, address or
 * message); `pending` the channels still to deliver; the scheduled retry leaves the entry
 * alone until `nextAttemptAt`.
 */
const outboxEntrySchema = z.object({
  enquiryId: z.string(),
  summary: z.object({
    id: z.string(),
    name: z.string(),
    serviceType: z.string(),
    createdAt: z.string(),
    adminUrl: z.string(),
  }),
  pending: z.array(z.enum(['email', 'webhook'])),
  attempts: z.number(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
});
export type OutboxEntry = z.output<typeof outboxEntrySchema>;

const STORE = 'alert-outbox';

/** Adds an entry; false when one for that enquiry is already there. */
export async function enqueueAlert(entry: OutboxEntry): Promise<boolean> {
  return (await openStore(STORE).setJSON(entry.enquiryId, entry, { onlyIfNew: true })).modified;
}

export async function readAlert(enquiryId: string): Promise<{ entry: OutboxEntry; etag: string } | null> {
  const found = await getJsonWithEtag(openStore(STORE), enquiryId, outboxEntrySchema);
  return found?.data ? { entry: found.data, etag: found.etag } : null;
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
  return getAllJson(store, await listKeys(store), outboxEntrySchema, 16);
}
