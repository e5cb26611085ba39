/** Testimonials and services: the only change staff make is switching them on or off. */
import * as z from 'zod/mini';

export const activeToggleSchema = z.object({
  isActive: z.boolean('isActive must be true or false'),
});

export interface Testimonial {
  id: string;
  title: string;
  position?: string;
  content: string;
  isActive: boolean;
}

export interface Service {
  id: string;
  title: string;
  description: string;
  isActive: boolean;
}
