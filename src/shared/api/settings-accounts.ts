/**
 * Settings › Accounts (decision 054): the practice's trust and office accounts. A principal asks
 * for a change; another account approves it, or the asker or a principal withdraws it. Staff
 * read the digits here and nowhere else. Without `CDD_ENCRYPTION_KEY` the reads and changes
 * answer 503.
 */
import * as z from 'zod/mini';
import {
  pendingAccountChangeSchema,
  practiceAccountSchema,
  practiceAccountsViewSchema,
} from '../schemas/bank-account.ts';
import { route } from './contract.ts';

/** The approval may name the request the approver read. */
export const accountApprovalSchema = z.object({
  requestedAt: z.optional(z.string('requestedAt must be the request’s time')),
});

export const settingsAccountsRoutes = {
  read: route({
    method: 'GET',
    path: '/api/settings/accounts',
    summary: 'The practice’s trust and office accounts, and a change waiting for approval',
    access: 'staff',
    output: practiceAccountsViewSchema,
    refusals: [401, 403, 503],
  }),
  requestChange: route({
    method: 'PUT',
    path: '/api/settings/accounts/:account',
    summary: 'Asks for a change to the trust or office account; it waits for another account’s approval',
    access: 'principal',
    input: practiceAccountSchema,
    output: z.object({ pending: z.optional(pendingAccountChangeSchema) }),
    status: 202,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  approve: route({
    method: 'POST',
    path: '/api/settings/accounts/:account/approve',
    summary: 'Approves the change another account asked for (the body may name the request read)',
    access: 'staff',
    input: z.optional(accountApprovalSchema),
    output: practiceAccountsViewSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  withdraw: route({
    method: 'DELETE',
    path: '/api/settings/accounts/:account/pending',
    summary: 'Withdraws the change waiting for approval (its asker or a principal)',
    access: 'staff',
    output: z.undefined(),
    status: 204,
    refusals: [401, 403, 404, 409, 503],
  }),
} as const;
