/**
 * Images: staff upload, list and delete them (`/api/media`); anyone may view one at its
 * same-origin address `/media/{key}`, so the pages keep their `img-src 'self'` policy.
 */
import type { Config } from '@netlify/functions';
import { MEDIA_MAX_BYTES, mediaUrl, type UploadedMedia } from '../../src/shared/media.ts';
import { requireStaff } from './_shared/http/auth.ts';
import { BASE_HEADERS, HttpError, handle, json, noContent, readBytes } from './_shared/http/http.ts';
import { mediaLibraryMaxBytes } from './_shared/platform/env.ts';
import { MAX_IMAGE_SIDE, readImage } from './_shared/site/images.ts';
import { rebuildAfterChange } from './_shared/site/rebuild.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { deleteMedia, getMedia, listMedia, saveMedia } from './_shared/repositories/media-store.ts';

const NOT_FOUND = "We couldn't find that image";

const REFUSALS = {
  type: 'Upload a JPEG, PNG, WebP or AVIF image. Other files, SVG included, are not accepted.',
  broken: 'This file is damaged or is not a complete image. Export it again from your photo app and upload that.',
  dimensions: `Images may be at most ${MAX_IMAGE_SIDE.toLocaleString('en-AU')} pixels on each side. Please resize it first.`,
} as const;

const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${+(bytes / 1024 ** 3).toFixed(1)} GB` : `${+(bytes / 1024 ** 2).toFixed(1)} MB`;

async function serve(key: string, withBody: boolean): Promise<Response> {
  const found = await getMedia(key);
  if (!found) throw new HttpError(404, NOT_FOUND);
  return new Response(withBody ? found.bytes : null, {
    headers: {
      'Content-Type': found.info.contentType,
      'Content-Length': String(found.bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Strict-Transport-Security': BASE_HEADERS['Strict-Transport-Security'],
      // Opened on its own, the answer may run nothing and load nothing.
      'Content-Security-Policy': "default-src 'none'",
    },
  });
}

export const config: Config = {
  path: ['/api/media', '/api/media/:key', '/media/:key'],
};

export default handle(config, {
  '/api/media': {
    POST: async (req) => {
      const staff = await requireStaff(req);
      const bytes = await readBytes(
        req,
        MEDIA_MAX_BYTES,
        'The image is larger than 4 MB. Please choose a smaller one.',
      );
      // The bytes decide, never the Content-Type the sender declared.
      const image = await readImage(bytes);
      if ('refused' in image) throw new HttpError(image.refused === 'dimensions' ? 422 : 415, REFUSALS[image.refused]);
      const limit = mediaLibraryMaxBytes();
      const saved = await saveMedia({ bytes, ...image, uploadedBy: staff.username }, limit);
      if (!saved) {
        throw new HttpError(
          413,
          `The image library is full (${formatBytes(limit)} in all). Delete images that are no longer used, then upload this one again.`,
        );
      }
      await recordAudit({ by: staff, action: 'media.upload', target: saved.key });
      const answer: UploadedMedia = { url: mediaUrl(saved.key), width: saved.width, height: saved.height };
      return json(answer, 201);
    },
    GET: async (req) => {
      await requireStaff(req);
      return json(await listMedia());
    },
  },
  '/api/media/:key': {
    DELETE: async (req, { params: { key }, waitUntil }) => {
      const staff = await requireStaff(req);
      if (!(await deleteMedia(key!))) throw new HttpError(404, NOT_FOUND);
      await recordAudit({ by: staff, action: 'media.delete', target: key! });
      // A post that showed it must lose the <img>, and a new deploy drops it from the CDN's cache.
      waitUntil(rebuildAfterChange());
      return noContent();
    },
  },
  // Public: the bytes as uploaded. The key is their hash, so an address never changes what it shows.
  '/media/:key': {
    GET: (_req, { params: { key } }) => serve(key!, true),
    // Link checkers and social-card crawlers ask for the headers first.
    HEAD: (_req, { params: { key } }) => serve(key!, false),
  },
});
