/** Staff: when the public site was last rebuilt, and asking for a rebuild on demand. */
import type { Config } from '@netlify/functions';
import { requireStaff } from './_shared/http/auth.ts';
import { handle, json } from './_shared/http/http.ts';
import { buildStatus, requestRebuild } from './_shared/site/rebuild.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';

export const config: Config = { path: '/api/site-builds' };

export default handle(config, {
  '/api/site-builds': {
    GET: async (req) => {
      await requireStaff(req);
      return json(await buildStatus());
    },
    POST: async (req) => {
      const staff = await requireStaff(req);
      const state = await requestRebuild();
      await recordAudit({ by: staff, action: 'site.rebuild', target: 'public site' });
      return json(state, 202);
    },
  },
});
