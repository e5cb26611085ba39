/**
 * Build-time data: what the pre-rendered pages show from Netlify Blobs.
 * Runs only inside `astro build` (and `astro dev`), never in the browser.
 */
import { listPublishedPosts } from '../../netlify/functions/_shared/repositories/blog-posts.ts';
import { getMediaInfo } from '../../netlify/functions/_shared/repositories/media.ts';
import { listServices, servicesSeeded } from '../../netlify/functions/_shared/repositories/services.ts';
import { getSettings } from '../../netlify/functions/_shared/repositories/settings.ts';
import { listTestimonials } from '../../netlify/functions/_shared/repositories/testimonials.ts';
import { SERVICES } from '../content/services.ts';
import { buildNow } from '../shared/clock.ts';
import { practiceView, type PracticeView } from '../shared/practice-view.ts';
import { mediaKeyOf, mediaUrlsIn } from '../shared/media.ts';
import type { BlogPost } from '../shared/schemas/blog-post.ts';
import type { PublicService } from '../shared/schemas/service.ts';
import type { Testimonial } from '../shared/schemas/testimonial.ts';

/**
 * `read`, once per build: every page of a build then shows one snapshot (a later change
 * requests another build anyway), and a build with many pages reads Blobs once, not once
 * per page. `astro dev` lives on across changes, so there it reads afresh each time.
 */
function oncePerBuild<T>(read: (key: string) => Promise<T>): (key?: string) => Promise<T> {
  const values = new Map<string, Promise<T>>();
  return (key = '') => {
    if (import.meta.env.DEV) return read(key);
    let value = values.get(key);
    if (!value) {
      value = read(key).catch((error: unknown) => {
        values.delete(key); // a failed read is tried again by the next page, not remembered
        throw error;
      });
      values.set(key, value);
    }
    return value;
  };
}

/**
 * Published posts, newest first (by publishedAt, else createdAt): those public at the
 * build's clock (the real time; the e2e server's moved clock in its builds).
 */
export const getPublishedPosts: () => Promise<BlogPost[]> = oncePerBuild(() => listPublishedPosts(buildNow()));

/** A post's featured image as pages show it: its own address, alt text and pixel size. */
export interface FeaturedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The article, the blog index and each tag page show the same image: one read per build. */
const readMediaInfo = oncePerBuild(getMediaInfo);

/**
 * The post's featured image, if it is an uploaded image that still exists. Older posts may
 * name an image elsewhere, which the pages' CSP (img-src 'self') would block: not shown.
 */
export async function getFeaturedImage(post: Pick<BlogPost, 'featuredImage' | 'featuredImageAlt'>): Promise<FeaturedImage | null> {
  const key = post.featuredImage ? mediaKeyOf(post.featuredImage) : null;
  if (!key || !post.featuredImageAlt) return null;
  const info = await readMediaInfo(key);
  return info ? { src: info.url, alt: post.featuredImageAlt, width: info.width, height: info.height } : null;
}

/**
 * The pixel size of each uploaded image a post's text shows, by its address, so the article
 * can give them width and height. An image deleted since has no entry (it shows nothing).
 */
export async function getInlineImageSizes(markdown: string): Promise<Map<string, { width: number; height: number }>> {
  const sizes = new Map<string, { width: number; height: number }>();
  await Promise.all(
    mediaUrlsIn(markdown).map(async (url) => {
      const info = await readMediaInfo(mediaKeyOf(url)!);
      if (info) sizes.set(url, { width: info.width, height: info.height });
    }),
  );
  return sizes;
}

/** Testimonials staff marked active (and so consented to), for the landing page's fallback. */
export const getActiveTestimonials = async (): Promise<Testimonial[]> =>
  (await listTestimonials()).filter((testimonial) => testimonial.isActive);

/**
 * The landing page's services: the store's active ones in their order, or the defaults
 * in src/content while the store was never seeded (a new site before staff first open
 * the Services tab). Once seeded, the store alone decides, even when it is empty.
 */
export async function getActiveServices(): Promise<readonly PublicService[]> {
  const services: readonly PublicService[] = (await servicesSeeded()) ? await listServices() : SERVICES.map((service) => ({
    ...service,
    features: [...service.features],
    serviceAreas: [...service.serviceAreas],
  }));
  return services.filter((service) => service.isActive);
}

/** The practice details staff saved in Settings over the typed defaults of src/content. */
export const getPracticeSettings: () => Promise<PracticeView> = oncePerBuild(() => getSettings().then(practiceView));
