/** Store `testimonials`: one blob per testimonial, keyed by id. */
import { testimonialRecordSchema, type Testimonial } from '#src/shared/schemas/testimonial.ts';
import { versionedRepository } from './toggleable.ts';

const testimonials = versionedRepository<Testimonial>('testimonials', testimonialRecordSchema, {
  // Most recently received first; on the same day, by title.
  order: (a, b) => b.receivedAt.localeCompare(a.receivedAt) || a.title.localeCompare(b.title, 'en-AU'),
  // Consumer law: a testimonial is shown only with the client's consent.
  mayBeActive: (record) => record.consent,
});

export const listTestimonials = testimonials.list;
export const createTestimonial = testimonials.create;
export const updateTestimonial = testimonials.update;
export const setTestimonialActive = testimonials.setActive;
export const deleteTestimonial = testimonials.remove;
export const insertTestimonial = testimonials.insert;
export const hasNoTestimonials = testimonials.isEmpty;
