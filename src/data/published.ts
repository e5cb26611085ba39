/**
 * Build-time data: what the pre-rendered pages show from Netlify Blobs.
 * Runs only inside `astro build` (and `astro dev`), never in the browser.
 */
import { listPublishedPosts } from '../../netlify/functions/_shared/repositories/blog-posts.ts';
import { listTestimonials } from '../../netlify/functions/_shared/repositories/testimonials.ts';
import type { BlogPost } from '../shared/schemas/blog-post.ts';
import type { Testimonial } from '../shared/schemas/toggle.ts';

/** Published posts, newest first (by publishedAt, else createdAt). */
export const getPublishedPosts = (): Promise<BlogPost[]> => listPublishedPosts();

/** Testimonials staff marked active, for the landing page's fallback. */
export const getActiveTestimonials = async (): Promise<Testimonial[]> =>
  (await listTestimonials()).filter((testimonial) => testimonial.isActive);
