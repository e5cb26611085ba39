/**
 * The only place that opens Netlify Blobs stores. Repositories call `openStore`
 * inside each operation (never at module load: that throws in production).
 */
import { getStore, type Store } from '@netlify/blobs';
import { randomBytes } from 'node:crypto';

/**
 * Deploy previews and branch deploys share the production site's stores, so they
 * get stores of their own: `deploy-preview--blog-posts` instead of `blog-posts`.
 */
export function storeName(base: string): string {
  const netlify = (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } })
    .Netlify;
  const context = netlify?.context?.deploy?.context ?? process.env.CONTEXT;
  return context && context !== 'production' && context !== 'dev' ? `${context}--${base}` : base;
}

export const openStore = (base: string): Store =>
  getStore({ name: storeName(base), consistency: 'strong' });

/**
 * A key that sorts by creation time: 11 base-36 digits of milliseconds, then random
 * characters so that keys made in the same millisecond never collide.
 */
export function timeKey(date = new Date()): string {
  return date.getTime().toString(36).padStart(11, '0') + randomBytes(6).toString('hex');
}

/** The creation time encoded in a `timeKey`. */
export const timeOfKey = (key: string): number => parseInt(key.slice(0, 11), 36);

export const newId = (): string => randomBytes(12).toString('base64url');

const locks = new Map<string, Promise<unknown>>();
/**
 * Runs `task` after any earlier task on the same key in this process has finished.
 * The Blobs conditions (`onlyIfNew`, `onlyIfMatch`) decide between instances; this only
 * makes the outcome the same within one instance, where the local emulator's
 * check-then-write is not atomic.
 */
export async function withKeyLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  locks.set(key, tail);
  try {
    return await run;
  } finally {
    if (locks.get(key) === tail) locks.delete(key);
  }
}

/** Reads many JSON blobs at once, a bounded number in flight, skipping vanished keys. */
export async function getAllJson<T>(store: Store, keys: string[], concurrency = 128): Promise<T[]> {
  const results: (T | null)[] = new Array(keys.length);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const index = next++;
      results[index] = (await store.get(keys[index]!, { type: 'json' })) as T | null;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return results.filter((value): value is T => value !== null);
}

/** Every key under a prefix. */
export async function listKeys(store: Store, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of store.list({ prefix, paginate: true })) {
    for (const blob of page.blobs) keys.push(blob.key);
  }
  return keys;
}

/**
 * A JSON blob with the ETag to make a conditional write against. Netlify answers reads
 * with the ETag; the local emulator does not, so it is taken from a listing first and
 * the value read after it (a change in between only makes the conditional write fail).
 */
export async function getJsonWithEtag<T>(store: Store, key: string): Promise<{ data: T; etag: string } | null> {
  const found = await store.getWithMetadata(key, { type: 'json' });
  if (!found) return null;
  if (found.etag) return { data: found.data as T, etag: found.etag };
  const { blobs } = await store.list({ prefix: key });
  const etag = blobs.find((blob) => blob.key === key)?.etag;
  const fresh = await store.get(key, { type: 'json' });
  return etag && fresh !== null ? { data: fresh as T, etag } : null;
}
