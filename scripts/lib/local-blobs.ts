/**
 * Netlify Blobs on this machine: Netlify's own local Blobs server (the one @netlify/dev
 * uses) over a directory, with the environment set so that the repositories, the
 * functions and `astro build` all reach it.
 */
import { BlobsServer } from '@netlify/blobs/server';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

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
