/**
 * Blog posts (decision 054): the public list and article, and the staff list, create,
 * update, delete, revisions and restore. The public article is read by its slug at the
 * address where staff write a post by its id.
 */
import * as z from 'zod/mini';
import { blogPostInputSchema, blogPostRecordSchema } from '../schemas/blog-post.ts';
import { blogPostRestoreSchema, blogPostRevisionSchema } from '../schemas/blog-post-revision.ts';
import { route } from './contract.ts';

/** What the public list answers: no drafts, no content. */
export const blogPostSummarySchema = z.pick(blogPostRecordSchema, {
  id: true,
  slug: true,
  title: true,
  excerpt: true,
  publishedAt: true,
  createdAt: true,
});
/** The public article: who saved it is for staff only. */
export const blogArticleSchema = z.omit(blogPostRecordSchema, { updatedBy: true });

const WRITE_REFUSALS = [400, 401, 403, 404, 409, 413, 415, 503] as const;

export const blogPostsRoutes = {
  listPublished: route({
    method: 'GET',
    path: '/api/blog-posts',
    summary: 'The published posts, without their content (the `published=true` query changes nothing)',
    access: 'public',
    output: z.array(blogPostSummarySchema),
    refusals: [503],
  }),
  create: route({
    method: 'POST',
    path: '/api/blog-posts',
    summary: 'Adds a post (409 when its slug is taken); asks for a rebuild',
    access: 'staff',
    input: blogPostInputSchema,
    output: blogPostRecordSchema,
    status: 201,
    refusals: [400, 401, 403, 409, 413, 415, 503],
  }),
  readPublished: route({
    method: 'GET',
    path: '/api/blog-posts/:id',
    summary: 'A published article, by its slug',
    access: 'public',
    output: blogArticleSchema,
    refusals: [404, 503],
  }),
  update: route({
    method: 'PUT',
    path: '/api/blog-posts/:id',
    summary: 'Replaces a post (409 over a newer version or a taken slug); asks for a rebuild',
    access: 'staff',
    input: blogPostInputSchema,
    output: blogPostRecordSchema,
    refusals: WRITE_REFUSALS,
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/blog-posts/:id',
    summary: 'Deletes a post; asks for a rebuild',
    access: 'staff',
    output: z.undefined(),
    status: 204,
    refusals: [401, 403, 404, 503],
  }),
  list: route({
    method: 'GET',
    path: '/api/admin/blog-posts',
    summary: 'Every post, drafts included',
    access: 'staff',
    output: z.array(blogPostRecordSchema),
    refusals: [401, 403, 503],
  }),
  revisions: route({
    method: 'GET',
    path: '/api/blog-posts/:id/revisions',
    summary: 'The versions of a post its updates replaced',
    access: 'staff',
    output: z.array(blogPostRevisionSchema),
    refusals: [401, 403, 404, 503],
  }),
  restore: route({
    method: 'POST',
    path: '/api/blog-posts/:id/revisions/:revisionId/restore',
    summary: 'Makes a revision the post again (its publication state kept); asks for a rebuild',
    access: 'staff',
    input: blogPostRestoreSchema,
    output: blogPostRecordSchema,
    refusals: WRITE_REFUSALS,
  }),
} as const;
