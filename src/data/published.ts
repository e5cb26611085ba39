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
import { practiceView, type PracticeView } from '../shared/practice-view.ts';
import { mediaKeyOf } from '../shared/media.ts';
import type { BlogPost } from '../shared/schemas/blog-post.ts';
import type { PublicService } from '../shared/schemas/service.ts';
import type { Testimonial } from '../shared/schemas/testimonial.ts';

/** Published posts, newest first (by publishedAt, else createdAt). */
export const getPublishedPosts = (): Promise<BlogPost[]> => listPublishedPosts();

/** A post's featured image as pages show it: its own address, alt text and pixel size. */
export interface FeaturedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * The post's featured image, if it is an uploaded image that still exists. Older posts may
 * name an image elsewhere, which the pages' CSP (img-src 'self') would block: not shown.
 */
export async function getFeaturedImage(post: Pick<BlogPost, 'featuredImage' | 'featuredImageAlt'>): Promise<FeaturedImage | null> {
  const key = post.featuredImage ? mediaKeyOf(post.featuredImage) : null;
  if (!key || !post.featuredImageAlt) return null;
  const info = await getMediaInfo(key);
  return info ? { src: info.url, alt: post.featuredImageAlt, width: info.width, height: info.height } : null;
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

let practice: Promise<PracticeView> | undefined;
/**
 * The practice details staff saved in Settings over the typed defaults of src/content.
 * Read once per build: the header and footer of every page then show one snapshot, and
 * a later change requests another build anyway.
 */
export const getPracticeSettings = (): Promise<PracticeView> =>
  // `astro dev` lives on across changes: it reads afresh each time.
  import.meta.env.DEV ? getSettings().then(practiceView) : (practice ??= getSettings().then(practiceView));
