/**
 * Netlify gives build plugins, not the build command, the site's Blobs context. This
 * plugin hands it on to `npm run build`, so `astro build` can read the published posts
 * and pre-render the blog, without a personal access token.
 */
export const onPreBuild = ({ netlifyConfig, utils }) => {
  const context = process.env.NETLIFY_BLOBS_CONTEXT;
  if (!context) {
    utils.build.failBuild('NETLIFY_BLOBS_CONTEXT is missing: the blog cannot be pre-rendered from Netlify Blobs.');
    return;
  }
  netlifyConfig.build.environment.NETLIFY_BLOBS_CONTEXT = context;
};
