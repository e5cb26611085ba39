/**
 * Backup and restore of every Netlify Blobs store of a site, as one JSON Lines file:
 *
 *   {"format":"netlify-blobs-backup","version":1,"createdAt":…,"source":…,"stores":[…]}
 *   {"store":"contact-requests","key":"…","metadata":{…},"data":"<base64>"}   one per blob
 *   {"end":true,"blobs":N}
 *
 * Data is base64 so binary blobs survive byte for byte. The closing line lets a restore
 * tell a complete backup from one cut short (disk full, Ctrl-C), and refuse the latter.
 *
 * This is the one place besides the repositories that opens stores: it copies every
 * store whatever its shape, so it cannot go through them
 * (docs/decisions/009-backups-and-load-checks.md).
 */
import { getStore, listStores, type Store } from '@netlify/blobs';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import * as z from 'zod/mini';
import { openableKeyIds, sealedSchema } from '#server/crypto/sealed-records.ts';

export const FORMAT = 'netlify-blobs-backup';
export const VERSION = 1;
/** Blobs read or written at once: enough to hide network latency, gentle on the API. */
const PARALLEL = 16;

const headerSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  createdAt: z.string(),
  source: z.record(z.string(), z.string()),
  stores: z.array(z.string()),
});
const entrySchema = z.object({
  store: z.string().check(z.minLength(1)),
  key: z.string().check(z.minLength(1)),
  metadata: z.record(z.string(), z.unknown()),
  data: z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/)),
});
/** What a restore needs besides the file, never the keys themselves: see `RestoreNeeds`. */
const needsSchema = z.object({
  cddKeyIds: z.array(z.string()),
  sessionSecret: z.literal(true),
});
/** `needs`: in every backup made since it was added; older ones are scanned the same way on restore. */
const trailerSchema = z.object({ end: z.literal(true), blobs: z.number(), needs: z.optional(needsSchema) });

/**
 * The backup's manifest: what must be in the environment for a restore to be whole.
 * - `cddKeyIds`: the ids of the due-diligence keys (CDD_ENCRYPTION_KEY, sha256 of the key,
 *   first 16 hex) the sealed records are sealed under; without one of them those records
 *   are unreadable ciphertext, so a restore refuses.
 * - `sessionSecret`: SESSION_SECRET, the same value the site runs with: staff sessions, the
 *   client sessions, trusted devices and the sign-in throttle's client keys are keyed by it
 *   (with another, everyone signs in again and the throttle starts afresh).
 */
export type RestoreNeeds = z.output<typeof needsSchema>;

/** The key ids of every sealed value (`{ v: 1, kid, iv, ct }`) in a blob that is JSON; none in any other. */
export function sealedKeyIds(bytes: Uint8Array, into: Set<string>): void {
  // A sealed record is JSON starting with `{`; anything else (an image, text) is skipped unread.
  if (bytes[0] !== 0x7b) return;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return;
  }
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const sealed = sealedSchema.safeParse(node);
    if (sealed.success) into.add(sealed.data.kid);
    else for (const child of Object.values(node)) walk(child);
  };
  walk(value);
}

export type BackupSource = Record<string, string>;

const open = (name: string): Store => getStore({ name, consistency: 'strong' });

async function allStores(): Promise<string[]> {
  const names: string[] = [];
  for await (const page of listStores({ paginate: true })) names.push(...page.stores);
  return names.sort();
}

async function allKeys(store: Store): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of store.list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  return keys.sort();
}

/** Runs `task` over `items`, PARALLEL at a time, results in the items' order. */
async function inChunks<T, R>(items: T[], task: (item: T) => Promise<R>, each: (result: R) => Promise<void> | void) {
  for (let i = 0; i < items.length; i += PARALLEL) {
    for (const result of await Promise.all(items.slice(i, i + PARALLEL).map(task))) await each(result);
  }
}

/**
 * Writes every site-wide store (deploy-context stores such as `deploy-preview--blog-posts`
 * included) to `file`. The file is written beside it first and renamed at the end, so a
 * failed backup never leaves a file that looks complete; it is readable by the owner only
 * because it holds personal data and password hashes.
 */
export async function backup(
  file: string,
  source: BackupSource,
): Promise<{ stores: number; blobs: number; needs: RestoreNeeds }> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { flags: 'w', mode: 0o600 });
  const write = async (value: unknown) => {
    if (!out.write(JSON.stringify(value) + '\n')) await once(out, 'drain');
  };
  try {
    const stores = await allStores();
    await write({ format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), source, stores });
    let blobs = 0;
    const kids = new Set<string>();
    for (const name of stores) {
      const store = open(name);
      await inChunks(
        await allKeys(store),
        async (key) => ({ key, found: await store.getWithMetadata(key, { type: 'arrayBuffer' }) }),
        async ({ key, found }) => {
          // Deleted between the listing and the read: it is not part of the backup.
          if (!found) return;
          blobs++;
          const bytes = new Uint8Array(found.data);
          sealedKeyIds(bytes, kids);
          await write({ store: name, key, metadata: found.metadata, data: Buffer.from(bytes).toString('base64') });
        },
      );
    }
    const needs: RestoreNeeds = { cddKeyIds: [...kids].sort(), sessionSecret: true };
    await write({ end: true, blobs, needs });
    out.end();
    await once(out, 'finish');
    await rename(partial, file);
    return { stores: stores.length, blobs, needs };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

type Entry = z.output<typeof entrySchema>;

async function* lines(file: string): AsyncGenerator<{ value: unknown; number: number }> {
  let number = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    number++;
    if (!line.trim()) continue;
    try {
      yield { value: JSON.parse(line), number };
    } catch {
      throw new Error(`${file}, line ${number}: not JSON`);
    }
  }
}

/** Reads the whole file once and checks it before anything is written. */
async function verify(file: string) {
  let header: z.output<typeof headerSchema> | undefined;
  let trailer: z.output<typeof trailerSchema> | undefined;
  const keys = new Map<string, Set<string>>();
  const kids = new Set<string>();
  let blobs = 0;
  for await (const { value, number } of lines(file)) {
    const where = `${file}, line ${number}`;
    if (trailer) throw new Error(`${where}: data after the closing line`);
    if (!header) {
      const parsed = headerSchema.safeParse(value);
      if (!parsed.success)
        throw new Error(`${where}: not a backup made by npm run backup (format ${FORMAT} version ${VERSION})`);
      header = parsed.data;
      for (const store of header.stores) keys.set(store, new Set());
      continue;
    }
    if (trailerSchema.safeParse(value).success) {
      trailer = trailerSchema.parse(value);
      continue;
    }
    const entry = entrySchema.safeParse(value);
    if (!entry.success) throw new Error(`${where}: not a blob entry`);
    const inStore = keys.get(entry.data.store);
    if (!inStore) throw new Error(`${where}: store "${entry.data.store}" is not in the header`);
    if (inStore.has(entry.data.key)) throw new Error(`${where}: key "${entry.data.key}" appears twice`);
    inStore.add(entry.data.key);
    sealedKeyIds(Buffer.from(entry.data.data, 'base64'), kids);
    blobs++;
  }
  if (!header) throw new Error(`${file} is empty`);
  if (!trailer || trailer.blobs !== blobs) {
    throw new Error(
      `${file} is incomplete (no closing line, or a blob count that does not match): the backup was cut short`,
    );
  }
  return { header, keys, blobs, kids };
}

/**
 * Refuses a backup whose sealed records no due-diligence key in this environment opens
 * (CDD_ENCRYPTION_KEY, or CDD_ENCRYPTION_KEY_PREVIOUS), naming the ids it lacks: restored,
 * those records would be ciphertext nobody can read, and the site would fail on them.
 */
function checkKeys(kids: Set<string>): void {
  const openable = new Set(openableKeyIds());
  const missing = [...kids].filter((kid) => !openable.has(kid)).sort();
  if (missing.length === 0) return;
  const have = openable.size ? `this environment's key ids are ${[...openable].sort().join(', ')}` : 'none is set';
  throw new Error(
    `The backup holds due-diligence records sealed under key id ${missing.join(', ')}, which no key in this ` +
      `environment opens (CDD_ENCRYPTION_KEY or CDD_ENCRYPTION_KEY_PREVIOUS; ${have}). Nothing was written. ` +
      'Set CDD_ENCRYPTION_KEY (or, to restore into a site that has moved on to a new key, ' +
      'CDD_ENCRYPTION_KEY_PREVIOUS) to the key with that id, from where the keys are kept, and restore again.',
  );
}

export interface RestoreResult {
  stores: number;
  blobs: number;
  /** Keys deleted from the target because the backup did not have them (--replace only). */
  removed: number;
}

/**
 * Writes a backup back. Without `replace` it refuses when any of the backup's stores
 * already holds data in the target, so nothing is overwritten by accident; with `replace`
 * each of the backup's stores ends up exactly as in the backup (other keys deleted, after
 * everything is written). Stores the backup does not have are never touched.
 */
export async function restore(file: string, { replace = false } = {}): Promise<RestoreResult> {
  const { header, keys, blobs, kids } = await verify(file);
  checkKeys(kids);

  const extra = new Map<string, string[]>();
  for (const [name, wanted] of keys) {
    const present = await allKeys(open(name));
    if (present.length && !replace) {
      throw new Error(
        `The target already holds data in store "${name}" (${present.length} blobs). Nothing was written. ` +
          'Restore into empty stores, or pass --replace to make the backed-up stores exactly as in the backup.',
      );
    }
    extra.set(
      name,
      present.filter((key) => !wanted.has(key)),
    );
  }

  try {
    return { stores: header.stores.length, blobs, removed: await write(file, extra) };
  } catch (error) {
    throw new Error(
      `${(error as Error).message}. The target may now be partly restored: run the restore again with --replace.`,
      { cause: error },
    );
  }
}

async function write(file: string, extra: Map<string, string[]>): Promise<number> {
  const pending: Entry[] = [];
  const flush = async () => {
    await Promise.all(
      pending.splice(0).map(({ store, key, metadata, data }) => {
        const bytes = Buffer.from(data, 'base64');
        const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
        return open(store).set(key, body, { metadata });
      }),
    );
  };
  for await (const { value } of lines(file)) {
    const entry = entrySchema.safeParse(value);
    if (!entry.success) continue; // the header and the closing line, checked above
    pending.push(entry.data);
    if (pending.length >= PARALLEL) await flush();
  }
  await flush();

  let removed = 0;
  for (const [name, keysToRemove] of extra) {
    const store = open(name);
    await inChunks(
      keysToRemove,
      (key) => store.delete(key),
      () => void removed++,
    );
  }
  return removed;
}
