/**
 * What the public pages show from the store, as the build's content layer holds it
 * (src/loaders/site-loader.ts fills it; pages read it with `astro:content`).
 */
import type { BlogPost } from './schemas/blog-post.ts';

/** A post's featured image as pages show it: its own address, alt text and pixel size. */
export interface FeaturedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * A published post, with what the build looked up for it: its featured image, if it is an
 * uploaded image that still exists (older posts may name an image elsewhere, which the
 * pages' CSP, img-src 'self', would block: not shown). Its text, rendered, is the entry's
 * `rendered.html` (`render(entry)`).
 */
export interface PublishedPost extends BlogPost {
  image: FeaturedImage | null;
}

/** An entry of a list: its place in the repository's order (Astro keeps entries by id). */
export type Ordered<T> = T & { listIndex: number };

/** The one entry of the `settings` collection. */
export const PRACTICE_ENTRY = 'practice';
