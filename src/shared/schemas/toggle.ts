/** Testimonials and services: the only change staff make is switching them on or off. */
import * as z from 'zod/mini';

export const activeToggleSchema = z.object({
  isActive: z.boolean('isActive must be true or false'),
});

/**
 * Testimonials and services as stored in Blobs, and as every read parses them. A record
 * without `isActive` stays off until staff switch it on.
 */
export const testimonialRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  position: z.optional(z.string()),
  content: z.string(),
  isActive: z._default(z.boolean(), false),
});

export const serviceRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  isActive: z._default(z.boolean(), false),
});

export type Testimonial = z.output<typeof testimonialRecordSchema>;
export type Service = z.output<typeof serviceRecordSchema>;
