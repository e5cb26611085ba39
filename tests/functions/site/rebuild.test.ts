import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import deployFailed from '#functions/deploy-failed.ts';
import deploySucceeded from '#functions/deploy-succeeded.ts';
import everyMinute from '#functions/every-minute.ts';
import siteBuilds from '#functions/site-builds.ts';
import { resetEnvCache } from '#server/platform/env.ts';
import {
  buildStatus,
  flushQueuedRebuild,
  noteBuildFailed,
  noteBuildRead,
  requestRebuild,
  rewindBuildTimes,
  UNKNOWN_BUILD_FAILURE,
} from '#server/site/rebuild.ts';
import { readBuildState, writeBuildState } from '#server/repositories/site-builds-store.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

/** A real build hook on this machine: answers with the next status in `answers` (then 200). */
let hookCalls = 0;
let answers: number[] = [];
let hook: Server;
let hookUrl: string;
beforeAll(async () => {
  hook = createServer((_req, res) => {
    hookCalls++;
    res.writeHead(answers.shift() ?? 200).end();
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const { port } = hook.address() as { port: number };
  hookUrl = `http://127.0.0.1:${port}/build_hooks/test-secret`;
});
afterAll(() => {
  hook.close();
});

const useHook = (url: string, cooldownSeconds?: number) => {
  process.env.NETLIFY_BUILD_HOOK_URL = url;
  if (cooldownSeconds === undefined) delete process.env.REBUILD_MIN_INTERVAL_SECONDS;
  else process.env.REBUILD_MIN_INTERVAL_SECONDS = String(cooldownSeconds);
  resetEnvCache();
};
afterEach(() => {
  vi.restoreAllMocks();
  useHook(hookUrl);
});

/** Resets the store's rebuild state, so each case starts from a site that is up to date. */
async function freshState() {
  const { etag } = await readBuildState();
  const empty = { changedAt: null, requestedAt: null, attemptedAt: null, lastFailure: null, builtAt: null };
  expect(await writeBuildState(empty, etag)).toBe(true);
  hookCalls = 0;
  answers = [];
}

/** Netlify's part: a deploy whose build read the data at `at` goes live. */
async function deployGoesLive(deployId: string, at: Date) {
  await noteBuildRead(deployId, at);
  const response = await deploySucceeded(
    new Request('https://example.netlify.app/.netlify/functions/deploy-succeeded'),
    {
      deploy: { id: deployId, context: 'production', published: true },
    },
  );
  expect(response.status).toBe(204);
}

/** Netlify's part: a deploy failed (the event body, as Netlify sends it, says which). */
async function deployFails(deployId: string, errorMessage = 'Build script returned non-zero exit code: 2') {
  const response = await deployFailed(
    new Request('https://example.netlify.app/.netlify/functions/deploy-failed', {
      method: 'POST',
      body: JSON.stringify({ payload: { id: deployId, state: 'error', error_message: errorMessage } }),
    }),
  );
  expect(response.status).toBe(204);
}

const quietly = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('rebuilding the static site after post changes', () => {
  it('calls the build hook at most once per minute, queues the rest, and flushes them later', async () => {
    useHook(hookUrl);
    await freshState();
    const { cookie } = await signedInStaff();
    const status = async () => (await call(siteBuilds, 'GET', '/api/site-builds', { cookie })).json;
    expect(await status()).toEqual({
      lastRequestedAt: null,
      lastBuiltAt: null,
      pending: false,
      lastFailure: null,
      lastBuildFailure: null,
    });

    for (let i = 0; i < 3; i++) {
      const created = await call(blogPosts, 'POST', '/api/blog-posts', {
        body: { title: `Post ${i}`, slug: `rebuild-${i}`, content: 'Body', isPublished: true },
        cookie,
      });
      expect(created.status).toBe(201);
    }
    expect(hookCalls).toBe(1);
    const afterChanges = await status();
    expect(afterChanges.pending).toBe(true);
    expect(Date.parse(afterChanges.lastRequestedAt)).toBeGreaterThan(Date.now() - 10_000);

    // The scheduler runs before the cool-down is over: nothing yet. After it: one more call.
    await flushQueuedRebuild();
    expect(hookCalls).toBe(1);
    await flushQueuedRebuild(Date.now() + 61_000);
    expect(hookCalls).toBe(2);
    await flushQueuedRebuild(Date.now() + 200_000);
    expect(hookCalls).toBe(2);

    // A build that read the data after the last call goes live: nothing is pending any more.
    await deployGoesLive('deploy-after-changes', new Date(Date.now() + 62_000));
    expect((await status()).pending).toBe(false);
  });

  it('keeps a failed hook call queued, shows the failure, and the scheduled flush retries it', async () => {
    useHook(hookUrl, 0); // no cool-down: every flush may call
    await freshState();
    const { cookie } = await signedInStaff();
    const status = async () => (await call(siteBuilds, 'GET', '/api/site-builds', { cookie })).json;
    answers = [500];
    const logged = quietly();

    const created = await call(blogPosts, 'POST', '/api/blog-posts', {
      body: { title: 'Saved while the hook fails', slug: 'hook-fails', content: 'Body', isPublished: true },
      cookie,
    });
    expect(created.status).toBe(201); // the change never fails over the hook
    expect(hookCalls).toBe(1);
    const failed = await status();
    expect(failed).toMatchObject({ pending: true, lastRequestedAt: null });
    expect(failed.lastFailure.reason).toBe('The build hook answered 500');
    expect(Date.parse(failed.lastFailure.at)).toBeGreaterThan(Date.now() - 10_000);
    expect(logged).toHaveBeenCalledWith('[rebuild] the rebuild stays queued: The build hook answered 500');

    // Netlify's scheduler runs the every-minute function: the owed rebuild is asked for again, and lands.
    const flushed = await everyMinute();
    expect(flushed.status).toBe(204);
    expect(hookCalls).toBe(2);
    const retried = await status();
    expect(retried.lastFailure).toBeNull();
    expect(retried.pending).toBe(true); // asked for, not built yet
    expect(Date.parse(retried.lastRequestedAt)).toBeGreaterThanOrEqual(Date.parse(failed.lastFailure.at));

    // Nothing owed: later flushes call nobody.
    await everyMinute();
    expect(hookCalls).toBe(2);
  });

  it('records every one of many rebuild requests made at once (none answers 500)', async () => {
    useHook(hookUrl, 60);
    await freshState();
    const { cookie } = await signedInStaff();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(siteBuilds, 'POST', '/api/site-builds', { cookie })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(202));
    // One hook call for all of them: the rest fall in its cool-down.
    expect(hookCalls).toBe(1);
  });

  it('retries a failed call only after the cool-down, and never names the hook in the failure', async () => {
    useHook('http://127.0.0.1:9/build_hooks/unreachable-secret', 60);
    await freshState();
    const { cookie } = await signedInStaff();
    const logged = quietly();

    const asked = await call(siteBuilds, 'POST', '/api/site-builds', { cookie });
    expect(asked.status).toBe(202);
    expect(asked.json.pending).toBe(true);
    expect(asked.json.lastFailure.reason).toMatch(/^The build hook could not be reached \(\w+\)$/);
    expect(JSON.stringify(asked.json)).not.toContain('unreachable-secret');
    expect(logged).toHaveBeenCalled();

    // The hook is back, but the scheduler waits for the cool-down before calling again.
    useHook(hookUrl, 60);
    await flushQueuedRebuild();
    expect(hookCalls).toBe(0);
    const later = await flushQueuedRebuild(Date.now() + 61_000);
    expect(hookCalls).toBe(1);
    expect(later.lastFailure).toBeNull();
  });

  it('records when the build read the data: a change made after that is still pending', async () => {
    useHook(hookUrl, 0);
    await freshState();
    const { cookie } = await signedInStaff();
    const status = async () => (await call(siteBuilds, 'GET', '/api/site-builds', { cookie })).json;

    const readBeforeChange = new Date();
    await call(blogPosts, 'POST', '/api/blog-posts', {
      body: { title: 'After the read', slug: 'after-the-read', content: 'Body', isPublished: true },
      cookie,
    });
    // A build that started before the change finishes after it: the change is not in it.
    await deployGoesLive('build-before-change', readBeforeChange);
    expect(await status()).toMatchObject({ pending: true, lastBuiltAt: readBeforeChange.toISOString() });

    const readAfterChange = new Date(Date.now() + 1);
    await deployGoesLive('build-after-change', readAfterChange);
    expect(await status()).toMatchObject({ pending: false, lastBuiltAt: readAfterChange.toISOString() });

    // An older deploy announced again does not take the status back.
    await deployGoesLive('build-before-change', readBeforeChange);
    expect((await status()).lastBuiltAt).toBe(readAfterChange.toISOString());
  });

  it('rebuilds after a change again once the e2e server has set its clock back (rewindBuildTimes)', async () => {
    useHook(hookUrl, 0);
    await freshState();
    // A day ahead (the e2e server's clock moved on): a change, its hook call and its build.
    const ahead = Date.parse('2099-01-02T00:00:00Z');
    await requestRebuild(ahead);
    await deployGoesLive('build-ahead', new Date(ahead + 1_000));
    expect(hookCalls).toBe(1);
    expect(await buildStatus()).toMatchObject({ pending: false, lastBuiltAt: '2099-01-02T00:00:01.000Z' });

    // The clock goes back: without the rewind a change now looks older than that build.
    const back = Date.parse('2099-01-01T00:00:00Z');
    await requestRebuild(back);
    expect(hookCalls).toBe(1);

    await rewindBuildTimes(back);
    expect(await buildStatus()).toMatchObject({
      pending: false,
      lastRequestedAt: '2099-01-01T00:00:00.000Z',
      lastBuiltAt: '2099-01-01T00:00:00.000Z',
    });
    await requestRebuild(back + 1_000);
    expect(hookCalls).toBe(2);
    expect((await buildStatus()).pending).toBe(true);
    await deployGoesLive('build-after-rewind', new Date(back + 2_000));
    expect(await buildStatus()).toMatchObject({ pending: false, lastBuiltAt: '2099-01-01T00:00:02.000Z' });
  });

  it('lets no anonymous call to deploy-succeeded mark the site built', async () => {
    useHook(hookUrl, 0);
    await freshState();
    const { cookie } = await signedInStaff();
    await call(siteBuilds, 'POST', '/api/site-builds', { cookie });
    const before = (await call(siteBuilds, 'GET', '/api/site-builds', { cookie })).json;
    expect(before.pending).toBe(true);

    // Anyone can reach the function's URL and send any payload: no build recorded this deploy.
    const forged = await deploySucceeded(
      new Request('https://example.netlify.app/.netlify/functions/deploy-succeeded', {
        method: 'POST',
        body: JSON.stringify({ payload: { id: 'forged', state: 'ready', published_at: new Date().toISOString() } }),
      }),
      { deploy: { id: 'a-deploy-no-build-recorded', context: 'production', published: true } },
    );
    expect(forged.status).toBe(204);
    expect((await call(siteBuilds, 'GET', '/api/site-builds', { cookie })).json).toEqual(before);
  });

  it('lets only one of several instances call the hook for the same change (conditional writes)', async () => {
    useHook(hookUrl, 60);
    await freshState();
    // Separate module instances, as separate function instances would be: no shared memory.
    const instances: ((now?: number) => Promise<{ pending: boolean }>)[] = [];
    for (let i = 0; i < 6; i++) {
      vi.resetModules();
      instances.push((await import('#server/site/rebuild.ts')).requestRebuild);
    }
    expect(new Set(instances).size).toBe(6);
    const answers = await Promise.all(instances.map((requestRebuild) => requestRebuild()));
    expect(hookCalls).toBe(1);
    expect(answers.every((answer) => answer.pending)).toBe(true);
  });
});

describe('a failed build', () => {
  const CSP_FAILURE =
    '[ERROR] [content-security-policy] An unhandled error occurred while running the "astro:build:done" hook: The Content-Security-Policy would block parts of these pages';

  it('shows on the status with the reason its build recorded, until a later build goes live', async () => {
    useHook(hookUrl, 0);
    await freshState();
    const { cookie } = await signedInStaff();
    const status = async () => (await call(siteBuilds, 'GET', '/api/site-builds', { cookie })).json;
    const start = Date.now() - 60_000;
    await deployGoesLive('live-before-failure', new Date(start));
    await call(siteBuilds, 'POST', '/api/site-builds', { cookie });

    // The build records when it read the data, then why it failed; Netlify then sends the event.
    await noteBuildRead('failing-build', new Date(start + 10_000));
    await noteBuildFailed('failing-build', `${CSP_FAILURE}\n  and a second line`, new Date(start + 20_000));
    await deployFails('failing-build');
    const failed = await status();
    expect(failed.lastBuildFailure).toEqual({
      at: new Date(start + 20_000).toISOString(),
      reason: `${CSP_FAILURE} and a second line`,
    });
    expect(failed.pending).toBe(true);

    // The deploy that was live before, announced again, did not fix anything.
    await deployGoesLive('live-before-failure', new Date(start));
    expect((await status()).lastBuildFailure).not.toBeNull();

    // A build that read the data after the failed one goes live: the failure is behind us.
    await deployGoesLive('fixed-build', new Date());
    expect(await status()).toMatchObject({ lastBuildFailure: null, pending: false });

    // A failure reported late, for a build older than the live one, is not shown.
    await deployFails('failing-build');
    expect((await status()).lastBuildFailure).toBeNull();
  });

  it('shows only failures of builds this site recorded, never text from the request', async () => {
    useHook(hookUrl, 0);
    await freshState();
    const { cookie } = await signedInStaff();
    const status = async () => (await call(siteBuilds, 'GET', '/api/site-builds', { cookie })).json;

    // Anyone can reach the function's URL: a deploy no build of this site recorded is ignored.
    await deployFails('forged-deploy', 'Call 1900 000 000 now');
    expect((await status()).lastBuildFailure).toBeNull();

    // A real deploy that failed before its build said why (cancelled, or after the build).
    await noteBuildRead('silent-failure', new Date(Date.now() - 1_000));
    await deployFails('silent-failure', 'Call 1900 000 000 now');
    expect((await status()).lastBuildFailure).toMatchObject({ reason: UNKNOWN_BUILD_FAILURE });
  });

  it('keeps the reason to one short line', async () => {
    await freshState();
    await noteBuildRead('long-failure', new Date(Date.now() - 1_000));
    await noteBuildFailed('long-failure', `Error:\n${'x'.repeat(1000)}`);
    await deployFails('long-failure');
    const { state } = await readBuildState();
    expect(state.lastBuildFailure?.reason).toMatch(/^Error: x+…$/);
    expect(state.lastBuildFailure?.reason.length).toBe(300);
  });
});
