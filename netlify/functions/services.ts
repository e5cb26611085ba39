/** Staff: services (list, switch on/off, delete). */
import type { Config } from '@netlify/functions';
import { router } from './_shared/http.ts';
import { deleteService, listServices, setServiceActive } from './_shared/repositories/services.ts';
import { toggleRoutes } from './_shared/toggle-routes.ts';

export default router(
  toggleRoutes('services', 'service', {
    list: listServices,
    setActive: setServiceActive,
    remove: deleteService,
  }),
);

export const config: Config = { path: ['/api/admin/services', '/api/services/:id'] };
