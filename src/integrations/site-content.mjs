// @ts-check
/**
 * The build's content collections come from Netlify Blobs (src/loaders/site-loader.ts,
 * docs/decisions/018-site-content-loader.md). This integration keeps them honest:
 * - `astro build` without a Blobs environment fails at once, rather than publish a site
 *   with no posts or settings (`npm run build` and Netlify's build plugin provide one);
 * - `astro dev` loads them again before each page it serves, so a change staff make in
 *   the admin (or in Blobs) shows on the next page load, as the rebuild would show it.
 */

/** @returns {import('astro').AstroIntegration} */
export default function siteContent() {
  return {
    name: 'site-content',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command === 'build' && !process.env.NETLIFY_BLOBS_CONTEXT) {
          throw new Error(
            'astro build reads the site content from Netlify Blobs, and NETLIFY_BLOBS_CONTEXT is not set: run `npm run build` (it starts the local Blobs), or build on Netlify.',
          );
        }
      },
      'astro:server:setup': ({ server, refreshContent }) => {
        if (!refreshContent) return;
        const refresh = refreshContent;
        /** @type {Promise<void> | null} */
        let running = null;
        server.middlewares.use((req, _res, next) => {
          // Pages only: not the scripts, styles and images a page then asks for.
          if (req.method !== 'GET' || !String(req.headers.accept ?? '').includes('text/html')) return next();
          // Requests that arrive while one load runs wait for that one.
          running ??= refresh({}).finally(() => (running = null));
          running.then(() => next(), next);
        });
      },
    },
  };
}
