/**
 * Store `client-sessions`: how a client signs in to see their matter.
 *
 * - `links/{sha256 of the token}`: a one-time sign-in link, for the client's e-mail address,
 *   until `expiresAt`; `usedAt` once it has opened a session. Only the hash is kept, so the
 *   store never holds a working link; using one is a conditional write on the ETag it was
 *   read with, so two clicks at once open one session.
 * - `sessions/{jti}`: a client session, honoured only while its blob exists, so signing out
 *   ends it on the server too.
 * - `gates/{keyed digest of an address}`: until when no other link goes to that address for
 *   a request from an unknown browser; taken by a conditional write, so of requests at once
 *   one sends.
 *
 * Never the staff `sessions` store: a client's record cannot be mistaken for a staff member's.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import * as z from 'zod/mini';
import { getJson, getJsonWithEtag, listKeys, openStore, writeJsonIf } from './blobs.ts';

const STORE = 'client-sessions';

const linkSchema = z.object({
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.optional(z.string()),
});
export type SignInLink = z.output<typeof linkSchema>;

const sessionSchema = z.object({ email: z.string(), expiresAt: z.string() });
const gateSchema = z.object({ expiresAt: z.string() });
export type ClientSessionRecord = z.output<typeof sessionSchema>;

const HASH_PATTERN = /^[a-f0-9]{64}$/;
const JTI_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export async function saveSignInLink(tokenHash: string, link: SignInLink): Promise<void> {
  if (!HASH_PATTERN.test(tokenHash)) throw new Error('A sign-in link is stored by its SHA-256 in hex');
  if (!(await writeJsonIf(openStore(STORE), `links/${tokenHash}`, link, null))) {
    throw new Error('A sign-in link with this hash exists already');
  }
}

/**
 * Marks the link used, once: the link as it was, or null when there is no such link.
 * `claimed` is false when it was used already, or another request used it meanwhile.
 */
export async function claimSignInLink(
  tokenHash: string,
  at: string,
): Promise<{ link: SignInLink; claimed: boolean } | null> {
  if (!HASH_PATTERN.test(tokenHash)) return null;
  const store = openStore(STORE);
  const found = await getJsonWithEtag(store, `links/${tokenHash}`, linkSchema);
  if (!found?.data) return null;
  if (found.data.usedAt) return { link: found.data, claimed: false };
  const claimed = await writeJsonIf(store, `links/${tokenHash}`, { ...found.data, usedAt: at }, found.etag);
  return { link: found.data, claimed };
}

const GATE_PATTERN = /^[a-f0-9]{16,64}$/;

/**
 * Takes the address's mail gate until `until` (ms): true when it was free (never taken, or
 * taken until a time past) and this request took it; false while it is taken, or when
 * another request took it meanwhile (the conditional write on the ETag it was read with).
 */
export async function takeMailGate(addressKey: string, until: number): Promise<boolean> {
  if (!GATE_PATTERN.test(addressKey)) throw new Error('A mail gate is kept by a keyed digest in hex');
  const store = openStore(STORE);
  const key = `gates/${addressKey}`;
  const found = await getJsonWithEtag(store, key, gateSchema);
  if (found?.data && Date.parse(found.data.expiresAt) > currentTime()) return false;
  return writeJsonIf(store, key, { expiresAt: new Date(until).toISOString() }, found?.etag ?? null);
}

export async function saveClientSession(jti: string, record: ClientSessionRecord): Promise<void> {
  // A random id is never taken; if it were, no session may take over another's.
  if (!(await writeJsonIf(openStore(STORE), `sessions/${jti}`, record, null))) {
    throw new Error('A client session id was taken');
  }
}

/** The session, while it exists and has not expired. */
export async function findClientSession(jti: string): Promise<ClientSessionRecord | null> {
  if (!JTI_PATTERN.test(jti)) return null;
  const record = await getJson(openStore(STORE), `sessions/${jti}`, sessionSchema);
  if (!record || !(Date.parse(record.expiresAt) > currentTime())) return null;
  return record;
}

export async function deleteClientSession(jti: string): Promise<void> {
  if (JTI_PATTERN.test(jti)) await openStore(STORE).delete(`sessions/${jti}`);
}

/** Removes links and sessions that expired before `now` (ms), for the hourly housekeeping; returns how many. */
export async function deleteExpiredClientRecords(now = currentTime()): Promise<number> {
  const store = openStore(STORE);
  let removed = 0;
  for (const key of await listKeys(store)) {
    const schema = key.startsWith('links/') ? linkSchema : key.startsWith('gates/') ? gateSchema : sessionSchema;
    const record = await getJson(store, key, schema);
    if (record && Date.parse(record.expiresAt) > now) continue;
    await store.delete(key);
    removed++;
  }
  return removed;
}
