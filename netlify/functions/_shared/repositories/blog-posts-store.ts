/**
 * Store `blog-posts`: `posts/{id}` holds a post, `slugs/{slug}` claims a slug for one
 * post. Every change to a claim or a post is a conditional write, so that between any
 * number of instances two posts never share a slug and two editors saving at once never
 * silently lose an edit.
 *
 * A claim is written before its post, so a crash can leave a claim behind (a failed post
 * write, or a delete whose release never ran). A claim holds while its post carries the
 * slug, and during its first CLAIM_LEASE_MS, while the save that made it may still be
 * writing the post; past that, a claim whose post is gone or renamed is taken over with
 * `onlyIfMatch` on the claim, so of two takers exactly one wins.
 *
 * `revisions/{id}/{sequence}-{version}` keeps each version an update replaced (the last
 * REVISIONS_KEPT). It is written with `onlyIfNew` before the conditional post write: a
 * crash between the two loses no version, and two saves racing over one version name the
 * same key, so it is kept once (docs/decisions/017).
 */
import type { Store } from '@netlify/blobs';
import * as z from 'zod/mini';
import type { BlogPostRevision } from '#src/shared/schemas/blog-post-revision.ts';
import { blogPostRecordSchema, byNewest, type BlogPost, type BlogPostData } from '#src/shared/schemas/blog-post.ts';
import { now as currentTime } from '#src/shared/clock.ts';
import { isPublic } from '#src/shared/publish-time.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import {
  getAllJson,
  getJson,
  getJsonWithEtag,
  listKeys,
  newId,
  openStore,
  updateJson,
  updateRecord,
  WriteConflict,
  writeJsonIf,
} from './blobs.ts';

const STORE = 'blog-posts';
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const postKey = (id: string) => `posts/${id}`;
const slugKey = (slug: string) => `slugs/${slug}`;
/** How many replaced versions each post keeps; older ones are pruned. */
export const REVISIONS_KEPT = 20;
const revisionsPrefix = (id: string) => `revisions/${id}/`;
/** Sorts by `sequence` (zero-padded), hence in the order the versions were saved. */
const revisionKey = (post: BlogPost) =>
  `${revisionsPrefix(post.id)}${String(post.sequence).padStart(10, '0')}-${post.version}`;
const REVISION_ID_PATTERN = /^\d{10}-[A-Za-z0-9_-]{1,64}$/;
/** Longer than any function runs (Netlify stops synchronous functions within a minute). */
export const CLAIM_LEASE_MS = 2 * 60_000;

export const slugClaimSchema = z.object({
  /** The post holding the slug; null once released (claims are overwritten, never deleted). */
  id: z.nullable(z.string()),
  /** When the claim was last written: it holds for CLAIM_LEASE_MS from then regardless. */
  claimedAt: z.string(),
});
type SlugClaim = z.output<typeof slugClaimSchema>;

export type SaveResult = { ok: true; post: BlogPost } | { ok: false; reason: 'slug-taken' | 'conflict' | 'not-found' };

const newVersion = () => newId().slice(0, 12);

/** Optional text fields arrive as undefined, null or text; store only text. */
const clean = (value: string | null | undefined) => value ?? undefined;

function buildPost(
  data: BlogPostData,
  base: Pick<BlogPost, 'id' | 'createdAt'> & { publishedAt?: string },
  save: Pick<BlogPost, 'updatedBy' | 'sequence'>,
) {
  const post: BlogPost = {
    id: base.id,
    title: data.title,
    slug: data.slug,
    excerpt: clean(data.excerpt),
    content: data.content,
    metaDescription: clean(data.metaDescription),
    tags: data.tags?.length ? data.tags : undefined,
    featuredImage: clean(data.featuredImage),
    // Alt text belongs to its image: removing the image drops it.
    featuredImageAlt: data.featuredImage ? clean(data.featuredImageAlt) : undefined,
    isPublished: data.isPublished,
    // Publishing without a date dates the post today (Sydney); an earlier date is kept.
    publishedAt:
      clean(data.publishedAt) ??
      (data.isPublished ? (base.publishedAt ?? sydneyToday(currentTime())) : base.publishedAt),
    createdAt: base.createdAt,
    updatedAt: new Date(currentTime()).toISOString(),
    version: newVersion(),
    ...save,
  };
  return JSON.parse(JSON.stringify(post)) as BlogPost; // drop undefined fields
}

/** Every post, drafts too, newest first. */
export async function listPosts(): Promise<BlogPost[]> {
  const store = openStore(STORE);
  const posts = await getAllJson(store, await listKeys(store, 'posts/'), blogPostRecordSchema);
  return posts.sort(byNewest);
}

/**
 * What the public sees at `now`: published posts that are due. Scheduled ones stay out of
 * the API and the build (and so of the sitemap and RSS) until their time.
 */
export async function listPublishedPosts(now = currentTime()): Promise<BlogPost[]> {
  return (await listPosts()).filter((post) => isPublic(post, now));
}

/** A published post by slug; null for drafts, scheduled posts and unknown slugs alike. */
export async function getPublishedPost(slug: string): Promise<BlogPost | null> {
  const store = openStore(STORE);
  const claim = await getJson(store, slugKey(slug), slugClaimSchema);
  if (!claim?.id) return null;
  const post = await getJson(store, postKey(claim.id), blogPostRecordSchema);
  return post && isPublic(post, currentTime()) && post.slug === slug ? post : null;
}

/** Whether another post's claim still keeps `slug` from being taken. */
async function holds(store: Store, claim: SlugClaim, slug: string): Promise<boolean> {
  if (claim.id === null) return false;
  if (currentTime() - Date.parse(claim.claimedAt) < CLAIM_LEASE_MS) return true;
  return (await getJson(store, postKey(claim.id), blogPostRecordSchema))?.slug === slug;
}

/**
 * Claims `slug` for post `id`: a new claim, a released or stale one taken over, or our
 * own renewed. Every path is a conditional write that also renews the lease, so a
 * concurrent taker or releaser that read the claim before it fails and looks again.
 */
async function claimSlug(store: Store, slug: string, id: string): Promise<boolean> {
  try {
    const { changed } = await updateJson(
      store,
      slugKey(slug),
      slugClaimSchema,
      // A claim that no longer fits its schema (null here) holds nothing.
      async (current) =>
        current && current.id !== id && (await holds(store, current, slug))
          ? null
          : { id, claimedAt: new Date(currentTime()).toISOString() },
      `The claim on ${slug} kept changing`,
    );
    return changed;
  } catch (error) {
    // Only a storm of takers gets here: the slug is as good as taken.
    if (error instanceof WriteConflict) return false;
    throw error;
  }
}

/**
 * Gives up post `id`'s claim on `slug`, unless the post carries that slug after all
 * (another save of it may have). The claim is overwritten, not deleted: a delete cannot
 * be conditional, and could remove a claim another post has just taken over.
 */
async function releaseSlug(store: Store, slug: string, id: string): Promise<void> {
  const current = await getJsonWithEtag(store, slugKey(slug), slugClaimSchema);
  if (!current || current.data?.id !== id) return;
  if ((await getJson(store, postKey(id), blogPostRecordSchema))?.slug === slug) return;
  const released: SlugClaim = { id: null, claimedAt: new Date(currentTime()).toISOString() };
  await writeJsonIf(store, slugKey(slug), released, current.etag);
}

/** `by` is the staff member saving: kept with the version, shown in its revisions. */
export async function createPost(data: BlogPostData, by: string): Promise<SaveResult> {
  const store = openStore(STORE);
  const id = newId();
  if (!(await claimSlug(store, data.slug, id))) return { ok: false, reason: 'slug-taken' };
  const post = buildPost(
    data,
    { id, createdAt: new Date(currentTime()).toISOString() },
    { updatedBy: by, sequence: 0 },
  );
  try {
    // A 16-byte random id is never taken; if it were, saying so beats overwriting.
    if (!(await writeJsonIf(store, postKey(id), post, null))) throw new Error(`A post id was taken: ${id}`);
  } catch (error) {
    // No claim is left behind for a post that was never stored.
    await releaseSlug(store, data.slug, id).catch(() => undefined);
    throw error;
  }
  return { ok: true, post };
}

/**
 * Saves a post over the one just read, conditionally: if anyone saved or deleted it in
 * between, it is read again, and an edit of an older `version` answers 'conflict'.
 */
export async function updatePost(id: string, data: BlogPostData, by: string): Promise<SaveResult> {
  if (!ID_PATTERN.test(id)) return { ok: false, reason: 'not-found' };
  const store = openStore(STORE);
  /** Revisions this save wrote: if the post turns out deleted meanwhile, they go too. */
  const kept: string[] = [];
  /** Why the save was refused, set before `apply` gives up by returning null. */
  let refused = null as 'not-found' | 'conflict' | 'slug-taken' | null;
  /** Whether the current try claimed a new slug. */
  let claimed = false;
  try {
    const { before, after } = await updateRecord<BlogPost>({
      read: async () => {
        const current = await getJsonWithEtag(store, postKey(id), blogPostRecordSchema);
        return current ? { value: current.data, etag: current.etag } : null;
      },
      apply: async (existing) => {
        claimed = false;
        if (!existing) refused = 'not-found';
        else if (data.version !== undefined && data.version !== existing.version) refused = 'conflict';
        else if (data.slug !== existing.slug) {
          claimed = await claimSlug(store, data.slug, id);
          if (!claimed) refused = 'slug-taken';
        }
        if (refused || !existing) return null;
        // Refused when a racing save of the same version has already kept it: one copy is enough.
        if (await writeJsonIf(store, revisionKey(existing), existing, null)) kept.push(revisionKey(existing));
        return buildPost(data, existing, { updatedBy: by, sequence: existing.sequence + 1 });
      },
      // Never an insert: a post deleted meanwhile is not brought back.
      write: (post, etag) => (etag === null ? Promise.resolve(false) : writeJsonIf(store, postKey(id), post, etag)),
      // The slug this try claimed is given back; the next try claims it again if it still may.
      onLost: () => (claimed ? releaseSlug(store, data.slug, id) : Promise.resolve()),
      conflict: 'The post kept changing while it was saved',
    });
    if (refused === 'not-found') await Promise.all(kept.map((key) => store.delete(key)));
    if (refused || !before || !after) return { ok: false, reason: refused ?? 'not-found' };
    if (after.slug !== before.slug) await releaseSlug(store, before.slug, id);
    await pruneRevisions(store, id);
    return { ok: true, post: after };
  } catch (error) {
    if (error instanceof WriteConflict) return { ok: false, reason: 'conflict' };
    throw error;
  }
}

/** Deletes a post and frees its slug; false when there was none. */
export async function deletePost(id: string): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  const store = openStore(STORE);
  const post = await getJson(store, postKey(id), blogPostRecordSchema);
  if (!post) return false;
  await store.delete(postKey(id));
  await releaseSlug(store, post.slug, id);
  // A save racing this delete removes the revision it wrote once it finds the post gone.
  await Promise.all((await listKeys(store, revisionsPrefix(id))).map((key) => store.delete(key)));
  return true;
}

/** Deletes all but the newest REVISIONS_KEPT revisions of a post. */
async function pruneRevisions(store: Store, id: string): Promise<void> {
  const keys = (await listKeys(store, revisionsPrefix(id))).sort();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - REVISIONS_KEPT)).map((key) => store.delete(key)));
}

const toRevision = (
  key: string,
  { id: postId, updatedAt, updatedBy, sequence, ...fields }: BlogPost,
): BlogPostRevision => ({
  ...fields,
  id: key.slice(revisionsPrefix(postId).length),
  postId,
  number: sequence + 1,
  at: updatedAt,
  by: updatedBy,
});

/**
 * The versions a post's updates replaced, newest first; null when there is no such post.
 * A revision of the current version (left by a save that crashed before writing the post)
 * is not a past version, so it is left out.
 */
export async function listRevisions(id: string): Promise<BlogPostRevision[] | null> {
  if (!ID_PATTERN.test(id)) return null;
  const store = openStore(STORE);
  const post = await getJson(store, postKey(id), blogPostRecordSchema);
  if (!post) return null;
  const keys = (await listKeys(store, revisionsPrefix(id)))
    .filter((key) => key !== revisionKey(post))
    .sort()
    .reverse()
    .slice(0, REVISIONS_KEPT);
  const records = await Promise.all(keys.map((key) => getJson(store, key, blogPostRecordSchema)));
  return records.flatMap((record, i) => (record ? [toRevision(keys[i]!, record)] : []));
}

/** A post as it is now and one of its revisions (both stored records); null when either is missing. */
export async function getRevision(
  id: string,
  revisionId: string,
): Promise<{ post: BlogPost; revision: BlogPost } | null> {
  if (!ID_PATTERN.test(id) || !REVISION_ID_PATTERN.test(revisionId)) return null;
  const store = openStore(STORE);
  const [post, revision] = await Promise.all([
    getJson(store, postKey(id), blogPostRecordSchema),
    getJson(store, `${revisionsPrefix(id)}${revisionId}`, blogPostRecordSchema),
  ]);
  return post && revision ? { post, revision } : null;
}

/** Adds a post with a fixed id and dates (used by the demo seed). */
export async function insertPost(post: BlogPost): Promise<boolean> {
  const store = openStore(STORE);
  if (!(await claimSlug(store, post.slug, post.id))) return false;
  return writeJsonIf(store, postKey(post.id), post, null);
}

export async function hasNoPosts(): Promise<boolean> {
  const { blobs } = await openStore(STORE).list({ prefix: 'posts/' });
  return blobs.length === 0;
}
