/** Staff: services (list, create, edit or switch, delete). The landing page shows them from its build. */
import type { Config } from '@netlify/functions';
import { SERVICES } from '../../src/content/services.ts';
import { serviceInputSchema } from '../../src/shared/schemas/service.ts';
import { handle } from './_shared/http/http.ts';
import {
  createService,
  deleteService,
  listServices,
  seedDefaultServices,
  setServiceActive,
  updateService,
} from './_shared/repositories/services-store.ts';
import { contentRoutes } from './_shared/site/toggle-routes.ts';

export const config: Config = { path: ['/api/admin/services', '/api/services', '/api/services/:id'] };

export default handle(
  config,
  contentRoutes({
    resource: 'services',
    noun: 'service',
    repository: {
      list: listServices,
      create: createService,
      update: updateService,
      setActive: setServiceActive,
      remove: deleteService,
    },
    inputSchema: serviceInputSchema,
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
);
