/**
 * The local production server: the built site, the functions, netlify.toml's redirects
 * and headers, all through Netlify's own emulation (@netlify/dev), over local Blobs.
 * It also plays Netlify's part for rebuilds: a build hook that rebuilds dist/, and the
 * scheduler that flushes rebuilds queued during the cool-down.
 */
import { NetlifyDev } from '@netlify/dev';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { flushQueuedRebuild, markBuilt } from '../../netlify/functions/_shared/rebuild.ts';
import { seedIfEmpty } from '../seed.ts';
import { astroBuild, rebuildInPlace } from './astro-build.ts';
import { startLocalBlobs } from './local-blobs.ts';
import { ensureLocalSessionSecret } from './local-secret.ts';

export const LOCAL_BUILD_HOOK_PATH = '/.netlify/local/build-hook';

export interface ServerOptions {
  port: number;
  /** Runs before the first build, with the Blobs environment in place. */
  prepare?: () => Promise<void>;
  /** How often queued rebuilds are flushed (Netlify's scheduler runs every minute). */
  flushEveryMs?: number;
}

async function writeResponse(res: ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (response.body) Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
  else res.end();
}

/** Rebuilds one at a time; a request during a build schedules exactly one more. */
function rebuilder() {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    do {
      again = false;
      const started = Date.now();
      try {
        await rebuildInPlace();
        await markBuilt();
        console.log(`[rebuild] site rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        console.error('[rebuild] failed:', error);
      }
    } while (again);
    running = null;
  };
  return () => {
    if (running) again = true;
    else running = run();
  };
}

export async function startServer({ port, prepare, flushEveryMs = 60_000 }: ServerOptions) {
  ensureLocalSessionSecret();
  process.env.NETLIFY_BUILD_HOOK_URL ??= `http://localhost:${port}${LOCAL_BUILD_HOOK_PATH}`;
  const blobs = await startLocalBlobs();
  const seeded = await seedIfEmpty();
  if (seeded.length) console.log(`Seeded demo ${seeded.join(', ')}.`);
  await prepare?.();
  await astroBuild();

  const netlify = new NetlifyDev({
    projectRoot: process.cwd(),
    aiGateway: { enabled: false },
    blobs: { enabled: false }, // ours, started above, so tests can point it elsewhere
    database: { enabled: false },
    edgeFunctions: { enabled: false }, // would download Deno
    environmentVariables: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    serverAddress: null,
  });
  await netlify.start();

  const rebuild = rebuilder();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (req.method === 'POST' && req.url === LOCAL_BUILD_HOOK_PATH) {
        rebuild();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const result = await netlify.handleAndIntrospectNodeRequest(req);
      if (result) return await writeResponse(res, result.response);
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      createReadStream(path.resolve('dist', '404.html')).on('error', () => res.end('Not found')).pipe(res);
    } catch (error) {
      console.error('[server]', req.method, req.url, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Something went wrong on our side. Please try again.' }));
    }
  });
  const flusher = setInterval(() => void flushQueuedRebuild().catch(console.error), flushEveryMs);
  await new Promise<void>((resolve) => server.listen(port, resolve));

  return {
    url: `http://localhost:${port}`,
    async stop() {
      clearInterval(flusher);
      await new Promise((resolve) => server.close(resolve));
      await netlify.stop();
      await blobs.stop();
    },
  };
}
