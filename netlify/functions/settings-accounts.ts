/**
 * Settings › Accounts: the practice's trust and office accounts. A principal asks for a
 * change; another account approves it (payout/practice-accounts.ts). Staff read the digits
 * here and nowhere else.
 */
import type { Config } from '@netlify/functions';
import * as z from 'zod/mini';
import {
  PRACTICE_ACCOUNT_KINDS,
  practiceAccountSchema,
  type PracticeAccountKind,
} from '../../src/shared/schemas/bank-account.ts';
import { requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import { requirePrincipal, requireStaff } from './_shared/http/auth.ts';
import { handle, HttpError, json, noContent, readJson, readOptionalJson, validate } from './_shared/http/http.ts';
import {
  accountsView,
  approveAccountChange,
  requestAccountChange,
  withdrawAccountChange,
} from './_shared/payout/practice-accounts.ts';

export const config: Config = {
  path: [
    '/api/settings/accounts',
    '/api/settings/accounts/:account',
    '/api/settings/accounts/:account/approve',
    '/api/settings/accounts/:account/pending',
  ],
};

const kindOf = (params: Record<string, string>): PracticeAccountKind => {
  const kind = params.account ?? '';
  if (!(PRACTICE_ACCOUNT_KINDS as readonly string[]).includes(kind)) {
    throw new HttpError(404, 'The practice has a trust account and an office account, nothing else');
  }
  return kind as PracticeAccountKind;
};

/** The approval may name the request the approver read. */
const approveSchema = z.object({ requestedAt: z.optional(z.string('requestedAt must be the request’s time')) });

export default handle(config, {
  '/api/settings/accounts': {
    GET: async (req) => {
      await requireStaff(req);
      requireCddKey();
      return json(await accountsView());
    },
  },
  '/api/settings/accounts/:account': {
    PUT: async (req, { params, waitUntil }) => {
      const principal = await requirePrincipal(req);
      const details = validate(practiceAccountSchema, await readJson(req));
      const kind = kindOf(params);
      requireCddKey();
      return json({ pending: await requestAccountChange(kind, details, principal, waitUntil) }, 202);
    },
  },
  '/api/settings/accounts/:account/approve': {
    POST: async (req, { params, waitUntil }) => {
      const staff = await requireStaff(req);
      const { requestedAt } = validate(approveSchema, await readOptionalJson(req));
      const kind = kindOf(params);
      requireCddKey();
      return json(await approveAccountChange(kind, staff, requestedAt, waitUntil));
    },
  },
  '/api/settings/accounts/:account/pending': {
    DELETE: async (req, { params }) => {
      const staff = await requireStaff(req);
      await withdrawAccountChange(kindOf(params), staff);
      return noContent();
    },
  },
});
