/**
 * Staff: the practice details the public site prints, and confirming its claims. A change asks for a rebuild.
 * Principals: the sign-in rule and the cash policy (whether the practice accepts cash), which
 * `GET /api/settings` also shows as `cash`.
 */
import type { Config } from '@netlify/functions';
import * as z from 'zod/mini';
import {
  CLAIM_KEYS,
  claimLabel,
  practiceSettingsInputSchema,
  settingsFieldErrors,
  type ClaimKey,
} from '../../src/shared/schemas/settings.ts';
import { signInSettingsSchema } from '../../src/shared/schemas/passkeys.ts';
import { cashSettingsSchema } from '../../src/shared/schemas/cash.ts';
import { requirePrincipal, requireStaff } from './_shared/http/auth.ts';
import { HttpError, handle, json, readJson, validate } from './_shared/http/http.ts';
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

/** `POST /api/settings/claims/{claim}/confirm`: the figure as the confirmer read it (the rating's value for the rating). */
const confirmSchema = z.object({ value: z.union([z.string(), z.number()], 'Give the figure you checked') });

const STALE =
  'Someone else changed the settings since you opened them. Your changes are still in the form: check the latest version, then save again to replace it.';

export default handle(config, {
  '/api/settings': {
    GET: async (req) => {
      await requireStaff(req);
      const [settings, { cash }] = await Promise.all([getSettings(), getCashSettings()]);
      return json({ ...settings, cash });
    },
    PUT: async (req, context) => {
      const user = await requireStaff(req);
      const parsed = practiceSettingsInputSchema.safeParse(await readJson(req));
      if (!parsed.success) {
        // Each claim's fault under its own input (`claims.<claim>.<part>`), as the form shows them.
        throw new HttpError(400, 'Please check the highlighted fields', {
          fieldErrors: settingsFieldErrors(parsed.error),
        });
      }
      const { version, ...fields } = parsed.data;
      const result = await saveSettings(fields, version, user.username);
      if (!result.ok) throw new HttpError(409, STALE);
      await recordAudit({ by: user, action: 'settings.update', target: 'practice' });
      context.waitUntil(rebuildAfterChange());
      return json(result.settings);
    },
  },
  '/api/settings/sign-in': {
    GET: async (req) => {
      await requireStaff(req);
      return json(await getSignInSettings());
    },
    // Requiring passkeys is a principal's act, and only one who has one: never a rule that locks its maker out.
    PUT: async (req) => {
      const principal = await requirePrincipal(req);
      const settings = validate(signInSettingsSchema, await readJson(req));
      if (settings.passkeys === 'required' && !(await hasPasskey(principal.id))) {
        throw new HttpError(409, 'Add a passkey to your own account before requiring them of everyone');
      }
      const saved = await saveSignInSettings(settings, principal.id);
      await recordAudit({ by: principal, action: `settings.sign-in.${saved.passkeys}`, target: 'sign-in' });
      return json(saved);
    },
  },
  '/api/settings/cash': {
    GET: async (req) => {
      await requireStaff(req);
      return json(await getCashSettings());
    },
    // A principal's act: with `none` no receipt can be recorded, so a member of staff who took
    // cash cannot switch the register off (nor on) for themselves.
    PUT: async (req) => {
      const principal = await requirePrincipal(req);
      const settings = validate(cashSettingsSchema, await readJson(req));
      const saved = await saveCashSettings(settings, principal.id);
      await recordAudit({ by: principal, action: `settings.cash.${saved.cash}`, target: 'cash' });
      return json(saved);
    },
  },
  '/api/settings/claims/:claim/confirm': {
    POST: async (req, context) => {
      const user = await requireStaff(req);
      // The body first, as every write: a malformed one is a 400 whatever the path names.
      const { value } = validate(confirmSchema, await readJson(req));
      const claim = context.params.claim ?? '';
      if (!(CLAIM_KEYS as readonly string[]).includes(claim)) throw new HttpError(404, 'There is no such public claim');
      const key = claim as ClaimKey;
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
      return json(result.settings);
    },
  },
});
