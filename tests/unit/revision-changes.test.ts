import { describe, expect, it } from 'vitest';
import { changeSummary, changedFields } from '../../src/islands/admin/revision-changes.ts';
import type { BlogPost } from '../../src/shared/schemas/blog-post.ts';
import type { BlogPostRevision } from '../../src/shared/schemas/blog-post-revision.ts';

const current: BlogPost = {
  id: 'p1', title: 'Now', slug: 'now', content: 'Current text', isPublished: true, publishedAt: '2026-11-01',
  createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z', version: 'v3', updatedBy: 'jane', sequence: 2,
};
const revision = (overrides: Partial<BlogPostRevision> = {}): BlogPostRevision => ({
  id: '0000000001-v2', postId: 'p1', number: 2, at: '2026-11-01T12:00:00.000Z', by: 'omar', version: 'v2',
  title: 'Now', slug: 'now', content: 'Current text', isPublished: false, createdAt: current.createdAt, ...overrides,
});

describe('what restoring a revision would change', () => {
  it('names the text fields that differ, not who, when or the publication state', () => {
    expect(changedFields(revision(), current)).toEqual([]);
    expect(changeSummary(revision(), current)).toBe('Same text as the current version.');
    expect(changeSummary(revision({ title: 'Then', content: 'Old text' }), current)).toBe('Differs from the current version in title and content.');
  });

  it('treats an empty excerpt as no excerpt, and names fields added later readably', () => {
    expect(changedFields(revision({ excerpt: '' }), current)).toEqual([]);
    const withMeta = { ...revision({ slug: 'then', excerpt: 'Was here' }), metaDescription: 'Old' } as BlogPostRevision;
    expect(changeSummary(withMeta, current)).toBe('Differs from the current version in URL slug, excerpt and meta description.');
  });
});
