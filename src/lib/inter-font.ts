/**
 * The site's typeface, Inter (self-hosted, Latin subset), declared once for the two places
 * that load it: the built pages inline it (src/layouts/Document.astro, with a preload) and
 * the stylesheet of the pages the functions render appends it (src/pages/styles/site.css.ts).
 * The `?url` import makes the build emit the file under its content hash, the same address
 * for both.
 */
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

export const INTER_LATIN_URL: string = interLatin;

/**
 * `optional` on the built pages: a slow first visit keeps the system font rather than
 * swapping fonts mid-read, so text never reflows and LCP is not delayed. `swap` on the
 * function pages, which cannot preload the file (they do not know its hashed address):
 * they are documents a client reads for minutes, where the site's own type is worth a reflow.
 */
export const interFontFace = (display: 'optional' | 'swap'): string =>
  `@font-face{font-family:'Inter Variable';font-style:normal;font-display:${display};font-weight:100 900;src:url(${INTER_LATIN_URL}) format('woff2-variations');unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`;
