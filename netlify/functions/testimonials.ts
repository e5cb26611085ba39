/**
 * Staff: testimonials (list, create, edit or switch, delete). The landing page shows the
 * active ones from its build. Declared in src/shared/api/testimonials.ts.
 */
import type { Config } from '@netlify/functions';
import { testimonialsRoutes } from '#src/shared/api/testimonials.ts';
import { CONSENT_REQUIRED } from '#src/shared/schemas/testimonial.ts';
import { handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import {
  createTestimonial,
  deleteTestimonial,
  listTestimonials,
  setTestimonialActive,
  updateTestimonial,
} from './_shared/repositories/testimonials-store.ts';
import { toggleableHandlers } from './_shared/site/toggle-routes.ts';

export const config: Config = {
  path: ['/api/admin/testimonials', '/api/testimonials', '/api/testimonials/:id'],
};

export default handle(
  config,
  declared(
    testimonialsRoutes,
    toggleableHandlers({
      resource: 'testimonials',
      noun: 'testimonial',
      routes: testimonialsRoutes,
      repository: {
        list: listTestimonials,
        create: createTestimonial,
        update: updateTestimonial,
        setActive: setTestimonialActive,
        remove: deleteTestimonial,
      },
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
  ),
);
