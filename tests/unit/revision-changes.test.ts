import { describe, expect, it } from 'vitest';
import { changeSummary, changedFields, lineChanges } from '#src/islands/admin/blog/revision-changes.ts';
import type { BlogPost } from '#src/shared/schemas/blog-post.ts';
import type { BlogPostRevision } from '#src/shared/schemas/blog-post-revision.ts';

const current: BlogPost = {
  id: 'p1',
  title: 'Now',
  slug: 'now',
  content: 'Current text',
  isPublished: true,
  publishedAt: '2026-11-01',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  version: 'v3',
  updatedBy: 'jane',
  sequence: 2,
};
const revision = (overrides: Partial<BlogPostRevision> = {}): BlogPostRevision => ({
  id: '0000000001-v2',
  postId: 'p1',
  number: 2,
  at: '2026-11-01T12:00:00.000Z',
  by: 'omar',
  version: 'v2',
  title: 'Now',
  slug: 'now',
  content: 'Current text',
  isPublished: false,
  createdAt: current.createdAt,
  ...overrides,
});

describe('what restoring a revision would change', () => {
  it('names the text fields that differ, not who, when or the publication state', () => {
    expect(changedFields(revision(), current)).toEqual([]);
    expect(changeSummary(revision(), current)).toBe('Same text as the current version.');
    expect(changeSummary(revision({ title: 'Then', content: 'Old text' }), current)).toBe(
      'Differs from the current version in title and content.',
    );
  });

  it('treats an empty excerpt as no excerpt, and names fields added later readably', () => {
    expect(changedFields(revision({ excerpt: '' }), current)).toEqual([]);
    const withMeta = { ...revision({ slug: 'then', excerpt: 'Was here' }), metaDescription: 'Old' } as BlogPostRevision;
    expect(changeSummary(withMeta, current)).toBe(
      'Differs from the current version in URL slug, excerpt and meta description.',
    );
  });
});

describe('the content compared line by line', () => {
  const lines = (count: number, prefix = 'Line') => Array.from({ length: count }, (_, n) => `${prefix} ${n + 1}`);

  it('shows what would go and what would come back, with two lines of context, the rest folded', () => {
    const now = lines(20);
    const then = [...now];
    then[9] = 'The old tenth line';
    expect(lineChanges(now.join('\n'), then.join('\n'))).toEqual([
      { kind: 'skipped', count: 7 },
      { kind: 'same', text: 'Line 8' },
      { kind: 'same', text: 'Line 9' },
      { kind: 'removed', text: 'Line 10' },
      { kind: 'added', text: 'The old tenth line' },
      { kind: 'same', text: 'Line 11' },
      { kind: 'same', text: 'Line 12' },
      { kind: 'skipped', count: 8 },
    ]);
  });

  it('keeps a short unchanged stretch between two changes whole', () => {
    const now = lines(6);
    const then = ['Changed 1', ...now.slice(1, 5), 'Changed 6'];
    expect(lineChanges(now.join('\n'), then.join('\n')).map((row) => row.kind)).toEqual([
      'removed',
      'added',
      'same',
      'same',
      'same',
      'same',
      'removed',
      'added',
    ]);
  });

  it('sees no change in line endings or a missing last newline', () => {
    expect(lineChanges('One\r\nTwo\r\n', 'One\nTwo')).toEqual([{ kind: 'skipped', count: 2 }]);
  });

  it('shows a whole new text as added lines', () => {
    expect(lineChanges('', 'First\nSecond')).toEqual([
      { kind: 'added', text: 'First' },
      { kind: 'added', text: 'Second' },
    ]);
  });
});
