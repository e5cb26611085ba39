/**
 * Store `blog-posts`: `posts/{id}` holds a post, `slugs/{slug}` claims a slug for one
 * post. Claims are made with `onlyIfNew`, so two posts can never share a slug, and
 * saves use `onlyIfMatch`, so two editors saving at once cannot silently lose one edit.
 */
import {
  byNewest,
  type BlogPost,
  type BlogPostData,
} from '../../../../src/shared/schemas/blog-post.ts';
import { getAllJson, getJsonWithEtag, listKeys, newId, openStore, withKeyLock } from '../blobs.ts';

const STORE = 'blog-posts';
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const postKey = (id: string) => `posts/${id}`;
const slugKey = (slug: string) => `slugs/${slug}`;

export type SaveResult =
  | { ok: true; post: BlogPost }
  | { ok: false; reason: 'slug-taken' | 'conflict' | 'not-found' };

/** Today's date in Sydney, `YYYY-MM-DD`. */
export const sydneyToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(now);

const newVersion = () => newId().slice(0, 12);

/** Optional text fields arrive as undefined, null or text; store only text. */
const clean = (value: string | null | undefined) => value ?? undefined;

function buildPost(data: BlogPostData, base: Pick<BlogPost, 'id' | 'createdAt'> & { publishedAt?: string }) {
  const post: BlogPost = {
    id: base.id,
    title: data.title,
    slug: data.slug,
    excerpt: clean(data.excerpt),
    content: data.content,
    featuredImage: clean(data.featuredImage),
    isPublished: data.isPublished,
    // Publishing without a date dates the post today (Sydney); an earlier date is kept.
    publishedAt:
      clean(data.publishedAt) ?? (data.isPublished ? (base.publishedAt ?? sydneyToday()) : base.publishedAt),
    createdAt: base.createdAt,
    updatedAt: new Date().toISOString(),
    version: newVersion(),
  };
  return JSON.parse(JSON.stringify(post)) as BlogPost; // drop undefined fields
}

/** Every post, drafts too, newest first. */
export async function listPosts(): Promise<BlogPost[]> {
  const store = openStore(STORE);
  const posts = await getAllJson<BlogPost>(store, await listKeys(store, 'posts/'));
  return posts.sort(byNewest);
}

export async function listPublishedPosts(): Promise<BlogPost[]> {
  return (await listPosts()).filter((post) => post.isPublished);
}

/** A published post by slug; null for drafts and unknown slugs alike. */
export async function getPublishedPost(slug: string): Promise<BlogPost | null> {
  const store = openStore(STORE);
  const claim = (await store.get(slugKey(slug), { type: 'json' })) as { id: string } | null;
  if (!claim) return null;
  const post = (await store.get(postKey(claim.id), { type: 'json' })) as BlogPost | null;
  return post?.isPublished && post.slug === slug ? post : null;
}

/** Claims `slug` for post `id`. A claim left behind by a failed save of the same post counts as ours. */
async function claimSlug(slug: string, id: string): Promise<boolean> {
  const store = openStore(STORE);
  const { modified } = await store.setJSON(slugKey(slug), { id }, { onlyIfNew: true });
  if (modified) return true;
  const owner = (await store.get(slugKey(slug), { type: 'json' })) as { id: string } | null;
  return owner?.id === id;
}

async function releaseSlug(slug: string, id: string): Promise<void> {
  const store = openStore(STORE);
  const owner = (await store.get(slugKey(slug), { type: 'json' })) as { id: string } | null;
  if (owner?.id === id) await store.delete(slugKey(slug));
}

export async function createPost(data: BlogPostData): Promise<SaveResult> {
  const id = newId();
  return withKeyLock(`slug:${data.slug}`, async () => {
    if (!(await claimSlug(data.slug, id))) return { ok: false, reason: 'slug-taken' };
    const post = buildPost(data, { id, createdAt: new Date().toISOString() });
    await openStore(STORE).setJSON(postKey(id), post, { onlyIfNew: true });
    return { ok: true, post };
  });
}

export async function updatePost(id: string, data: BlogPostData): Promise<SaveResult> {
  if (!ID_PATTERN.test(id)) return { ok: false, reason: 'not-found' };
  return withKeyLock(`post:${id}`, async () => {
    const store = openStore(STORE);
    const current = await getJsonWithEtag<BlogPost>(store, postKey(id));
    if (!current) return { ok: false, reason: 'not-found' };
    const existing = current.data;
    if (data.version !== undefined && data.version !== existing.version) {
      return { ok: false, reason: 'conflict' };
    }
    const slugChanged = data.slug !== existing.slug;
    if (slugChanged) {
      const claimed = await withKeyLock(`slug:${data.slug}`, () => claimSlug(data.slug, id));
      if (!claimed) return { ok: false, reason: 'slug-taken' };
    }
    const post = buildPost(data, existing);
    const { modified } = await store.setJSON(postKey(id), post, { onlyIfMatch: current.etag });
    if (!modified) {
      if (slugChanged) await releaseSlug(data.slug, id);
      return { ok: false, reason: 'conflict' };
    }
    if (slugChanged) await releaseSlug(existing.slug, id);
    return { ok: true, post };
  });
}

/** Deletes a post and frees its slug; false when there was none. */
export async function deletePost(id: string): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  return withKeyLock(`post:${id}`, async () => {
    const store = openStore(STORE);
    const post = (await store.get(postKey(id), { type: 'json' })) as BlogPost | null;
    if (!post) return false;
    await store.delete(postKey(id));
    await releaseSlug(post.slug, id);
    return true;
  });
}

/** Adds a post with a fixed id and dates (used by the demo seed). */
export async function insertPost(post: BlogPost): Promise<boolean> {
  if (!(await claimSlug(post.slug, post.id))) return false;
  const { modified } = await openStore(STORE).setJSON(postKey(post.id), post, { onlyIfNew: true });
  return modified;
}

export async function hasNoPosts(): Promise<boolean> {
  const { blobs } = await openStore(STORE).list({ prefix: 'posts/' });
  return blobs.length === 0;
}
