/**
 * Staff's side of a client's bank details (payout/payout-workflow.ts): the masked view with
 * every version, the audited reveal, the call-back, the second person's approval, and the
 * "Bank details" queue of what waits.
 */
import type { Config } from '@netlify/functions';
import { callBackSchema } from '../../src/shared/schemas/payout.ts';
import { requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import { requireSession, requireStaff } from './_shared/http/auth.ts';
import { handle, json, readJson, validate } from './_shared/http/http.ts';
import { matterIdParam } from './_shared/matters/matter-workflow.ts';
import {
  approvePayout,
  payoutQueue,
  payoutView,
  recordCallBack,
  revealPayout,
} from './_shared/payout/payout-workflow.ts';

export const config: Config = {
  path: [
    '/api/payouts',
    '/api/matters/:id/payout',
    '/api/matters/:id/payout/reveal',
    '/api/matters/:id/payout/call-back',
    '/api/matters/:id/payout/approve',
  ],
};

const matterId = matterIdParam;

export default handle(config, {
  '/api/payouts': {
    GET: async (req) => {
      await requireStaff(req);
      return json(await payoutQueue());
    },
  },
  '/api/matters/:id/payout': {
    GET: async (req, { params }) => {
      await requireStaff(req);
      requireCddKey();
      return json(await payoutView(matterId(params)));
    },
  },
  '/api/matters/:id/payout/reveal': {
    POST: async (req, { params }) => {
      const session = await requireSession(req);
      requireCddKey();
      const revealed = await revealPayout(matterId(params), session.user, session);
      return json(revealed, 200, { 'Cache-Control': 'no-store' });
    },
  },
  '/api/matters/:id/payout/call-back': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      const input = validate(callBackSchema, await readJson(req));
      requireCddKey();
      return json(await recordCallBack(matterId(params), input, staff));
    },
  },
  '/api/matters/:id/payout/approve': {
    POST: async (req, { params, waitUntil }) => {
      const staff = await requireStaff(req);
      requireCddKey();
      return json(await approvePayout(matterId(params), staff, waitUntil));
    },
  },
});
