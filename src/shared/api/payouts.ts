/**
 * Staff's side of a client's bank details (decision 054): the "Bank details" queue, the masked
 * view with every version, the audited reveal, the call-back and the second person's approval.
 * Without `CDD_ENCRYPTION_KEY` the matter's routes answer 503.
 */
import * as z from 'zod/mini';
import { callBackSchema, payoutQueueItemSchema, payoutRevealedSchema, payoutViewSchema } from '../schemas/payout.ts';
import { route } from './contract.ts';

export const payoutsRoutes = {
  queue: route({
    method: 'GET',
    path: '/api/payouts',
    summary: 'The bank details that wait for a call-back or an approval, oldest first',
    access: 'staff',
    output: z.array(payoutQueueItemSchema),
    refusals: [401, 403, 503],
  }),
  view: route({
    method: 'GET',
    path: '/api/matters/:id/payout',
    summary: 'A matter’s bank details, masked, with every version and the next step',
    access: 'staff',
    output: payoutViewSchema,
    refusals: [401, 403, 404, 503],
  }),
  reveal: route({
    method: 'POST',
    path: '/api/matters/:id/payout/reveal',
    summary: 'The current bank details in full (audited; a passkey sign-in when the practice requires passkeys)',
    access: 'staff',
    output: payoutRevealedSchema,
    refusals: [401, 403, 404, 503],
  }),
  callBack: route({
    method: 'POST',
    path: '/api/matters/:id/payout/call-back',
    summary: 'Records the call-back that read the details back to the client',
    access: 'staff',
    input: callBackSchema,
    output: payoutViewSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  approve: route({
    method: 'POST',
    path: '/api/matters/:id/payout/approve',
    summary: 'Approves the called-back details (another person than the caller; a principal for high risk)',
    access: 'staff',
    output: payoutViewSchema,
    refusals: [401, 403, 404, 409, 503],
  }),
} as const;
