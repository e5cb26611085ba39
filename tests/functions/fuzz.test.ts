/**
 * 1,000 generated bodies per write endpoint: whatever arrives, the answer is a 2xx or a
 * 4xx with a JSON error, never a 5xx. The generator is seeded, so a failure reproduces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import blogPosts from '../../netlify/functions/blog-posts.ts';
import contact from '../../netlify/functions/contact.ts';
import login from '../../netlify/functions/login.ts';
import services from '../../netlify/functions/services.ts';
import testimonials from '../../netlify/functions/testimonials.ts';
import { seedIfEmpty } from '../../scripts/seed.ts';
import { call, signedInStaff, useBlobs, type CallOptions } from './harness.ts';

useBlobs();

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SAMPLES = [
  '', ' ', 'a', 'Alex', 'alex@example.com', 'not an email', '0400 000 000', 'Morning', 'Evening',
  'residential-conveyancing', 'residential-sale', 'other', 'contract-review', '2026-12-01', '2026-02-30',
  'valid-slug', 'Bad Slug', '../../etc/passwd', '<script>alert(1)</script>', '\u0000', '🏠🔑', 'é'.repeat(300),
  '__proto__', 'constructor', 'true', '{}', '%00', 'x'.repeat(6000),
];

function generator(seed: number, keys: string[]) {
  const random = prng(seed);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const value = (depth = 0): unknown => {
    switch (Math.floor(random() * 9)) {
      case 0: return pick(SAMPLES);
      case 1: return pick(SAMPLES) + pick(SAMPLES);
      case 2: return Math.floor(random() * 2 ** 31) * (random() < 0.5 ? -1 : 1);
      case 3: return random() < 0.5;
      case 4: return null;
      case 5: return depth < 3 ? Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1)) : [];
      case 6: return depth < 3 ? object(depth + 1) : {};
      case 7: return random() * 1e308;
      default: return pick(SAMPLES);
    }
  };
  const object = (depth = 0) => {
    const result: Record<string, unknown> = {};
    for (const key of keys) if (random() < 0.8) result[key] = value(depth);
    if (random() < 0.2) result[pick(SAMPLES)] = value(depth);
    return result;
  };
  return (): CallOptions => {
    const roll = random();
    if (roll < 0.05) return { raw: pick(['', '{', 'null', '[]', '"text"', '12', '{"a":}', 'undefined']) };
    if (roll < 0.08) return { raw: JSON.stringify(object()), headers: { 'content-type': pick(['text/plain', 'multipart/form-data', 'application/xml']) } };
    if (roll < 0.1) return { body: value() };
    return { body: object() };
  };
}

const CONTACT_KEYS = ['firstName', 'lastName', 'email', 'phone', 'serviceType', 'callbackDate', 'callbackTime', 'message', 'propertyAddress', 'website'];
const POST_KEYS = ['title', 'slug', 'excerpt', 'content', 'featuredImage', 'isPublished', 'publishedAt', 'version'];

let cookie = '';
let postId = '';
beforeAll(async () => {
  await seedIfEmpty();
  cookie = (await signedInStaff()).cookie;
  const created = await call(blogPosts, 'POST', '/api/blog-posts', { body: { title: 'Fuzz', slug: 'fuzz-target', content: 'x' }, cookie });
  postId = created.json.id;
});

const ENDPOINTS = [
  ['POST /api/contact', contact, 'POST', () => '/api/contact', CONTACT_KEYS],
  ['POST /api/login', login, 'POST', () => '/api/login', ['username', 'password']],
  ['POST /api/blog-posts', blogPosts, 'POST', () => '/api/blog-posts', POST_KEYS],
  ['PUT /api/blog-posts/{id}', blogPosts, 'PUT', () => `/api/blog-posts/${postId}`, POST_KEYS],
  ['PUT /api/testimonials/{id}', testimonials, 'PUT', () => '/api/testimonials/sample-sale', ['isActive']],
  ['PUT /api/services/{id}', services, 'PUT', () => '/api/services/commercial-property', ['isActive']],
] as const;

describe('generated bodies', () => {
  it.each(ENDPOINTS)('%s never answers 5xx to 1,000 bodies', async (_name, handler, method, path, keys) => {
    const next = generator(keys.length * 7919, [...keys]);
    const statuses = new Map<number, number>();
    for (let round = 0; round < 1000; round += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, () => call(handler, method, path(), { ...next(), cookie })),
      );
      for (const response of batch) {
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, response.text).toBeLessThan(500);
        if (response.status >= 400) expect(typeof response.json?.error).toBe('string');
      }
    }
    expect([...statuses.values()].reduce((a, b) => a + b)).toBe(1000);
  });
});
