/**
 * Store `login-attempts`: one blob per sign-in attempt, `{username}/{timeKey}.{client}`,
 * with `.t` after it for an attempt from a trusted device (a browser that signed in to
 * that account before). Attempts are recorded before the password is checked and are
 * append-only, so every attempt that runs at the same time sees the others in a listing;
 * `client` is an opaque digest of the network or of the device (never an address itself)
 * so one listing counts per username, per client, and unknown devices apart.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { appendNew, listKeys, openStore, timeKey, timeOfKey } from './blobs.ts';

const STORE = 'login-attempts';
const CLIENT_PATTERN = /^[a-f0-9]{16}$/;

export interface LoginAttempt {
  key: string;
  /** When the attempt was made (ms). */
  time: number;
  client: string;
  /** Made from a trusted device: not counted against the username's ceiling. */
  trusted: boolean;
}

/** Usernames that are not valid keys are counted under one shared bucket. */
const bucket = (username: string) => (/^[A-Za-z0-9._-]{1,64}$/.test(username) ? username : '_invalid');

/** `{bucket}/{timeKey}.{client}[.t]`; the time key's length is `timeKey`'s business. */
function parseKey(key: string): LoginAttempt | null {
  const match = /^[^/]+\/([0-9a-z]{11,})\.([a-f0-9]{16})(\.t)?$/.exec(key);
  const time = match ? timeOfKey(match[1]!) : NaN;
  return match && Number.isFinite(time) ? { key, time, client: match[2]!, trusted: match[3] !== undefined } : null;
}

/** Records one attempt and returns it. */
export async function recordAttempt(
  username: string,
  client: string,
  at = new Date(currentTime()),
  { trusted = false }: { trusted?: boolean } = {},
): Promise<LoginAttempt> {
  if (!CLIENT_PATTERN.test(client)) throw new Error('A client key is 16 hex digits');
  // A fresh key each try (appendNew), so that no attempt goes uncounted.
  const { key } = await appendNew(
    openStore(STORE),
    () => ({ key: `${bucket(username)}/${timeKey(at)}.${client}${trusted ? '.t' : ''}`, value: { data: '' } }),
    'a sign-in attempt',
  );
  return parseKey(key)!;
}

/** The attempts for `username` made at or after `since` (ms), oldest first. */
export async function attemptsSince(username: string, since: number): Promise<LoginAttempt[]> {
  const keys = await listKeys(openStore(STORE), `${bucket(username)}/`);
  return keys
    .map(parseKey)
    .filter((attempt): attempt is LoginAttempt => attempt !== null && attempt.time >= since)
    .sort((a, b) => a.time - b.time || a.key.localeCompare(b.key));
}

export async function deleteAttempts(keys: readonly string[]): Promise<void> {
  const store = openStore(STORE);
  await Promise.all(keys.map((key) => store.delete(key)));
}

/** Removes every attempt made before `before` (ms), for every username; returns how many. */
export async function deleteAttemptsBefore(before: number): Promise<number> {
  const keys = await listKeys(openStore(STORE));
  // A key whose time cannot be read is not one of ours to keep.
  const stale = keys.filter((key) => !(timeOfKey(key.slice(key.indexOf('/') + 1)) >= before));
  await deleteAttempts(stale);
  return stale.length;
}
