/**
 * The build's content-layer loaders (src/loaders/site-loader.ts): what the pages show is what
 * Blobs holds when the build runs, even though Astro keeps the previous build's data store.
 */
import { describe, expect, it } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import dutyIndexation from '#functions/duty-indexation.ts';
import media from '#functions/media.ts';
import settings from '#functions/settings.ts';
import testimonials from '#functions/testimonials.ts';
import { postsLoader, settingsLoader } from '#src/loaders/site-loader.ts';
import {
  getActiveTestimonials,
  getDutyIndexations,
  getPracticeSettings,
  getPublishedPosts,
} from '#src/data/published.ts';
import { listPublishedPosts } from '#server/repositories/blog-posts-store.ts';
import { listTestimonials } from '#server/repositories/testimonials-store.ts';
import { Collection } from '../content-loader.ts';
import { png } from '../fixtures/images.ts';
import { ORIGIN, call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let counter = 0;
const slug = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}`;

async function publish(cookie: string, fields: Record<string, unknown>) {
  const created = await call(blogPosts, 'POST', '/api/blog-posts', {
    body: { content: 'Body.', isPublished: true, ...fields },
    cookie,
  });
  expect(created.status).toBe(201);
  return created.json as { id: string; version: string; slug: string };
}

describe('the posts loader', () => {
  it("re-reads Blobs on every build: the previous build's store neither keeps a removed post nor an old title", async () => {
    const { cookie } = await signedInStaff();
    const kept = await publish(cookie, { title: 'Kept', slug: slug('kept') });
    const removed = await publish(cookie, { title: 'Removed', slug: slug('removed') });
    const store = await new Collection().load(postsLoader); // the first build
    expect(store.keys()).toEqual(expect.arrayContaining([kept.slug, removed.slug]));

    // Staff change things; the next build finds the first build's data store (.astro/data-store.json).
    const renamed = await call(blogPosts, 'PUT', `/api/blog-posts/${kept.id}`, {
      body: { title: 'Kept, renamed', slug: kept.slug, content: 'Body.', isPublished: true, version: kept.version },
      cookie,
    });
    expect(renamed.status).toBe(200);
    expect((await call(blogPosts, 'DELETE', `/api/blog-posts/${removed.id}`, { cookie })).status).toBe(204);
    const added = await publish(cookie, { title: 'Added', slug: slug('added') });
    await store.load(postsLoader);

    expect(store.keys()).not.toContain(removed.slug);
    expect(store.entries.get(kept.slug)?.data).toMatchObject({ title: 'Kept, renamed' });
    // The pages list them newest first, in the repository's order (Astro keeps them by id).
    const shown = (await getPublishedPosts()).map((post) => post.slug);
    expect(shown).toContain(added.slug);
    expect(shown).toEqual((await listPublishedPosts()).map((post) => post.slug));
  });

  it('writes nothing on a load that finds nothing changed (astro dev then reloads nothing)', async () => {
    const { cookie } = await signedInStaff();
    await publish(cookie, { title: 'Steady', slug: slug('steady') });
    const store = await new Collection().load(postsLoader);
    expect(store.written).toBeGreaterThan(0);
    await store.load(postsLoader);
    expect(store.written).toBe(0);
  });

  it('leaves out drafts and posts scheduled for later', async () => {
    const { cookie } = await signedInStaff();
    const draft = await publish(cookie, { title: 'Draft', slug: slug('draft'), isPublished: false });
    const later = await publish(cookie, { title: 'Later', slug: slug('later'), publishedAt: '2098-01-01' });
    const keys = (await new Collection().load(postsLoader)).keys();
    expect(keys).not.toContain(draft.slug);
    expect(keys).not.toContain(later.slug);
  });

  it('gives each post its uploaded featured image with its size, and its text rendered and sanitised', async () => {
    const { cookie } = await signedInStaff();
    const upload = await media(
      new Request(new URL('/api/media', ORIGIN), {
        method: 'POST',
        headers: { origin: ORIGIN, cookie, 'content-type': 'image/png' },
        body: png(640, 360) as BodyInit,
      }),
    );
    const image = (await upload.json()) as { url: string };
    const withImage = await publish(cookie, {
      title: 'With image',
      slug: slug('image'),
      featuredImage: image.url,
      featuredImageAlt: 'A kitchen',
      content: '# Costs\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))',
    });
    const store = await new Collection().load(postsLoader);
    expect(store.entries.get(withImage.slug)?.data).toMatchObject({
      image: { src: image.url, alt: 'A kitchen', width: 640, height: 360 },
    });
    const html = String(store.entries.get(withImage.slug)?.rendered?.html);
    expect(html).toContain('<h2>Costs</h2>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
  });

  it('leaves a collection as it is, with a warning, where no Blobs is configured (astro sync, astro check)', async () => {
    const store = new Collection();
    store.store.set({ id: 'from-before', data: {} });
    const context = process.env.NETLIFY_BLOBS_CONTEXT;
    delete process.env.NETLIFY_BLOBS_CONTEXT;
    try {
      await store.load(postsLoader);
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = context;
    }
    expect(store.keys()).toEqual(['from-before']);
    expect(store.warnings).toEqual([expect.stringMatching(/No Netlify Blobs here/)]);
  });
});

describe('the landing page lists', () => {
  it('give the testimonials exactly as the repository lists them, in its order', async () => {
    const { cookie } = await signedInStaff();
    for (const title of ['First', 'Second']) {
      const created = await call(testimonials, 'POST', '/api/testimonials', {
        body: {
          title,
          position: `Buyer ${title}`,
          content: `Kind words ${title}.`,
          source: 'E-mail',
          receivedAt: '2026-01-01',
          consent: true,
          isActive: true,
        },
        cookie,
      });
      expect(created.status).toBe(201);
    }
    expect(await getActiveTestimonials()).toEqual(
      (await listTestimonials()).filter((testimonial) => testimonial.isActive),
    );
  });
});

describe('the settings loader', () => {
  it('gives the pages the practice as staff saved it', async () => {
    const { cookie } = await signedInStaff();
    const current = (await call(settings, 'GET', '/api/settings', { cookie })).json;
    const { version, updatedAt: _updatedAt, updatedBy: _updatedBy, ...fields } = current;
    const saved = await call(settings, 'PUT', '/api/settings', {
      cookie,
      body: { ...fields, name: 'Loader Test Conveyancing', version },
    });
    expect(saved.status).toBe(200);
    const store = await new Collection().load(settingsLoader);
    expect(store.keys()).toEqual(['practice']);
    expect((await getPracticeSettings()).name).toBe('Loader Test Conveyancing');
  });
});

describe('the duty indexation loader', () => {
  it('gives the pages the shipped years and those principals added, oldest first', async () => {
    const { cookie } = await signedInStaff('principal');
    const shipped = await getDutyIndexations();
    expect(shipped.map((entry) => entry.year)).toEqual([2024, 2025]);
    const saved = await call(dutyIndexation, 'PUT', '/api/duty-indexation/2026', {
      cookie,
      body: { ratio: '1.260', source: 'Notice 2026' },
    });
    expect(saved.status, saved.text).toBe(200);
    const years = await getDutyIndexations();
    expect(years.map((entry) => entry.year)).toEqual([2024, 2025, 2026]);
    expect(years[2]).toEqual({ year: 2026, ratio: '1.260', source: 'Notice 2026', checked: expect.any(String) });
  });
});
