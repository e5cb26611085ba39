/**
 * POST /api/login: checks a staff member's password and starts a session, unless the account
 * has a passkey: then the password alone opens nothing, and only the passkey signs in.
 * POST /api/login/passkey/options and /api/login/passkey: signing in with a passkey
 * (docs/decisions/045-staff-passkeys.md). Declared in src/shared/api/login.ts.
 */
import type { Config } from '@netlify/functions';
import { loginRoutes } from '#src/shared/api/login.ts';
import type { SessionUser } from '#src/shared/schemas/login.ts';
import { issueDeviceCookie, startSession, trustedDevice, verifyPassword } from './_shared/http/auth.ts';
import { HttpError, handle } from './_shared/http/http.ts';
import { admitAttempt, clientAddress, noteSuccess } from './_shared/http/login-throttle.ts';
import { declared } from './_shared/http/serve.ts';
import {
  accountOfAssertion,
  authenticationOptions,
  clearChallengeCookie,
  verifiedAssertion,
} from './_shared/http/webauthn.ts';
import { hasPasskey } from './_shared/repositories/passkeys-store.ts';
import { getSignInSettings } from './_shared/repositories/settings-store.ts';
import { findUser, recordSignIn, type StaffUser } from './_shared/repositories/users-store.ts';

/** A session for the account, with this browser's trust for it after the session cookie. */
async function signedIn(
  req: Request,
  headers: Headers,
  user: StaffUser,
  { passkeyPending = false, withPasskey = false }: { passkeyPending?: boolean; withPasskey?: boolean },
): Promise<SessionUser> {
  await recordSignIn(user.username);
  // The session first (clients that read one cookie read it), then this browser's trust.
  headers.append('Set-Cookie', await startSession(req, user, { passkeyPending, withPasskey }));
  headers.append('Set-Cookie', await issueDeviceCookie(req, user.username));
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    ...(user.mustChangePassword && { mustChangePassword: true }),
    ...(passkeyPending && { passkeyRequired: true }),
  };
}

/** Signed by no account we know, or by none at all: counted under a name no account can have. */
const UNKNOWN_PASSKEY = '(passkey)';
const PASSKEY_REFUSED = 'That passkey did not sign you in. Please try again, or use another passkey.';

export const config: Config = {
  path: ['/api/login', '/api/login/passkey/options', '/api/login/passkey'],
  // Netlify's platform limit, per IP, on top of the throttle above.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

/** Netlify passes the client's address in the context; tests and local runs may not. */
export default handle(
  config,
  declared(loginRoutes, {
    password: async ({ req, context, body: { username, password }, headers }) => {
      // Known and unknown usernames take the same path: one recorded attempt, one bcrypt check.
      const admitted = await admitAttempt(username, clientAddress(req, context), {
        device: await trustedDevice(req, username),
      });
      const user = await findUser(username);
      if (!(await verifyPassword(password, user?.passwordHash)) || !user) {
        throw new HttpError(401, 'Invalid username or password');
      }
      await noteSuccess(admitted);
      if (await hasPasskey(user.id)) {
        // The right password, but no session: the sign-in page now asks for the passkey.
        headers.append('Set-Cookie', await issueDeviceCookie(req, user.username));
        return { id: user.id, username: user.username, secondFactor: 'passkey' as const };
      }
      const required = (await getSignInSettings()).passkeys === 'required';
      return signedIn(req, headers, user, { passkeyPending: required });
    },
    passkeyOptions: async ({ req, headers }) => {
      const { options, cookie } = await authenticationOptions(req);
      headers.set('Set-Cookie', cookie);
      return options;
    },
    passkey: async ({ req, context, body: { response }, headers }) => {
      const account = await accountOfAssertion(response);
      const username = account?.username ?? UNKNOWN_PASSKEY;
      // Counted like a password: a refused passkey is a failed attempt at that account.
      const admitted = await admitAttempt(username, clientAddress(req, context), {
        device: account ? await trustedDevice(req, username) : null,
      });
      const cleared = { 'Set-Cookie': clearChallengeCookie(req, 'sign-in') };
      if (!account || !(await verifiedAssertion(req, account, response))) {
        throw new HttpError(401, PASSKEY_REFUSED, { headers: cleared });
      }
      await noteSuccess(admitted);
      const user = await signedIn(req, headers, account, { withPasskey: true });
      headers.append('Set-Cookie', cleared['Set-Cookie']);
      return user;
    },
  }),
);
