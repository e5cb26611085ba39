/** Blog posts: the public list and article, and the staff list, create, update, delete. */
import type { Config } from '@netlify/functions';
import {
  blogPostInputSchema,
  isSlug,
  type BlogPost,
  type BlogPostSummary,
} from '../../src/shared/schemas/blog-post.ts';
import { blogPostRestoreSchema } from '../../src/shared/schemas/blog-post-revision.ts';
import { requireStaff } from './_shared/http/auth.ts';
import { handle, HttpError, json, noContent, readJson, validate } from './_shared/http/http.ts';
import { rebuildAfterChange } from './_shared/site/rebuild.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
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
} from './_shared/repositories/blog-posts-store.ts';

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

export const config: Config = {
  path: [
    '/api/blog-posts',
    '/api/blog-posts/:id',
    '/api/admin/blog-posts',
    '/api/blog-posts/:id/revisions',
    '/api/blog-posts/:id/revisions/:revisionId/restore',
  ],
};

export default handle(config, {
  '/api/blog-posts': {
    // Public: published posts only (the `published=true` query the site sends changes nothing).
    GET: async () => json((await listPublishedPosts()).map(summary)),
    // Staff.
    POST: async (req, { waitUntil }) => {
      const staff = await requireStaff(req);
      const result = await createPost(validate(blogPostInputSchema, await readJson(req)), staff.username);
      if (result.ok) {
        await recordAudit({ by: staff, action: 'blog-posts.create', target: result.post.id });
        waitUntil(rebuildAfterChange());
      }
      return saved(result, 201);
    },
  },
  '/api/blog-posts/:id': {
    // Public: the article by its slug, at the address where staff write a post by its id.
    GET: async (_req, { params: { id: slug } }) => {
      // The slug becomes part of a storage key: only a well-formed one may reach storage.
      if (!isSlug(slug!)) throw new HttpError(404, "We couldn't find that article");
      const post = await getPublishedPost(slug!);
      if (!post) throw new HttpError(404, "We couldn't find that article");
      // Who saved it is for staff only: staff usernames are not the public's business.
      const { updatedBy: _, ...article } = post;
      return json(article);
    },
    PUT: async (req, { params: { id }, waitUntil }) => {
      const staff = await requireStaff(req);
      const result = await updatePost(id!, validate(blogPostInputSchema, await readJson(req)), staff.username);
      if (result.ok) {
        await recordAudit({ by: staff, action: 'blog-posts.update', target: result.post.id });
        waitUntil(rebuildAfterChange());
      }
      return saved(result, 200);
    },
    DELETE: async (req, { params: { id }, waitUntil }) => {
      const staff = await requireStaff(req);
      if (!(await deletePost(id!))) throw new HttpError(404, 'That blog post no longer exists');
      await recordAudit({ by: staff, action: 'blog-posts.delete', target: id! });
      waitUntil(rebuildAfterChange());
      return noContent();
    },
  },
  '/api/admin/blog-posts': {
    GET: async (req) => {
      await requireStaff(req);
      return json(await listPosts());
    },
  },
  '/api/blog-posts/:id/revisions': {
    GET: async (req, { params: { id } }) => {
      await requireStaff(req);
      const revisions = await listRevisions(id!);
      if (!revisions) throw new HttpError(404, 'That blog post no longer exists');
      return json(revisions);
    },
  },
  // A restore is an update whose fields come from the revision (docs/decisions/017):
  // the post's publication state stays as it is now, and the replaced version becomes a revision.
  '/api/blog-posts/:id/revisions/:revisionId/restore': {
    POST: async (req, { params: { id, revisionId }, waitUntil }) => {
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
        waitUntil(rebuildAfterChange());
      }
      return saved(result, 200);
    },
  },
});
