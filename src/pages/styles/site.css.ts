/**
 * The site's stylesheet as a file of its own, for the pages the functions render per
 * request (docs/decisions/023-server-pages-from-components.md): the built pages inline
 * their CSS, and a function's page has no build to inline it into. Built from the same
 * source (global.css, through Tailwind) on every build, so its colours, buttons and fields
 * are the site's and never a hand copy.
 */
import css from '#src/styles/client-pages.css?inline';
import { interFontFace } from '#src/lib/inter-font.ts';

// The site's typeface too (decision 036): these pages have no build to inline it into.
export const GET = (): Response =>
  new Response(`${css}\n${interFontFace('swap')}\n`, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
