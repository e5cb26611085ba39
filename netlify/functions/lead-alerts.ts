/** Staff: which alert channels this site has, so the desk can say when nobody is told. Declared in src/shared/api/lead-desk.ts. */
import type { Config } from '@netlify/functions';
import { leadAlertsRoutes } from '#src/shared/api/lead-desk.ts';
import { configuredChannels } from './_shared/mail/staff-alerts.ts';
import { handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';

export const config: Config = { path: '/api/lead-alerts' };

export default handle(
  config,
  declared(leadAlertsRoutes, {
    channels: () => {
      const channels = configuredChannels();
      return Promise.resolve({ email: channels.includes('email'), webhook: channels.includes('webhook') });
    },
  }),
);
