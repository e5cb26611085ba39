/** POST /api/login: checks a staff member's password and starts a session. */
import type { Config } from '@netlify/functions';
import { loginSchema } from '../../src/shared/schemas/login.ts';
import { startSession, verifyPassword } from './_shared/auth.ts';
import { HttpError, json, readJson, router, validate } from './_shared/http.ts';
import { assertNotLocked, noteFailure, noteSuccess } from './_shared/login-throttle.ts';
import { findUser } from './_shared/repositories/users.ts';

export default router({
  'POST /api/login': async (req) => {
    const { username, password } = validate(loginSchema, await readJson(req));
    await assertNotLocked(username);
    const user = await findUser(username);
    if (!(await verifyPassword(password, user?.passwordHash)) || !user) {
      await noteFailure(username);
      throw new HttpError(401, 'Invalid username or password');
    }
    await noteSuccess(username);
    const sessionUser = { id: user.id, username: user.username };
    return json(sessionUser, 200, { 'Set-Cookie': await startSession(req, sessionUser) });
  },
});

export const config: Config = {
  path: '/api/login',
  // Netlify's platform limit, per IP, on top of the per-username lock above.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
