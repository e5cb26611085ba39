// @ts-check
/**
 * The site is static: no page is rendered on demand. The Netlify adapter, left alone, still
 * switches Astro to server output and writes a catch-all SSR function, which on Netlify
 * answers every path without a file (before netlify.toml's rewrites and 404s).
 * See docs/decisions/002-static-site-without-ssr-function.md.
 */
import { existsSync } from 'node:fs';

/**
 * The adapter, declared static-only (Astro's `adapterFeatures.buildOutput`): Astro keeps the
 * build static, so the adapter writes no SSR function, and a page that asks for on-demand
 * rendering (`export const prerender = false`) fails `astro build` with Astro's own error
 * instead of bringing the function back. The adapter keeps its other work (dev emulation,
 * the `/_astro/*` cache headers).
 * @param {import('astro').AstroIntegration} adapter
 * @returns {import('astro').AstroIntegration}
 */
export function staticAdapter(adapter) {
  const configDone = adapter.hooks['astro:config:done'];
  if (!configDone) throw new Error(`${adapter.name} sets no adapter in astro:config:done`);
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) =>
        configDone(
          // The rest of `params` stays as it is (its getters read Astro's live settings).
          Object.create(params, {
            setAdapter: {
              value: (/** @type {import('astro').AstroAdapter} */ spec) =>
                params.setAdapter({ ...spec, adapterFeatures: { ...spec.adapterFeatures, buildOutput: 'static' } }),
            },
          }),
        ),
    },
  };
}

/** Where the Netlify adapter writes its SSR function (Netlify's frameworks API). */
export const SSR_FUNCTION = '.netlify/v1/functions/ssr/ssr.mjs';

/**
 * Fails the build if an SSR function was written anyway (an adapter upgrade that ignores the
 * static declaration): deploying it would silently take over every unmatched path.
 * @param {URL} root the project folder
 * @returns {import('astro').AstroIntegration}
 */
export function noSsrFunction(root) {
  return {
    name: 'no-ssr-function',
    hooks: {
      'astro:build:done': () => {
        if (existsSync(new URL(SSR_FUNCTION, root))) {
          throw new Error(
            `The build wrote an SSR function (${SSR_FUNCTION}). This site is static: on Netlify that function ` +
              'would answer every path without a page. See docs/decisions/002-static-site-without-ssr-function.md.',
          );
        }
      },
    },
  };
}
