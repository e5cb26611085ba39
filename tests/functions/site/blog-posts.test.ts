import { describe, expect, it } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { publishInstant } from '#src/shared/publish-time.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let counter = 0;
const draft = (overrides: Record<string, unknown> = {}) => ({
  title: 'A post',
  slug: `post-${++counter}-${Date.now()}`,
  excerpt: 'Short',
  content: 'First paragraph.\n\nSecond paragraph.',
  featuredImage: '',
  isPublished: false,
  publishedAt: '',
  ...overrides,
});

async function staff() {
  const { cookie } = await signedInStaff();
  return {
    create: (body: unknown) => call(blogPosts, 'POST', '/api/blog-posts', { body, cookie }),
    update: (id: string, body: unknown) => call(blogPosts, 'PUT', `/api/blog-posts/${id}`, { body, cookie }),
    remove: (id: string) => call(blogPosts, 'DELETE', `/api/blog-posts/${id}`, { cookie }),
    list: async () => (await call(blogPosts, 'GET', '/api/admin/blog-posts', { cookie })).json as any[],
  };
}
const publicList = async () => (await call(blogPosts, 'GET', '/api/blog-posts?published=true')).json as any[];
const publicPost = (slug: string) => call(blogPosts, 'GET', `/api/blog-posts/${slug}`);

describe('blog posts', () => {
  it('creates a draft that staff see and the public does not', async () => {
    const api = await staff();
    const created = await api.create(draft({ title: 'Draft only' }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: 'Draft only', isPublished: false, version: expect.any(String) });
    expect(created.json).not.toHaveProperty('publishedAt');
    expect((await api.list()).map((post) => post.id)).toContain(created.json.id);
    expect((await publicList()).map((post: any) => post.id)).not.toContain(created.json.id);
    expect((await publicPost(created.json.slug)).status).toBe(404);
  });

  it("dates a post published without a date with today's date in Sydney", async () => {
    const api = await staff();
    const created = await api.create(draft({ isPublished: true }));
    expect(created.json.publishedAt).toBe(sydneyToday());
    const fetched = await publicPost(created.json.slug);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toMatchObject({ title: 'A post', content: expect.any(String), createdAt: expect.any(String) });
  });

  it('lists published posts newest first by publishedAt, else createdAt, without content', async () => {
    const api = await staff();
    const older = await api.create(draft({ isPublished: true, publishedAt: '2020-01-01' }));
    // A time just past: the newest public post (a later one would be scheduled, not public yet).
    const newer = await api.create(
      draft({ isPublished: true, publishedAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    const list = await publicList();
    const ids = list.map((post) => post.id);
    expect(ids.indexOf(newer.json.id)).toBeLessThan(ids.indexOf(older.json.id));
    expect(ids.indexOf(newer.json.id)).toBe(0);
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'excerpt', 'id', 'publishedAt', 'slug', 'title']);
    const dates = list.map((post) => publishInstant(post));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("validates with the form's messages and a slug format", async () => {
    const api = await staff();
    const empty = await api.create({ title: '', slug: '', content: '' });
    expect(empty.status).toBe(400);
    expect(empty.json.fieldErrors).toMatchObject({
      title: ['Title is required'],
      slug: ['Slug is required'],
      content: ['Content is required'],
    });
    for (const slug of ['Has-Capitals', 'spaces here', 'trailing-', 'double--hyphen', 'ünïcode']) {
      const response = await api.create(draft({ slug }));
      expect(response.status, slug).toBe(400);
      expect(response.json.fieldErrors.slug, slug).toBeDefined();
    }
    expect((await api.create(draft({ publishedAt: 'next tuesday' }))).status).toBe(400);
  });

  it('answers 409 for a slug already in use, on create and on update', async () => {
    const api = await staff();
    const first = await api.create(draft({ slug: 'taken-slug' }));
    expect(first.status).toBe(201);
    const second = await api.create(draft({ slug: 'taken-slug' }));
    expect(second.status).toBe(409);
    expect(second.json.fieldErrors.slug).toEqual(['This slug is already in use']);
    const other = await api.create(draft());
    const renamed = await api.update(other.json.id, draft({ slug: 'taken-slug' }));
    expect(renamed.status).toBe(409);
  });

  it('lets exactly one of 50 concurrent creates of one slug win', async () => {
    const api = await staff();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api.create(draft({ slug: 'race-for-this-slug', title: `Racer ${i}` }))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect((await api.list()).filter((post) => post.slug === 'race-for-this-slug')).toHaveLength(1);
  });

  it('updates a post, frees its old slug, and publishes it', async () => {
    const api = await staff();
    const created = await api.create(draft({ slug: 'old-slug-name' }));
    const updated = await api.update(
      created.json.id,
      draft({ slug: 'new-slug-name', title: 'Renamed', isPublished: true, version: created.json.version }),
    );
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      id: created.json.id,
      slug: 'new-slug-name',
      title: 'Renamed',
      isPublished: true,
    });
    expect(updated.json.version).not.toBe(created.json.version);
    expect((await publicPost('new-slug-name')).status).toBe(200);
    expect((await api.create(draft({ slug: 'old-slug-name' }))).status).toBe(201);
  });

  it('keeps the first publication date when a published post is edited', async () => {
    const api = await staff();
    const created = await api.create(draft({ isPublished: true, publishedAt: '2024-05-01' }));
    const edited = await api.update(created.json.id, draft({ slug: created.json.slug, isPublished: true }));
    expect(edited.json.publishedAt).toBe('2024-05-01');
  });

  it('answers 409 to the later of two editors who loaded the same version', async () => {
    const api = await staff();
    const created = await api.create(draft());
    const base = { slug: created.json.slug, version: created.json.version };
    const [first, second] = await Promise.all([
      api.update(created.json.id, draft({ ...base, title: 'Edit one' })),
      api.update(created.json.id, draft({ ...base, title: 'Edit two' })),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.json.error).toMatch(/Someone else saved this post/);
    const winner = first.status === 200 ? first : second;
    const stored = (await api.list()).find((post) => post.id === created.json.id);
    expect(stored.title).toBe(winner.json.title);
  });

  it('unpublishing takes the article down; deleting removes it and frees the slug', async () => {
    const api = await staff();
    const created = await api.create(draft({ isPublished: true }));
    await api.update(created.json.id, draft({ slug: created.json.slug, isPublished: false }));
    expect((await publicPost(created.json.slug)).status).toBe(404);
    expect((await api.remove(created.json.id)).status).toBe(204);
    expect((await api.remove(created.json.id)).status).toBe(404);
    expect((await api.update(created.json.id, draft())).status).toBe(404);
    expect((await api.create(draft({ slug: created.json.slug }))).status).toBe(201);
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await publicPost('no-such-post');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: "We couldn't find that article" });
  });
});

describe('featured images', () => {
  const image = `/media/${'ab'.repeat(32)}.jpg`;

  it('must be an image uploaded to this site, which the CSP lets pages show', async () => {
    const api = await staff();
    expect((await api.create(draft({ featuredImage: image, featuredImageAlt: 'A signed contract' }))).status).toBe(201);
    for (const featuredImage of [
      'https://cdn.example.com/a.jpg',
      '/images/settlement.jpg',
      `/media/${'ab'.repeat(32)}.svg`,
      'javascript:alert(1)',
      '//evil.example/x.png',
      'not a url',
    ]) {
      const response = await api.create(draft({ featuredImage, featuredImageAlt: 'Alt' }));
      expect(response.status, featuredImage).toBe(400);
      expect(response.json.fieldErrors.featuredImage, featuredImage).toEqual(['Choose an image uploaded to this site']);
    }
  });

  it('need alt text, which is kept with the image and dropped without it', async () => {
    const api = await staff();
    for (const featuredImageAlt of [undefined, null, '', '   ']) {
      const response = await api.create(draft({ featuredImage: image, featuredImageAlt }));
      expect(response.status, String(featuredImageAlt)).toBe(400);
      expect(response.json.fieldErrors, String(featuredImageAlt)).toEqual({
        featuredImageAlt: ['Describe the image for people who cannot see it'],
      });
    }
    // Shown with the other fields' errors, not only once they are fixed.
    const several = await api.create(draft({ title: '', featuredImage: image }));
    expect(Object.keys(several.json.fieldErrors).sort()).toEqual(['featuredImageAlt', 'title']);
    expect((await api.create(draft({ featuredImage: image, featuredImageAlt: 'x'.repeat(301) }))).status).toBe(400);

    const created = await api.create(draft({ featuredImage: image, featuredImageAlt: '  Keys on a kitchen bench  ' }));
    expect(created.json).toMatchObject({ featuredImage: image, featuredImageAlt: 'Keys on a kitchen bench' });
    const { featuredImage: _image, featuredImageAlt: _alt, ...rest } = created.json;
    const updated = await api.update(created.json.id, {
      ...rest,
      featuredImage: null,
      featuredImageAlt: 'Left behind',
    });
    expect(updated.status).toBe(200);
    expect(updated.json).not.toHaveProperty('featuredImage');
    expect(updated.json).not.toHaveProperty('featuredImageAlt');
  });
});
