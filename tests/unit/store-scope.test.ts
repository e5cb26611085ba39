import { afterEach, describe, expect, it } from 'vitest';
import { storeName, timeKey, timeOfKey } from '#server/repositories/blobs.ts';

const setContext = (context: string | undefined) => {
  (globalThis as { Netlify?: unknown }).Netlify = context ? { context: { deploy: { context } } } : undefined;
};

describe('store scoping by deploy context', () => {
  afterEach(() => setContext(undefined));

  it('uses the production stores in production and locally', () => {
    setContext('production');
    expect(storeName('blog-posts')).toBe('blog-posts');
    setContext('dev');
    expect(storeName('blog-posts')).toBe('blog-posts');
    setContext(undefined);
    expect(storeName('blog-posts')).toBe('blog-posts');
  });

  it('gives deploy previews and branch deploys stores of their own', () => {
    setContext('deploy-preview');
    expect(storeName('blog-posts')).toBe('deploy-preview--blog-posts');
    setContext('branch-deploy');
    expect(storeName('contact-requests')).toBe('branch-deploy--contact-requests');
  });
});

describe('time-sortable keys', () => {
  it('sort by creation time and encode it', () => {
    const earlier = timeKey(new Date('2026-01-01T00:00:00Z'));
    const later = timeKey(new Date('2026-01-01T00:00:00.001Z'));
    expect(earlier < later).toBe(true);
    expect(timeOfKey(later)).toBe(Date.parse('2026-01-01T00:00:00.001Z'));
    expect(timeKey()).not.toBe(timeKey());
  });
});
