/**
 * Staff: the practice details the public site prints, and confirming its claims. A change asks for a rebuild.
 * Principals: the sign-in rule and the cash policy (whether the practice accepts cash), which
 * `GET /api/settings` also shows as `cash`. Declared in src/shared/api/settings.ts.
 */
import type { Config } from '@netlify/functions';
import { settingsRoutes } from '#src/shared/api/settings.ts';
import { CLAIM_KEYS, claimLabel, type ClaimKey } from '#src/shared/schemas/settings.ts';
import { HttpError, handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { rebuildAfterChange } from './_shared/site/rebuild.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { hasPasskey } from './_shared/repositories/passkeys-store.ts';
import {
  confirmClaim,
  getCashSettings,
  getSettings,
  getSignInSettings,
  saveCashSettings,
  saveSettings,
  saveSignInSettings,
} from './_shared/repositories/settings-store.ts';

export const config: Config = {
  path: ['/api/settings', '/api/settings/sign-in', '/api/settings/cash', '/api/settings/claims/:claim/confirm'],
};

const STALE =
  'Someone else changed the settings since you opened them. Your changes are still in the form: check the latest version, then save again to replace it.';

export default handle(
  config,
  declared(settingsRoutes, {
    read: async () => {
      const [settings, { cash }] = await Promise.all([getSettings(), getCashSettings()]);
      return { ...settings, cash };
    },
    save: async ({ body: { version, ...fields }, user, context }) => {
      const result = await saveSettings(fields, version, user.username);
      if (!result.ok) throw new HttpError(409, STALE);
      await recordAudit({ by: user, action: 'settings.update', target: 'practice' });
      context.waitUntil(rebuildAfterChange());
      return result.settings;
    },
    confirmClaim: async ({ body: { value }, params, user, context }) => {
      // The body was read first, as for every write: a malformed one is a 400 whatever the path names.
      if (!(CLAIM_KEYS as readonly string[]).includes(params.claim))
        throw new HttpError(404, 'There is no such public claim');
      const key = params.claim as ClaimKey;
      const result = await confirmClaim(key, value, user.username);
      if (!result.ok) {
        throw result.reason === 'nothing-to-confirm'
          ? new HttpError(409, 'There is no rating on the site to confirm')
          : new HttpError(
              409,
              `${claimLabel(key)} has changed since you read it. Refresh the settings and check the figure again.`,
            );
      }
      await recordAudit({ by: user, action: 'settings.confirm-claim', target: key });
      // The structured data carries the rating only once it is checked.
      context.waitUntil(rebuildAfterChange());
      return result.settings;
    },
    readSignIn: () => getSignInSettings(),
    // Requiring passkeys is a principal's act, and only one who has one: never a rule that locks its maker out.
    saveSignIn: async ({ body, user: principal }) => {
      if (body.passkeys === 'required' && !(await hasPasskey(principal.id))) {
        throw new HttpError(409, 'Add a passkey to your own account before requiring them of everyone');
      }
      const saved = await saveSignInSettings(body, principal.id);
      await recordAudit({ by: principal, action: `settings.sign-in.${saved.passkeys}`, target: 'sign-in' });
      return saved;
    },
    readCash: () => getCashSettings(),
    // A principal's act: with `none` no receipt can be recorded, so a member of staff who took
    // cash cannot switch the register off (nor on) for themselves.
    saveCash: async ({ body, user: principal }) => {
      const saved = await saveCashSettings(body, principal.id);
      await recordAudit({ by: principal, action: `settings.cash.${saved.cash}`, target: 'cash' });
      return saved;
    },
  }),
);
