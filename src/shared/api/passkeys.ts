/**
 * Staff passkeys (decision 054; docs/decisions/045-staff-passkeys.md): each account sees and
 * adds its own; a principal may also list and remove another account's (a lost device). The
 * list, the options and the adding also work in a session that waits for a required passkey.
 */
import * as z from 'zod/mini';
import { passkeyAddSchema, passkeyCreationOptionsSchema, passkeyOptionsSchema } from '../schemas/passkeys.ts';
import { route } from './contract.ts';

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});

export const passkeysRoutes = {
  list: route({
    method: 'GET',
    path: '/api/passkeys',
    summary: 'The caller’s own passkeys, or with `account` (a principal’s call) that account’s',
    access: 'passkey-pending',
    query: z.object({ account: z.optional(z.string()) }),
    output: z.array(passkeySummarySchema),
    refusals: [401, 403, 503],
  }),
  options: route({
    method: 'POST',
    path: '/api/passkeys/options',
    summary: 'The options for making a passkey (WebAuthn), with their challenge in a cookie',
    access: 'passkey-pending',
    input: z.optional(passkeyOptionsSchema),
    output: passkeyCreationOptionsSchema,
    answerHeaders: ['Set-Cookie'],
    refusals: [400, 401, 403, 413, 415, 503],
  }),
  add: route({
    method: 'POST',
    path: '/api/passkeys',
    summary:
      'Adds the passkey the registration response proves; a session that waited for one is replaced by a full one',
    access: 'passkey-pending',
    input: passkeyAddSchema,
    output: z.object({ id: z.string(), name: z.string(), createdAt: z.string() }),
    status: 201,
    answerHeaders: ['Set-Cookie'],
    refusals: [400, 401, 403, 409, 413, 415, 503],
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/passkeys/:id',
    summary: 'Removes a passkey: one’s own, or (a principal) another account’s, who is told',
    access: 'staff',
    output: z.undefined(),
    status: 204,
    refusals: [401, 403, 404, 503],
  }),
} as const;
