/**
 * Uploaded images as Netlify Image CDN serves them: `/.netlify/images?url=/media/{key}&w=…&fm=…`
 * is resized and re-encoded by Netlify and cached at its edge, so a phone downloads a small
 * AVIF or WebP copy instead of the upload (https://docs.netlify.com/image-cdn/overview/).
 * `npm start` answers the same addresses with @netlify/images, the handler Netlify's own local
 * tools use (scripts/lib/server.ts). Same origin, so the pages keep `img-src 'self'`.
 */

/** The widths offered in `srcset`, from a phone's column to a wide screen at 1.5×. */
export const CDN_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;

export type CdnFormat = 'avif' | 'webp';

/** One resized copy of an uploaded image (`src`: its `/media/{key}` path). */
export const cdnImageUrl = (src: string, width: number, format: CdnFormat): string =>
  `/.netlify/images?${new URLSearchParams({ url: src, w: String(width), fm: format })}`;

/** The widths worth offering for an upload `width` pixels wide: never wider than it is. */
export function cdnWidths(width: number): number[] {
  const largest = CDN_WIDTHS[CDN_WIDTHS.length - 1]!;
  return [...new Set([...CDN_WIDTHS.filter((candidate) => candidate < width), Math.min(width, largest)])];
}

/** `srcset` of an uploaded image in one format. */
export const cdnSrcset = (src: string, width: number, format: CdnFormat): string =>
  cdnWidths(width)
    .map((candidate) => `${cdnImageUrl(src, candidate, format)} ${candidate}w`)
    .join(', ');
