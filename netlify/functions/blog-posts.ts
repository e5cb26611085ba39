/** Blog posts: the public list and article, and the staff list, create, update, delete. */
import type { Config } from '@netlify/functions';
import {
  blogPostInputSchema,
  isSlug,
  type BlogPost,
  type BlogPostSummary,
} from '../../src/shared/schemas/blog-post.ts';
import { blogPostRestoreSchema } from '../../src/shared/schemas/blog-post-revision.ts';
import { requireStaff } from './_shared/auth.ts';
import { HttpError, json, noContent, readJson, router, validate } from './_shared/http.ts';
import { rebuildAfterChange } from './_shared/rebuild.ts';
import { recordAudit } from './_shared/repositories/audit.ts';
import {
  createPost,
  deletePost,
  getPublishedPost,
  getRevision,
  listPosts,
  listPublishedPosts,
  listRevisions,
  updatePost,
  type SaveResult,
} from './_shared/repositories/blog-posts.ts';

const summary = ({ id, slug, title, excerpt, publishedAt, createdAt }: BlogPost): BlogPostSummary =>
  JSON.parse(JSON.stringify({ id, slug, title, excerpt, publishedAt, createdAt }));

/** Maps a repository outcome to an answer; 409s say what happened and how to go on. */
function saved(result: SaveResult, status: number): Response {
  if (result.ok) return json(result.post, status);
  switch (result.reason) {
    case 'slug-taken':
      throw new HttpError(409, 'Another post already uses that URL slug. Please choose a different one.', {
        fieldErrors: { slug: ['This slug is already in use'] },
      });
    case 'conflict':
      throw new HttpError(
        409,
        'Someone else saved this post since you opened it. Your text is still in the form: copy what you need, reload the list and edit again.',
      );
    case 'not-found':
      throw new HttpError(404, 'That blog post no longer exists');
  }
}

export default router({
  // Public: published posts only (the `published=true` query the site sends changes nothing).
  'GET /api/blog-posts': async () => json((await listPublishedPosts()).map(summary)),
  'GET /api/blog-posts/:slug': async (_req, { slug }) => {
    // The slug becomes part of a storage key: only a well-formed one may reach storage.
    if (!isSlug(slug!)) throw new HttpError(404, "We couldn't find that article");
    const post = await getPublishedPost(slug!);
    if (!post) throw new HttpError(404, "We couldn't find that article");
    // Who saved it is for staff only: staff usernames are not the public's business.
    const { updatedBy: _, ...article } = post;
    return json(article);
  },

  // Staff.
  'GET /api/admin/blog-posts': async (req) => {
    await requireStaff(req);
    return json(await listPosts());
  },
  'POST /api/blog-posts': async (req) => {
    const staff = await requireStaff(req);
    const result = await createPost(validate(blogPostInputSchema, await readJson(req)), staff.username);
    if (result.ok) {
      await recordAudit({ by: staff, action: 'blog-posts.create', target: result.post.id });
      await rebuildAfterChange();
    }
    return saved(result, 201);
  },
  'PUT /api/blog-posts/:id': async (req, { id }) => {
    const staff = await requireStaff(req);
    const result = await updatePost(id!, validate(blogPostInputSchema, await readJson(req)), staff.username);
    if (result.ok) {
      await recordAudit({ by: staff, action: 'blog-posts.update', target: result.post.id });
      await rebuildAfterChange();
    }
    return saved(result, 200);
  },
  'DELETE /api/blog-posts/:id': async (req, { id }) => {
    const staff = await requireStaff(req);
    if (!(await deletePost(id!))) throw new HttpError(404, 'That blog post no longer exists');
    await recordAudit({ by: staff, action: 'blog-posts.delete', target: id! });
    await rebuildAfterChange();
    return noContent();
  },
  'GET /api/blog-posts/:id/revisions': async (req, { id }) => {
    await requireStaff(req);
    const revisions = await listRevisions(id!);
    if (!revisions) throw new HttpError(404, 'That blog post no longer exists');
    return json(revisions);
  },
  // A restore is an update whose fields come from the revision (docs/decisions/017):
  // the post's publication state stays as it is now, and the replaced version becomes a revision.
  'POST /api/blog-posts/:id/revisions/:revisionId/restore': async (req, { id, revisionId }) => {
    const staff = await requireStaff(req);
    const { version } = validate(blogPostRestoreSchema, await readJson(req));
    const found = await getRevision(id!, revisionId!);
    if (!found) throw new HttpError(404, 'That blog post or revision no longer exists');
    const { post, revision } = found;
    const data = validate(blogPostInputSchema, {
      ...revision,
      isPublished: post.isPublished,
      publishedAt: post.publishedAt ?? null,
      version,
    });
    const result = await updatePost(id!, data, staff.username);
    if (result.ok) {
      await recordAudit({ by: staff, action: 'blog-posts.restore', target: result.post.id });
      await rebuildAfterChange();
    }
    return saved(result, 200);
  },
});

export const config: Config = {
  path: [
    '/api/blog-posts',
    '/api/blog-posts/:slug',
    '/api/admin/blog-posts',
    '/api/blog-posts/:id/revisions',
    '/api/blog-posts/:id/revisions/:revisionId/restore',
  ],
};
