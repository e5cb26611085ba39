/** What restoring a revision would change: the post's own fields that differ from the current version. */
import { diffLines } from 'diff';
import type { BlogPost } from '#src/shared/schemas/blog-post.ts';
import type { BlogPostRevision } from '#src/shared/schemas/blog-post-revision.ts';

/**
 * Not the post's text: who and when, identity, and the publication state (a restore keeps
 * the post's current state, so it never differs because of one).
 */
const NOT_TEXT = new Set([
  'id',
  'postId',
  'number',
  'at',
  'by',
  'version',
  'sequence',
  'createdAt',
  'updatedAt',
  'updatedBy',
  'isPublished',
  'publishedAt',
]);

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

/** One row of the line comparison; `skipped` stands for `count` unchanged lines not shown. */
export type LineChange = { kind: 'same' | 'removed' | 'added'; text: string } | { kind: 'skipped'; count: number };

const linesOf = (value: string) => value.replace(/\n$/, '').split('\n');
/** One line ending everywhere, and a last line that ends too: a missing final newline is no change. */
const normalised = (value: string) => (value === '' ? '' : value.replace(/\r\n?/g, '\n').replace(/\n?$/, '\n'));

/**
 * What restoring a revision does to the content, line by line: `removed` lines are in the
 * current version and would go, `added` ones would come back. Unchanged lines further than
 * `context` from a change fold into one `skipped` row, so a one-word edit in a long post
 * shows as a few lines.
 */
export function lineChanges(current: string, revision: string, context = 2): LineChange[] {
  const rows: LineChange[] = [];
  const parts = diffLines(normalised(current), normalised(revision));
  parts.forEach((part, index) => {
    const lines = linesOf(part.value);
    if (part.added || part.removed) {
      for (const text of lines) rows.push({ kind: part.added ? 'added' : 'removed', text });
      return;
    }
    const head = index === 0 ? 0 : context;
    const tail = index === parts.length - 1 ? 0 : context;
    if (lines.length <= head + tail + 1) {
      for (const text of lines) rows.push({ kind: 'same', text });
      return;
    }
    for (const text of lines.slice(0, head)) rows.push({ kind: 'same', text });
    rows.push({ kind: 'skipped', count: lines.length - head - tail });
    for (const text of lines.slice(lines.length - tail)) rows.push({ kind: 'same', text });
  });
  return rows;
}
