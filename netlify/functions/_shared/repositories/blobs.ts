/**
 * The only place that opens Netlify Blobs stores. Repositories call `openStore`
 * inside each operation (never at module load: that throws in production).
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { getStore, type Store } from '@netlify/blobs';
import { AsyncLocalStorage } from 'node:async_hooks';
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

/**
 * Bounded time. The client retries a 5xx, a 429 or a refused connection five times, 5 s
 * apart: about 25 s a call, 100 s for an enquiry's writes, far past the function's own time
 * limit, so a visitor would never get the failure answer. Here a call to Blobs (a read, a
 * write, one page of a listing) gives up as `StorageUnavailable` (503):
 * - at once when the store answers a write with a refusal (a 5xx or 429): the store is up
 *   and saying no, and a write it answered is not sent again (it may have landed before the
 *   failure was answered; sent again, a fresh-key append would see 412 and write twice);
 * - after RETRY_PAUSES_MS (half a second) when a read or a delete keeps being refused, which
 *   are safe to repeat, or when a request's connection fails (refused; or closed under it,
 *   mostly a kept-alive connection the store had just closed, which the request never
 *   reached: the client retried these too, and a busy machine meets them);
 * - after STORAGE_CALL_MS when it gives no answer at all (the request is aborted): a backstop
 *   against a connection that hangs, not the bound of a refusal. It is generous on purpose:
 *   a call answered slowly under load (500 enquiries at once in one process on a busy
 *   machine kept single calls waiting past 15 s) is not a store that hangs.
 * Once given up, no request of the call is sent again, whatever the client then retries.
 */
export const STORAGE_CALL_MS = 60_000;
const RETRY_PAUSES_MS = [100, 400];

/** One call to Blobs: given up by aborting `controller`; the status of the last answer the store gave it. */
interface StorageCall {
  controller: AbortController;
  status?: number;
}
const calls = new AsyncLocalStorage<StorageCall>();

const refused = (status: number) => status === 429 || status >= 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The client's `fetch`: every request of a call carries the call's time limit, none is sent
 * once the call has given up, a refused read or a lost connection is tried again a little
 * later (a write the store answered, never), and the status of each answer is kept for the
 * call (what `conditionalWrite` decides by).
 */
const storageFetch: typeof globalThis.fetch = async (input, init) => {
  const call = calls.getStore();
  const limit = call?.controller.signal ?? AbortSignal.timeout(STORAGE_CALL_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, limit]) : limit;
  const method = (init?.method ?? 'GET').toUpperCase();
  for (let attempt = 0; ; attempt++) {
    if (limit.aborted) throw new StorageUnavailable(limit.reason);
    let failure: unknown;
    let answered = false;
    try {
      const response = await fetch(input, { ...init, signal });
      if (call) call.status = response.status;
      if (!refused(response.status)) return response;
      answered = true;
      failure = new Error(`Blobs answered ${method} with ${response.status}`);
    } catch (error) {
      if (limit.aborted) throw new StorageUnavailable(limit.reason);
      failure = error;
    }
    const wait = method === 'PUT' && answered ? undefined : RETRY_PAUSES_MS[attempt];
    if (wait === undefined) {
      const givenUp = new StorageUnavailable(failure);
      call?.controller.abort(givenUp);
      throw givenUp;
    }
    await pause(wait);
  }
};

/** A failure of the store itself (its answer, the network, the time limit), not of the caller's request. */
const isStorageFailure = (error: unknown): boolean =>
  error instanceof StorageUnavailable ||
  (error instanceof Error &&
    (error.name === 'BlobsInternalError' || // a status the client gave up on
      error.name === 'AbortError' ||
      error.name === 'TimeoutError' ||
      (error instanceof TypeError && error.message === 'fetch failed'))); // refused, reset, unreachable

/**
 * Runs `work` (one client call) as a storage call with STORAGE_CALL_MS to finish; inside a
 * call already, it is part of that one. A promise is raced against the limit, and the
 * store's failures reach the caller as `StorageUnavailable`; a paginated listing gets a call
 * per page.
 */
function inCall<T>(work: (call: StorageCall) => T): T {
  const current = calls.getStore();
  if (current) return work(current);
  const call: StorageCall = { controller: new AbortController() };
  const result = calls.run(call, () => work(call));
  if (result instanceof Promise) return withinLimit(result, call.controller) as T;
  if (isAsyncIterable(result)) return pagesInCalls(result) as T;
  return result;
}

/** `promise`, or `StorageUnavailable` as soon as its call gives up or runs out of time. */
function withinLimit<T>(promise: Promise<T>, controller: AbortController): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const giveUp = () => {
      clearTimeout(timer);
      const reason: unknown = controller.signal.reason;
      reject(reason instanceof StorageUnavailable ? reason : new StorageUnavailable(reason));
    };
    const timer = setTimeout(() => {
      // The request in flight stops, and none is sent after it.
      controller.abort(new StorageUnavailable(new Error(`Blobs gave no answer within ${STORAGE_CALL_MS} ms`)));
    }, STORAGE_CALL_MS);
    controller.signal.addEventListener('abort', giveUp, { once: true });
    promise.then(
      (value) => {
        clearTimeout(timer);
        controller.signal.removeEventListener('abort', giveUp);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        controller.signal.removeEventListener('abort', giveUp);
        reject(
          isStorageFailure(error) && !(error instanceof StorageUnavailable) ? new StorageUnavailable(error) : error,
        );
      },
    );
  });
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

function pagesInCalls<T>(pages: AsyncIterable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const iterator = pages[Symbol.asyncIterator]();
      return { next: () => inCall(() => iterator.next()) };
    },
  };
}

/** A store whose every call is a storage call (`inCall`). */
function bounded(store: Store): Store {
  return new Proxy(store, {
    get(target, property) {
      const member: unknown = Reflect.get(target, property, target);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]): unknown => inCall(() => Reflect.apply(member, target, args));
    },
  });
}

export const openStore = (base: string): Store =>
  bounded(getStore({ name: storeName(base), consistency: 'strong', fetch: storageFetch }));

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

/** What `timeKey` makes: 15 base-36 characters (time and order), then 12 hex (random). */
const TIME_KEY_PATTERN = /^[0-9a-z]{15}[0-9a-f]{12}$/;
export const isTimeKey = (key: string): boolean => TIME_KEY_PATTERN.test(key);
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
    throw error instanceof StorageUnavailable ? error : new StorageUnavailable(error);
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

/** What a write puts under a key: a JSON value, or bytes (or text) with metadata. */
export type BlobValue = { json: unknown } | { data: string | ArrayBuffer | Blob; metadata?: Record<string, unknown> };

/** Statuses the platform answers a conditional write it made with (HTTP's success range for a PUT). */
const WRITTEN = new Set([200, 201, 204]);

/**
 * The one place that decides whether a write happened. Writes `value` only if nobody wrote
 * the key since `etag` was read (null: only if there is still none): the ETag it now has
 * (null when the store sent none), or null when the condition failed (someone else wrote).
 * Anything else is `StorageUnavailable`, never a success.
 *
 * @netlify/blobs 11.1.1 reports a conditional write as `{ etag: '', modified: true }` for
 * every status but 412, so a 500 or 503 after its retries reads as written
 * (https://github.com/netlify/primitives/issues/741; the fix, netlify/primitives#756, is
 * not released). Its `modified` is therefore never believed alone: the status the store
 * answered (kept by `storageFetch` for this call) must be a success, or, should no status
 * have been seen, a real ETag must have come back (docs/decisions/044).
 */
export async function conditionalWrite(
  store: Store,
  key: string,
  value: BlobValue,
  etag: string | null,
): Promise<{ etag: string | null } | null> {
  // eslint-disable-next-line no-restricted-syntax -- the one conditional write
  const condition = etag === null ? { onlyIfNew: true as const } : { onlyIfMatch: etag };
  return inCall(async (call) => {
    let result;
    try {
      result =
        'json' in value
          ? await store.setJSON(key, value.json, condition)
          : await store.set(key, value.data, { ...condition, metadata: value.metadata });
    } catch (error) {
      throw isStorageFailure(error) ? new StorageUnavailable(error) : error;
    }
    // The client answers `modified: false` only for a 412: the condition failed, nothing was written.
    // eslint-disable-next-line no-restricted-syntax -- read here only, and never believed alone
    if (!result.modified) return null;
    const status = call.status;
    const confirmed = status === undefined ? Boolean(result.etag) : WRITTEN.has(status);
    if (!confirmed) {
      throw new StorageUnavailable(new Error(`Blobs did not confirm the write of ${key} (status ${status ?? 'none'})`));
    }
    return { etag: result.etag || null };
  });
}

/**
 * Writes a JSON record only if nobody wrote it since `etag` was read (null: only if there is
 * still none); false when someone did. The one conditional write of every update.
 */
export async function writeJsonIf(store: Store, key: string, value: unknown, etag: string | null): Promise<boolean> {
  return (await writeJsonIfTagged(store, key, value, etag)) !== null;
}

/**
 * `writeJsonIf` for a caller that writes the record again against what it wrote (an outbox's
 * claim, then what is left of it): the ETag the record now has, or null when someone else
 * wrote first. Should the store confirm the write without an ETag, the record is read for it.
 */
export async function writeJsonIfTagged(
  store: Store,
  key: string,
  value: unknown,
  etag: string | null,
): Promise<string | null> {
  const written = await conditionalWrite(store, key, { json: value }, etag);
  if (!written) return null;
  return written.etag ?? (await store.getMetadata(key))?.etag ?? null;
}

/**
 * Adds a record under a fresh key, the one way every append is written: `make` gives a new
 * key and its value on each try, written only if the key is still free (`onlyIfNew`); a key
 * another instance took in the same instant takes a new one (NEW_KEY_ATTEMPTS), rather than
 * answer for a record that was never stored. Answers what `make` gave for the key written
 * (`make` may be async: a sealed record is sealed to its key);
 * `what` names the record for the error when no key is free.
 */
export async function appendNew<T extends { key: string; value: BlobValue }>(
  store: Store,
  make: () => T | Promise<T>,
  what: string,
): Promise<T> {
  for (let attempt = 0; attempt < NEW_KEY_ATTEMPTS; attempt++) {
    const made = await make();
    if (await conditionalWrite(store, made.key, made.value, null)) return made;
  }
  throw new Error(`Could not find a free key for ${what}`);
}

/**
 * `appendNew` for a record whose id is its key: `make` gets a time key of `at` as the id on
 * each try, and the record is stored as `stored(record)` gives it (a sealed record is sealed
 * to its id). Answers the record written.
 */
export async function appendTimeKeyed<E extends { id: string }>(
  store: Store,
  at: Date,
  make: (id: string) => E,
  stored: (entry: E) => Promise<unknown>,
  what: string,
): Promise<E> {
  const { entry } = await appendNew(
    store,
    async () => {
      const entry = make(timeKey(at));
      return { entry, key: entry.id, value: { json: await stored(entry) } };
    },
    what,
  );
  return entry;
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
