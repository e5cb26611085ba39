/**
 * Netlify Blobs on this machine: Netlify's own local Blobs server (the one @netlify/dev
 * uses) over a directory, with the environment set so that the repositories, the
 * functions and `astro build` all reach it.
 *
 * Two changes make it decide conditional writes as Netlify does (docs/decisions/005):
 * requests for one key are answered one at a time, so a condition is checked and the
 * write made with nothing for that key in between; and ETags are a hash of the content,
 * sent on reads too, so an ETag read with a value is the one a conditional write checks.
 */
import { BlobsServer } from '@netlify/blobs/server';
import { createHash, randomBytes } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { mkdir, open, readdir, stat, type FileHandle } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** Where `npm start` and `npm run dev` keep local data (the same place @netlify/dev uses). */
export const DEFAULT_BLOBS_DIR = path.resolve('.netlify', 'blobs-serve');
/** @netlify/dev runs local sites under this site id. */
export const LOCAL_SITE_ID = '0';

export interface LocalBlobs {
  /** The serialised context, as Netlify hands it to functions and build plugins. */
  context: string;
  /** Where it listens, on 127.0.0.1 only. */
  port: number;
  /** The directory it keeps the blobs in. */
  directory: string;
  stop(): Promise<void>;
}

/** The parts of @netlify/blobs 11's server that are private in its types. */
interface ServerInternals {
  handleRequest(req: Request): Promise<Response>;
  parseAPIRequest(req: Request): { url: URL } | null;
  getLocalPaths(url: URL): { dataPath?: string; key?: string };
}

/**
 * The stock ETag hashes the file's path and modification time to the millisecond, so two
 * writes within one clock tick share an ETag and a stale `onlyIfMatch` passes. A hash of
 * the bytes changes exactly when the value does, as Netlify's ETags do.
 *
 * Hashing every file on every listing cost seconds over 10,000 enquiries, so each hash is
 * kept with the identity of the file it was read from (inode, size, change and modification
 * times in nanoseconds). The server never changes a file in place: a write renames a new
 * file (a new inode, a new ctime) over the old one, so a changed value never matches a
 * kept identity, and the server's own writes and deletes drop the entry besides. The hash
 * and the identity come from one open file descriptor, so they describe the same bytes even
 * when a write replaces the file meanwhile.
 *
 * Something else may still rewrite a file in place (an editor, a copy). File times come
 * from a coarse clock, so such a change within the same few milliseconds could leave the
 * identity as it was; a hash is therefore kept only for a file whose last change is
 * SETTLE_MS older than the moment it was hashed, which any later change cannot share.
 */
const hashes = new Map<string, { identity: string; etag: string }>();
const HASHES_KEPT = 200_000;
const SETTLE_MS = 1_000;

const identityOf = (info: BigIntStats): string =>
  `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;

async function contentETag(filePath: string, known?: BigIntStats): Promise<string> {
  if (known) {
    const kept = hashes.get(filePath);
    if (kept && kept.identity === identityOf(known)) return kept.etag;
  }
  let file: FileHandle | undefined;
  try {
    file = await open(filePath, 'r');
    const info = await file.stat({ bigint: true });
    const identity = identityOf(info);
    const kept = hashes.get(filePath);
    if (kept && kept.identity === identity) return kept.etag;
    const hashedAt = Date.now();
    const etag = `"${createHash('sha256')
      .update(await file.readFile())
      .digest('hex')}"`;
    const changedAt = Number(info.ctimeNs > info.mtimeNs ? info.ctimeNs : info.mtimeNs) / 1e6;
    if (changedAt < hashedAt - SETTLE_MS) {
      if (hashes.size >= HASHES_KEPT) hashes.clear();
      hashes.set(filePath, { identity, etag });
    }
    return etag;
  } catch {
    return '';
  } finally {
    await file?.close();
  }
}
// The server calls this static helper for its If-Match checks, its write answers and listings.
(BlobsServer as unknown as { generateETag: (filePath: string) => Promise<string> }).generateETag = (filePath) =>
  contentETag(filePath);

/**
 * A directory's names, kept like the hashes above: with the directory's identity (every
 * create, rename and delete in it moves its mtime and ctime), only once it has been still
 * for SETTLE_MS, and dropped on the server's own writes. A listing then costs one `stat`
 * of the directory instead of a `readdir` of 10,000 names.
 */
const listings = new Map<string, { identity: string; entries: string[] }>();

async function entriesOf(directory: string): Promise<string[]> {
  // Read before the names: a change after this moves the identity, so the next listing reads again.
  const info = await stat(directory, { bigint: true });
  const identity = identityOf(info);
  const kept = listings.get(directory);
  if (kept && kept.identity === identity) return kept.entries;
  const listedAt = Date.now();
  const entries = await readdir(directory);
  const changedAt = Number(info.ctimeNs > info.mtimeNs ? info.ctimeNs : info.mtimeNs) / 1e6;
  if (changedAt < listedAt - SETTLE_MS) {
    if (listings.size >= HASHES_KEPT) listings.clear();
    listings.set(directory, { identity, entries });
  }
  return entries;
}

/**
 * Drops every kept hash and listing: for a caller that replaced the directory's files behind
 * the server's back (the e2e server putting back its seeded store, scripts/lib/server.ts).
 */
export function forgetAllKept(): void {
  hashes.clear();
  listings.clear();
}

function forget(dataPath: string): void {
  hashes.delete(dataPath);
  for (let directory = path.dirname(dataPath); ; directory = path.dirname(directory)) {
    listings.delete(directory);
    if (path.dirname(directory) === directory) break;
  }
}

/**
 * Answers the requests for one blob one after another. The stock server checks
 * If-Match / If-None-Match and then writes with awaits in between, so two conditional
 * writes could both pass; Netlify's service never lets them.
 */
function oneRequestPerKey(server: BlobsServer): void {
  const internals = server as unknown as ServerInternals;
  const handle = internals.handleRequest.bind(server);
  const tails = new Map<string, Promise<unknown>>();

  const blobPath = (req: Request): string | undefined => {
    if (!['GET', 'HEAD', 'PUT', 'DELETE'].includes(req.method.toUpperCase())) return undefined;
    const url = internals.parseAPIRequest(req)?.url ?? new URL(req.url);
    const { dataPath, key } = internals.getLocalPaths(url);
    return key ? dataPath : undefined; // no key: a listing or a whole store
  };

  const answer = async (req: Request, dataPath: string): Promise<Response> => {
    const method = req.method.toUpperCase();
    // Belt and braces beside the file identity: a kept hash never outlives our own change.
    if (method === 'PUT' || method === 'DELETE') forget(dataPath);
    const response = await handle(req);
    if (method === 'DELETE') forget(dataPath);
    const isRead = req.method.toUpperCase() === 'GET' || req.method.toUpperCase() === 'HEAD';
    if (!isRead || response.status !== 200) return response;
    // Netlify answers reads with the ETag; computed here, under the key's turn, it is the
    // ETag of exactly the bytes being returned.
    const headers = new Headers(response.headers);
    headers.set('etag', await contentETag(dataPath));
    return new Response(response.body, { status: response.status, headers });
  };

  internals.handleRequest = async (req) => {
    const dataPath = blobPath(req);
    if (!dataPath) return handle(req);
    const run = (tails.get(dataPath) ?? Promise.resolve()).then(() => answer(req, dataPath));
    const tail = run.catch(() => undefined);
    tails.set(dataPath, tail);
    try {
      return await run;
    } finally {
      if (tails.get(dataPath) === tail) tails.delete(dataPath);
    }
  };
}

export async function startLocalBlobs(directory = process.env.BLOBS_DIR ?? DEFAULT_BLOBS_DIR): Promise<LocalBlobs> {
  const token = randomBytes(16).toString('hex');
  const server = new BlobsServer({ directory, token });
  oneRequestPerKey(server);
  // The stock start() listens on every interface; the data is this machine's only.
  const internals = server as unknown as ServerInternals & { address: string };
  await mkdir(directory, { recursive: true });
  // Every failure is answered inside serve(), so the listener hands its promise to `void`.
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(new URL(req.url ?? '/', internals.address), {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
        ),
        body: hasBody ? Buffer.concat(chunks) : undefined,
      });
      const response = await internals.handleRequest(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      console.error('[blobs] a request failed:', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  };
  const http = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', resolve);
  });
  const { port } = http.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  internals.address = url;
  const context = Buffer.from(
    JSON.stringify({
      edgeURL: url,
      uncachedEdgeURL: url,
      siteID: LOCAL_SITE_ID,
      token,
      deployID: '0',
      primaryRegion: 'us-east-2',
    }),
  ).toString('base64');
  process.env.NETLIFY_BLOBS_CONTEXT = context;
  return {
    context,
    port,
    directory,
    stop: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

interface WalkOptions {
  directories: boolean;
  path: string;
  prefix: string;
  rootPath: string;
  result: { blobs?: { etag: string; key: string; last_modified: string; size: number }[]; directories?: string[] };
}
type BlobsServerStatics = { walk(options: WalkOptions): Promise<void>; generateETag(path: string): Promise<string> };

/**
 * The stock listing stops at the first entry that vanishes between `readdir` and `stat`
 * (a concurrent delete, or a write's temporary file being renamed) and still answers 200
 * with the keys found so far. Netlify's listings are complete, and the sign-in throttle
 * counts attempts by listing them, so here a vanished entry is skipped instead.
 *
 * The stock listing also `stat`s and hashes one entry after another; here a bounded number
 * run at once (in readdir order, as before) and the hash comes from the kept ones.
 */
const statics = BlobsServer as unknown as BlobsServerStatics;
const WALK_CONCURRENCY = 64;
statics.walk = async function walk(options: WalkOptions): Promise<void> {
  const { directories, path: directory, prefix, result, rootPath } = options;
  const gone = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';
  let entries: string[];
  try {
    entries = await entriesOf(directory);
  } catch (error) {
    if (gone(error) && directory !== rootPath) return;
    throw error;
  }
  type Found =
    | { blob: { etag: string; key: string; last_modified: string; size: number } }
    | { directory: string }
    | { subtree: string }
    | null;
  // A prefix listing of a big store must cost one readdir and string comparisons, not a
  // path computation per entry: the lead desk lists short spans of time out of 10,000 keys.
  const base = path.relative(rootPath, directory).split(path.sep).join('/');
  const keys = entries
    .map((entry) => (base ? `${base}/${entry}` : entry))
    .filter((key) => prefix.startsWith(key.slice(0, prefix.length)));
  const found: Found[] = new Array(keys.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const index = next++;
      const key = keys[index]!;
      const entryPath = path.join(rootPath, ...key.split('/'));
      try {
        const info = await stat(entryPath, { bigint: true });
        if (!info.isDirectory()) {
          const etag = await contentETag(entryPath, info);
          // An entry that vanished before it could be hashed is skipped like one gone before its stat.
          if (etag)
            found[index] = { blob: { etag, key, last_modified: info.mtime.toISOString(), size: Number(info.size) } };
        } else if (directories && key.startsWith(prefix)) {
          found[index] = { directory: key };
        } else {
          found[index] = { subtree: entryPath };
        }
      } catch (error) {
        if (!gone(error)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WALK_CONCURRENCY, keys.length) }, worker));
  for (const entry of found) {
    if (!entry) continue;
    if ('blob' in entry) result.blobs?.push(entry.blob);
    else if ('directory' in entry) result.directories?.push(entry.directory);
    else await statics.walk({ ...options, path: entry.subtree });
  }
};
