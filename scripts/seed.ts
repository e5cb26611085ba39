/**
 * Seeds demo content (services, testimonials, blog posts) into empty stores.
 * Stores that already hold data are left alone. Usage: `npm run seed`, on the local store
 * (BLOBS_DIR, default .netlify/blobs-serve); for a deployed site's deploy previews or branch
 * deploys, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set:
 * `npm run seed -- --context deploy-preview` (never production's stores: demo posts and
 * testimonials are not the practice's).
 */
import { SERVICES } from '../src/content/services.ts';
import { hasNoPosts, insertPost } from '../netlify/functions/_shared/repositories/blog-posts-store.ts';
import { seedDefaultServices } from '../netlify/functions/_shared/repositories/services-store.ts';
import { hasNoTestimonials, insertTestimonial } from '../netlify/functions/_shared/repositories/testimonials-store.ts';
import { DEMO_POSTS, DEMO_TESTIMONIALS } from './seed/demo-content.ts';
import { connectBlobs, takeDeployContext } from './lib/blobs-target.ts';

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
  const { context } = takeDeployContext(process.argv.slice(2));
  const target = await connectBlobs();
  try {
    if (target.source.kind === 'site' && context === 'production') {
      throw new Error(
        'Refused: demo content is for this machine and for previews. Add --context deploy-preview (or branch-deploy).',
      );
    }
    const filled = await seedIfEmpty();
    const where = `${target.describe}${context === 'production' ? '' : ` (${context} stores)`}`;
    console.log(
      filled.length
        ? `Seeded demo ${filled.join(', ')} on ${where}.`
        : `Stores already hold data on ${where}; nothing seeded.`,
    );
  } finally {
    await target.stop();
  }
}
