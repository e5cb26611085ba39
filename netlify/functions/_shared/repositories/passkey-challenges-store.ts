/**
 * Store `passkey-challenges`: one record per WebAuthn challenge handed out, keyed by the
 * challenge itself (32 random bytes, base64url), with what it is for, the account it was
 * given to (for adding a passkey) and when it lapses. A challenge is taken once: taking it
 * is a conditional write that marks it used, so of two answers signed over one challenge
 * only one is ever checked (docs/decisions/045-staff-passkeys.md). The hourly housekeeping
 * removes the lapsed ones.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import * as z from 'zod/mini';
import { getJson, listKeys, openStore, updateJson, writeJsonIf } from './blobs.ts';

const STORE = 'passkey-challenges';
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Long enough to find a key and touch it; short enough that a stolen cookie is worth little. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const PURPOSES = ['register', 'sign-in'] as const;
export type ChallengePurpose = (typeof PURPOSES)[number];

const challengeSchema = z.object({
  purpose: z.enum(PURPOSES),
  /** The account adding a passkey; null for a sign-in, where nobody is known yet. */
  accountId: z.nullable(z.string()),
  expiresAt: z.string(),
  used: z.boolean(),
});

export const isChallenge = (value: string): boolean => CHALLENGE_PATTERN.test(value);

/** Records a challenge just handed out. */
export async function saveChallenge(challenge: string, purpose: ChallengePurpose, accountId: string | null) {
  if (!isChallenge(challenge)) throw new Error('Invalid challenge');
  const expiresAt = new Date(currentTime() + CHALLENGE_TTL_MS).toISOString();
  // A new challenge is 32 random bytes: taken already, it is not ours to answer for.
  const record = { purpose, accountId, expiresAt, used: false };
  if (!(await writeJsonIf(openStore(STORE), challenge, record, null)))
    throw new Error('That challenge was already given out');
}

/**
 * Takes the challenge for `purpose` (and, for adding a passkey, `accountId`): true once,
 * for the first caller, while it has not lapsed; false for an unknown, lapsed, used or
 * another's challenge.
 */
export async function takeChallenge(
  challenge: string,
  purpose: ChallengePurpose,
  accountId: string | null,
): Promise<boolean> {
  if (!isChallenge(challenge)) return false;
  let taken = false;
  await updateJson(
    openStore(STORE),
    challenge,
    challengeSchema,
    (current) => {
      taken = false;
      if (!current || current.used || current.purpose !== purpose || current.accountId !== accountId) return null;
      if (!(Date.parse(current.expiresAt) > currentTime())) return null;
      taken = true;
      return { ...current, used: true };
    },
    'This passkey challenge kept changing while it was checked',
  );
  return taken;
}

/** Removes every challenge that lapsed before `now` (ms); returns how many. */
export async function deleteLapsedChallenges(now = currentTime()): Promise<number> {
  const store = openStore(STORE);
  let removed = 0;
  for (const key of await listKeys(store)) {
    const record = await getJson(store, key, challengeSchema);
    if (!record || !(Date.parse(record.expiresAt) > now)) {
      await store.delete(key);
      removed++;
    }
  }
  return removed;
}
