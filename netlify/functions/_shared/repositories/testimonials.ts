/** Store `testimonials`. */
import { testimonialRecordSchema } from '../../../../src/shared/schemas/toggle.ts';
import { toggleableRepository } from './toggleable.ts';

const testimonials = toggleableRepository('testimonials', testimonialRecordSchema);

export const listTestimonials = testimonials.list;
export const setTestimonialActive = testimonials.setActive;
export const deleteTestimonial = testimonials.remove;
export const insertTestimonial = testimonials.insert;
export const hasNoTestimonials = testimonials.isEmpty;
