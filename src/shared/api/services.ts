/** The services of the landing page, edited by staff (decision 054). */
import { serviceInputSchema, serviceRecordSchema } from '../schemas/service.ts';
import { toggleableRoutes } from './content.ts';

export const servicesRoutes = toggleableRoutes('services', 'service', serviceInputSchema, serviceRecordSchema);
