/**
 * Settings › Accounts: the practice's trust and office accounts. A principal asks for a
 * change; another account approves it (payout/practice-accounts.ts). Staff read the digits
 * here and nowhere else. Declared in src/shared/api/settings-accounts.ts.
 */
import type { Config } from '@netlify/functions';
import { settingsAccountsRoutes } from '#src/shared/api/settings-accounts.ts';
import { PRACTICE_ACCOUNT_KINDS, type PracticeAccountKind } from '#src/shared/schemas/bank-account.ts';
import { requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import { handle, HttpError } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
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

export default handle(
  config,
  declared(settingsAccountsRoutes, {
    read: async () => {
      requireCddKey();
      return accountsView();
    },
    requestChange: async ({ body: details, params, user: principal, context }) => {
      const kind = kindOf(params);
      requireCddKey();
      return { pending: await requestAccountChange(kind, details, principal, context.waitUntil) };
    },
    approve: async ({ body, params, user: staff, context }) => {
      const kind = kindOf(params);
      requireCddKey();
      return approveAccountChange(kind, staff, body?.requestedAt, context.waitUntil);
    },
    withdraw: async ({ params, user: staff }) => {
      await withdrawAccountChange(kindOf(params), staff);
      return undefined;
    },
  }),
);
