/** Staff: testimonials (list, switch on/off, delete). */
import type { Config } from '@netlify/functions';
import { router } from './_shared/http.ts';
import { rebuildAfterChange } from './_shared/rebuild.ts';
import {
  deleteTestimonial,
  listTestimonials,
  setTestimonialActive,
} from './_shared/repositories/testimonials.ts';
import { toggleRoutes } from './_shared/toggle-routes.ts';

export default router(
  toggleRoutes(
    'testimonials',
    'testimonial',
    { list: listTestimonials, setActive: setTestimonialActive, remove: deleteTestimonial },
    // The landing page shows active testimonials from its build.
    rebuildAfterChange,
  ),
);

export const config: Config = {
  path: ['/api/admin/testimonials', '/api/testimonials/:id'],
};
