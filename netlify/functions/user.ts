/**
 * GET /api/user, POST /api/logout and PUT /api/user/password: the current staff session.
 * These three work while an initial password is still to be changed; nothing else does.
 * GET and PUT /api/user/email: the address the account's own notices go to.
 */
import type { Config } from '@netlify/functions';
import { ownEmailSchema, passwordChangeSchema } from '../../src/shared/schemas/staff.ts';
import {
  endSession,
  hashPassword,
  PASSKEY_REQUIRED,
  requireSession,
  requireStaff,
  startSession,
  verifyPassword,
} from './_shared/http/auth.ts';
import { HttpError, handle, json, noContent, readJson, validate } from './_shared/http/http.ts';
import { admitAttempt, clientAddress, noteSuccess } from './_shared/http/login-throttle.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { deleteSession } from './_shared/repositories/sessions-store.ts';
import { changePassword, findUser, setOwnEmail } from './_shared/repositories/users-store.ts';

/** What may be called before the initial password is changed, or while a required passkey is still to be added. */
const pending = { allowPendingPasswordChange: true, allowPendingPasskey: true };

/**
 * Checks the current password under the sign-in throttle (a stolen session must not be a
 * way round it to guess the password), sets the new one, which signs this account out
 * everywhere, and gives this browser a fresh session.
 */
async function changeOwnPassword(req: Request, address: string): Promise<Response> {
  const session = await requireSession(req, pending);
  // Waiting for a passkey, only the initial password may still be changed (its own forced step comes first).
  if (session.user.passkeyRequired && !session.account.mustChangePassword) throw new HttpError(403, PASSKEY_REQUIRED);
  const { currentPassword, newPassword } = validate(passwordChangeSchema, await readJson(req));
  const admitted = await admitAttempt(session.user.username, address);
  if (!(await verifyPassword(currentPassword, session.account.passwordHash))) {
    const message = 'That is not your current password';
    throw new HttpError(400, message, { fieldErrors: { currentPassword: [message] } });
  }
  await noteSuccess(admitted);
  if (newPassword === currentPassword) {
    const message = 'Choose a password different from the current one';
    throw new HttpError(400, message, { fieldErrors: { newPassword: [message] } });
  }
  const updated = await changePassword(session.user.username, session.user.id, await hashPassword(newPassword));
  if (!updated) throw new HttpError(401, 'Please sign in to continue');
  await deleteSession(session.jti);
  await recordAudit({ by: updated, action: 'staff.password', target: updated.id });
  const cookie = await startSession(req, updated, { passkeyPending: session.user.passkeyRequired === true });
  const body = {
    id: updated.id,
    username: updated.username,
    role: updated.role,
    ...(session.user.passkeyRequired && { passkeyRequired: true }),
  };
  return json(body, 200, { 'Set-Cookie': cookie });
}

/** The account's own notice address: set, or removed with an empty string; audited without it. */
async function changeOwnEmail(req: Request): Promise<Response> {
  const staff = await requireStaff(req);
  const { email } = validate(ownEmailSchema, await readJson(req));
  const updated = await setOwnEmail(staff.username, staff.id, email === '' ? null : email);
  if (!updated) throw new HttpError(401, 'Please sign in to continue');
  await recordAudit({ by: updated, action: 'staff.email', target: updated.id });
  return json({ email: updated.email ?? null });
}

export const config: Config = { path: ['/api/user', '/api/logout', '/api/user/password', '/api/user/email'] };

/** Netlify passes the client's address in the context; tests and local runs may not. */
export default handle(config, {
  '/api/user': { GET: async (req) => json((await requireSession(req, pending)).user) },
  '/api/logout': { POST: async (req) => noContent({ 'Set-Cookie': await endSession(req) }) },
  '/api/user/password': { PUT: (req, context) => changeOwnPassword(req, clientAddress(req, context)) },
  '/api/user/email': {
    GET: async (req) => {
      const staff = await requireStaff(req);
      return json({ email: (await findUser(staff.username))?.email ?? null });
    },
    PUT: changeOwnEmail,
  },
});
