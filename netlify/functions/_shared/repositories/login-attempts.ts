/**
 * Store `login-attempts`: one blob per failed sign-in, `{username}/{timeKey}`.
 * Append-only, so concurrent failures are all counted; the count is a listing.
 */
import { listKeys, openStore, timeKey, timeOfKey } from '../blobs.ts';

/** Usernames that are not valid keys are counted under one shared bucket. */
const bucket = (username: string) =>
  /^[A-Za-z0-9._-]{1,64}$/.test(username) ? username : '_invalid';

export async function recordFailure(username: string, at = new Date()): Promise<void> {
  const store = openStore('login-attempts');
  // A key taken by another instance in the same instant fails `onlyIfNew`: take a new one,
  // so that every failure is counted.
  for (let attempt = 0; attempt < 5; attempt++) {
    if ((await store.set(`${bucket(username)}/${timeKey(at)}`, '', { onlyIfNew: true })).modified) return;
  }
  throw new Error('Could not find a free key for a failed sign-in');
}

/** Times (ms) of the failures for `username` since `since`, oldest first. */
export async function failuresSince(username: string, since: number): Promise<number[]> {
  const keys = await listKeys(openStore('login-attempts'), `${bucket(username)}/`);
  return keys
    .map((key) => timeOfKey(key.slice(key.indexOf('/') + 1)))
    .filter((time) => time >= since)
    .sort((a, b) => a - b);
}

/** Forgets the failures after a successful sign-in. */
export async function clearFailures(username: string): Promise<void> {
  const store = openStore('login-attempts');
  const keys = await listKeys(store, `${bucket(username)}/`);
  await Promise.all(keys.map((key) => store.delete(key)));
}
