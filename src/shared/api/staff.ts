/**
 * Staff accounts in the portal (decision 054; docs/decisions/026-staff-roles.md): anyone signed
 * in may list them; only a principal adds, changes roles and removes. Never one's own account,
 * never the last account, never the last principal.
 */
import * as z from 'zod/mini';
import { staffInputSchema, staffMemberSchema, staffRoleSchema } from '../schemas/staff.ts';
import { route } from './contract.ts';

export const staffRoutes = {
  list: route({
    method: 'GET',
    path: '/api/staff',
    summary: 'Every staff account (never a password hash)',
    access: 'staff',
    output: z.array(staffMemberSchema),
    refusals: [401, 403, 503],
  }),
  add: route({
    method: 'POST',
    path: '/api/staff',
    summary: 'Adds a staff account with an initial password its holder must change (409 for a username taken)',
    access: 'principal',
    input: staffInputSchema,
    output: staffMemberSchema,
    status: 201,
    refusals: [400, 401, 403, 409, 413, 415, 503],
  }),
  setRole: route({
    method: 'PATCH',
    path: '/api/staff/:id',
    summary: 'Changes an account’s role (never the last principal’s)',
    access: 'principal',
    input: staffRoleSchema,
    output: staffMemberSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/staff/:id',
    summary: 'Removes an account (never one’s own, the last one or the last principal’s)',
    access: 'principal',
    output: z.undefined(),
    status: 204,
    refusals: [401, 403, 404, 409, 503],
  }),
} as const;
