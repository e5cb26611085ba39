/**
 * HTTPS only, on every answer (Mozilla's HTTP Observatory wants at least a year): netlify.toml
 * sets it for files, but Netlify applies those headers to files only, so the functions'
 * answers (JSON, empty, redirects, images) carry the same policy themselves.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import contact from '#functions/contact.ts';
import media from '#functions/media.ts';
import { png } from '../fixtures/images.ts';
import { ORIGIN, call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

const YEAR = 365 * 24 * 60 * 60;
const fileHeader = /^\s*Strict-Transport-Security\s*=\s*"([^"]+)"/m.exec(readFileSync('netlify.toml', 'utf8'))?.[1];

/** Observatory's rule: max-age of at least a year (and it ignores anything it cannot parse). */
function lastsAYear(value: string | null | undefined): boolean {
  const maxAge = /(?:^|;)\s*max-age=(\d+)\s*(?:;|$)/i.exec(value ?? '')?.[1];
  return maxAge !== undefined && Number(maxAge) >= YEAR;
}

describe('Strict-Transport-Security', () => {
  it('netlify.toml sets a year or more for every file', () => {
    expect(lastsAYear(fileHeader)).toBe(true);
  });

  it('every function answer carries the same policy: JSON, errors, empty, redirects and images', async () => {
    const { cookie } = await signedInStaff();
    const created = await call(blogPosts, 'POST', '/api/blog-posts', {
      body: { title: 'HSTS', slug: `hsts-${Date.now()}`, content: 'Body.', isPublished: false },
      cookie,
    });
    const uploaded = (await (
      await media(
        new Request(new URL('/api/media', ORIGIN), {
          method: 'POST',
          headers: { origin: ORIGIN, cookie, 'content-type': 'application/octet-stream' },
          body: png(4, 3) as BodyInit,
        }),
      )
    ).json()) as { url: string };
    const answers = {
      created: created.headers,
      notFound: (await call(blogPosts, 'GET', '/api/blog-posts/no-such-post')).headers,
      noContent: (await call(blogPosts, 'DELETE', `/api/blog-posts/${created.json.id}`, { cookie })).headers,
      redirect: (
        await call(contact, 'POST', '/api/contact', {
          raw: 'firstName=',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).headers,
      image: (await media(new Request(new URL(uploaded.url, ORIGIN)))).headers,
    };
    for (const [name, headers] of Object.entries(answers)) {
      expect(headers.get('strict-transport-security'), name).toBe(fileHeader);
    }
  });
});
