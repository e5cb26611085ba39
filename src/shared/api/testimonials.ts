/** The testimonials of the landing page, edited by staff (decision 054). */
import { testimonialInputSchema, testimonialRecordSchema } from '../schemas/testimonial.ts';
import { toggleableRoutes } from './content.ts';

export const testimonialsRoutes = toggleableRoutes(
  'testimonials',
  'testimonial',
  testimonialInputSchema,
  testimonialRecordSchema,
);
