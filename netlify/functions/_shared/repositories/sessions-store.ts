/**
 * Store `sessions`: one blob per signed-in session, keyed by the token's id (jti).
 * A token is honoured only while its blob exists, so logout revokes it on the server;
 * the scheduled housekeeping removes blobs once they have expired.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import * as z from 'zod/mini';
import { getJson, listKeys, openStore, writeJsonIf } from './blobs.ts';

const sessionRecordSchema = z.object({
  userId: z.string(),
  username: z.string(),
  expiresAt: z.string(),
  /** The account's session generation at sign-in (see `StaffUser.sessionGeneration`). */
  generation: z.string(),
  /**
   * Started by password while the practice requires passkeys and the account had none: it
   * may only add one (docs/decisions/045-staff-passkeys.md).
   */
  passkeyPending: z.optional(z.boolean()),
  /** How it was started, when by a passkey (what the reveal of a client's bank details asks). */
  signedInWith: z.optional(z.literal('passkey')),
});
export type SessionRecord = z.output<typeof sessionRecordSchema>;

const JTI_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export async function saveSession(jti: string, record: SessionRecord): Promise<void> {
  // A random id is never taken; if it were, no session may take over another's.
  if (!(await writeJsonIf(openStore('sessions'), jti, record, null))) throw new Error('A session id was taken');
}

export async function findSession(jti: string): Promise<SessionRecord | null> {
  if (!JTI_PATTERN.test(jti)) return null;
  const record = await getJson(openStore('sessions'), jti, sessionRecordSchema);
  if (!record || !(Date.parse(record.expiresAt) > currentTime())) return null;
  return record;
}

export async function deleteSession(jti: string): Promise<void> {
  if (JTI_PATTERN.test(jti)) await openStore('sessions').delete(jti);
}

/** Removes every session that expired before `now` (ms); returns how many. */
export async function deleteExpiredSessions(now = currentTime()): Promise<number> {
  const store = openStore('sessions');
  const keys = await listKeys(store);
  let removed = 0;
  let next = 0;
  // A few reads at a time: there are only as many sessions as recent sign-ins.
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const record = await getJson(store, key, sessionRecordSchema);
      if (record && !(Date.parse(record.expiresAt) > now)) {
        await store.delete(key);
        removed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(16, keys.length) }, worker));
  return removed;
}
