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
/**
 * How many fresh `timeKey`s a writer tries when `onlyIfNew` finds each taken. Two instances
 * make the same key only within one millisecond and with the same random part, so this is
 * never reached unless something else is wrong; then the write fails loudly.
 */
export const NEW_KEY_ATTEMPTS = 5;

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
  let found;
  try {
    found = await store.getWithMetadata(key, { type: 'json' });
  } catch (error) {
    throw new StorageUnavailable(error);
  }
  if (!found) return null;
  // Without it no write could be conditional: fail loudly rather than write blind.
  if (!found.etag) throw new Error(`Blobs answered the read of ${key} without an ETag`);
  return { data: parseRecord(schema, key, found.data), etag: found.etag };
}

/**
 * How many times any read-modify-write in the app tries before giving up: the one ceiling.
 * Each lost conditional write means another writer got through, so giving up only happens
 * under a storm of writers on one record; with the growing pause (up to 100 ms) this many
 * tries take a few seconds at most.
 */
export const MAX_WRITE_ATTEMPTS = 40;

/**
 * A read-modify-write that lost its conditional write MAX_WRITE_ATTEMPTS times in a row;
 * `message` is the caller's sentence for a person. Routes answer it 409 (http.ts).
 */
export class WriteConflict extends Error {
  readonly code = 'write-conflict';
}

/** Blobs could not be read or written (an outage, a timeout). Routes answer it 503 (http.ts). */
export class StorageUnavailable extends Error {
  readonly code = 'storage-unavailable';
  constructor(cause: unknown) {
    super('Our records cannot be reached at the moment. Please try again in a minute.', { cause });
  }
}

/** A record as read for a conditional write: its ETag, and its value (null when it does not fit). */
export interface Versioned<T> {
  value: T | null;
  etag: string;
}

/** What `updateRecord` did: the record before, after (the same when nothing changed) and whether it wrote. */
export interface Updated<T> {
  before: T | null;
  after: T | null;
  changed: boolean;
}

/**
 * The one read-modify-write loop. Reads the record with its ETag (`read`, null when there is
 * none), lets `apply` decide the next value from the current one (null: leave it as it is;
 * throwing refuses, and the error reaches the caller as it is), then writes it only if
 * nobody wrote in between (`write`: `onlyIfMatch` on the ETag read, `onlyIfNew` when there
 * was none; true when it was written). A lost write pauses, reads again and asks `apply`
 * again, so every check it makes sees the winner's record; after MAX_WRITE_ATTEMPTS, a
 * `WriteConflict` with `conflict` as its message.
 *
 * `apply` runs once per try, so anything it does besides deciding must be harmless to
 * repeat or undone by `onLost`. `read` gets the try's number, so a caller that has just
 * read the record can hand that read to the first try.
 */
export async function updateRecord<T>(options: {
  read: (attempt: number) => Promise<Versioned<T> | null>;
  write: (next: T, etag: string | null) => Promise<boolean>;
  apply: (current: T | null, attempt: number) => T | null | Promise<T | null>;
  conflict: string;
  /** Undoes what a try did besides its write (a slug it claimed), when the write is lost. */
  onLost?: (next: T) => Promise<void>;
}): Promise<Updated<T>> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const found = await options.read(attempt);
    const before = found?.value ?? null;
    const next = await options.apply(before, attempt);
    if (next === null) return { before, after: before, changed: false };
    if (await options.write(next, found?.etag ?? null)) return { before, after: next, changed: true };
    await options.onLost?.(next);
    await pauseAfterLostWrite(attempt);
  }
  throw new WriteConflict(options.conflict);
}

/**
 * Writes a JSON record only if nobody wrote it since `etag` was read (null: only if there is
 * still none); false when someone did. The one conditional write of every update.
 */
export async function writeJsonIf(store: Store, key: string, value: unknown, etag: string | null): Promise<boolean> {
  const condition = etag === null ? { onlyIfNew: true as const } : { onlyIfMatch: etag };
  try {
    return (await store.setJSON(key, value, condition)).modified;
  } catch (error) {
    throw new StorageUnavailable(error);
  }
}

/** `updateRecord` over one plain JSON record of `store` (no cache, no sealing around it). */
export function updateJson<S extends z.core.$ZodType>(
  store: Store,
  key: string,
  schema: S,
  apply: (current: z.output<S> | null, attempt: number) => z.output<S> | null | Promise<z.output<S> | null>,
  conflict: string,
): Promise<Updated<z.output<S>>> {
  return updateRecord({
    read: async () => {
      const found = await getJsonWithEtag(store, key, schema);
      return found ? { value: found.data, etag: found.etag } : null;
    },
    write: (next, etag) => writeJsonIf(store, key, next, etag),
    apply,
    conflict,
  });
}

/**
 * A short random pause after losing a conditional write (`onlyIfMatch`/`onlyIfNew`) to
 * another writer, growing with each loss (up to 5, 10, 20 … 100 ms). Without it, writers
 * that lost together read and retry together, and under a storm some lose every round.
 */
const pauseAfterLostWrite = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));
