/**
 * The routes testimonials and services share (decision 054): the staff list, create, a full
 * update or the API's switch (`{ isActive }`, optionally with `version`) at the same address,
 * and delete. Each resource declares its own by this, with its own input and record schemas.
 */
import * as z from 'zod/mini';
import { activeToggleSchema, isToggleBody } from '../schemas/toggle.ts';
import { route } from './contract.ts';

export function toggleableRoutes<
  const Resource extends string,
  Input extends z.ZodMiniType,
  Record extends z.ZodMiniType,
>(resource: Resource, noun: string, input: Input, record: Record) {
  return {
    list: route({
      method: 'GET',
      path: `/api/admin/${resource}`,
      summary: `Every ${noun}, active or not, in their order`,
      access: 'staff',
      output: z.array(record),
      refusals: [401, 403, 503],
    }),
    create: route({
      method: 'POST',
      path: `/api/${resource}`,
      summary: `Adds a ${noun}; asks for a rebuild`,
      access: 'staff',
      input,
      output: record,
      status: 201,
      refusals: [400, 401, 403, 409, 413, 415, 503],
    }),
    update: route({
      method: 'PUT',
      path: `/api/${resource}/:id`,
      summary: `Replaces a ${noun} (409 over a newer version), or only switches it with { isActive }; asks for a rebuild`,
      access: 'staff',
      input: z.union([activeToggleSchema, input]),
      // The body's keys choose: only `isActive` (and `version`) is the switch, anything else the whole record.
      inputFor: (body) => (isToggleBody(body) ? activeToggleSchema : input),
      output: record,
      refusals: [400, 401, 403, 404, 409, 413, 415, 503],
    }),
    remove: route({
      method: 'DELETE',
      path: `/api/${resource}/:id`,
      summary: `Deletes a ${noun}; asks for a rebuild`,
      access: 'staff',
      output: z.undefined(),
      status: 204,
      refusals: [401, 403, 404, 503],
    }),
  } as const;
}
