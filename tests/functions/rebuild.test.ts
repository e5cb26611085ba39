import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import blogPosts from '../../netlify/functions/blog-posts.ts';
import siteBuilds from '../../netlify/functions/site-builds.ts';
import { resetEnvCache } from '../../netlify/functions/_shared/env.ts';
import { flushQueuedRebuild, markBuilt } from '../../netlify/functions/_shared/rebuild.ts';
import { call, signedInStaff, useBlobs } from './harness.ts';

useBlobs();

let hookCalls = 0;
let hook: Server;
beforeAll(async () => {
  hook = createServer((_req, res) => {
    hookCalls++;
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => hook.listen(0, resolve));
  const { port } = hook.address() as { port: number };
  process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${port}/build_hooks/test`;
  resetEnvCache();
});
afterAll(() => {
  hook.close();
});

describe('rebuilding the static site after post changes', () => {
  it('calls the build hook at most once per minute, queues the rest, and flushes them later', async () => {
    const { cookie } = await signedInStaff();
    const status = async () => (await call(siteBuilds, 'GET', '/api/site-builds', { cookie })).json;
    expect(await status()).toEqual({ lastRequestedAt: null, lastBuiltAt: null, pending: false });

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

    // The deploy goes live: nothing is pending any more.
    await markBuilt(new Date(Date.now() + 62_000));
    expect((await status()).pending).toBe(false);
  });

  it("answers 202 to staff asking for a rebuild, and never fails a post change over the hook", async () => {
    const { cookie } = await signedInStaff();
    const asked = await call(siteBuilds, 'POST', '/api/site-builds', { cookie });
    expect(asked.status).toBe(202);
    expect(asked.json).toMatchObject({ pending: true });

    // No cool-down, so the change really calls the (unreachable) hook.
    process.env.NETLIFY_BUILD_HOOK_URL = 'http://127.0.0.1:9/unreachable';
    process.env.REBUILD_MIN_INTERVAL_SECONDS = '0';
    resetEnvCache();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const created = await call(blogPosts, 'POST', '/api/blog-posts', {
        body: { title: 'Still saved', slug: 'saved-despite-hook', content: 'Body' },
        cookie,
      });
      expect(created.status).toBe(201);
      expect(logged).toHaveBeenCalledWith('[rebuild] could not request a rebuild:', expect.any(Error));
    } finally {
      logged.mockRestore();
      delete process.env.REBUILD_MIN_INTERVAL_SECONDS;
    }
  });
});
