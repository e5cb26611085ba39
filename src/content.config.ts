/**
 * The build's content collections: what the public pages show from Netlify Blobs. The
 * loaders (src/loaders/site-loader.ts) are production build code and the one place under
 * src/ that reaches Blobs, through the server's repositories (the layering in
 * docs/decisions/024-layers-checked-by-lint.md allows it there only); pages read the
 * collections through `astro:content` (src/data/published.ts). See
 * docs/decisions/018-site-content-loader.md.
 */
import { defineCollection } from 'astro:content';
import {
  dutyIndexationLoader,
  postsLoader,
  servicesLoader,
  settingsLoader,
  testimonialsLoader,
} from './loaders/site-loader.ts';

export const collections = {
  posts: defineCollection({ loader: postsLoader }),
  services: defineCollection({ loader: servicesLoader }),
  testimonials: defineCollection({ loader: testimonialsLoader }),
  settings: defineCollection({ loader: settingsLoader }),
  dutyIndexation: defineCollection({ loader: dutyIndexationLoader }),
};
