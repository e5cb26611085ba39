/**
 * The practice's settings (decision 054): the details the public site prints and their claims
 * (staff), the sign-in rule and the cash policy (principals change them), and the public site's
 * rebuilds, which a change to the details asks for.
 */
import * as z from 'zod/mini';
import { cashSettingsSchema } from '../schemas/cash.ts';
import { signInSettingsSchema } from '../schemas/passkeys.ts';
import { practiceSettingsInputSchema, practiceSettingsSchema, settingsFieldErrors } from '../schemas/settings.ts';
import { buildStatusSchema } from '../schemas/site-build.ts';
import { route } from './contract.ts';

/** `GET /api/settings` shows the cash policy beside the details, for the pages that print it. */
const settingsWithCashSchema = z.extend(practiceSettingsSchema, { cash: cashSettingsSchema.shape.cash });

/** The figure as the confirmer read it (the rating's value for the rating). */
export const claimConfirmationSchema = z.object({
  value: z.union([z.string(), z.number()], 'Give the figure you checked'),
});

export const settingsRoutes = {
  read: route({
    method: 'GET',
    path: '/api/settings',
    summary: 'The practice details, their claims and the cash policy',
    access: 'staff',
    output: settingsWithCashSchema,
    refusals: [401, 403, 503],
  }),
  save: route({
    method: 'PUT',
    path: '/api/settings',
    summary: 'Saves the practice details (409 over a newer version); asks for a rebuild',
    access: 'staff',
    input: practiceSettingsInputSchema,
    fieldErrors: settingsFieldErrors,
    output: practiceSettingsSchema,
    refusals: [400, 401, 403, 409, 413, 415, 503],
  }),
  confirmClaim: route({
    method: 'POST',
    path: '/api/settings/claims/:claim/confirm',
    summary: 'Confirms a public claim as checked, with the figure read; asks for a rebuild',
    access: 'staff',
    input: claimConfirmationSchema,
    output: practiceSettingsSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  readSignIn: route({
    method: 'GET',
    path: '/api/settings/sign-in',
    summary: 'Whether every staff account must sign in with a passkey',
    access: 'staff',
    output: signInSettingsSchema,
    refusals: [401, 403, 503],
  }),
  saveSignIn: route({
    method: 'PUT',
    path: '/api/settings/sign-in',
    summary: 'Sets the sign-in rule (a principal who has a passkey may require them)',
    access: 'principal',
    input: signInSettingsSchema,
    output: signInSettingsSchema,
    refusals: [400, 401, 403, 409, 413, 415, 503],
  }),
  readCash: route({
    method: 'GET',
    path: '/api/settings/cash',
    summary: 'Whether the practice accepts cash',
    access: 'staff',
    output: cashSettingsSchema,
    refusals: [401, 403, 503],
  }),
  saveCash: route({
    method: 'PUT',
    path: '/api/settings/cash',
    summary: 'Sets the cash policy',
    access: 'principal',
    input: cashSettingsSchema,
    output: cashSettingsSchema,
    refusals: [400, 401, 403, 413, 415, 503],
  }),
} as const;

export const siteBuildRoutes = {
  status: route({
    method: 'GET',
    path: '/api/site-builds',
    summary: 'When the public site was last rebuilt, and whether a rebuild is owed',
    access: 'staff',
    output: buildStatusSchema,
    refusals: [401, 403, 503],
  }),
  request: route({
    method: 'POST',
    path: '/api/site-builds',
    summary: 'Asks for a rebuild of the public site now',
    access: 'staff',
    output: buildStatusSchema,
    status: 202,
    refusals: [401, 403, 503],
  }),
} as const;
