/**
 * Staff's side of a client's bank details (payout/payout-workflow.ts): the masked view with
 * every version, the audited reveal, the call-back, the second person's approval, and the
 * "Bank details" queue of what waits. Declared in src/shared/api/payouts.ts.
 */
import type { Config } from '@netlify/functions';
import { payoutsRoutes } from '#src/shared/api/payouts.ts';
import { requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import { requireSession } from './_shared/http/auth.ts';
import { handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
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

export default handle(
  config,
  declared(payoutsRoutes, {
    queue: () => payoutQueue(),
    view: async ({ params }) => {
      requireCddKey();
      return payoutView(matterId(params));
    },
    // The reveal needs how the caller signed in (a passkey, when the practice requires them),
    // which the declared caller does not carry: its session is read again. The answer is never
    // cached, as every `json()` answer (http.ts's Cache-Control: no-store).
    reveal: async ({ req, params }) => {
      const session = await requireSession(req);
      requireCddKey();
      return revealPayout(matterId(params), session.user, session);
    },
    // The body is judged before the key is checked, as it always was here.
    callBack: async ({ body, params, user: staff }) => {
      requireCddKey();
      return recordCallBack(matterId(params), body, staff);
    },
    approve: async ({ params, user: staff, context }) => {
      requireCddKey();
      return approvePayout(matterId(params), staff, context.waitUntil);
    },
  }),
);
