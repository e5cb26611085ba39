/**
 * `npm run build`: the production build. On Netlify the build plugin has already put
 * the site's Blobs context in the environment; on this machine the local store is used.
 */
import { noteBuildFailed, noteBuildRead } from '../netlify/functions/_shared/site/rebuild.ts';
import { AstroBuildError, astroBuild } from './lib/astro-build.ts';
import { startLocalBlobs } from './lib/local-blobs.ts';

const local = process.env.NETLIFY_BLOBS_CONTEXT ? undefined : await startLocalBlobs();
try {
  // On Netlify: remember when this deploy read the data, before it reads anything;
  // deploy-succeeded promotes it when the deploy goes live (the staff's rebuild status).
  const deployId = process.env.DEPLOY_ID;
  if (deployId && !local) {
    await noteBuildRead(deployId).catch((error: unknown) =>
      console.warn('[build] could not record when this build read the data:', error),
    );
  }
  try {
    await astroBuild();
  } catch (error) {
    // On Netlify: say why, for this deploy; deploy-failed shows it to staff (rebuild status).
    if (deployId && !local && error instanceof AstroBuildError) {
      await noteBuildFailed(deployId, error.reason).catch((recordError: unknown) =>
        console.warn('[build] could not record why this build failed:', recordError),
      );
    }
    throw error;
  }
} finally {
  await local?.stop();
}
