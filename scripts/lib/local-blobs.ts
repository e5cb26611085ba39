/**
 * Netlify Blobs on this machine: Netlify's own local Blobs server (the one @netlify/dev
 * uses) over a directory, with the environment set so that the repositories, the
 * functions and `astro build` all reach it.
 */
import { BlobsServer } from '@netlify/blobs/server';
import { randomBytes } from 'node:crypto';
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

export async function startLocalBlobs(directory = process.env.BLOBS_DIR ?? DEFAULT_BLOBS_DIR): Promise<LocalBlobs> {
  const token = randomBytes(16).toString('hex');
  const server = new BlobsServer({ directory, token });
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
