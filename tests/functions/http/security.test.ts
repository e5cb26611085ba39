/** Small holes found by a security review: origin, nosniff, media types, image addresses, control characters, slugs. */
import { describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import blogPosts from '#functions/blog-posts.ts';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import { createPost } from '#server/repositories/blog-posts-store.ts';
import { GET as rssFeed } from '#src/pages/rss.xml.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let counter = 0;
const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'A post',
  slug: `security-${++counter}-${Date.now()}`,
  content: 'Body text.',
  isPublished: false,
  ...overrides,
});
const enquiry = {
  firstName: 'Alex',
  lastName: 'Citizen',
  email: 'alex@example.com',
  phone: '0400 000 000',
  serviceType: 'residential-purchase',
};

/** Characters XML 1.0 does not allow anywhere in a document. */
// eslint-disable-next-line no-control-regex -- it names exactly the control characters XML forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

describe('the Origin check compares the whole origin', () => {
  it('refuses https://localhost:8888 on an http request, for the public form and staff calls', async () => {
    const { cookie } = await signedInStaff();
    const form = await call(contact, 'POST', '/api/contact', { body: enquiry, origin: 'https://localhost:8888' });
    expect(form.status).toBe(403);
    const staff = await call(blogPosts, 'POST', '/api/blog-posts', {
      body: post(),
      cookie,
      origin: 'https://localhost:8888',
    });
    expect(staff.status).toBe(403);
    const otherPort = await call(contact, 'POST', '/api/contact', { body: enquiry, origin: 'http://localhost:9999' });
    expect(otherPort.status).toBe(403);
  });

  it('still lets the same origin through', async () => {
    const response = await call(contact, 'POST', '/api/contact', { body: enquiry, origin: 'http://localhost:8888' });
    expect(response.status).toBe(201);
  });
});

describe('every API answer carries X-Content-Type-Options: nosniff', () => {
  it('on successes, errors, empty answers and redirects', async () => {
    const { cookie } = await signedInStaff();
    const created = await call(blogPosts, 'POST', '/api/blog-posts', { body: post(), cookie });
    const answers = {
      created,
      ok: await call(blogPosts, 'GET', '/api/blog-posts'),
      noContent: await call(blogPosts, 'DELETE', `/api/blog-posts/${created.json.id}`, { cookie }),
      badRequest: await call(contact, 'POST', '/api/contact', { body: {} }),
      unauthorised: await call(enquiries, 'GET', '/api/contact-requests'),
      forbidden: await call(contact, 'POST', '/api/contact', { body: enquiry, origin: 'https://evil.example' }),
      notFound: await call(blogPosts, 'GET', '/api/blog-posts/no-such-post'),
      notAllowed: await call(contact, 'GET', '/api/contact'),
      unsupported: await call(contact, 'POST', '/api/contact', { raw: 'x', headers: { 'content-type': 'text/plain' } }),
      // A form post without JavaScript that is taken goes on to the thanks page.
      redirect: await call(contact, 'POST', '/api/contact', {
        raw: new URLSearchParams({ ...enquiry, message: 'A form post without JavaScript' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))).toEqual({
      created: 201,
      ok: 200,
      noContent: 204,
      badRequest: 400,
      unauthorised: 401,
      forbidden: 403,
      notFound: 404,
      notAllowed: 405,
      unsupported: 415,
      redirect: 303,
    });
    for (const answer of Object.values(answers)) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('only application/json is JSON', () => {
  it.each(['application/json-patch+json', 'application/jsonx', 'application/merge-patch+json'])(
    'answers 415 to %s',
    async (type) => {
      const { cookie } = await signedInStaff();
      const raw = JSON.stringify(enquiry);
      const form = await call(contact, 'POST', '/api/contact', { raw, headers: { 'content-type': type } });
      expect(form.status).toBe(415);
      const staff = await call(blogPosts, 'POST', '/api/blog-posts', {
        raw: JSON.stringify(post()),
        cookie,
        headers: { 'content-type': type },
      });
      expect(staff.status).toBe(415);
    },
  );

  it('still accepts application/json with a charset', async () => {
    const response = await call(contact, 'POST', '/api/contact', {
      raw: JSON.stringify(enquiry),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(response.status).toBe(201);
  });
});

describe('featuredImage', () => {
  it.each([
    '/\\evil.example/x.png',
    '//evil.example',
    '//evil.example/x.png',
    '/\t/evil.example/x.png',
    'javascript:alert(1)',
  ])('refuses %j, which a browser reads as another site', async (featuredImage) => {
    const { cookie } = await signedInStaff();
    const response = await call(blogPosts, 'POST', '/api/blog-posts', { body: post({ featuredImage }), cookie });
    expect(response.status).toBe(400);
    expect(response.json.fieldErrors.featuredImage).toBeDefined();
  });

  it.each([`/media/${'0f'.repeat(32)}.png`])('accepts %j', async (featuredImage) => {
    const { cookie } = await signedInStaff();
    const body = post({ featuredImage, featuredImageAlt: 'A cover' });
    const response = await call(blogPosts, 'POST', '/api/blog-posts', { body, cookie });
    expect(response.status).toBe(201);
    expect(response.json.featuredImage).toBe(featuredImage);
  });
});

describe('control characters', () => {
  it('are stripped from text on input, keeping tabs and newlines', async () => {
    const { cookie } = await signedInStaff();
    const response = await call(blogPosts, 'POST', '/api/blog-posts', {
      body: post({
        title: 'Stamp duty\u000B explained\u0000',
        excerpt: 'Short\u0007 and\u0085 sweet',
        content: 'Line one\nLine\ttwo\r\n\u001Fend',
        isPublished: true,
      }),
      cookie,
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      title: 'Stamp duty explained',
      excerpt: 'Short and sweet',
      content: 'Line one\nLine\ttwo\r\nend',
    });
    const enquiryResponse = await call(contact, 'POST', '/api/contact', {
      body: { ...enquiry, firstName: 'Vertical\u000BTab', email: 'alex@example.com\u000B' },
    });
    expect(enquiryResponse.status).toBe(201);
    const list = (await call(enquiries, 'GET', '/api/contact-requests', { cookie })).json as any[];
    expect(list.find((request) => request.id === enquiryResponse.json.id)).toMatchObject({
      firstName: 'VerticalTab',
      email: 'alex@example.com',
    });
  });

  it('never reach the RSS feed, even from a post stored before input was stripped', async () => {
    const { cookie } = await signedInStaff();
    await call(blogPosts, 'POST', '/api/blog-posts', {
      body: post({ title: 'Pasted\u000Bfrom Word', isPublished: true }),
      cookie,
    });
    // A record written straight to storage, as older versions could, bypasses the schema.
    const legacy = await createPost(
      {
        title: 'Legacy\u000Btitle',
        slug: `legacy-${Date.now()}`,
        excerpt: 'Legacy\u000Cexcerpt',
        content: 'Body',
        isPublished: true,
      },
      'test',
    );
    expect(legacy.ok).toBe(true);
    const feed = await (
      await rssFeed({ site: new URL('https://www.example-conveyancing.com.au') } as APIContext)
    ).text();
    expect(feed).toContain('Pastedfrom Word');
    expect(feed).toContain('Legacytitle');
    expect(feed).toContain('Legacyexcerpt');
    expect(feed).not.toMatch(NOT_XML);
  });
});

describe('blog slugs', () => {
  it.each(['not-found', 'index', 'tag', 'page', 'rss'])(
    'refuses the reserved slug %j on create and on update',
    async (slug) => {
      const { cookie } = await signedInStaff();
      const create = await call(blogPosts, 'POST', '/api/blog-posts', { body: post({ slug }), cookie });
      expect(create.status).toBe(400);
      expect(create.json.fieldErrors.slug).toEqual([
        'This address is used by the site itself: please choose another slug',
      ]);
      const existing = await call(blogPosts, 'POST', '/api/blog-posts', { body: post(), cookie });
      expect(existing.status).toBe(201);
      const update = await call(blogPosts, 'PUT', `/api/blog-posts/${existing.json.id}`, {
        body: post({ slug, version: existing.json.version }),
        cookie,
      });
      expect(update.status).toBe(400);
      expect(update.json.fieldErrors.slug).toBeDefined();
    },
  );
});
