/** Staff: testimonials (list, create, edit or switch, delete). The landing page shows the active ones from its build. */
import type { Config } from '@netlify/functions';
import { CONSENT_REQUIRED, testimonialInputSchema } from '../../src/shared/schemas/testimonial.ts';
import { handle } from './_shared/http/http.ts';
import {
  createTestimonial,
  deleteTestimonial,
  listTestimonials,
  setTestimonialActive,
  updateTestimonial,
} from './_shared/repositories/testimonials-store.ts';
import { contentRoutes } from './_shared/site/toggle-routes.ts';

export const config: Config = {
  path: ['/api/admin/testimonials', '/api/testimonials', '/api/testimonials/:id'],
};

export default handle(
  config,
  contentRoutes({
    resource: 'testimonials',
    noun: 'testimonial',
    repository: {
      list: listTestimonials,
      create: createTestimonial,
      update: updateTestimonial,
      setActive: setTestimonialActive,
      remove: deleteTestimonial,
    },
    inputSchema: testimonialInputSchema,
    fields: ({ title, position, content, source, receivedAt, consent, isActive }) => ({
      title,
      position: position ?? undefined,
      content,
      source,
      receivedAt,
      consent,
      isActive,
    }),
    refusal: { message: CONSENT_REQUIRED, field: 'consent' },
  }),
);
