/** GET /api/user and POST /api/logout: the current staff session. */
import type { Config } from '@netlify/functions';
import { endSession, requireStaff } from './_shared/auth.ts';
import { json, noContent, router } from './_shared/http.ts';

export default router({
  'GET /api/user': async (req) => json(await requireStaff(req)),
  'POST /api/logout': async (req) => noContent({ 'Set-Cookie': await endSession(req) }),
});

export const config: Config = { path: ['/api/user', '/api/logout'] };
