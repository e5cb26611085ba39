/**
 * The local production server (`npm start`, the e2e server) over HTTP: the functions run in
 * this process and are routed by `config.path`; 5xx answers are logged and never leak; the
 * build hook is secret and the server is reachable from this machine only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '#server/http/auth.ts';
import { createStoredEnquiry } from '#server/repositories/enquiries-store.ts';
import { upsertUser } from '#server/repositories/users-store.ts';
import { insertPost } from '#server/repositories/blog-posts-store.ts';
import { readBuildState } from '#server/repositories/site-builds-store.ts';
import { requestRebuild } from '#server/site/rebuild.ts';
import { astroBuild } from '#scripts/lib/astro-build.ts';
import { LOCAL_CLOCK_PATH, startServer, type ServerOptions } from '#scripts/lib/server.ts';
import { TEST_SECRET } from '../harness.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

/** A server over a throwaway Blobs directory, without building dist/ (only functions are tested). */
function useServer(options: Partial<Omit<ServerOptions, 'port' | 'build'>> = {}) {
  const handle: { server: Server; url: string } = {} as never;
  let directory: string;
  beforeAll(async () => {
    process.env.SESSION_SECRET = TEST_SECRET;
    directory = mkdtempSync(path.join(tmpdir(), 'server-test-'));
    process.env.BLOBS_DIR = directory;
    handle.server = await startServer({ port: 0, build: false, ...options });
    handle.url = handle.server.url;
  });
  afterAll(async () => {
    await handle.server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });
  return handle;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const GENERIC_500 = { error: 'Something went wrong on our side. Please try again.' };

describe('the site functions through the server', () => {
  const site = useServer();

  it('answers the API in process, without Netlify-internal headers', async () => {
    const response = await fetch(`${site.url}/api/user`);
    expect(response.status).toBe(401);
    expect(await response.json()).toHaveProperty('error');
    expect([...response.headers.keys()].filter((name) => name.startsWith('x-nf-'))).toEqual([]);
    expect(response.headers.get('content-encoding')).toBeNull(); // too small to be worth compressing
  });

  it('takes 50 concurrent enquiries, every one stored', async () => {
    const enquiry = {
      firstName: 'Busy',
      lastName: 'Day',
      email: 'busy@example.com',
      phone: '0400 000 000',
      serviceType: 'other',
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const response = await fetch(`${site.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.url },
          // Fifty different enquiries: the same one again within minutes is merged as a repeat.
          body: JSON.stringify({ ...enquiry, message: `Enquiry ${n + 1} of a busy day` }),
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(50);
  });

  it('lists a thousand enquiries with small headers that name no internal port', async () => {
    const enquiry = {
      firstName: 'Many',
      lastName: 'Leads',
      email: 'many@example.com',
      phone: '0400 000 000',
      serviceType: 'other',
    };
    // Ten at a time: a hundred at once fought over the status counts' few shards, retrying
    // their conditional writes, and took three times as long. Concurrent enquiries are the
    // test above's; this one is about the list.
    for (let i = 0; i < 1000; i += 10) {
      await Promise.all(Array.from({ length: 10 }, () => createStoredEnquiry(enquiry as never)));
    }
    await upsertUser('server-staff', await hashPassword('a-long-enough-password'));
    const login = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ username: 'server-staff', password: 'a-long-enough-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

    // Node's fetch refuses answers whose headers pass 16 KB (UND_ERR_HEADERS_OVERFLOW).
    const list = await fetch(`${site.url}/api/contact-requests`, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBeGreaterThanOrEqual(1000);
    expect(list.headers.get('x-nf-fetch-timing')).toBeNull();
    expect(list.headers.get('content-encoding')).toBe('gzip'); // as Netlify's CDN sends it
    const headerBytes = [...list.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
    expect(headerBytes).toBeLessThan(1024);
  });

  it('answers a storage failure 503 with the usual { error }, no stack or path, and logs the cause', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const context = process.env.NETLIFY_BLOBS_CONTEXT!;
    // Blobs unreachable: the same context, pointed at a port nothing listens on.
    const unreachable = {
      ...JSON.parse(Buffer.from(context, 'base64').toString()),
      edgeURL: 'http://127.0.0.1:9',
      uncachedEdgeURL: 'http://127.0.0.1:9',
    };
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(unreachable)).toString('base64');
    try {
      const response = await fetch(`${site.url}/api/blog-posts`);
      // Storage out of reach is ours to say so: try again shortly (docs/decisions/044).
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.headers.get('content-type')).toContain('application/json');
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        error: 'Our records cannot be reached at the moment. Please try again in a minute.',
      });
      // No stack frame (`at fn (file:line)`), path or address; the sentence's own "at" is fine.
      expect(text).not.toMatch(/\bat \S+ \(|node_modules|\/work\/|127\.0\.0\.1/);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('GET'), expect.any(Error));
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = context;
    }
  });

  it('has no clock control unless started with a test clock', async () => {
    expect((await fetch(`${site.url}${LOCAL_CLOCK_PATH}/a-token-that-was-never-set`)).status).toBe(404);
    expect(
      (
        await fetch(`${site.url}${LOCAL_CLOCK_PATH}/a-token-that-was-never-set`, {
          method: 'POST',
          body: '{"to":"2030-01-01T00:00:00Z"}',
        })
      ).status,
    ).toBe(404);
  });

  it('refuses the build hook without its secret', async () => {
    const hook = new URL(process.env.NETLIFY_BUILD_HOOK_URL!);
    expect(hook.hostname).toBe('127.0.0.1');
    const secret = hook.pathname.split('/').pop()!;
    expect(secret.length).toBeGreaterThanOrEqual(32);

    expect((await fetch(`${site.url}/.netlify/local/build-hook`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${site.url}/.netlify/local/build-hook/`, { method: 'POST' })).status).toBe(404);
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await fetch(`${site.url}/.netlify/local/build-hook/${wrong}`, { method: 'POST' })).status).toBe(404);
    // The right secret with the wrong method starts nothing either.
    expect((await fetch(`${site.url}/.netlify/local/build-hook/${secret}`)).status).toBe(405);
  });

  it('does not let an anonymous call to deploy-succeeded mark the site built', async () => {
    const staff = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ username: 'server-staff', password: 'a-long-enough-password' }),
    });
    const cookie = (staff.headers.get('set-cookie') ?? '').split(';')[0]!;
    const status = async () => (await fetch(`${site.url}/api/site-builds`, { headers: { cookie } })).json();
    const before = await status();

    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${site.url}/.netlify/functions/deploy-succeeded`, {
        method,
        body: method === 'POST' ? JSON.stringify({ payload: { id: 'forged', state: 'ready' } }) : undefined,
      });
      expect(response.status).toBe(204);
    }
    expect(await status()).toEqual(before);
  });

  it("answers to this machine's names only (no DNS rebinding)", async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        {
          port: site.server.port,
          host: '127.0.0.1',
          path: '/api/contact',
          method: 'POST',
          headers: {
            host: `evil.example:${site.server.port}`,
            origin: `http://evil.example:${site.server.port}`,
            'content-type': 'application/json',
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.once('error', reject);
      outgoing.end('{}');
    });
    expect(status).toBe(403);
    expect((await fetch(`http://127.0.0.1:${site.server.port}/api/user`)).status).toBe(401);
  });

  it(
    'keeps answering while a rebuild replaces the site, and the status follows the build',
    { timeout: 600_000 },
    async () => {
      const login = await fetch(`${site.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify({ username: 'server-staff', password: 'a-long-enough-password' }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const status = async () => (await fetch(`${site.url}/api/site-builds`, { headers: { cookie } })).json();

      // Staff ask; the API calls the server's own (secret) hook, and a real build starts.
      const asked = await fetch(`${site.url}/api/site-builds`, {
        method: 'POST',
        headers: { cookie, origin: site.url },
      });
      expect(asked.status).toBe(202);
      expect((await asked.json()).lastFailure).toBeNull();
      let built = false;
      const idle = site.server.rebuildsIdle().then(() => (built = true));

      // The functions never live in the files a build replaces: no call fails meanwhile.
      const statuses: number[] = [];
      const enquiry = JSON.stringify({
        firstName: 'During',
        lastName: 'Build',
        email: 'during@example.com',
        phone: '0400 000 000',
        serviceType: 'other',
      });
      while (!built) {
        const batch = await Promise.all([
          ...Array.from({ length: 10 }, () =>
            fetch(`${site.url}/api/contact`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: site.url },
              body: enquiry,
            }),
          ),
          ...Array.from({ length: 10 }, () => fetch(`${site.url}/api/blog-posts`)),
        ]);
        for (const response of batch) {
          statuses.push(response.status);
          await response.arrayBuffer();
        }
        // Paced, not back to back: a batch every quarter second still lands in every phase of
        // the build (tens of seconds), without taking the CPU the build itself needs.
        if (!built) await delay(250);
      }
      await idle;
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((code) => code >= 500)).toEqual([]);

      // The new deploy went live with what its build read after the request: up to date.
      const after = await status();
      expect(after).toMatchObject({ pending: false, lastFailure: null });
      expect(after.lastBuiltAt >= after.lastRequestedAt).toBe(true);
    },
  );

  it('listens on this machine only', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (!outside) return; // a machine with no other interface: nothing to reach from outside
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      const socket = connect(site.server.port, outside);
      socket.once('connect', () => {
        socket.destroy();
        resolve(null);
      });
      socket.once('error', resolve);
    });
    expect(error?.code).toBe('ECONNREFUSED');
  });
});

describe('hosting functions as Netlify does', () => {
  const site = useServer({ functionsDir: path.resolve('tests/functions/fixtures/functions'), scheduleEveryMs: 50 });

  it('routes by config.path with params, methods and excluded paths, and sets the client IP', async () => {
    const echo = await fetch(`${site.url}/fixture/echo/a%20b`, {
      headers: { 'x-nf-client-connection-ip': '203.0.113.9' },
    });
    expect(echo.status).toBe(200);
    const answer = await echo.json();
    expect(answer).toMatchObject({
      params: { name: 'a%20b' },
      ip: '127.0.0.1',
      ipHeader: '127.0.0.1',
      sameNetlifyContext: true,
    });
    expect(answer.site.url).toBe(site.url);

    const posted = await fetch(`${site.url}/fixture/echo`, { method: 'POST', body: 'hello' });
    expect((await posted.json()).body).toBe('hello');
    // Not for this function: the excluded path, another method, a scheduled function.
    expect((await fetch(`${site.url}/fixture/echo/hidden`)).status).toBe(404);
    expect((await fetch(`${site.url}/fixture/echo/x`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${site.url}/.netlify/functions/tick`)).status).toBe(404);
    // A function without a path answers at Netlify's default address.
    expect(await (await fetch(`${site.url}/.netlify/functions/plain`)).text()).toBe('plain');
  });

  it('answers a function that throws with { error } only, and logs the cause', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await fetch(`${site.url}/fixture/throws`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(GENERIC_500);
    expect(text).not.toContain('/srv/secret');
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('throws'),
      expect.objectContaining({ message: expect.stringContaining('/srv/secret') }),
    );
  });

  it('keeps waitUntil tasks after the answer and logs their failures', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await fetch(`${site.url}/fixture/later`);
    expect(response.status).toBe(202);
    await expect
      .poll(() =>
        logged.mock.calls.some((args) =>
          args.some((arg) => arg instanceof Error && arg.message === 'the alert could not be sent'),
        ),
      )
      .toBe(true);
  });

  it('runs scheduled functions on the interval and logs a run that fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ticks = globalThis as { fixtureTicks?: number };
    await expect.poll(() => ticks.fixtureTicks ?? 0).toBeGreaterThanOrEqual(3);
    await expect
      .poll(() =>
        logged.mock.calls.some((args) =>
          args.some((arg) => arg instanceof Error && /^tick \d+ failed$/.test(arg.message)),
        ),
      )
      .toBe(true);
  });
});

describe('a local rebuild that fails', () => {
  /** A site address that is no URL stops `astro build` at its configuration, at once. */
  const BROKEN_SITE_URL = 'not a url';
  // While the address is broken the build is a real `astro build` (into a throwaway folder),
  // whose first error line is what staff read. Any other build stands in for one: a whole
  // build cost this file about a minute of a 2-core CI machine and rewrote this checkout's
  // dist/, and the e2e server's rebuilds go live through the real one (admin-blog.spec.ts).
  const site = useServer({
    rebuildSite: async () => {
      if (process.env.SITE_URL !== BROKEN_SITE_URL) return;
      const outDir = mkdtempSync(path.join(tmpdir(), 'broken-build-'));
      try {
        await astroBuild(outDir);
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  });
  afterEach(() => {
    delete process.env.SITE_URL;
    delete process.env.REBUILD_MIN_INTERVAL_SECONDS;
  });

  it(
    'shows on the staff status with its first error line, until a later build goes live',
    { timeout: 240_000 },
    async () => {
      await upsertUser('build-watcher', await hashPassword('a-long-enough-password'));
      const login = await fetch(`${site.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify({ username: 'build-watcher', password: 'a-long-enough-password' }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const status = async () => (await fetch(`${site.url}/api/site-builds`, { headers: { cookie } })).json();
      const rebuild = async () =>
        expect(
          (await fetch(`${site.url}/api/site-builds`, { method: 'POST', headers: { cookie, origin: site.url } }))
            .status,
        ).toBe(202);
      process.env.REBUILD_MIN_INTERVAL_SECONDS = '0';

      process.env.SITE_URL = BROKEN_SITE_URL;
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await rebuild();
      await expect
        .poll(async () => (await status()).lastBuildFailure, { timeout: 120_000 })
        .toMatchObject({
          reason: '[config] Astro found issue(s) with your configuration: ! Invalid URL',
        });
      expect((await status()).pending).toBe(true);

      // Fixed: the next build goes live and the failure is behind us.
      delete process.env.SITE_URL;
      await rebuild();
      await expect.poll(async () => (await status()).lastBuildFailure, { timeout: 60_000 }).toBeNull();
      await site.server.rebuildsIdle();
      expect(await status()).toMatchObject({ pending: false, lastBuildFailure: null });
    },
  );
});

// Last in this file: the site's clock is this process's (each case puts it back all the same).
describe("the e2e server's clock", () => {
  const MINUTE = 60_000;
  const token = 'a-test-clock-token-of-some-length';
  let rebuilds = 0;
  const site = useServer({ testClock: { token }, scheduleEveryMs: 100, rebuildSite: async () => void rebuilds++ });
  const clock = (init?: RequestInit, secret = token) => fetch(`${site.url}${LOCAL_CLOCK_PATH}/${secret}`, init);
  const moveTo = (instant: number) =>
    clock({ method: 'POST', body: JSON.stringify({ to: new Date(instant).toISOString() }) });
  const readNow = async (response: Response) => Date.parse(((await response.json()) as { now: string }).now);
  const publicSlugs = async () =>
    ((await (await fetch(`${site.url}/api/blog-posts?published=true`)).json()) as { slug: string }[]).map(
      (post) => post.slug,
    );
  afterEach(async () => {
    expect((await clock({ method: 'DELETE' })).status).toBe(200);
  });

  it('answers only with its token', async () => {
    expect((await clock(undefined, `${token.slice(0, -1)}X`)).status).toBe(404);
    expect((await clock({ method: 'POST', body: '{}' })).status).toBe(400);
    expect((await clock({ method: 'PUT' })).status).toBe(405);
  });

  it('sets the functions forward and back: a post due tomorrow is public, the scheduled function asks for its rebuild, and back at the real time the next change is rebuilt', async () => {
    const start = await readNow(await clock());
    const dueAt = start + 24 * 60 * MINUTE;
    const saved = new Date(start).toISOString();
    await insertPost({
      id: 'clock-post',
      title: 'Tomorrow',
      slug: 'clock-post',
      content: 'Later.',
      isPublished: true,
      publishedAt: new Date(dueAt).toISOString(),
      createdAt: saved,
      updatedAt: saved,
      version: 'v1',
      updatedBy: 'clock test',
      sequence: 0,
    });
    expect(await publicSlugs()).not.toContain('clock-post');
    // The scheduler has been running all along: nothing was due.
    expect(rebuilds).toBe(0);

    const moved = await moveTo(dueAt + MINUTE);
    expect(moved.status).toBe(200);
    expect(await readNow(moved)).toBeGreaterThanOrEqual(dueAt + MINUTE);
    expect(await publicSlugs()).toContain('clock-post');
    // scheduled-posts (every five scheduler minutes, here half a second) calls the build hook.
    await expect.poll(() => rebuilds, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    // Back to the real time: the post is scheduled again, and no time in the rebuild state is
    // ahead of the clock, so the next change is newer than the last build and gets one.
    const back = await readNow(await clock({ method: 'DELETE' }));
    expect(Math.abs(back - Date.now())).toBeLessThan(MINUTE);
    expect(await publicSlugs()).not.toContain('clock-post');
    const { state } = await readBuildState();
    const latest = new Date(Date.now()).toISOString();
    for (const at of [state.changedAt, state.requestedAt, state.attemptedAt, state.builtAt]) {
      expect(at === null || at <= latest, `${at} is ahead of ${latest}`).toBe(true);
    }
    const before = rebuilds;
    process.env.REBUILD_MIN_INTERVAL_SECONDS = '0';
    try {
      await requestRebuild();
      await expect.poll(() => rebuilds, { timeout: 10_000 }).toBeGreaterThan(before);
    } finally {
      delete process.env.REBUILD_MIN_INTERVAL_SECONDS;
    }

    // Earlier than the real time works too, and the clock runs on from there.
    const lastWeek = Date.now() - 7 * 24 * 60 * MINUTE;
    expect(await readNow(await moveTo(lastWeek))).toBeGreaterThanOrEqual(lastWeek);
    expect(await readNow(await moveTo(lastWeek))).toBeLessThan(lastWeek + MINUTE);
  });
});
