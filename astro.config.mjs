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

export default defineConfig({
  site,
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
    plugins: [tailwindcss()],
  },
});
