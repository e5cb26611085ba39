/** Staff: the practice details the public site prints. A change asks for a rebuild. */
import type { Config } from '@netlify/functions';
import { practiceSettingsInputSchema, settingsFieldErrors } from '../../src/shared/schemas/settings.ts';
import { requireStaff } from './_shared/http/auth.ts';
import { HttpError, handle, json, readJson } from './_shared/http/http.ts';
import { rebuildAfterChange } from './_shared/site/rebuild.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { getSettings, saveSettings } from './_shared/repositories/settings-store.ts';

export const config: Config = { path: '/api/settings' };

export default handle(config, {
  '/api/settings': {
    GET: async (req) => {
      await requireStaff(req);
      return json(await getSettings());
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
      const result = await saveSettings(fields, version);
      if (!result.ok) {
        throw new HttpError(
          409,
          'Someone else changed the settings since you opened them. Your changes are still in the form: check the latest version, then save again to replace it.',
        );
      }
      await recordAudit({ by: user, action: 'settings.update', target: 'practice' });
      context.waitUntil(rebuildAfterChange());
      return json(result.settings);
    },
  },
});
