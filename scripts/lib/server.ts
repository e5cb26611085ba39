/**
 * The local production server: the built site, the functions, netlify.toml's redirects
 * and headers, all through Netlify's own emulation (@netlify/dev), over local Blobs.
 * It also plays Netlify's part for rebuilds: a build hook that rebuilds dist/, and the
 * scheduler that flushes rebuilds queued during the cool-down.
 */
import { NetlifyDev } from '@netlify/dev';
import { HeadersHandler } from '@netlify/headers';
import { RedirectsHandler } from '@netlify/redirects';
import { StaticHandler } from '@netlify/static';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
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
  /** Build dist/ at start (default); false serves the dist/ there is (API benchmarks, tests). */
  build?: boolean;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

/** Writes a web Response to Node, gzipped where the browser accepts it (as Netlify's CDN does). */
async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  const gzip =
    response.body !== null &&
    /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
    COMPRESSIBLE.test(response.headers.get('content-type') ?? '') &&
    !response.headers.has('content-encoding');
  if (gzip) {
    delete headers['content-length'];
    headers['content-encoding'] = 'gzip';
    headers.vary = 'Accept-Encoding';
  }
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  (gzip ? body.pipe(createGzip()) : body).pipe(res);
}

/**
 * Two places where @netlify/dev differs from Netlify, put right with Netlify's own parts:
 * - a rewrite with `status = 404` serves its page with 200; Netlify answers the rule's
 *   status (unless a file at the request's own path shadows the rule);
 * - a rewritten response gets the headers of the rewrite's target; Netlify applies the
 *   headers of the requested path.
 * Paths nothing matches get the site's 404.html, with headers, as on Netlify.
 */
function netlifyFidelity(projectDir: string) {
  const configPath = path.join(projectDir, 'netlify.toml');
  const publishDir = path.join(projectDir, 'dist');
  const redirects = new RedirectsHandler({ configPath, configRedirects: [], jwtRoleClaim: '', jwtSecret: '', projectDir, publicDir: publishDir });
  const files = new StaticHandler({ directory: publishDir });
  const headers = new HeadersHandler({ configPath, projectDir, publishDir: 'dist', logger: console });

  const withPathHeaders = async (request: Request, response: Response, status = response.status) => {
    const fixed = new Response(response.body, { status, headers: new Headers(response.headers) });
    await headers.apply(request, fixed);
    return fixed;
  };
  return {
    async rewritten(request: Request, response: Response): Promise<Response> {
      const rule = await redirects.match(request);
      const shadowed = await files.match(request);
      const status =
        rule && !rule.redirect && rule.statusCode && !shadowed ? rule.statusCode : response.status;
      return withPathHeaders(request, response, status);
    },
    async notFound(request: Request): Promise<Response> {
      const page = await readFile(path.join(publishDir, '404.html')).catch(() => 'Not found');
      const response = new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      return withPathHeaders(request, response, 404);
    },
  };
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
        // The build read the data when it started: later changes are not in it.
        await markBuilt(new Date(started));
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

export async function startServer({ port, prepare, flushEveryMs = 60_000, build = true }: ServerOptions) {
  ensureLocalSessionSecret();
  process.env.NETLIFY_BUILD_HOOK_URL ??= `http://localhost:${port}${LOCAL_BUILD_HOOK_PATH}`;
  const blobs = await startLocalBlobs();
  const seeded = await seedIfEmpty();
  if (seeded.length) console.log(`Seeded demo ${seeded.join(', ')}.`);
  await prepare?.();
  if (build) await astroBuild();

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
  const fidelity = netlifyFidelity(process.cwd());

  const rebuild = rebuilder();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (req.method === 'POST' && req.url === LOCAL_BUILD_HOOK_PATH) {
        rebuild();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const result = await netlify.handleAndIntrospectNodeRequest(req);
      if (result && result.type !== 'redirect') return await writeResponse(req, res, result.response);
      const request = new Request(new URL(req.url ?? '/', `http://localhost:${port}`), { method: req.method });
      const response = result ? await fidelity.rewritten(request, result.response) : await fidelity.notFound(request);
      await writeResponse(req, res, response);
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
