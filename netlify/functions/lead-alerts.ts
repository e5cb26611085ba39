/** Staff: which alert channels this site has, so the desk can say when nobody is told. */
import type { Config } from '@netlify/functions';
import type { AlertChannels } from '../../src/shared/schemas/lead-desk.ts';
import { configuredChannels } from './_shared/mail/staff-alerts.ts';
import { requireStaff } from './_shared/http/auth.ts';
import { handle, json } from './_shared/http/http.ts';

export const config: Config = { path: '/api/lead-alerts' };

export default handle(config, {
  '/api/lead-alerts': {
    GET: async (req) => {
      await requireStaff(req);
      const channels = configuredChannels();
      const answer: AlertChannels = { email: channels.includes('email'), webhook: channels.includes('webhook') };
      return json(answer);
    },
  },
});
