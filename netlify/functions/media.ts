/**
 * Images: staff upload, list and delete them (`/api/media`); anyone may view one at its
 * same-origin address `/media/{key}`, so the pages keep their `img-src 'self'` policy.
 * Declared in src/shared/api/media.ts.
 */
import type { Config } from '@netlify/functions';
import { mediaRoutes } from '#src/shared/api/media.ts';
import { MEDIA_MAX_BYTES, mediaUrl } from '#src/shared/media.ts';
import { BASE_HEADERS, HttpError, handle, readBytes } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
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

export default handle(
  config,
  declared(mediaRoutes, {
    upload: async ({ req, user }) => {
      const bytes = await readBytes(
        req,
        MEDIA_MAX_BYTES,
        'The image is larger than 4 MB. Please choose a smaller one.',
      );
      // The bytes decide, never the Content-Type the sender declared.
      const image = await readImage(bytes);
      if ('refused' in image) throw new HttpError(image.refused === 'dimensions' ? 422 : 415, REFUSALS[image.refused]);
      const limit = mediaLibraryMaxBytes();
      const saved = await saveMedia({ bytes, ...image, uploadedBy: user.username }, limit);
      if (!saved) {
        throw new HttpError(
          413,
          `The image library is full (${formatBytes(limit)} in all). Delete images that are no longer used, then upload this one again.`,
        );
      }
      await recordAudit({ by: user, action: 'media.upload', target: saved.key });
      return { url: mediaUrl(saved.key), width: saved.width, height: saved.height };
    },
    list: async () => listMedia(),
    remove: async ({ params: { key }, user, context }) => {
      if (!(await deleteMedia(key))) throw new HttpError(404, NOT_FOUND);
      await recordAudit({ by: user, action: 'media.delete', target: key });
      // A post that showed it must lose the <img>, and a new deploy drops it from the CDN's cache.
      context.waitUntil(rebuildAfterChange());
      return undefined;
    },
    // Public: the bytes as uploaded. The key is their hash, so an address never changes what it shows.
    image: async ({ params: { key } }) => serve(key, true),
    imageHeaders: async ({ params: { key } }) => serve(key, false),
  }),
);
