/**
 * Store `contact-requests`: one blob per enquiry, keyed by creation time. Enquiries move
 * through the lead desk's pipeline, so each blob is rewritten only with `onlyIfMatch` on the
 * etag it was read with; its history lives in `enquiry-activity`.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { Store } from '@netlify/blobs';
import * as z from 'zod/mini';
import type { SubmittedEnquiry } from '#src/shared/schemas/enquiry-record.ts';
import {
  ENQUIRY_ID,
  ENQUIRY_STATUSES,
  storedEnquirySchema,
  type EnquiryStatus,
  type StatusCounts,
  type StoredEnquiry,
} from '#src/shared/schemas/lead-desk.ts';
import { createHash } from 'node:crypto';
import {
  appendNew,
  getJson,
  getJsonWithEtag,
  openStore,
  StorageUnavailable,
  timeKey,
  timeOfKey,
  updateJson,
  updateRecord,
  WriteConflict,
  writeJsonIf,
  type Updated,
} from './blobs.ts';

const STORE = 'contact-requests';

export type NewEnquiry = Omit<SubmittedEnquiry, 'id' | 'createdAt'>;
export type { StoredEnquiry };

export const isEnquiryId = (id: string): boolean => ENQUIRY_ID.test(id);

/** A new enquiry under a fresh key, not stored yet (`arrivedAt`: tests and benchmarks). */
export function newStoredEnquiry(data: NewEnquiry, arrivedAt?: Date): StoredEnquiry {
  const now = arrivedAt ?? new Date(currentTime());
  const at = now.toISOString();
  return {
    id: timeKey(now),
    ...data,
    createdAt: at,
    status: 'new',
    assignee: null,
    firstContactAt: null,
    updatedAt: at,
    lastActivityAt: at,
    version: 1,
  };
}

/** Stores a new enquiry; false when its key is taken (another instance, same instant). */
export async function insertStoredEnquiry(record: StoredEnquiry): Promise<boolean> {
  const stored = await writeJsonIf(openStore(STORE), record.id, record, null);
  if (stored) await countStatus(record.id, null, record.status);
  return stored;
}

/** `arrivedAt` (tests and benchmarks) stores the enquiry as if it arrived then. */
export async function createStoredEnquiry(data: NewEnquiry, arrivedAt?: Date): Promise<StoredEnquiry> {
  const { record } = await appendNew(
    openStore(STORE),
    () => {
      const record = newStoredEnquiry(data, arrivedAt);
      return { record, key: record.id, value: { json: record } };
    },
    'a new enquiry',
  );
  await countStatus(record.id, null, record.status);
  return record;
}

/**
 * Warm instances keep the enquiries they have read, each with the etag it was listed with.
 * Every read lists the store first (strong consistency) and re-reads any key whose etag
 * moved, so another instance's status change is never hidden behind a cached copy.
 */
const cache = new Map<string, { etag: string; record: StoredEnquiry }>();
/** Past this, the oldest enquiries leave the cache first; the newest are what staff read. */
let maxCached = 20_000;

interface Listed {
  key: string;
  etag: string;
}

async function listPrefixes(store: Store, prefixes: (string | undefined)[]): Promise<Listed[]> {
  const lists = await Promise.all(
    prefixes.map(async (prefix) => {
      const listed: Listed[] = [];
      for await (const page of store.list({ prefix, paginate: true })) {
        for (const blob of page.blobs) if (ENQUIRY_ID.test(blob.key)) listed.push({ key: blob.key, etag: blob.etag });
      }
      return listed;
    }),
  );
  // Newest first: keys sort by creation time.
  return lists.flat().sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
}

/**
 * Keys begin with their creation time in base 36 (`timeKey`), so a prefix of a key is a
 * span of time: 8 characters span 47 seconds, 7 about 28 minutes, 6 about 17 hours,
 * 5 about 25 days, 4 about 2.5 years, 3 about 90 years. A page is found by listing the
 * spans just before its anchor, finest first, and widening only while the page is not
 * full, so the first page of 50 lists the newest few days instead of the whole store. Old
 * records need no move: every key ever written has this shape. 0 lists the whole store
 * (keys of any other shape, which sort nowhere in time).
 */
const SPAN_LEVELS = [8, 7, 6, 5, 4, 3, 0] as const;
/** Another instance's clock may run ahead; its newest enquiries must still be on the first page. */
const CLOCK_SKEW_MS = 10_000;

/** The span of `length` characters holding `key`, and the one before it. */
function spansAt(key: string, length: number): string[] {
  const span = key.slice(0, length);
  const index = parseInt(span, 36);
  return index > 0 ? [span, (index - 1).toString(36).padStart(length, '0')] : [span];
}
/** The records for these listed keys, from the cache when the etag still matches. */
async function readListed(store: Store, entries: Listed[], concurrency = 96): Promise<(StoredEnquiry | null)[]> {
  const results: (StoredEnquiry | null)[] = new Array(entries.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const index = next++;
      const { key, etag } = entries[index]!;
      const cached = cache.get(key);
      if (cached && cached.etag === etag) {
        results[index] = cached.record;
        continue;
      }
      const record = await getJson(store, key, storedEnquirySchema);
      if (record) cache.set(key, { etag, record });
      else cache.delete(key);
      results[index] = record;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, entries.length) }, worker));
  return results;
}

/** A complete listing also drops deleted enquiries; a partial one only keeps the cap. */
function trimCache(listed: Listed[] | null) {
  if (listed) {
    const present = new Set(listed.map((entry) => entry.key));
    for (const key of cache.keys()) if (!present.has(key)) cache.delete(key);
  }
  if (cache.size <= maxCached) return;
  const oldestFirst = [...cache.keys()].sort();
  for (const key of oldestFirst.slice(0, cache.size - maxCached)) cache.delete(key);
}

export interface ListOptions {
  /** Keeps only enquiries this returns true for. */
  filter?: (record: StoredEnquiry) => boolean;
  /** At most this many. */
  limit?: number;
  /** Only enquiries older than this id (the page after it). */
  before?: string;
  /** Only enquiries that arrived in [from, to) (ms): only the spans of time it covers are listed. */
  arrived?: { from: number; to: number };
}

/** At most this many key prefixes are listed for a span of time; wider spans take shorter prefixes. */
const MAX_SPANS = 16;

/** Key prefixes that together hold every key made in [from, to); [undefined] for the whole store. */
export function spansBetween(from: number, to: number): (string | undefined)[] {
  if (!Number.isFinite(from) || !Number.isFinite(to) || from < 0) return [undefined];
  const first = Math.floor(from).toString(36).padStart(11, '0');
  const last = Math.max(Math.floor(from), Math.ceil(to) - 1)
    .toString(36)
    .padStart(11, '0');
  for (const level of SPAN_LEVELS) {
    if (level === 0) break;
    const start = parseInt(first.slice(0, level), 36);
    const end = parseInt(last.slice(0, level), 36);
    if (end - start < MAX_SPANS) {
      return Array.from({ length: end - start + 1 }, (_, i) => (start + i).toString(36).padStart(level, '0'));
    }
  }
  return [undefined];
}

/**
 * Newest first. Reads in batches from the newest key and stops once `limit` matches are
 * found, so the first page of a filtered list does not read the whole store; with a
 * `limit`, only the spans of time the page needs are listed (see SPAN_LEVELS).
 */
export async function listStoredEnquiries(options: ListOptions = {}): Promise<StoredEnquiry[]> {
  const store = openStore(STORE);
  const { before, filter, limit = Infinity, arrived } = options;
  const found: StoredEnquiry[] = [];
  const collect = async (candidates: Listed[]) => {
    const batch = Number.isFinite(limit) ? Math.max(limit * 2, 100) : candidates.length;
    for (let start = 0; start < candidates.length && found.length < limit; start += batch) {
      for (const record of await readListed(store, candidates.slice(start, start + batch))) {
        if (record && (!filter || filter(record))) found.push(record);
        if (found.length >= limit) break;
      }
    }
  };

  if (arrived && !Number.isFinite(limit)) {
    const listed = await listPrefixes(store, spansBetween(arrived.from, arrived.to));
    const inRange = (entry: Listed) => {
      const at = timeOfKey(entry.key);
      return at >= arrived.from && at < arrived.to && (before === undefined || entry.key < before);
    };
    await collect(listed.filter(inRange));
    trimCache(null);
    return found;
  }

  if (!Number.isFinite(limit)) {
    const listed = await listPrefixes(store, [undefined]);
    await collect(before === undefined ? listed : listed.filter((entry) => entry.key < before));
    trimCache(listed);
    return found;
  }

  // Not `timeKey`: it would also move the clock that orders keys made in one millisecond.
  const anchor = before ?? (currentTime() + CLOCK_SKEW_MS).toString(36).padStart(11, '0');
  // Every key at or above `covered` (and below `before`) has been looked at already.
  let covered: string | undefined;
  for (const level of SPAN_LEVELS) {
    const spans = level === 0 ? [undefined] : spansAt(anchor, level);
    const listed = await listPrefixes(store, spans);
    const fresh = listed.filter(
      (entry) => (before === undefined || entry.key < before) && (covered === undefined || entry.key < covered),
    );
    await collect(fresh);
    if (found.length >= limit) break;
    if (level === 0) {
      trimCache(listed);
      return found;
    }
    covered = spans.at(-1);
  }
  trimCache(null);
  return found;
}

/** One enquiry with the etag to write it back against, or null. */
export async function getStoredEnquiry(id: string): Promise<{ record: StoredEnquiry; etag: string } | null> {
  if (!ENQUIRY_ID.test(id)) return null;
  const found = await getJsonWithEtag(openStore(STORE), id, storedEnquirySchema);
  return found?.data ? { record: found.data, etag: found.etag } : null;
}

/**
 * Writes a changed enquiry only if nobody wrote it since `etag` was read (when `before`,
 * the record at that etag, was read); false otherwise.
 */
export async function replaceStoredEnquiry(
  record: StoredEnquiry,
  etag: string,
  before: StoredEnquiry,
): Promise<boolean> {
  const modified = await writeJsonIf(openStore(STORE), record.id, record, etag);
  if (!modified) cache.delete(record.id);
  else if (before.status !== record.status) await countStatus(record.id, before.status, record.status);
  return modified;
}

/**
 * Reads, changes and writes one enquiry (`updateRecord`): `apply` gets null when there is
 * no such enquiry, and decides again on the fresh record after a lost race.
 */
export function updateStoredEnquiry(
  id: string,
  apply: (current: StoredEnquiry | null) => StoredEnquiry | null,
  conflict: string,
): Promise<Updated<StoredEnquiry>> {
  let read: StoredEnquiry | null = null;
  return updateRecord({
    read: async () => {
      const found = await getStoredEnquiry(id);
      read = found?.record ?? null;
      return found ? { value: found.record, etag: found.etag } : null;
    },
    // `apply` refuses (throws) without an enquiry; an insert is `insertStoredEnquiry`'s.
    write: (next, etag) => (etag !== null && read ? replaceStoredEnquiry(next, etag, read) : Promise.resolve(false)),
    apply,
    conflict,
  });
}

/** Deletes one request; false when there was none with that id. */
export async function deleteStoredEnquiry(id: string): Promise<boolean> {
  const found = await getStoredEnquiry(id);
  if (!found) return false;
  await openStore(STORE).delete(id);
  cache.delete(id);
  await countStatus(id, found.record.status, null);
  return true;
}

// ---- Status counts ------------------------------------------------------------------
/*
 * The desk shows how many enquiries are in each status. Counting them by reading every
 * enquiry costs as much as the store is big, so the counts are kept as they change, in
 * COUNT_SHARDS small records `counts/{shard}`: an enquiry always counts in the shard its id
 * hashes to, each change is a conditional write on that shard only (concurrent enquiries
 * rarely meet on one), and reading the counts is COUNT_SHARDS small reads whatever the
 * store holds. A crash between an enquiry's write and its count's leaves a count off by
 * one until the daily recount (`recountStatuses`, run by the retention job) sets it right.
 */
const COUNT_SHARDS = 32;
const countsKey = (shard: number) => `counts/${String(shard).padStart(2, '0')}`;
const shardOf = (id: string) => createHash('sha256').update(id).digest().readUInt32BE(0) % COUNT_SHARDS;
const countsSchema = z.object({ byStatus: z.record(z.enum(ENQUIRY_STATUSES), z.int()) });
type Counts = z.output<typeof countsSchema>;
// Object.fromEntries types its keys as string; ENQUIRY_STATUSES gives every status.
const zeroCounts = (): Counts => ({
  byStatus: Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, 0])) as Record<EnquiryStatus, number>,
});

async function countStatus(id: string, from: EnquiryStatus | null, to: EnquiryStatus | null): Promise<void> {
  const shard = shardOf(id);
  try {
    await updateJson(
      openStore(STORE),
      countsKey(shard),
      countsSchema,
      (current) => {
        // A shard nobody has counted in yet starts at zero: every enquiry is counted as it is
        // stored, so a store without a shard holds no enquiry of that shard.
        const next = current ? structuredClone(current) : zeroCounts();
        if (from) next.byStatus[from]--;
        if (to) next.byStatus[to]++;
        return next;
      },
      `The status count of shard ${shard} kept changing`,
    );
  } catch (error) {
    // The enquiry is stored (or changed) already: a count left behind must not undo its answer.
    if (!(error instanceof WriteConflict || error instanceof StorageUnavailable)) throw error;
    console.error(`[enquiries] ${error.message}; the daily recount will set it right`);
  }
}

/** Counts one shard from the enquiries themselves; written only if nobody counted in between. */
async function recountShard(shard: number, listed?: StoredEnquiry[]): Promise<Counts> {
  const { after } = await updateJson(
    openStore(STORE),
    countsKey(shard),
    countsSchema,
    async (_current, attempt) => {
      const records = listed && attempt === 0 ? listed : await listStoredEnquiries();
      const counts = zeroCounts();
      for (const record of records) if (shardOf(record.id) === shard) counts.byStatus[record.status]++;
      return counts;
    },
    `The status count of shard ${shard} kept changing while it was recounted`,
  );
  return after!;
}

/** Recounts every shard from the enquiries (daily, and for a store never counted). */
export async function recountStatuses(): Promise<void> {
  const records = await listStoredEnquiries();
  for (let shard = 0; shard < COUNT_SHARDS; shard++) await recountShard(shard, records);
}

/** How many enquiries there are in each status, from the counts (never from the enquiries). */
export async function statusCounts(): Promise<StatusCounts> {
  const store = openStore(STORE);
  const shards = await Promise.all(
    Array.from(
      { length: COUNT_SHARDS },
      async (_, shard) => (await getJsonWithEtag(store, countsKey(shard), countsSchema))?.data ?? null,
    ),
  );
  const total = zeroCounts();
  for (const shard of shards)
    for (const status of ENQUIRY_STATUSES) total.byStatus[status] += shard?.byStatus[status] ?? 0;
  return { total: ENQUIRY_STATUSES.reduce((sum, status) => sum + total.byStatus[status], 0), byStatus: total.byStatus };
}

/** For tests and benchmarks: the cache's size and cap. */
export const enquiryCache = {
  size: () => cache.size,
  has: (id: string) => cache.has(id),
  /** Makes the next read behave like a fresh instance's (benchmarks). */
  clear: () => cache.clear(),
  setLimit: (limit: number) => {
    maxCached = limit;
  },
};
