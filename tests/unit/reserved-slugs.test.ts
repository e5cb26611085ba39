/** A post's slug may not take an address the site's own pages use under /blog/. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blogPostInputSchema, RESERVED_SLUGS } from '#src/shared/schemas/blog-post.ts';

const base = { title: 'T', content: 'C' };

describe('RESERVED_SLUGS', () => {
  it('lists every static page and folder under src/pages/blog', () => {
    const routes = readdirSync(new URL('../../src/pages/blog/', import.meta.url))
      .filter((name) => !name.startsWith('['))
      .map((name) => name.replace(/\.(astro|md|mdx|ts|js|html)$/, ''));
    expect(routes).toContain('not-found');
    for (const route of routes) expect(RESERVED_SLUGS).toContain(route);
  });

  it.each(RESERVED_SLUGS)('the blog post schema refuses %j', (slug) => {
    const result = blogPostInputSchema.safeParse({ ...base, slug });
    expect(result.success).toBe(false);
  });

  it('accepts an ordinary slug', () => {
    expect(blogPostInputSchema.safeParse({ ...base, slug: 'not-found-after-all' }).success).toBe(true);
  });
});
