/** Staff: when the public site was last rebuilt, and asking for a rebuild on demand. Declared in src/shared/api/settings.ts. */
import type { Config } from '@netlify/functions';
import { siteBuildRoutes } from '#src/shared/api/settings.ts';
import { handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { buildStatus, requestRebuild } from './_shared/site/rebuild.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';

export const config: Config = { path: '/api/site-builds' };

export default handle(
  config,
  declared(siteBuildRoutes, {
    status: () => buildStatus(),
    request: async ({ user }) => {
      const state = await requestRebuild();
      await recordAudit({ by: user, action: 'site.rebuild', target: 'public site' });
      return state;
    },
  }),
);
