/**
 * Races between separate processes over one Blobs server, as between function instances
 * on Netlify: nothing in process can serialise them, only the conditional writes
 * (`onlyIfNew`, `onlyIfMatch`) decide. Each race is run over several trials.
 */
import { getStore } from '@netlify/blobs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS } from '#server/repositories/blog-posts-store.ts';
import { attemptsSince } from '#server/repositories/login-attempts-store.ts';
import { insertTestimonial } from '#server/repositories/testimonials-store.ts';
import blogPosts from '#functions/blog-posts.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { useRacers } from '../racers.ts';

useBlobs();
const racers = useRacers(4, ['blog-posts', 'testimonials', 'contact', 'enquiries']);
/** Requests each racer process sends at once. */
const EACH = 3;
const TRIALS = 6;

let cookie = '';
beforeAll(async () => {
  cookie = (await signedInStaff()).cookie;
});

let counter = 0;
const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Race',
  slug: `race-${++counter}-${Date.now()}`,
  content: 'Body',
  isPublished: true,
  ...overrides,
});
const create = async (body: unknown) => (await call(blogPosts, 'POST', '/api/blog-posts', { body, cookie })).json;
const storedPosts = async () => (await call(blogPosts, 'GET', '/api/admin/blog-posts', { cookie })).json as any[];
const each =
  <T>(make: (racer: number, n: number) => T) =>
  (racer: number) =>
    Array.from({ length: EACH }, (_, n) => make(racer, n));
const count = (answers: { status: number }[], status: number) => answers.filter((a) => a.status === status).length;
/** The store as the repository names it; tests write it directly only to stage crashes. */
const rawPosts = () => getStore({ name: 'blog-posts', consistency: 'strong' });

describe('blog posts across instances', () => {
  it('lets exactly one of many saves of one version through; the rest answer 409', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const original = await create(post());
      const answers = await racers.race(
        each((racer, n) => ({
          fn: 'blog-posts',
          method: 'PUT',
          path: `/api/blog-posts/${original.id}`,
          cookie,
          body: post({ slug: original.slug, title: `Edit ${racer}.${n}`, version: original.version }),
        })),
      );
      expect(count(answers, 200), `trial ${trial}`).toBe(1);
      expect(count(answers, 409), `trial ${trial}`).toBe(answers.length - 1);
      const winner = answers.find((a) => a.status === 200)!.json;
      const stored = (await storedPosts()).find((p) => p.id === original.id);
      expect(stored).toMatchObject({ title: winner.title, version: winner.version });
    }
  });

  it('lets exactly one of many creates of one slug through, and stores one post', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const slug = `one-slug-${trial}-${Date.now()}`;
      const answers = await racers.race(
        each((racer, n) => ({
          fn: 'blog-posts',
          method: 'POST',
          path: '/api/blog-posts',
          cookie,
          body: post({ slug, title: `Racer ${racer}.${n}` }),
        })),
      );
      expect(count(answers, 201), `trial ${trial}`).toBe(1);
      expect(count(answers, 409), `trial ${trial}`).toBe(answers.length - 1);
      expect((await storedPosts()).filter((p) => p.slug === slug)).toHaveLength(1);
    }
  });

  it('keeps a new slug claimed when many saves rename one post to it at once', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const original = await create(post());
      const slug = `renamed-${trial}-${Date.now()}`;
      const answers = await racers.race(
        each((racer, n) => ({
          fn: 'blog-posts',
          method: 'PUT',
          path: `/api/blog-posts/${original.id}`,
          cookie,
          body: post({ slug, title: `Rename ${racer}.${n}` }),
        })),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      // A save that lost its turn must not give up the claim the winner's post now relies on.
      const other = await call(blogPosts, 'POST', '/api/blog-posts', { body: post({ slug }), cookie });
      expect(other.status, `trial ${trial}`).toBe(409);
    }
  });

  it('never lets a save bring back a post deleted meanwhile', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const original = await create(post());
      const answers = await racers.race((racer) =>
        racer === 0
          ? [{ fn: 'blog-posts', method: 'DELETE', path: `/api/blog-posts/${original.id}`, cookie }]
          : Array.from({ length: EACH }, (_, n) => ({
              fn: 'blog-posts',
              method: 'PUT',
              path: `/api/blog-posts/${original.id}`,
              cookie,
              body: post({ slug: original.slug, title: `Edit ${racer}.${n}` }),
            })),
      );
      expect(answers[0]!.status).toBe(204);
      expect(answers.slice(1).every((a) => a.status === 200 || a.status === 404)).toBe(true);
      expect(
        (await storedPosts()).find((p) => p.id === original.id),
        `trial ${trial}`,
      ).toBeUndefined();
    }
  });
});

describe('slug claims left behind by a crash', () => {
  const oldClaim = (id: string) => ({ id, claimedAt: new Date(Date.now() - CLAIM_LEASE_MS - 1000).toISOString() });

  it('can be taken over when the post was never written', async () => {
    const slug = `never-written-${Date.now()}`;
    await rawPosts().setJSON(`slugs/${slug}`, oldClaim('post-that-was-never-written'));
    const answer = await call(blogPosts, 'POST', '/api/blog-posts', { body: post({ slug }), cookie });
    expect(answer.status).toBe(201);
    expect((await call(blogPosts, 'GET', `/api/blog-posts/${slug}`)).json.id).toBe(answer.json.id);
  });

  it('can be taken over when the post was deleted but the claim never released', async () => {
    const original = await create(post());
    await rawPosts().setJSON(`slugs/${original.slug}`, oldClaim(original.id));
    await rawPosts().delete(`posts/${original.id}`); // the crash fell before the release
    const answer = await call(blogPosts, 'POST', '/api/blog-posts', { body: post({ slug: original.slug }), cookie });
    expect(answer.status).toBe(201);
  });

  it('can be taken over by a post renamed to it when the claim does not fit its schema', async () => {
    const slug = `undated-${Date.now()}`;
    await rawPosts().setJSON(`slugs/${slug}`, { id: 'gone-long-ago' });
    const other = await create(post());
    const renamed = await call(blogPosts, 'PUT', `/api/blog-posts/${other.id}`, { body: post({ slug }), cookie });
    expect(renamed.status).toBe(200);
  });

  it('holds while the save that made it may still be writing its post', async () => {
    const slug = `in-flight-${Date.now()}`;
    await rawPosts().setJSON(`slugs/${slug}`, { id: 'post-being-written', claimedAt: new Date().toISOString() });
    const answer = await call(blogPosts, 'POST', '/api/blog-posts', { body: post({ slug }), cookie });
    expect(answer.status).toBe(409);
  });

  it('goes to exactly one of many concurrent takers', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const slug = `stale-${trial}-${Date.now()}`;
      await rawPosts().setJSON(`slugs/${slug}`, oldClaim(`crashed-${trial}`));
      const answers = await racers.race(
        each((racer, n) => ({
          fn: 'blog-posts',
          method: 'POST',
          path: '/api/blog-posts',
          cookie,
          body: post({ slug, title: `Taker ${racer}.${n}` }),
        })),
      );
      expect(count(answers, 201), `trial ${trial}`).toBe(1);
      expect((await storedPosts()).filter((p) => p.slug === slug)).toHaveLength(1);
    }
  });
});

describe('testimonials across instances', () => {
  it('switch on and off under conflicting writers, and never bring back one deleted meanwhile', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const id = `race-${trial}-${Date.now()}`;
      const at = new Date().toISOString();
      await insertTestimonial({
        id,
        title: `Race ${trial}`,
        content: 'Good service',
        source: 'E-mail',
        receivedAt: '2026-01-01',
        consent: true,
        isActive: true,
        createdAt: at,
        updatedAt: at,
        version: 'v1',
      });
      const answers = await racers.race((racer) =>
        racer === 0
          ? [{ fn: 'testimonials', method: 'DELETE', path: `/api/testimonials/${id}`, cookie }]
          : Array.from({ length: EACH }, (_, n) => ({
              fn: 'testimonials',
              method: 'PUT',
              path: `/api/testimonials/${id}`,
              cookie,
              body: { isActive: n % 2 === 0 },
            })),
      );
      expect(answers[0]!.status).toBe(204);
      for (const [i, a] of answers.slice(1).entries()) {
        expect([200, 404]).toContain(a.status);
        if (a.status === 200)
          expect(a.json).toMatchObject({
            id,
            title: `Race ${trial}`,
            content: 'Good service',
            isActive: (i % EACH) % 2 === 0,
          });
      }
      const list = (
        await call((await import('#functions/testimonials.ts')).default, 'GET', '/api/admin/testimonials', { cookie })
      ).json as any[];
      expect(
        list.find((t) => t.id === id),
        `trial ${trial}`,
      ).toBeUndefined();
    }
  });
});

describe('appends across instances', () => {
  /** Many at once, so that racers in different processes often share a millisecond. */
  const APPENDS = 25;
  const many =
    <T>(make: (racer: number, n: number) => T) =>
    (racer: number) =>
      Array.from({ length: APPENDS }, (_, n) => make(racer, n));

  it('counts every sign-in attempt', async () => {
    const username = `racer-${Date.now()}`;
    await racers.race(
      many(() => ({ repository: 'login-attempts', call: 'recordAttempt', args: [username, '0123456789abcdef'] })),
    );
    expect(await attemptsSince(username, 0)).toHaveLength(racers.count * APPENDS);
  });

  it('stores every enquiry answered 201', async () => {
    const answers = await racers.race(
      many((racer, n) => ({
        fn: 'contact',
        method: 'POST',
        path: '/api/contact',
        body: {
          firstName: `Racer ${racer}.${n}`,
          lastName: 'L',
          email: 'r@example.com',
          phone: '1',
          serviceType: 'other',
        },
      })),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const [list] = await racers.race((racer) =>
      racer === 0 ? [{ fn: 'enquiries', method: 'GET', path: '/api/contact-requests', cookie }] : [],
    );
    const stored = new Map((list!.json as any[]).map((r) => [r.id, r.firstName]));
    expect(answers).toHaveLength(racers.count * APPENDS);
    for (const [i, a] of answers.entries()) {
      expect(stored.get(a.json.id)).toBe(`Racer ${Math.floor(i / APPENDS)}.${i % APPENDS}`);
    }
  });
});
