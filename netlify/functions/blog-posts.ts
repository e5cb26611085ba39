/**
 * Blog posts: the public list and article, and the staff list, create, update, delete,
 * revisions and restore. Declared in src/shared/api/blog-posts.ts.
 */
import type { Config } from '@netlify/functions';
import { blogPostsRoutes } from '#src/shared/api/blog-posts.ts';
import { blogPostInputSchema, isSlug, type BlogPost, type BlogPostSummary } from '#src/shared/schemas/blog-post.ts';
import { handle, HttpError, validate } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
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
import type { RouteContext } from './_shared/http/http.ts';
import type { SessionUser } from '#src/shared/schemas/login.ts';

const summary = ({ id, slug, title, excerpt, publishedAt, createdAt }: BlogPost): BlogPostSummary =>
  JSON.parse(JSON.stringify({ id, slug, title, excerpt, publishedAt, createdAt }));

/** The saved post, or the refusal that says what happened and how to go on. */
function saved(result: SaveResult): BlogPost {
  if (result.ok) return result.post;
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

/** An accepted save is audited and asks for a rebuild; every outcome then answers as `saved` says. */
async function afterSave(
  result: SaveResult,
  verb: 'create' | 'update' | 'restore',
  staff: SessionUser,
  { waitUntil }: RouteContext,
): Promise<BlogPost> {
  if (result.ok) {
    await recordAudit({ by: staff, action: `blog-posts.${verb}`, target: result.post.id });
    waitUntil(rebuildAfterChange());
  }
  return saved(result);
}

export default handle(
  config,
  declared(blogPostsRoutes, {
    // Public: published posts only.
    listPublished: async () => (await listPublishedPosts()).map(summary),
    create: async ({ body, user, context }) =>
      afterSave(await createPost(body, user.username), 'create', user, context),
    // Public: the article by its slug, at the address where staff write a post by its id.
    readPublished: async ({ params: { id: slug } }) => {
      // The slug becomes part of a storage key: only a well-formed one may reach storage.
      if (!isSlug(slug)) throw new HttpError(404, "We couldn't find that article");
      const post = await getPublishedPost(slug);
      if (!post) throw new HttpError(404, "We couldn't find that article");
      // Who saved it is for staff only: staff usernames are not the public's business.
      const { updatedBy: _, ...article } = post;
      return article;
    },
    update: async ({ params: { id }, body, user, context }) =>
      afterSave(await updatePost(id, body, user.username), 'update', user, context),
    remove: async ({ params: { id }, user, context }) => {
      if (!(await deletePost(id))) throw new HttpError(404, 'That blog post no longer exists');
      await recordAudit({ by: user, action: 'blog-posts.delete', target: id });
      context.waitUntil(rebuildAfterChange());
      return undefined;
    },
    list: () => listPosts(),
    revisions: async ({ params: { id } }) => {
      const revisions = await listRevisions(id);
      if (!revisions) throw new HttpError(404, 'That blog post no longer exists');
      return revisions;
    },
    // A restore is an update whose fields come from the revision (docs/decisions/017):
    // the post's publication state stays as it is now, and the replaced version becomes a revision.
    restore: async ({ params: { id, revisionId }, body: { version }, user, context }) => {
      const found = await getRevision(id, revisionId);
      if (!found) throw new HttpError(404, 'That blog post or revision no longer exists');
      const { post, revision } = found;
      const data = validate(blogPostInputSchema, {
        ...revision,
        isPublished: post.isPublished,
        publishedAt: post.publishedAt ?? null,
        version,
      });
      return afterSave(await updatePost(id, data, user.username), 'restore', user, context);
    },
  }),
);
