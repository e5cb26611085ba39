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
const trailerSchema = z.object({ end: z.literal(true), blobs: z.number() });

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
export async function backup(file: string, source: BackupSource): Promise<{ stores: number; blobs: number }> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { flags: 'w', mode: 0o600 });
  const write = async (value: unknown) => {
    if (!out.write(JSON.stringify(value) + '\n')) await once(out, 'drain');
  };
  try {
    const stores = await allStores();
    await write({ format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), source, stores });
    let blobs = 0;
    for (const name of stores) {
      const store = open(name);
      await inChunks(
        await allKeys(store),
        async (key) => ({ key, found: await store.getWithMetadata(key, { type: 'arrayBuffer' }) }),
        async ({ key, found }) => {
          // Deleted between the listing and the read: it is not part of the backup.
          if (!found) return;
          blobs++;
          await write({ store: name, key, metadata: found.metadata, data: Buffer.from(found.data).toString('base64') });
        },
      );
    }
    await write({ end: true, blobs });
    out.end();
    await once(out, 'finish');
    await rename(partial, file);
    return { stores: stores.length, blobs };
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
    blobs++;
  }
  if (!header) throw new Error(`${file} is empty`);
  if (!trailer || trailer.blobs !== blobs) {
    throw new Error(
      `${file} is incomplete (no closing line, or a blob count that does not match): the backup was cut short`,
    );
  }
  return { header, keys, blobs };
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
  const { header, keys, blobs } = await verify(file);

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
