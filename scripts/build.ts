/**
 * `npm run build`: the production build. On Netlify the build plugin has already put
 * the site's Blobs context in the environment; on this machine the local store is used.
 */
import { astroBuild } from './lib/astro-build.ts';
import { startLocalBlobs } from './lib/local-blobs.ts';

const local = process.env.NETLIFY_BLOBS_CONTEXT ? undefined : await startLocalBlobs();
try {
  await astroBuild();
} finally {
  await local?.stop();
}
