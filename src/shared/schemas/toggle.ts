/**
 * The switch body for testimonials and services (`PUT … { isActive }`). Their
 * full schemas live in `service.ts` and `testimonial.ts`.
 */
import * as z from 'zod/mini';

export const activeToggleSchema = z.object({
  isActive: z.boolean('isActive must be true or false'),
  /** Optional: the `version` the switch was shown with; a newer one answers 409. */
  version: z.optional(z.string()),
});

/** True for a body that only switches (the API's `{ isActive }`, optionally with `version`). */
export const isToggleBody = (body: Record<string, unknown>): boolean =>
  'isActive' in body && Object.keys(body).every((key) => key === 'isActive' || key === 'version');

export type { Service } from './service.ts';
export type { Testimonial } from './testimonial.ts';
export { serviceRecordSchema } from './service.ts';
export { testimonialRecordSchema } from './testimonial.ts';
