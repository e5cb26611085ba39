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
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readdir, stat } from 'node:fs/promises';

/** Where `npm start` and `npm run dev` keep local data (the same place @netlify/dev uses). */
export const DEFAULT_BLOBS_DIR = path.resolve('.netlify', 'blobs-serve');
/** @netlify/dev runs local sites under this site id. */
export const LOCAL_SITE_ID = '0';

export interface LocalBlobs {
  /** The serialised context, as Netlify hands it to functions and build plugins. */
  context: string;
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
 */
async function contentETag(filePath: string): Promise<string> {
  try {
    return `"${createHash('sha256').update(await readFile(filePath)).digest('hex')}"`;
  } catch {
    return '';
  }
}
// The server calls this static helper for its If-Match checks, its write answers and listings.
(BlobsServer as unknown as { generateETag: typeof contentETag }).generateETag = contentETag;

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
    const response = await handle(req);
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
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  const context = Buffer.from(
    JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, siteID: LOCAL_SITE_ID, token, deployID: '0', primaryRegion: 'us-east-2' }),
  ).toString('base64');
  process.env.NETLIFY_BLOBS_CONTEXT = context;
  return { context, stop: () => server.stop() };
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
 */
const statics = BlobsServer as unknown as BlobsServerStatics;
statics.walk = async function walk(options: WalkOptions): Promise<void> {
  const { directories, path: directory, prefix, result, rootPath } = options;
  const gone = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';
  let entries: string[];
  try {
    entries = await readdir(directory);
  } catch (error) {
    if (gone(error) && directory !== rootPath) return;
    throw error;
  }
  for (const entry of entries) {
    const entryPath = path.join(directory, entry);
    const key = path.relative(rootPath, entryPath).split(path.sep).join('/');
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    try {
      const info = await stat(entryPath);
      if (!info.isDirectory()) {
        const etag = await statics.generateETag(entryPath);
        result.blobs?.push({ etag, key, last_modified: info.mtime.toISOString(), size: info.size });
      } else if (directories && key.startsWith(prefix)) {
        result.directories?.push(key);
      } else {
        await statics.walk({ ...options, path: entryPath });
      }
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }
};
