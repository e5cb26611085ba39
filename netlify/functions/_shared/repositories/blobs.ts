/**
 * The only place that opens Netlify Blobs stores. Repositories call `openStore`
 * inside each operation (never at module load: that throws in production).
 */
import { now as currentTime } from '../../../../src/shared/clock.ts';
import { getStore, type Store } from '@netlify/blobs';
import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';

/**
 * Deploy previews and branch deploys share the production site's stores, so they
 * get stores of their own: `deploy-preview--blog-posts` instead of `blog-posts`.
 */
export function storeName(base: string): string {
  const netlify = (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } }).Netlify;
  const context = netlify?.context?.deploy?.context ?? process.env.CONTEXT;
  return context && context !== 'production' && context !== 'dev' ? `${context}--${base}` : base;
}

export const openStore = (base: string): Store => getStore({ name: storeName(base), consistency: 'strong' });

let lastMs = -1;
let sequence = 0;
/**
 * A key that sorts by creation time: 11 base-36 digits of milliseconds, a 4-digit
 * sequence that counts up within one millisecond in this process (so keys made in order
 * also sort in order), then random characters so that instances almost never collide
 * (writers use `onlyIfNew` and take a new key when one is refused).
 */
export function timeKey(date = new Date(currentTime())): string {
  const ms = date.getTime();
  let order = 0;
  if (ms === lastMs) order = ++sequence;
  else if (ms > lastMs) [lastMs, sequence] = [ms, 0];
  // An explicit earlier date takes 0: its order within that millisecond is free.
  return ms.toString(36).padStart(11, '0') + order.toString(36).padStart(4, '0') + randomBytes(6).toString('hex');
}
/** The creation time encoded in a `timeKey`. */
export const timeOfKey = (key: string): number => parseInt(key.slice(0, 11), 36);

export const newId = (): string => randomBytes(12).toString('base64url');

/**
 * Every value read from Blobs passes its record schema on the way in, the one parsing path
 * of every repository: one that does not fit is logged and skipped (a broken record must
 * not take a whole list down), never cast.
 */
function parseRecord<S extends z.core.$ZodType>(schema: S, key: string, value: unknown): z.output<S> | null {
  if (value === null) return null;
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  console.error(`[blobs] skipped record ${key}: it does not fit its schema\n${z.prettifyError(result.error)}`);
  return null;
}

/** One JSON record; null when it is missing or does not fit its schema. */
export async function getJson<S extends z.core.$ZodType>(
  store: Store,
  key: string,
  schema: S,
): Promise<z.output<S> | null> {
  return parseRecord(schema, key, await store.get(key, { type: 'json' }));
}

/** Reads many JSON records at once, a bounded number in flight, skipping vanished and unfit ones. */
export async function getAllJson<S extends z.core.$ZodType>(
  store: Store,
  keys: string[],
  schema: S,
  concurrency = 128,
): Promise<z.output<S>[]> {
  const results: (z.output<S> | null)[] = new Array(keys.length);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const index = next++;
      results[index] = await getJson(store, keys[index]!, schema);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return results.filter((value) => value !== null);
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
 * A JSON record with the ETag of exactly that value, to make a conditional write against
 * (`onlyIfMatch`): the write then fails if anyone changed or deleted the record since.
 * `null` when there is no record; `data` is null when the record does not fit its schema,
 * so that a caller may still replace it.
 */
export async function getJsonWithEtag<S extends z.core.$ZodType>(
  store: Store,
  key: string,
  schema: S,
): Promise<{ data: z.output<S> | null; etag: string } | null> {
  const found = await store.getWithMetadata(key, { type: 'json' });
  if (!found) return null;
  // Without it no write could be conditional: fail loudly rather than write blind.
  if (!found.etag) throw new Error(`Blobs answered the read of ${key} without an ETag`);
  return { data: parseRecord(schema, key, found.data), etag: found.etag };
}

/**
 * A short random pause after losing a conditional write (`onlyIfMatch`/`onlyIfNew`) to
 * another writer, growing with each loss (up to 5, 10, 20 … 100 ms). Without it, writers
 * that lost together read and retry together, and under a storm some lose every round.
 */
export const pauseAfterLostWrite = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));
