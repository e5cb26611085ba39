/** Uploaded images as the API answers them (`/api/media`); what is accepted is src/shared/media.ts. */
import * as z from 'zod/mini';
import { MEDIA_TYPES, type MediaType } from '../media.ts';

/** What `POST /api/media` answers: where the image is, and its size in pixels. */
export const uploadedMediaSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
});

/** One image as `GET /api/media` lists it, newest first. */
export const mediaItemSchema = z.object({
  ...uploadedMediaSchema.shape,
  key: z.string(),
  contentType: z.enum(Object.keys(MEDIA_TYPES) as [MediaType, ...MediaType[]]),
  /** Bytes. */
  size: z.number(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
