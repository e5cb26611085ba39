/**
 * Seeds demo content (services, testimonials, blog posts) into empty stores.
 * Stores that already hold data are left alone. Usage: `npm run seed`.
 */
import { SERVICES } from '../src/content/services.ts';
import { hasNoPosts, insertPost } from '../netlify/functions/_shared/repositories/blog-posts.ts';
import { seedDefaultServices } from '../netlify/functions/_shared/repositories/services.ts';
import {
  hasNoTestimonials,
  insertTestimonial,
} from '../netlify/functions/_shared/repositories/testimonials.ts';
import { DEMO_POSTS, DEMO_TESTIMONIALS } from './seed/demo-content.ts';
import { startLocalBlobs } from './lib/local-blobs.ts';

/** Seeds whatever is empty; returns the names of the stores it filled. */
export async function seedIfEmpty(): Promise<string[]> {
  const filled: string[] = [];
  // The practice's services are the site's defaults, seeded once (the API would too).
  if (await seedDefaultServices(SERVICES)) filled.push('services');
  if (await hasNoTestimonials()) {
    for (const testimonial of DEMO_TESTIMONIALS) await insertTestimonial(testimonial);
    filled.push('testimonials');
  }
  if (await hasNoPosts()) {
    for (const post of DEMO_POSTS) await insertPost(post);
    filled.push('blog posts');
  }
  return filled;
}

if (import.meta.main) {
  const blobs = await startLocalBlobs();
  const filled = await seedIfEmpty();
  console.log(filled.length ? `Seeded demo ${filled.join(', ')}.` : 'Stores already hold data; nothing seeded.');
  await blobs.stop();
}
