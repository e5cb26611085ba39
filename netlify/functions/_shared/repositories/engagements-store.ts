/**
 * Store `engagements`: the costs agreements sent to clients and their acceptance.
 *
 * - `records/{id}`: the engagement (content as sent, state, acceptance once accepted);
 *   every change is a conditional write (`onlyIfMatch`), so two acceptances racing across
 *   instances record exactly one.
 * - `tokens/{sha256}`: the engagement a link's token opens. Only the hash of a token is
 *   ever stored; a replaced, revoked or expired link stays as `ended`, so it answers 410
 *   ("ask for a new one") rather than the unknown link's 404.
 *   Joint clients each have their own token; the record says which client a token is.
 * - `enquiries/{enquiryId}`: the enquiry's latest engagement id (a variation becomes the
 *   latest; the one it varies stays, named by its `variationOf`).
 * - `documents/{id}/{sha256}`: the accepted PDF, named by its own hash, written before the
 *   acceptance that names it (a lost race leaves a file nothing names, which is deleted).
 */
import * as z from 'zod/mini';
import { engagementRecordSchema, type EngagementRecord } from '#src/shared/schemas/engagement.ts';
import {
  conditionalWrite,
  getAllJson,
  getJson,
  getJsonWithEtag,
  listKeys,
  openStore,
  updateRecord,
  writeJsonIf,
  type Updated,
} from './blobs.ts';

const STORE = 'engagements';
/** `claimedAt` (ms): when a send claimed it; the record is written just after (engagements before it have none). */
const pointerSchema = z.object({ engagementId: z.string(), claimedAt: z.optional(z.number()) });
/** A token's entry: the engagement it opens; `ended` once the link was replaced, revoked or expired. */
const tokenSchema = z.object({ engagementId: z.string(), ended: z.optional(z.boolean()) });

const recordKey = (id: string) => `records/${id}`;
const tokenKey = (tokenHash: string) => `tokens/${tokenHash}`;
const enquiryKey = (enquiryId: string) => `enquiries/${enquiryId}`;
const documentKey = (id: string, sha256: string) => `documents/${id}/${sha256}`;

/** Ids are ours (`newId`): base64url only, so a key never gains a path segment. */
export const isEngagementId = (id: string): boolean => /^[A-Za-z0-9_-]{16}$/.test(id);

/** Stores a new engagement (already claimed as the enquiry's latest) and makes each client's token live. */
export async function insertEngagement(record: EngagementRecord): Promise<void> {
  const store = openStore(STORE);
  // A fresh random id is never taken; if it were, the link must not open someone else's.
  if (!(await writeJsonIf(store, recordKey(record.id), record, null))) {
    throw new Error(`The engagement id ${record.id} is taken: nothing was sent`);
  }
  await Promise.all(
    record.clients.map((client) => store.setJSON(tokenKey(client.tokenHash), { engagementId: record.id })),
  );
}

/** The enquiry's latest engagement id with the etag to claim the next against, or null. */
export async function latestPointer(
  enquiryId: string,
): Promise<{ engagementId: string; etag: string; claimedAt: number | null } | null> {
  const found = await getJsonWithEtag(openStore(STORE), enquiryKey(enquiryId), pointerSchema);
  return found?.data
    ? { engagementId: found.data.engagementId, etag: found.etag, claimedAt: found.data.claimedAt ?? null }
    : null;
}

/**
 * Makes `engagementId` the enquiry's latest, only if the latest is still the one read
 * (`etag`; null: there was none). Of two sends racing, one claims it; false for the other.
 */
export async function claimLatest(
  enquiryId: string,
  engagementId: string,
  etag: string | null,
  claimedAt: number,
): Promise<boolean> {
  return writeJsonIf(openStore(STORE), enquiryKey(enquiryId), { engagementId, claimedAt }, etag);
}

export async function getEngagement(id: string): Promise<{ record: EngagementRecord; etag: string } | null> {
  if (!isEngagementId(id)) return null;
  const found = await getJsonWithEtag(openStore(STORE), recordKey(id), engagementRecordSchema);
  return found?.data ? { record: found.data, etag: found.etag } : null;
}

/** Writes a changed engagement only if nobody wrote it since `etag`; false when someone did. */
export async function replaceEngagement(record: EngagementRecord, etag: string): Promise<boolean> {
  return writeJsonIf(openStore(STORE), recordKey(record.id), record, etag);
}

/**
 * Reads, changes and writes one engagement (`updateRecord`): `apply` gets null when there is
 * no such engagement. `read`: the record as the caller already read it, so the first write
 * is conditional on that read.
 */
export function updateEngagement(
  id: string,
  apply: (current: EngagementRecord | null) => EngagementRecord | null,
  conflict: string,
  read?: { record: EngagementRecord; etag: string },
): Promise<Updated<EngagementRecord>> {
  return updateRecord({
    read: async (attempt) => {
      const found = attempt === 0 && read ? read : await getEngagement(id);
      return found ? { value: found.record, etag: found.etag } : null;
    },
    // Engagements are created by `insertEngagement` only.
    write: (next, etag) => (etag === null ? Promise.resolve(false) : replaceEngagement(next, etag)),
    apply,
    conflict,
  });
}

/** What a token's hash opens, or null for a token never issued. */
export async function findToken(tokenHash: string): Promise<{ engagementId: string; ended: boolean } | null> {
  if (!/^[0-9a-f]{64}$/.test(tokenHash)) return null;
  const found = await getJson(openStore(STORE), tokenKey(tokenHash), tokenSchema);
  return found ? { engagementId: found.engagementId, ended: found.ended ?? false } : null;
}

/** A further live token for the engagement (a reminder's, until its e-mail went). */
export async function addToken(engagementId: string, tokenHash: string): Promise<void> {
  await openStore(STORE).setJSON(tokenKey(tokenHash), { engagementId });
}

/** Points a new token at the engagement and ends the old one. */
export async function swapToken(engagementId: string, oldHash: string, newHash: string): Promise<void> {
  const store = openStore(STORE);
  await store.setJSON(tokenKey(newHash), { engagementId });
  await endToken(engagementId, oldHash);
}

/** The link stops working; it is remembered as ended. */
export async function endToken(engagementId: string, tokenHash: string): Promise<void> {
  await openStore(STORE).setJSON(tokenKey(tokenHash), { engagementId, ended: true });
}

/** Every engagement (the reminders and expiry job reads them; there are as many as clients). */
export async function listEngagements(): Promise<EngagementRecord[]> {
  const store = openStore(STORE);
  return getAllJson(store, await listKeys(store, 'records/'), engagementRecordSchema, 16);
}

/** The acceptance times of the accepted engagements of `enquiryIds`, by enquiry (one listing). */
export async function acceptancesOf(enquiryIds: readonly string[]): Promise<Map<string, string[]>> {
  const wanted = new Set(enquiryIds);
  const found = new Map<string, string[]>();
  for (const record of await listEngagements()) {
    if (!wanted.has(record.enquiryId) || !record.acceptance) continue;
    found.set(record.enquiryId, [...(found.get(record.enquiryId) ?? []), record.acceptance.at]);
  }
  return found;
}

/** Where a signed PDF lives, for a message that attaches it when sent. */
export const documentLocation = (id: string, sha256: string) => ({ store: STORE, key: documentKey(id, sha256) });

/**
 * Stores a PDF under its own hash, unless one is there already (the same hash: the same
 * bytes). True when this call created it: only its creator may ever delete it.
 */
export async function putDocument(id: string, sha256: string, pdf: Uint8Array): Promise<boolean> {
  return (
    (await conditionalWrite(openStore(STORE), documentKey(id, sha256), { data: pdf.slice().buffer }, null)) !== null
  );
}

export async function getDocument(id: string, sha256: string): Promise<Uint8Array | null> {
  const data = await openStore(STORE).get(documentKey(id, sha256), { type: 'arrayBuffer' });
  return data ? new Uint8Array(data) : null;
}

export async function deleteDocument(id: string, sha256: string): Promise<void> {
  await openStore(STORE).delete(documentKey(id, sha256));
}

/** Everything kept about an enquiry's engagements (its erasure). */
export async function deleteEngagementsOf(enquiryId: string): Promise<void> {
  const store = openStore(STORE);
  const ids = new Set(
    (await listEngagements()).filter((record) => record.enquiryId === enquiryId).map((record) => record.id),
  );
  if (ids.size === 0) return store.delete(enquiryKey(enquiryId)).then(() => undefined);
  // Every token ever issued for them, ended ones included (erasure is rare: a listing is fine).
  for (const key of await listKeys(store, 'tokens/')) {
    const entry = await getJson(store, key, tokenSchema);
    if (entry && ids.has(entry.engagementId)) await store.delete(key);
  }
  for (const id of ids) {
    for (const key of await listKeys(store, `documents/${id}/`)) await store.delete(key);
    await store.delete(recordKey(id));
  }
  await store.delete(enquiryKey(enquiryId));
}
