// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import clientInteraction from './src/integrations/client-interaction.mjs';
import contentSecurityPolicy from './src/integrations/csp.mjs';
import islandStyleInHead from './src/integrations/island-style-in-head.mjs';
import { noSsrFunction, staticAdapter } from './src/integrations/static-only.mjs';
import siteContent from './src/integrations/site-content.mjs';

/** The public address; canonical URLs, the sitemap and RSS are built from it. */
const site = process.env.SITE_URL ?? process.env.URL ?? 'https://www.example-conveyancing.com.au';

/**
 * The sitemap's `lastmod`: an article's last edit (its `article:modified_time`), else this
 * build, which only content changes start (the build hook after each staff change).
 */
const builtAt = new Date().toISOString();
/** Where this build writes (`npm start`'s rebuilds write beside dist/, then swap). */
let outDir = new URL('./dist/', import.meta.url);
/** @type {import('astro').AstroIntegration} */
const rememberOutDir = {
  name: 'remember-out-dir',
  hooks: { 'astro:config:done': ({ config }) => void (outDir = config.outDir) },
};
/** @param {string} page */
const lastModified = (page) => {
  const file = new URL(`.${new URL(page).pathname.replace(/\/?$/, '/')}index.html`, outDir);
  let html = '';
  try {
    html = readFileSync(file, 'utf8');
  } catch {
    // Not a page of its own (the sitemap lists only built pages): the build time stands.
  }
  return /<meta property="article:modified_time" content="([^"]+)"/.exec(html)?.[1] ?? builtAt;
};

/**
 * `npm run dev` only: the local inbox (scripts/lib/dev-mail.ts) at /_dev/mail, served by the
 * dev server's own middleware when scripts/dev.ts started the capture (LOCAL_INBOX_DIR). A
 * Vite plugin applied to `serve` alone, so no build, and no deployed site, has the page.
 * @type {import('vite').Plugin}
 */
const devInbox = {
  name: 'dev-inbox',
  apply: 'serve',
  configureServer(server) {
    const directory = process.env.LOCAL_INBOX_DIR;
    if (!directory) return;
    server.middlewares.use((req, res, next) => {
      const pathname = (req.url ?? '').split('?')[0];
      if (pathname !== '/_dev/mail' && pathname !== '/_dev/mail/') return next();
      import('./scripts/lib/dev-mail.ts')
        .then(async ({ devInboxResponse }) => {
          const response = await devInboxResponse(directory);
          res.statusCode = response.status;
          response.headers.forEach((value, key) => res.setHeader(key, value));
          res.end(await response.text());
        })
        .catch(next);
    });
  },
};

export default defineConfig({
  site,
  // Astro's build cache (its content store among it): one per e2e server, whose builds run at
  // the same time over different stores (scripts/test-server.ts); else Astro's own default.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  output: 'static',
  trailingSlash: 'ignore',
  // The site's one stylesheet is small (~9 KB gzip): inlining it saves a render-blocking
  // request on every first view (public site).
  build: { inlineStylesheets: 'always' },
  // Edge functions are not used, and their emulation would try to download Deno.
  // Static only: no SSR function (docs/decisions/002-static-site-without-ssr-function.md).
  adapter: staticAdapter(
    netlify({
      edgeMiddleware: false,
      devFeatures: { images: false, environmentVariables: false, edgeFunctions: false },
    }),
  ),
  integrations: [
    rememberOutDir,
    siteContent(),
    react(),
    clientInteraction(),
    sitemap({
      filter: (page) =>
        !/^\/(login|admin|404|blog\/not-found|thanks|enquiry-error|enquiry-limited)\/?$/.test(new URL(page).pathname),
      serialize: (item) => ({ ...item, lastmod: lastModified(item.url) }),
    }),
    noSsrFunction(new URL('./', import.meta.url)),
    islandStyleInHead(),
    contentSecurityPolicy(),
  ],
  vite: {
    plugins: [tailwindcss(), devInbox],
  },
});
