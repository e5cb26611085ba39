/**
 * The build's content collections: what the public pages show from Netlify Blobs. The
 * loaders live with the other build-side code (scripts/lib/site-loader.ts), which reaches
 * Blobs through the server's repositories; pages read the collections through
 * `astro:content` (src/data/published.ts). See docs/decisions/018-site-content-loader.md.
 */
import { defineCollection } from 'astro:content';
import { postsLoader, servicesLoader, settingsLoader, testimonialsLoader } from '../scripts/lib/site-loader.ts';

export const collections = {
  posts: defineCollection({ loader: postsLoader }),
  services: defineCollection({ loader: servicesLoader }),
  testimonials: defineCollection({ loader: testimonialsLoader }),
  settings: defineCollection({ loader: settingsLoader }),
};
