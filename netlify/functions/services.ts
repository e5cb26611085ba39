/**
 * Staff: services (list, create, edit or switch, delete). The landing page shows them from its
 * build. Declared in src/shared/api/services.ts.
 */
import type { Config } from '@netlify/functions';
import { SERVICES } from '#src/content/services.ts';
import { servicesRoutes } from '#src/shared/api/services.ts';
import { handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import {
  createService,
  deleteService,
  listServices,
  seedDefaultServices,
  setServiceActive,
  updateService,
} from './_shared/repositories/services-store.ts';
import { toggleableHandlers } from './_shared/site/toggle-routes.ts';

export const config: Config = { path: ['/api/admin/services', '/api/services', '/api/services/:id'] };

export default handle(
  config,
  declared(
    servicesRoutes,
    toggleableHandlers({
      resource: 'services',
      noun: 'service',
      routes: servicesRoutes,
      repository: {
        list: listServices,
        create: createService,
        update: updateService,
        setActive: setServiceActive,
        remove: deleteService,
      },
      fields: ({ title, description, icon, features, timeFrame, serviceAreas, isActive }) => ({
        title,
        description,
        icon,
        features,
        timeFrame,
        serviceAreas,
        isActive,
      }),
      refusal: { message: 'This service cannot be switched on', field: 'isActive' },
      // Staff edit the practice's six services, not an empty list: put them in before the first change.
      before: () => seedDefaultServices(SERVICES),
    }),
  ),
);
