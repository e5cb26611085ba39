/** A post's meta description and tags: validated by the shared schema, stored, and cleared. */
import { describe, expect, it } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import { blogPostInputSchema, tagLabel, tagsFromText } from '#src/shared/schemas/blog-post.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let counter = 0;
const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Tagged post',
  slug: `tagged-${++counter}-${Date.now()}`,
  content: 'Body.',
  isPublished: true,
  ...overrides,
});
const parse = (overrides: Record<string, unknown>) => blogPostInputSchema.safeParse(post(overrides));
const fieldErrors = (overrides: Record<string, unknown>) => {
  const result = parse(overrides);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('metaDescription', () => {
  it('is optional and trimmed, and an empty one counts as none', () => {
    expect(parse({}).data?.metaDescription).toBeUndefined();
    expect(parse({ metaDescription: '  Fixed-fee conveyancing in Castle Hill.  ' }).data?.metaDescription).toBe(
      'Fixed-fee conveyancing in Castle Hill.',
    );
    expect(parse({ metaDescription: '   ' }).data?.metaDescription).toBeUndefined();
    expect(parse({ metaDescription: null }).success).toBe(true);
  });

  it('allows 160 characters and no more', () => {
    expect(parse({ metaDescription: 'x'.repeat(160) }).success).toBe(true);
    expect(fieldErrors({ metaDescription: 'x'.repeat(161) })).toEqual({
      metaDescription: 'Please keep this under 160 characters',
    });
  });
});

describe('tags', () => {
  const message = 'Tags use lowercase letters, numbers and single hyphens, up to 40 characters each';

  it('accepts up to ten tags in tag form and drops repeats', () => {
    expect(parse({ tags: ['stamp-duty', 'first-home-buyers', 'stamp-duty'] }).data?.tags).toEqual([
      'stamp-duty',
      'first-home-buyers',
    ]);
    expect(parse({ tags: Array.from({ length: 10 }, (_, i) => `tag-${i}`) }).success).toBe(true);
    expect(parse({ tags: [] }).data?.tags).toEqual([]);
  });

  it('refuses more than ten, and any tag not in tag form, with a clear field error', () => {
    expect(fieldErrors({ tags: Array.from({ length: 11 }, (_, i) => `tag-${i}`) })).toEqual({
      tags: 'Use at most 10 tags',
    });
    for (const tag of ['Stamp-Duty', 'stamp duty', 'double--hyphen', '-leading', 'ü', '', 'x'.repeat(41), '../admin']) {
      expect(fieldErrors({ tags: [tag] }), tag).toEqual({ tags: message });
    }
    expect(fieldErrors({ tags: 'stamp-duty' })).toEqual({ tags: 'Tags must be a list' });
  });

  it("turns the editor's comma-separated text into tags, and tags back into words", () => {
    expect(tagsFromText('First home buyers, stamp duty')).toEqual(['first-home-buyers', 'stamp-duty']);
    expect(tagsFromText(' Stamp Duty!, stamp duty,, ,Off-the-plan ')).toEqual(['stamp-duty', 'off-the-plan']);
    expect(tagsFromText('')).toEqual([]);
    expect(tagLabel('first-home-buyers')).toBe('first home buyers');
  });
});

describe('the API', () => {
  it('stores both fields, answers them to staff and the public, and drops them when cleared', async () => {
    const { cookie } = await signedInStaff();
    const created = await call(blogPosts, 'POST', '/api/blog-posts', {
      cookie,
      body: post({ metaDescription: ' For search results. ', tags: ['stamp-duty', 'nsw', 'nsw'] }),
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ metaDescription: 'For search results.', tags: ['stamp-duty', 'nsw'] });

    const fetched = await call(blogPosts, 'GET', `/api/blog-posts/${created.json.slug}`);
    expect(fetched.json).toMatchObject({ metaDescription: 'For search results.', tags: ['stamp-duty', 'nsw'] });

    const cleared = await call(blogPosts, 'PUT', `/api/blog-posts/${created.json.id}`, {
      cookie,
      body: post({ slug: created.json.slug, metaDescription: '', tags: [], version: created.json.version }),
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json).not.toHaveProperty('metaDescription');
    expect(cleared.json).not.toHaveProperty('tags');
  });

  it('answers 400 with field errors for a bad tag or an overlong description', async () => {
    const { cookie } = await signedInStaff();
    const response = await call(blogPosts, 'POST', '/api/blog-posts', {
      cookie,
      body: post({ metaDescription: 'x'.repeat(161), tags: ['Not A Tag'] }),
    });
    expect(response.status).toBe(400);
    expect(response.json.fieldErrors).toMatchObject({
      metaDescription: ['Please keep this under 160 characters'],
      tags: [expect.stringContaining('lowercase letters')],
    });
  });
});
