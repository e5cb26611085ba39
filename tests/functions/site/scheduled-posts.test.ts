import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import scheduledPosts from '#functions/scheduled-posts.ts';
import { resetEnvCache } from '#server/platform/env.ts';
import { insertPost, listPublishedPosts } from '#server/repositories/blog-posts-store.ts';
import { readBuildState, writeBuildState } from '#server/repositories/site-builds-store.ts';
import { toSydneyIso } from '#src/shared/sydney-time.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { useRacers } from '../racers.ts';

useBlobs();

/**
 * A real build hook on this machine that counts its calls; set before the racer starts.
 * While `held` is set, it keeps its first answer back until the test releases it.
 */
let hookCalls = 0;
let held: { release?: () => void } | null = null;
let hook: Server;
beforeAll(async () => {
  hook = createServer((_req, res) => {
    hookCalls++;
    const answer = () => res.writeHead(200).end();
    if (held && !held.release) held.release = answer;
    else answer();
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as { port: number }).port}/build_hooks/test`;
  process.env.REBUILD_MIN_INTERVAL_SECONDS = '0';
  resetEnvCache();
});
afterAll(() => {
  hook.close();
});

/** A separate process with its own copy of the scheduled function: a second instance. */
const racers = useRacers(1, ['scheduled-posts']);

const MINUTE = 60_000;
let counter = 0;
const slug = () => `scheduled-${++counter}-${Date.now()}`;

describe('scheduled posts', () => {
  it('keeps a scheduled post out of the public API and the build until it is due', async () => {
    const { cookie } = await signedInStaff();
    const dueAt = Date.now() + 60 * MINUTE;
    // What the editor's datetime-local field sends: Sydney wall-clock time.
    const publishedAt = toSydneyIso(dueAt).slice(0, 16);
    const created = await call(blogPosts, 'POST', '/api/blog-posts', {
      body: { title: 'Coming soon', slug: slug(), content: 'Later.', isPublished: true, publishedAt },
      cookie,
    });
    expect(created.status).toBe(201);
    expect(created.json.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+1[01]:00$/);
    const { id, slug: postSlug } = created.json;

    const publicIds = ((await call(blogPosts, 'GET', '/api/blog-posts?published=true')).json as { id: string }[]).map(
      (post) => post.id,
    );
    expect(publicIds).not.toContain(id);
    expect((await call(blogPosts, 'GET', `/api/blog-posts/${postSlug}`)).status).toBe(404);
    // Staff still see it.
    const staffIds = ((await call(blogPosts, 'GET', '/api/admin/blog-posts', { cookie })).json as { id: string }[]).map(
      (post) => post.id,
    );
    expect(staffIds).toContain(id);

    // The build's list, read before and once the time has come.
    expect((await listPublishedPosts()).map((post) => post.id)).not.toContain(id);
    expect((await listPublishedPosts(dueAt + MINUTE)).map((post) => post.id)).toContain(id);
  });

  it('asks for exactly one rebuild when a scheduled post comes due, across runs and instances', async () => {
    const now = Date.now();
    // The site was last rebuilt five minutes ago; nothing is owed.
    const { etag } = await readBuildState();
    const earlier = new Date(now - 5 * MINUTE).toISOString();
    const state = {
      changedAt: earlier,
      requestedAt: earlier,
      attemptedAt: earlier,
      lastFailure: null,
      builtAt: earlier,
    };
    expect(await writeBuildState(state, etag)).toBe(true);

    // Saved ten minutes ago for a time still to come: nothing to do yet.
    const saved = new Date(now - 10 * MINUTE).toISOString();
    const base = {
      title: 'Scheduled',
      content: 'Body',
      isPublished: true,
      createdAt: saved,
      updatedAt: saved,
      version: 'v1',
      updatedBy: 'test',
      sequence: 0,
    };
    expect(
      await insertPost({ ...base, id: `later-${now}`, slug: slug(), publishedAt: toSydneyIso(now + 60 * MINUTE) }),
    ).toBe(true);
    hookCalls = 0;
    expect((await call(scheduledPosts, 'POST', '/.netlify/functions/scheduled-posts')).status).toBe(204);
    expect(hookCalls).toBe(0);

    // Saved ten minutes ago for a minute ago: it has come due by the clock alone.
    expect(await insertPost({ ...base, id: `due-${now}`, slug: slug(), publishedAt: toSydneyIso(now - MINUTE) })).toBe(
      true,
    );
    // The other instance calls the hook, which keeps its answer back meanwhile...
    held = {};
    const other = racers.race(() => [
      { fn: 'scheduled-posts', method: 'POST', path: '/.netlify/functions/scheduled-posts' },
    ]);
    await vi.waitFor(() => expect(held?.release).toBeDefined(), { timeout: 30_000 });
    // ...so this instance runs while that call is in flight, and twice: it calls nothing.
    for (let run = 0; run < 2; run++) {
      expect((await call(scheduledPosts, 'POST', '/.netlify/functions/scheduled-posts')).status).toBe(204);
    }
    held.release!();
    expect((await other).map((run) => run.status)).toEqual([204]);
    held = null;
    expect(hookCalls).toBe(1);

    // Every later run finds the rebuild already requested.
    await call(scheduledPosts, 'POST', '/.netlify/functions/scheduled-posts');
    expect(hookCalls).toBe(1);
    expect((await readBuildState()).state.requestedAt! > new Date(now - MINUTE).toISOString()).toBe(true);
  });

  it('asks for nothing when a live build already read the data after the post came due', async () => {
    const now = Date.now();
    const { etag } = await readBuildState();
    const afterDue = new Date(now - 30_000).toISOString();
    const earlier = new Date(now - 5 * MINUTE).toISOString();
    // A deploy (say, a code change) read the data after the due time, without our hook.
    const state = {
      changedAt: earlier,
      requestedAt: earlier,
      attemptedAt: earlier,
      lastFailure: null,
      builtAt: afterDue,
    };
    expect(await writeBuildState(state, etag)).toBe(true);
    hookCalls = 0;
    const saved = new Date(now - 10 * MINUTE).toISOString();
    expect(
      await insertPost({
        title: 'Due',
        content: 'Body',
        isPublished: true,
        createdAt: saved,
        updatedAt: saved,
        version: 'v1',
        updatedBy: 'test',
        sequence: 0,
        id: `built-${now}`,
        slug: slug(),
        publishedAt: toSydneyIso(now - MINUTE),
      }),
    ).toBe(true);
    await call(scheduledPosts, 'POST', '/.netlify/functions/scheduled-posts');
    expect(hookCalls).toBe(0);
  });
});
