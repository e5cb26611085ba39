/**
 * Images (decision 054): staff upload, list and delete them; anyone may fetch one at its
 * same-origin address `/media/{key}` (the key is the hash of its bytes, so an address never
 * changes what it shows), which keeps the pages' `img-src 'self'`.
 */
import * as z from 'zod/mini';
import { mediaItemSchema, uploadedMediaSchema } from '../schemas/media.ts';
import { route } from './contract.ts';
import { madeResponse } from './made-response.ts';

const image = {
  path: '/media/:key',
  access: 'public',
  output: madeResponse,
  answerType: 'image/*',
  refusals: [404, 503],
} as const;

export const mediaRoutes = {
  upload: route({
    method: 'POST',
    path: '/api/media',
    summary: 'Uploads an image (the file’s own bytes, at most 4 MB: JPEG, PNG, WebP or AVIF, judged by its bytes)',
    access: 'staff',
    fileBody: 'image/*',
    output: uploadedMediaSchema,
    status: 201,
    // 413: over 4 MB, or the library full; 415: not one of the four types; 422: too many pixels.
    refusals: [401, 403, 413, 415, 422, 503],
  }),
  list: route({
    method: 'GET',
    path: '/api/media',
    summary: 'Every uploaded image, newest first',
    access: 'staff',
    output: z.array(mediaItemSchema),
    refusals: [401, 403, 503],
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/media/:key',
    summary: 'Deletes an image; the site is rebuilt without it',
    access: 'staff',
    output: z.undefined(),
    status: 204,
    refusals: [401, 403, 404, 503],
  }),
  image: route({ ...image, method: 'GET', summary: 'The image’s bytes as uploaded (cached for a year)' }),
  // Link checkers and social-card crawlers ask for the headers first.
  imageHeaders: route({ ...image, method: 'HEAD', summary: 'The image’s headers, without its bytes' }),
} as const;
