// @ts-check
/**
 * Astro writes the islands' one rule (`astro-island{display:contents}`) as a <style> just
 * before the first island, inside <body>, where HTML allows no <style> that is not its
 * parent's first child (the W3C validator's error, npm run validate). Once the build is done
 * this moves it into <head>; the rule is the same, so is its CSP hash (src/integrations/csp.mjs).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The element as Astro writes it (astro/dist/runtime/server/scripts.js). */
const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/g;

/**
 * @param {string} html
 * @returns {string} the page with the islands' style once, at the end of <head>
 */
export function islandStyleToHead(html) {
  const head = html.indexOf('</head>');
  const found = html.match(ISLAND_STYLE);
  if (head === -1 || !found || html.slice(0, head).includes(found[0])) return html;
  const without = html.replace(ISLAND_STYLE, '');
  return without.replace('</head>', `${found[0]}</head>`);
}

/** @returns {import('astro').AstroIntegration} */
export default function islandStyleInHead() {
  return {
    name: 'island-style-in-head',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const entries = await readdir(fileURLToPath(dir), { recursive: true, withFileTypes: true });
        for (const entry of entries) {
          if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
          const file = path.join(entry.parentPath, entry.name);
          const html = await readFile(file, 'utf8');
          const moved = islandStyleToHead(html);
          if (moved !== html) await writeFile(file, moved);
        }
      },
    },
  };
}
