/** A blog post's revisions: the versions its updates replaced, and the restore request. */
import * as z from 'zod/mini';
import { blogPostRecordSchema } from './blog-post.ts';

/**
 * One replaced version as the API lists it: the post's fields as they were, plus who saved
 * that version and when.
 */
export const blogPostRevisionSchema = z.extend(
  z.omit(blogPostRecordSchema, { id: true, updatedAt: true, updatedBy: true, sequence: true }),
  {
    /** Names the revision in `/api/blog-posts/{postId}/revisions/{id}/restore`. */
    id: z.string(),
    postId: z.string(),
    /** Counts the post's versions from 1. */
    number: z.number(),
    at: z.string(),
    by: z.string(),
  },
);
export type BlogPostRevision = z.output<typeof blogPostRevisionSchema>;

/** A restore names the version of the post the editor is looking at, so a newer save is never overwritten. */
export const blogPostRestoreSchema = z.object({
  version: z.string('Reload the post and try again: the version you are looking at is missing'),
});
