/** POST /api/login: checks a staff member's password and starts a session. */
import type { Config } from '@netlify/functions';
import { loginSchema } from '../../src/shared/schemas/login.ts';
import { issueDeviceCookie, startSession, trustedDevice, verifyPassword } from './_shared/http/auth.ts';
import { HttpError, handle, json, readJson, validate } from './_shared/http/http.ts';
import { admitAttempt, clientAddress, noteSuccess } from './_shared/http/login-throttle.ts';
import { findUser, recordSignIn } from './_shared/repositories/users-store.ts';

async function signIn(req: Request, address: string): Promise<Response> {
  const { username, password } = validate(loginSchema, await readJson(req));
  // Known and unknown usernames take the same path: one recorded attempt, one bcrypt check.
  const admitted = await admitAttempt(username, address, { device: await trustedDevice(req, username) });
  const user = await findUser(username);
  if (!(await verifyPassword(password, user?.passwordHash)) || !user) {
    throw new HttpError(401, 'Invalid username or password');
  }
  await noteSuccess(admitted);
  await recordSignIn(user.username);
  const body = { id: user.id, username: user.username, ...(user.mustChangePassword && { mustChangePassword: true }) };
  const response = json(body, 200, { 'Set-Cookie': await startSession(req, user) });
  // The session first (clients that read one cookie read it), then this browser's trust.
  response.headers.append('Set-Cookie', await issueDeviceCookie(req, user.username));
  return response;
}

export const config: Config = {
  path: '/api/login',
  // Netlify's platform limit, per IP, on top of the throttle above.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

/** Netlify passes the client's address in the context; tests and local runs may not. */
export default handle(config, {
  '/api/login': { POST: (req, context) => signIn(req, clientAddress(req, context)) },
});
