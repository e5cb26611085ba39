/**
 * Revisions of blog posts: every update keeps the version it replaces (the last 20, with
 * who saved it and when), staff list and restore them, a restore is itself an update, and
 * racing saves across processes keep each replaced version exactly once.
 */
import { getStore } from '@netlify/blobs';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVISIONS_KEPT } from '#server/repositories/blog-posts-store.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import blogPosts from '#functions/blog-posts.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { useRacers } from '../racers.ts';

useBlobs();
const racers = useRacers(3, ['blog-posts']);

let counter = 0;
const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Revised post',
  slug: `revised-${++counter}-${Date.now()}`,
  excerpt: 'Short',
  content: 'First version.',
  isPublished: false,
  ...overrides,
});

async function staff() {
  const { cookie, username } = await signedInStaff();
  return {
    username,
    cookie,
    create: async (body: unknown) => (await call(blogPosts, 'POST', '/api/blog-posts', { body, cookie })).json,
    update: (id: string, body: unknown) => call(blogPosts, 'PUT', `/api/blog-posts/${id}`, { body, cookie }),
    revisions: (id: string) => call(blogPosts, 'GET', `/api/blog-posts/${id}/revisions`, { cookie }),
    restore: (id: string, revisionId: string, body: unknown) =>
      call(blogPosts, 'POST', `/api/blog-posts/${id}/revisions/${revisionId}/restore`, { body, cookie }),
    remove: (id: string) => call(blogPosts, 'DELETE', `/api/blog-posts/${id}`, { cookie }),
    current: async (id: string) =>
      ((await call(blogPosts, 'GET', '/api/admin/blog-posts', { cookie })).json as any[]).find((p) => p.id === id),
  };
}
type Staff = Awaited<ReturnType<typeof staff>>;
/** The store as the repository names it, to see what is really kept. */
const revisionKeys = async (id: string) =>
  (await getStore({ name: 'blog-posts', consistency: 'strong' }).list({ prefix: `revisions/${id}/` })).blobs.map(
    (b) => b.key,
  );

let jane: Staff;
let omar: Staff;
beforeAll(async () => {
  jane = await staff();
  omar = await staff();
});

describe('blog post revisions', () => {
  it(`keeps the ${REVISIONS_KEPT} newest replaced versions, newest first, with who saved each and when`, async () => {
    let current = await jane.create(post({ content: 'Version 0' }));
    const saved = [current];
    for (let n = 1; n <= 22; n++) {
      const editor = n % 2 ? omar : jane;
      const answer = await editor.update(
        current.id,
        post({ slug: current.slug, content: `Version ${n}`, version: current.version }),
      );
      expect(answer.status).toBe(200);
      current = answer.json;
      saved.push(current);
    }
    const answer = await jane.revisions(current.id);
    expect(answer.status).toBe(200);
    const revisions = answer.json as any[];
    expect(revisions).toHaveLength(20);
    // Versions 21 down to 2: version 22 is the post itself, 0 and 1 were pruned.
    expect(revisions.map((r) => r.content)).toEqual(Array.from({ length: 20 }, (_, i) => `Version ${21 - i}`));
    for (const revision of revisions) {
      const version = saved.find((s) => s.version === revision.version)!;
      const n = saved.indexOf(version);
      expect(revision).toMatchObject({
        id: expect.any(String),
        postId: current.id,
        number: n + 1,
        at: version.updatedAt,
        by: (n % 2 ? omar : jane).username,
        title: 'Revised post',
        slug: current.slug,
        excerpt: 'Short',
      });
    }
    expect(await revisionKeys(current.id)).toHaveLength(20);
  });

  it('restores a revision as a new update that keeps the replaced version and the publication state', async () => {
    const first = await jane.create(post({ title: 'First title', content: 'First text' }));
    const second = (
      await omar.update(
        first.id,
        post({
          slug: first.slug,
          title: 'Second title',
          content: 'Second text',
          isPublished: true,
          version: first.version,
        }),
      )
    ).json;
    const [revision] = (await jane.revisions(first.id)).json as any[];
    expect(revision).toMatchObject({ version: first.version, title: 'First title', by: jane.username });

    const restored = await jane.restore(first.id, revision.id, { version: second.version });
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({
      id: first.id,
      title: 'First title',
      content: 'First text',
      isPublished: true,
      publishedAt: second.publishedAt,
      updatedBy: jane.username,
    });
    expect(restored.json.version).not.toBe(first.version);
    expect(restored.json.version).not.toBe(second.version);
    expect(await jane.current(first.id)).toMatchObject({ title: 'First title', version: restored.json.version });

    const after = (await jane.revisions(first.id)).json as any[];
    expect(after.map((r) => [r.version, r.title, r.by])).toEqual([
      [second.version, 'Second title', omar.username],
      [first.version, 'First title', jane.username],
    ]);
    // The restore is itself revertible.
    const undone = await omar.restore(first.id, after[0].id, { version: restored.json.version });
    expect(undone.json).toMatchObject({ title: 'Second title', content: 'Second text' });
    expect(await listAudit()).toContainEqual(
      expect.objectContaining({ action: 'blog-posts.restore', by: jane.username, target: first.id }),
    );
  });

  it('refuses a restore over a version saved meanwhile with 409, and changes nothing', async () => {
    const first = await jane.create(post({ content: 'Mine' }));
    const second = (await jane.update(first.id, post({ slug: first.slug, content: 'Theirs', version: first.version })))
      .json;
    const [revision] = (await jane.revisions(first.id)).json as any[];
    const stale = await jane.restore(first.id, revision.id, { version: first.version });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatch(/Someone else saved this post/);
    expect(await jane.current(first.id)).toMatchObject({ content: 'Theirs', version: second.version });
    expect((await jane.revisions(first.id)).json).toHaveLength(1);
  });

  it('answers a restore to a slug another post has taken since like an update would', async () => {
    const first = await jane.create(post());
    const renamed = (await jane.update(first.id, post({ slug: `${first.slug}-renamed`, version: first.version }))).json;
    await jane.create(post({ slug: first.slug }));
    const [revision] = (await jane.revisions(first.id)).json as any[];
    const answer = await jane.restore(first.id, revision.id, { version: renamed.version });
    expect(answer.status).toBe(409);
    expect(answer.json.fieldErrors.slug).toEqual(['This slug is already in use']);
  });

  it('is for staff only, and answers 404 for unknown posts and revisions', async () => {
    const created = await jane.create(post());
    const updated = (await jane.update(created.id, post({ slug: created.slug, version: created.version }))).json;
    const [revision] = (await jane.revisions(created.id)).json as any[];
    const anonymous = await call(blogPosts, 'GET', `/api/blog-posts/${created.id}/revisions`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toEqual(expect.any(String));
    const anonymousRestore = await call(
      blogPosts,
      'POST',
      `/api/blog-posts/${created.id}/revisions/${revision.id}/restore`,
      {
        body: { version: updated.version },
      },
    );
    expect(anonymousRestore.status).toBe(401);
    expect((await jane.revisions('no-such-post')).status).toBe(404);
    expect((await jane.revisions('no-such-post')).json).toEqual({ error: 'That blog post no longer exists' });
    expect((await jane.restore('no-such-post', revision.id, { version: updated.version })).status).toBe(404);
    expect((await jane.restore(created.id, '0000000099-nothing', { version: updated.version })).status).toBe(404);
    expect((await jane.restore(created.id, revision.id, {})).status).toBe(400);
  });

  it('never shows who saved a post to the public', async () => {
    const created = await jane.create(post({ isPublished: true }));
    const article = await call(blogPosts, 'GET', `/api/blog-posts/${created.slug}`);
    expect(article.status).toBe(200);
    expect(article.json).not.toHaveProperty('updatedBy');
    expect(article.text).not.toContain(jane.username);
  });

  it('lists no revision of the current version when a save crashed after keeping it, and keeps it once', async () => {
    const created = await jane.create(post({ content: 'Before the crash' }));
    // What a save leaves when it stops between keeping the version and writing the post.
    const store = getStore({ name: 'blog-posts', consistency: 'strong' });
    const record = await store.get(`posts/${created.id}`, { type: 'json' });
    await store.setJSON(`revisions/${created.id}/0000000000-${created.version}`, record);
    expect((await jane.revisions(created.id)).json).toEqual([]);
    expect(
      (await jane.update(created.id, post({ slug: created.slug, content: 'After', version: created.version }))).status,
    ).toBe(200);
    expect(((await jane.revisions(created.id)).json as any[]).map((r) => r.content)).toEqual(['Before the crash']);
    expect(await revisionKeys(created.id)).toHaveLength(1);
  });

  it('deletes the revisions with their post', async () => {
    const created = await jane.create(post());
    await jane.update(created.id, post({ slug: created.slug, version: created.version }));
    expect(await revisionKeys(created.id)).toHaveLength(1);
    expect((await jane.remove(created.id)).status).toBe(204);
    expect(await revisionKeys(created.id)).toEqual([]);
    expect((await jane.revisions(created.id)).status).toBe(404);
  });
});

describe('blog post revisions across instances', () => {
  const TRIALS = 5;
  const EACH = 3;
  const race = (id: string, make: (racer: number, n: number) => unknown) =>
    racers.race((racer) =>
      Array.from({ length: EACH }, (_, n) => ({
        fn: 'blog-posts',
        method: 'PUT',
        path: `/api/blog-posts/${id}`,
        cookie: jane.cookie,
        body: make(racer, n),
      })),
    );

  it('keeps the replaced version exactly once when many saves of it race, and only one wins', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const original = await jane.create(post({ content: 'Original' }));
      const answers = await race(original.id, (racer, n) =>
        post({ slug: original.slug, content: `Edit ${racer}.${n}`, version: original.version }),
      );
      expect(
        answers.filter((a) => a.status === 200),
        `trial ${trial}`,
      ).toHaveLength(1);
      const revisions = (await jane.revisions(original.id)).json as any[];
      expect(
        revisions.map((r) => [r.version, r.content]),
        `trial ${trial}`,
      ).toEqual([[original.version, 'Original']]);
      expect(await revisionKeys(original.id)).toHaveLength(1);
    }
  });

  it('loses no version and doubles none when saves without a version all go through', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const original = await jane.create(post({ content: 'Original' }));
      const answers = await race(original.id, (racer, n) =>
        post({ slug: original.slug, content: `Edit ${racer}.${n}` }),
      );
      const winners = answers.filter((a) => a.status === 200).map((a) => a.json.version as string);
      expect(winners.length, `trial ${trial}`).toBeGreaterThan(0);
      const current = await jane.current(original.id);
      const kept = ((await jane.revisions(original.id)).json as any[]).map((r) => r.version as string);
      // Every version ever saved is either the post now or one of its revisions, once.
      expect(new Set(kept).size, `trial ${trial}`).toBe(kept.length);
      expect([...kept, current.version].sort(), `trial ${trial}`).toEqual([original.version, ...winners].sort());
    }
  });

  it('leaves no revision behind when saves race a delete of their post', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const original = await jane.create(post());
      const answers = await racers.race((racer) =>
        racer === 0
          ? [{ fn: 'blog-posts', method: 'DELETE', path: `/api/blog-posts/${original.id}`, cookie: jane.cookie }]
          : Array.from({ length: EACH }, (_, n) => ({
              fn: 'blog-posts',
              method: 'PUT',
              path: `/api/blog-posts/${original.id}`,
              cookie: jane.cookie,
              body: post({ slug: original.slug, content: `Edit ${racer}.${n}` }),
            })),
      );
      expect(answers[0]!.status).toBe(204);
      expect(await revisionKeys(original.id), `trial ${trial}`).toEqual([]);
    }
  });
});
