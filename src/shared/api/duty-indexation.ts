/** The yearly transfer duty indexation principals add (Duties Act 1997 s 33AC; decision 054). */
import * as z from 'zod/mini';
import {
  dutyIndexationInputSchema,
  dutyIndexationListSchema,
  dutyYearTableSchema,
} from '../schemas/duty-indexation.ts';
import { route } from './contract.ts';

export const dutyIndexationRoutes = {
  list: route({
    method: 'GET',
    path: '/api/duty-indexation',
    summary: 'The duty years, newest first, and the year in force today when it is not in yet',
    access: 'principal',
    output: dutyIndexationListSchema,
    refusals: [401, 403, 503],
  }),
  save: route({
    method: 'PUT',
    path: '/api/duty-indexation/:year',
    summary: 'Adds or replaces a year’s ratio, which makes its table by s 33AC; asks for a rebuild',
    access: 'principal',
    input: dutyIndexationInputSchema,
    output: dutyYearTableSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  withdraw: route({
    method: 'DELETE',
    path: '/api/duty-indexation/:year',
    summary: 'Withdraws a year a principal added; asks for a rebuild',
    access: 'principal',
    output: z.undefined(),
    status: 204,
    refusals: [400, 401, 403, 404, 409, 503],
  }),
} as const;
