// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import clientInteraction from './src/integrations/client-interaction.mjs';
import contentSecurityPolicy from './src/integrations/csp.mjs';
import { noSsrFunction, staticAdapter } from './src/integrations/static-only.mjs';
import siteContent from './src/integrations/site-content.mjs';

/** The public address; canonical URLs, the sitemap and RSS are built from it. */
const site = process.env.SITE_URL ?? process.env.URL ?? 'https://www.example-conveyancing.com.au';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  // The site's one stylesheet is small (~9 KB gzip): inlining it saves a render-blocking
  // request on every first view (public site, issue 3).
  build: { inlineStylesheets: 'always' },
  // Edge functions are not used, and their emulation would try to download Deno.
  // Static only: no SSR function (docs/decisions/002-static-site-without-ssr-function.md).
  adapter: staticAdapter(netlify({ edgeMiddleware: false, devFeatures: { images: false, environmentVariables: false, edgeFunctions: false } })),
  integrations: [
    siteContent(),
    react(),
    clientInteraction(),
    sitemap({
      filter: (page) => !/^\/(login|admin|404|blog\/not-found|thanks|enquiry-error|enquiry-limited)\/?$/.test(new URL(page).pathname),
    }),
    noSsrFunction(new URL('./', import.meta.url)),
    contentSecurityPolicy(),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
