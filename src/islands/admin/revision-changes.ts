/** What restoring a revision would change: the post's own fields that differ from the current version. */
import type { BlogPost } from '../../shared/schemas/blog-post.ts';
import type { BlogPostRevision } from '../../shared/schemas/blog-post-revision.ts';

/**
 * Not the post's text: who and when, identity, and the publication state (a restore keeps
 * the post's current state, so it never differs because of one).
 */
const NOT_TEXT = new Set(['id', 'postId', 'number', 'at', 'by', 'version', 'sequence', 'createdAt', 'updatedAt', 'updatedBy', 'isPublished', 'publishedAt']);

const LABELS: Record<string, string> = {
  title: 'title',
  slug: 'URL slug',
  excerpt: 'excerpt',
  content: 'content',
  featuredImage: 'featured image',
};
/** Fields added later get a readable name without a change here: `metaDescription` → 'meta description'. */
const label = (field: string) => LABELS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** Empty, absent and null are the same to a reader. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/** The names of the fields in which `revision` differs from `current`, in a stable order. */
export function changedFields(revision: BlogPostRevision, current: BlogPost): string[] {
  const fields = new Set([...Object.keys(revision), ...Object.keys(current)].filter((field) => !NOT_TEXT.has(field)));
  const order = Object.keys(LABELS);
  return [...fields]
    .filter((field) => !same((revision as Record<string, unknown>)[field], (current as Record<string, unknown>)[field]))
    .sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b))
    .map(label);
}

/** 'Differs from the current version in title and content.' */
export function changeSummary(revision: BlogPostRevision, current: BlogPost): string {
  const fields = changedFields(revision, current);
  if (fields.length === 0) return 'Same text as the current version.';
  const list = fields.length === 1 ? fields[0] : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;
  return `Differs from the current version in ${list}.`;
}
