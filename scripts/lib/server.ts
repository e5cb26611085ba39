/**
 * The local production server: the built site with netlify.toml's redirects and headers
 * (Netlify's own emulation, @netlify/dev), the functions in this process (functions-host.ts:
 * imported once, routed by `config.path`), over local Blobs. It also plays Netlify's part
 * for rebuilds: a secret build hook that rebuilds dist/ and announces the new deploy
 * (`deploy-succeeded`), and the scheduler that runs the scheduled functions.
 * It listens on this machine only (127.0.0.1).
 * Node's http is turned into web Requests and back in node-http-bridge.ts.
 */
import { NetlifyDev } from '@netlify/dev';
import { HeadersHandler } from '@netlify/headers';
import { ImageHandler } from '@netlify/images';
import { RedirectsHandler } from '@netlify/redirects';
import { StaticHandler } from '@netlify/static';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { cp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { resetEnvCache } from '#server/platform/env.ts';
import { noteBuildFailed, noteBuildRead, rewindBuildTimes } from '#server/site/rebuild.ts';
import { now as clockNow, resetClock, setClockTo } from '#src/shared/clock.ts';
import { seedIfEmpty } from '../seed.ts';
import { DEV_MAIL_PATH, devInboxResponse } from './dev-mail.ts';
import { astroBuild, AstroBuildError, moveBuildIn, rebuildInPlace } from './astro-build.ts';
import { createFunctionsHost, loadFunctions } from './functions-host.ts';
import { startScheduler } from './scheduler.ts';
import { forgetAllKept, startLocalBlobs } from './local-blobs.ts';
import { ensureLocalCddKey, ensureLocalSessionSecret } from './local-secret.ts';
import { bodyStream, json, toWebRequest, writeResponse } from './node-http-bridge.ts';

/** The local build hook lives under this path, followed by a secret made per server start. */
export const LOCAL_BUILD_HOOK_PATH = '/.netlify/local/build-hook';
/** The e2e server's clock control lives under this path, followed by its token (`testClock`). */
export const LOCAL_CLOCK_PATH = '/.netlify/local/clock';
/** The e2e server's control that puts back the seeded site, followed by its token (`testSeededSite`). */
export const LOCAL_SEEDED_SITE_PATH = '/.netlify/local/seeded-site';

export interface ServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Runs before the first build, with the Blobs environment in place. */
  prepare?: () => Promise<void>;
  /**
   * How long a minute of the scheduler's clock lasts (60,000: real time). Each function
   * still runs as its cron says in that clock: the e2e server's 1,000 runs every-minute
   * jobs every second and hourly ones every minute (scripts/lib/scheduler.ts).
   */
  scheduleEveryMs?: number;
  /** Build dist/ at start (default); false serves the dist/ there is (API benchmarks, tests). */
  build?: boolean;
  /** Where the functions are (default netlify/functions). */
  functionsDir?: string;
  /** The site's folder, with netlify.toml and dist/ (default: the working directory). */
  projectDir?: string;
  /**
   * How the build hook rebuilds dist/ (default: `astro build` into a fresh folder beside it,
   * swapped in). The signal aborts it (`testSeededSite` throws a rebuild away).
   */
  rebuildSite?: (signal?: AbortSignal) => Promise<void>;
  /** Apply the functions' `config.rateLimit` (default: LOCAL_RATE_LIMITS=1; off for load checks). */
  rateLimits?: boolean;
  /** The clock of the rate-limit windows. */
  now?: () => number;
  /**
   * The e2e server only: a control at LOCAL_CLOCK_PATH/{token} that sets the site's clock
   * (src/shared/clock.ts), so a test lets a scheduled post come due without waiting.
   * GET answers `{ now }`; POST `{ to }` (an ISO instant) sets the clock to it, later or
   * earlier, for the functions at once and for every build started after; DELETE puts it
   * back to the real time (every test that moves it does, when it is done). Without a token
   * there is no such address; `npm start` never sets one, and Netlify runs none of this file.
   */
  testClock?: { token: string };
  /**
   * The e2e server only: a control at LOCAL_SEEDED_SITE_PATH/{token} whose POST puts back the
   * store and the built site (dist/) as they were after seeding and the first build, and
   * answers once they are. A test that changed the public site (and saw it rebuilt) puts it
   * back this way in its `finally`, instead of a second real rebuild that would prove nothing
   * the first did not. Needs `build` (the first build is what is put back). As with
   * `testClock`: without a token there is no such address, and Netlify runs none of this file.
   */
  testSeededSite?: { token: string };
  /**
   * The local inbox's folder (scripts/lib/dev-mail.ts): the server shows its messages at
   * DEV_MAIL_PATH. Only `npm start` and the e2e server set it; the deployed site has no such page.
   */
  devMail?: { directory: string };
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
  const redirects = new RedirectsHandler({
    configPath,
    configRedirects: [],
    jwtRoleClaim: '',
    jwtSecret: '',
    projectDir,
    publicDir: publishDir,
  });
  const files = new StaticHandler({ directory: publishDir });
  const headers = new HeadersHandler({ configPath, projectDir, publishDir: 'dist', logger: console });

  const withPathHeaders = async (request: Request, response: Response, status = response.status) => {
    const fixed = new Response(response.body, { status, headers: new Headers(response.headers) });
    await headers.apply(request, fixed);
    return fixed;
  };
  return {
    /**
     * The headers of the request's path, read from netlify.toml and dist/_headers at each
     * request, so a rebuild's new _headers (its CSP hashes) apply at once. @netlify/dev's own
     * handler is off: it keeps the _headers it read at start ahead of the file's new rules.
     */
    withHeaders: (request: Request, response: Response) => withPathHeaders(request, response),
    async rewritten(request: Request, response: Response): Promise<Response> {
      const rule = await redirects.match(request);
      const shadowed = await files.match(request);
      const status = rule && !rule.redirect && rule.statusCode && !shadowed ? rule.statusCode : response.status;
      return withPathHeaders(request, response, status);
    },
    /** A file in dist/ at the request's path (for functions with `preferStatic`). */
    async hasFile(request: Request): Promise<boolean> {
      return Boolean(await files.match(request));
    },
    /**
     * Netlify's CDN answers `/blog` with a 301 to `/blog/` when `blog/index.html` exists (not
     * configurable), so each page has one address; @netlify/dev serves both with 200.
     */
    async slashRedirect(url: URL): Promise<Response | null> {
      if (url.pathname.endsWith('/')) return null;
      let file: string;
      try {
        file = path.join(publishDir, decodeURIComponent(url.pathname), 'index.html');
      } catch {
        return null; // a malformed escape: not a page
      }
      if (!file.startsWith(publishDir + path.sep)) return null;
      if (
        !(await stat(file).then(
          (found) => found.isFile(),
          () => false,
        ))
      )
        return null;
      const moved = new Response(null, { status: 301, headers: { location: `${url.pathname}/${url.search}` } });
      return withPathHeaders(new Request(url), moved);
    },
    async notFound(request: Request): Promise<Response> {
      const page = await readFile(path.join(publishDir, '404.html')).catch(() => 'Not found');
      const response = new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      return withPathHeaders(request, response, 404);
    },
  };
}

/**
 * Rebuilds one at a time; a request during a build schedules exactly one more. `cancel`
 * aborts the build under way and drops the one scheduled (the e2e server, putting back its
 * seeded site, throws away builds of changes it is about to undo).
 */
function rebuilder(deploy: (signal: AbortSignal) => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  let current: AbortController | null = null;
  const run = async (): Promise<void> => {
    do {
      again = false;
      current = new AbortController();
      const { signal } = current;
      const started = performance.now(); // a duration: the real time, whatever the site's clock says
      try {
        await deploy(signal);
        console.log(`[rebuild] site rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        if (signal.aborted) console.log('[rebuild] cancelled');
        else console.error('[rebuild] failed:', error);
      }
    } while (again);
    current = null;
    running = null;
  };
  return {
    request() {
      if (running) again = true;
      else running = run();
    },
    idle: () => running ?? Promise.resolve(),
    /** Aborts the build under way and the one scheduled; resolves when none runs. */
    cancel() {
      again = false;
      current?.abort();
      return running ?? Promise.resolve();
    },
  };
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function startServer({
  port,
  prepare,
  scheduleEveryMs = 60_000,
  build = true,
  functionsDir = path.resolve('netlify', 'functions'),
  projectDir = process.cwd(),
  rebuildSite = (signal) => rebuildInPlace(path.join(projectDir, 'dist'), signal),
  rateLimits = process.env.LOCAL_RATE_LIMITS === '1',
  now,
  testClock,
  testSeededSite,
  devMail,
}: ServerOptions) {
  if (testClock && testClock.token.length < 16)
    throw new Error('The test clock needs a token of 16 characters or more');
  if (testSeededSite && (testSeededSite.token.length < 16 || !build))
    throw new Error('Putting back the seeded site needs a token of 16 characters or more, and the first build');
  // One request must never end the server: an error thrown outside any request's promise
  // (a library's stream callback) is logged with its cause, and the server goes on.
  const onUncaught = (error: unknown) => console.error('[server] uncaught error; the server goes on:', error);
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
  ensureLocalSessionSecret();
  ensureLocalCddKey();
  const blobs = await startLocalBlobs();
  const seeded = await seedIfEmpty();
  if (seeded.length) console.log(`Seeded demo ${seeded.join(', ')}.`);
  await prepare?.();

  let siteUrl = `http://localhost:${port}`;
  let liveDeploy = 'local-unbuilt';
  const host = createFunctionsHost({
    functions: await loadFunctions(functionsDir),
    siteUrl: () => siteUrl,
    deployId: () => liveDeploy,
    rateLimits,
    now,
  });
  host.installNetlifyGlobal();
  // A local deploy, as on Netlify: the build records when it read the data, and the new
  // deploy's deploy-succeeded makes that the status staff see.
  // A failed build records why and plays deploy-failed, so staff see it on the Blog Posts tab.
  const deploy = async (buildSite: () => Promise<void>, signal?: AbortSignal) => {
    const id = `local-${clockNow().toString(36)}-${randomBytes(3).toString('hex')}`;
    await noteBuildRead(id);
    try {
      await buildSite();
    } catch (error) {
      // Thrown away on purpose (`testSeededSite`): no failure to record, the store is put back.
      if (signal?.aborted) throw error;
      const reason =
        error instanceof AstroBuildError ? error.reason : error instanceof Error ? error.message : String(error);
      await noteBuildFailed(id, reason);
      await host.triggerEvent('deploy-failed', { id, context: 'dev', state: 'error', error_message: reason });
      throw error;
    }
    liveDeploy = id;
    await host.triggerEvent('deploy-succeeded', { id, context: 'dev', state: 'ready' });
  };
  if (build) await deploy(() => astroBuild(path.join(projectDir, 'dist')));
  // The seeded site, as the first build left it (its deploy-succeeded included), kept to be
  // put back (`testSeededSite`): the store's files and dist/, beside the site's folder.
  const seededDeploy = liveDeploy;
  const seededDir = path.join(projectDir, 'seeded');
  if (testSeededSite) {
    await host.settle();
    await cp(blobs.directory, path.join(seededDir, 'blobs'), { recursive: true });
    await cp(path.join(projectDir, 'dist'), path.join(seededDir, 'dist'), { recursive: true });
  }

  const netlify = new NetlifyDev({
    projectRoot: projectDir,
    aiGateway: { enabled: false },
    blobs: { enabled: false }, // ours, started above, so tests can point it elsewhere
    database: { enabled: false },
    edgeFunctions: { enabled: false }, // would download Deno
    environmentVariables: { enabled: false },
    // Ours, in this process: @netlify/dev bundles each function and runs every call in a
    // fresh worker (about a second a call, and 500s while a rebuild rebundles).
    functions: { enabled: false },
    geolocation: { enabled: false },
    headers: { enabled: false }, // ours (fidelity.withHeaders), read afresh after each build
    images: { enabled: false },
    serverAddress: null,
  });
  await netlify.start();
  host.installNetlifyGlobal(); // again: @netlify/dev replaced it with one that knows no request
  const fidelity = netlifyFidelity(projectDir);
  // Netlify Image CDN (`/.netlify/images`), with the handler Netlify's own local tools use
  // (@netlify/dev's, which needs a server address of its own): it reads the source image,
  // an uploaded `/media/{key}`, from this server.
  const images = new ImageHandler({ logger: console, imagesConfig: { remote_images: [] } });
  let origin = `http://127.0.0.1:${port}`;

  const hookSecret = randomBytes(24).toString('base64url');
  const rebuilds = rebuilder((signal) => deploy(() => rebuildSite(signal), signal));
  let stopScheduler: () => Promise<void> = async () => {};

  /**
   * Puts back the seeded store and dist/. Nothing may write meanwhile: the scheduler stops,
   * a rebuild under way is aborted (it built a change this undoes) with the one it may have
   * queued, and the functions' late work settles first; the scheduler starts again after. dist/ is moved in file by file, as
   * a rebuild is, so a page requested meanwhile is never missing.
   */
  async function putBackSeededSite(): Promise<void> {
    await stopScheduler();
    try {
      // The functions' late work first: it may still ask for a rebuild, which is then aborted too.
      await host.settle();
      await rebuilds.cancel();
      await rm(blobs.directory, { recursive: true, force: true });
      await cp(path.join(seededDir, 'blobs'), blobs.directory, { recursive: true });
      forgetAllKept();
      const dist = path.join(projectDir, 'dist');
      await rm(`${dist}.next`, { recursive: true, force: true });
      await cp(path.join(seededDir, 'dist'), `${dist}.next`, { recursive: true });
      await moveBuildIn(`${dist}.next`, dist);
      liveDeploy = seededDeploy;
      console.log('[seeded-site] the store and dist/ are as seeded again');
    } finally {
      stopScheduler = startScheduler(host, scheduleEveryMs);
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host ?? `localhost:${port}`}`);
    } catch {
      return writeResponse(req, res, json(400, { error: 'Bad request' }));
    }
    // A page on another site can point its own name at 127.0.0.1 (DNS rebinding) and so
    // pass the Origin check; this server answers to this machine's names only.
    if (!LOCAL_NAMES.has(url.hostname)) {
      return writeResponse(req, res, json(403, { error: 'This server answers on localhost only' }));
    }
    // A path that does not decode (`/%`) names nothing: a bad request, not our failure.
    let decodedPath: string;
    try {
      decodedPath = decodeURIComponent(url.pathname);
    } catch {
      return writeResponse(req, res, json(400, { error: 'Bad request' }));
    }
    // Netlify reads these files as configuration and never serves them.
    if (/^\/_(headers|redirects)\/?$/i.test(decodedPath)) {
      return writeResponse(req, res, await fidelity.notFound(new Request(url)));
    }
    if (devMail && (decodedPath === DEV_MAIL_PATH || decodedPath === `${DEV_MAIL_PATH}/`)) {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return writeResponse(req, res, json(405, { error: 'Use GET' }, { allow: 'GET, HEAD' }));
      return writeResponse(req, res, await devInboxResponse(devMail.directory));
    }
    if (url.pathname === LOCAL_BUILD_HOOK_PATH || url.pathname.startsWith(`${LOCAL_BUILD_HOOK_PATH}/`)) {
      // Like a Netlify build hook: its secret is its address; anything else is not a hook.
      const secret = url.pathname.slice(LOCAL_BUILD_HOOK_PATH.length + 1);
      if (!sameSecret(secret, hookSecret)) return writeResponse(req, res, json(404, { error: 'Not found' }));
      if (req.method !== 'POST') return writeResponse(req, res, json(405, { error: 'Use POST' }, { allow: 'POST' }));
      rebuilds.request();
      return writeResponse(req, res, json(200, {}));
    }
    if (testClock && url.pathname.startsWith(`${LOCAL_CLOCK_PATH}/`)) {
      const token = url.pathname.slice(LOCAL_CLOCK_PATH.length + 1);
      if (!sameSecret(token, testClock.token)) return writeResponse(req, res, json(404, { error: 'Not found' }));
      if (req.method === 'POST' || req.method === 'DELETE') {
        let to = Number.NaN;
        if (req.method === 'POST') {
          const body = (await new Response(bodyStream(req)).json().catch(() => null)) as { to?: unknown } | null;
          to = typeof body?.to === 'string' ? Date.parse(body.to) : Number.NaN;
          if (Number.isNaN(to)) return writeResponse(req, res, json(400, { error: 'Send { "to": an ISO instant }' }));
        }
        const before = clockNow();
        const after = req.method === 'POST' ? setClockTo(to) : resetClock();
        console.log(`[clock] the site's clock is now ${new Date(after).toISOString()}`);
        if (after < before) {
          // Back in time: a build started while the clock was ahead goes live first, then the
          // rebuild state forgets the times ahead of the clock, or no later change would
          // look newer than the last build and none would be rebuilt.
          await rebuilds.idle();
          await rewindBuildTimes(clockNow());
        }
      } else if (req.method !== 'GET') {
        return writeResponse(req, res, json(405, { error: 'Use GET, POST or DELETE' }, { allow: 'GET, POST, DELETE' }));
      }
      return writeResponse(req, res, json(200, { now: new Date(clockNow()).toISOString() }));
    }

    if (testSeededSite && url.pathname.startsWith(`${LOCAL_SEEDED_SITE_PATH}/`)) {
      const token = url.pathname.slice(LOCAL_SEEDED_SITE_PATH.length + 1);
      if (!sameSecret(token, testSeededSite.token)) return writeResponse(req, res, json(404, { error: 'Not found' }));
      if (req.method !== 'POST') return writeResponse(req, res, json(405, { error: 'Use POST' }, { allow: 'POST' }));
      await putBackSeededSite();
      return writeResponse(req, res, json(200, {}));
    }

    const image = images.match(new Request(url, { method: req.method }));
    if (image) return writeResponse(req, res, await image.handle(origin));

    const matched = host.match(req.method ?? 'GET', url.pathname);
    if (matched && !(matched.preferStatic && (await fidelity.hasFile(new Request(url))))) {
      const ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
      const admitted = host.admit(matched, req.method ?? 'GET', { ip, domain: url.hostname });
      if (admitted instanceof Response) return writeResponse(req, res, admitted);
      // A rate limit's rewrite calls its target as if the request had been made there.
      const request = toWebRequest(req, admitted.rewrittenTo ? new URL(admitted.rewrittenTo, url) : url, ip);
      return writeResponse(req, res, await host.invoke(admitted.fn, request, { params: admitted.params, ip }));
    }

    const slash = req.method === 'GET' || req.method === 'HEAD' ? await fidelity.slashRedirect(url) : null;
    if (slash) return writeResponse(req, res, slash);
    const result = await netlify.handleAndIntrospectNodeRequest(req);
    const request = new Request(url, { method: req.method });
    if (result && result.type !== 'redirect')
      return writeResponse(req, res, await fidelity.withHeaders(request, result.response));
    const response = result ? await fidelity.rewritten(request, result.response) : await fidelity.notFound(request);
    await writeResponse(req, res, response);
  }

  // Every failure is answered inside serve(), so the listener hands its promise to `void`.
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      await answer(req, res);
    } catch (error) {
      console.error('[server]', req.method, req.url, 'failed:', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: 'Something went wrong on our side. Please try again.' }));
    }
  };
  const server = createServer((req, res) => void serve(req, res));
  // This machine only: the server has a build hook and staff data.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actualPort = (server.address() as { port: number }).port;
  siteUrl = `http://localhost:${actualPort}`;
  origin = `http://127.0.0.1:${actualPort}`;
  // A message a job sends with no request to go by links here, not to the default port (link-origin.ts).
  process.env.LOCAL_SITE_ORIGIN = siteUrl;
  // The functions ask for rebuilds through this hook, and only they know its secret.
  process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${actualPort}${LOCAL_BUILD_HOOK_PATH}/${hookSecret}`;
  resetEnvCache();
  stopScheduler = startScheduler(host, scheduleEveryMs);

  return {
    url: siteUrl,
    port: actualPort,
    /** Resolves when no rebuild is running. */
    rebuildsIdle: () => rebuilds.idle(),
    async stop() {
      await stopScheduler();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await host.settle();
      await rebuilds.idle();
      await netlify.stop();
      await blobs.stop();
      if (process.env.LOCAL_SITE_ORIGIN === siteUrl) delete process.env.LOCAL_SITE_ORIGIN;
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onUncaught);
    },
  };
}
