/**
 * Records are parsed with their schema as they are read from Blobs: older records get the
 * defaults of fields added since, and a record that no longer fits is skipped, not served.
 */
import { getStore } from '@netlify/blobs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readBuildState } from '../../netlify/functions/_shared/repositories/site-builds.ts';
import { findUser } from '../../netlify/functions/_shared/repositories/users.ts';
import blogPosts from '../../netlify/functions/blog-posts.ts';
import contactRequests from '../../netlify/functions/contact-requests.ts';
import testimonials from '../../netlify/functions/testimonials.ts';
import { call, signedInStaff, useBlobs } from './harness.ts';

useBlobs();

// Tests write raw blobs directly: they stand for records an older version stored.
const raw = (name: string) => getStore({ name, consistency: 'strong' });
let cookie = '';
beforeAll(async () => {
  cookie = (await signedInStaff()).cookie;
});
const list = async (handler: typeof blogPosts, path: string) => {
  const response = await call(handler, 'GET', path, { cookie });
  expect(response.status).toBe(200);
  return response.json as any[];
};

describe('records read from Blobs', () => {
  it('give older posts the defaults of fields added since, and let them be edited', async () => {
    await raw('blog-posts').setJSON('slugs/from-long-ago', { id: 'old-post' });
    await raw('blog-posts').setJSON('posts/old-post', {
      id: 'old-post', title: 'Old', slug: 'from-long-ago', content: 'Text',
      createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z',
    });
    const post = (await list(blogPosts, '/api/admin/blog-posts')).find((p) => p.id === 'old-post');
    expect(post).toMatchObject({ isPublished: false, version: 'unversioned' });
    const edited = await call(blogPosts, 'PUT', '/api/blog-posts/old-post', {
      body: { title: 'Old, edited', slug: 'from-long-ago', content: 'Text', version: post.version }, cookie,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.version).not.toBe('unversioned');
  });

  it('skip and log a record that no longer fits, and serve the rest', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await raw('blog-posts').setJSON('posts/broken', { id: 'broken', title: 42 });
    await raw('testimonials').setJSON('broken', { id: 'broken', content: ['not', 'text'] });
    await raw('testimonials').setJSON('fine', { id: 'fine', title: 'Fine', content: 'Good' });
    await raw('contact-requests').setJSON('0000000000000000broken', { firstName: null });
    const posts = await list(blogPosts, '/api/admin/blog-posts');
    expect(posts.map((p) => p.id)).not.toContain('broken');
    expect(posts.map((p) => p.id)).toContain('old-post');
    const shown = await list(testimonials, '/api/admin/testimonials');
    expect(shown.map((t) => t.id)).toEqual(['fine']);
    // A testimonial stored before the switch existed stays off until staff switch it on.
    expect(shown[0].isActive).toBe(false);
    expect((await list(contactRequests, '/api/contact-requests')).map((r) => r.id)).not.toContain('0000000000000000broken');
    expect(logged.mock.calls.map((args) => String(args[0]))).toEqual(
      expect.arrayContaining([expect.stringMatching(/posts\/broken/), expect.stringMatching(/0000000000000000broken/)]),
    );
    logged.mockRestore();
  });

  it('treat a broken record as missing where one is read alone', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await raw('blog-posts').setJSON('slugs/broken-claim', { id: 7 });
    expect((await call(blogPosts, 'GET', '/api/blog-posts/broken-claim')).status).toBe(404);
    expect((await call(blogPosts, 'PUT', '/api/blog-posts/broken', { body: { title: 'T', slug: 'fixed', content: 'C' }, cookie })).status).toBe(404);
    await raw('users').setJSON('no-hash-user', { id: 'x', username: 'no-hash-user' });
    expect(await findUser('no-hash-user')).toBeNull();
    logged.mockRestore();
  });

  it('date a password change of an older account at its creation', async () => {
    await raw('users').setJSON('older-account', { id: 'y', username: 'older-account', passwordHash: 'h', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(await findUser('older-account')).toMatchObject({ passwordChangedAt: '2025-01-01T00:00:00.000Z' });
  });

  it('read a build state that no longer fits as empty, with its ETag so the next write replaces it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await raw('site-builds').setJSON('state', ['not', 'a', 'state']);
    const { state, etag } = await readBuildState();
    expect(state).toEqual({ changedAt: null, requestedAt: null, attemptedAt: null, lastFailure: null, builtAt: null });
    expect(etag).toEqual(expect.any(String));
    logged.mockRestore();
  });
});
