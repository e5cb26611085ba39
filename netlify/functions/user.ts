/**
 * GET /api/user, POST /api/logout and PUT /api/user/password: the current staff session.
 * These three work while an initial password is still to be changed; nothing else does.
 * GET and PUT /api/user/email: the address the account's own notices go to.
 * Declared in src/shared/api/user.ts.
 */
import type { Config } from '@netlify/functions';
import { userRoutes } from '#src/shared/api/user.ts';
import { endSession, hashPassword, startSession, verifyPassword } from './_shared/http/auth.ts';
import { HttpError, handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { admitAttempt, clientAddress, noteSuccess } from './_shared/http/login-throttle.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { deleteSession } from './_shared/repositories/sessions-store.ts';
import { changePassword, findUser, setOwnEmail } from './_shared/repositories/users-store.ts';

export const config: Config = { path: ['/api/user', '/api/logout', '/api/user/password', '/api/user/email'] };

/** Netlify passes the client's address in the context; tests and local runs may not. */
export default handle(
  config,
  declared(userRoutes, {
    current: ({ user }) => Promise.resolve(user),
    logout: async ({ req, headers }) => {
      headers.set('Set-Cookie', await endSession(req));
      return undefined;
    },
    /**
     * Checks the current password under the sign-in throttle (a stolen session must not be a
     * way round it to guess the password), sets the new one, which signs this account out
     * everywhere, and gives this browser a fresh session.
     */
    changePassword: async ({ req, context, session, body: { currentPassword, newPassword }, headers }) => {
      const admitted = await admitAttempt(session.user.username, clientAddress(req, context));
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
      headers.set(
        'Set-Cookie',
        await startSession(req, updated, { passkeyPending: session.user.passkeyRequired === true }),
      );
      return {
        id: updated.id,
        username: updated.username,
        role: updated.role,
        ...(session.user.passkeyRequired && { passkeyRequired: true }),
      };
    },
    email: async ({ user }) => ({ email: (await findUser(user.username))?.email ?? null }),
    /** The account's own notice address: set, or removed with an empty string; audited without it. */
    setEmail: async ({ user, body: { email } }) => {
      const updated = await setOwnEmail(user.username, user.id, email === '' ? null : email);
      if (!updated) throw new HttpError(401, 'Please sign in to continue');
      await recordAudit({ by: updated, action: 'staff.email', target: updated.id });
      return { email: updated.email ?? null };
    },
  }),
);
