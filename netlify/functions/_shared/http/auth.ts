/**
 * Staff sessions: bcrypt password checks, jose-signed JWTs in an HttpOnly cookie, and a
 * server-side session record per token so that logout really ends the session.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { compare, hash } from 'bcryptjs';
import { jwtVerify, SignJWT } from 'jose';
import { createHmac, randomBytes } from 'node:crypto';
import { USERNAME_PATTERN, type SessionUser } from '#src/shared/schemas/login.ts';
import { sessionSecret } from '../platform/env.ts';
import { HttpError } from './http.ts';
import { deleteSession, findSession, saveSession } from '../repositories/sessions-store.ts';
import { findUser, renewSessionGeneration, type StaffUser } from '../repositories/users-store.ts';

export const BCRYPT_COST = 11;
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
const ISSUER = 'conveyancing-staff-portal';

/**
 * A bcrypt hash of a random, forgotten password at BCRYPT_COST, compared against when the
 * username is unknown, so an unknown name costs exactly what a wrong password costs.
 * It is a constant because computing it on first use made the first unknown name in each
 * instance ~150 ms slower, which told usernames apart.
 */
export const DUMMY_HASH = '$2b$11$ELXtkNnLELSNGYE98Jp3N.4t6nUFvSwyy4T3ioGjZkiglSDmhBjCG';

export const hashPassword = (password: string) => hash(password, BCRYPT_COST);

/** Checks a password against a stored hash, or against the dummy when there is none. */
export async function verifyPassword(password: string, storedHash: string | undefined): Promise<boolean> {
  const ok = await compare(password, storedHash ?? DUMMY_HASH);
  return ok && storedHash !== undefined;
}

/** Plain http://localhost cannot keep Secure cookies; everything else must. */
export function isSecureRequest(req: Request): boolean {
  const url = new URL(req.url);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return !(url.protocol === 'http:' && local);
}

/** `__Host-` binds the cookie to this exact host over HTTPS; it needs Secure. */
const cookieName = (req: Request) => (isSecureRequest(req) ? '__Host-staff_session' : 'staff_session');

function cookie(req: Request, value: string, maxAge: number): string {
  const parts = [`${cookieName(req)}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`];
  if (isSecureRequest(req)) parts.push('Secure');
  return parts.join('; ');
}

function readCookie(req: Request, name = cookieName(req)): string | undefined {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * Starts a session for an account as it was read before its password was checked: signs
 * a token, records it, and returns the Set-Cookie value. A password change made meanwhile
 * has already moved the account to another generation, so this session is born revoked.
 */
export async function startSession(
  req: Request,
  user: StaffUser,
  { passkeyPending = false, withPasskey = false }: { passkeyPending?: boolean; withPasskey?: boolean } = {},
): Promise<string> {
  const secret = sessionSecret();
  const jti = randomBytes(24).toString('base64url');
  const expiresAt = new Date(currentTime() + SESSION_TTL_SECONDS * 1000);
  const token = await new SignJWT({ username: user.username })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setIssuedAt(new Date(currentTime()))
    .setExpirationTime(expiresAt)
    .sign(secret);
  await saveSession(jti, {
    userId: user.id,
    username: user.username,
    expiresAt: expiresAt.toISOString(),
    generation: user.sessionGeneration,
    ...(passkeyPending && { passkeyPending: true }),
    ...(withPasskey && { signedInWith: 'passkey' as const }),
  });
  return cookie(req, token, SESSION_TTL_SECONDS);
}

export interface VerifiedSession {
  user: SessionUser;
  jti: string;
  /** The account as read to check this session (its hash, its `mustChangePassword`). */
  account: StaffUser;
  /** True when this session was started by a passkey sign-in, not by a password. */
  signedInWithPasskey: boolean;
}

export const SESSION_UNAVAILABLE = 'We could not check your session just now. Please try again in a moment.';

/**
 * The session of this request, or null: bad signature, wrong alg, expired, signed out,
 * or revoked by a password change. When the store cannot be read, 503: that is not a
 * reason to send staff back to the sign-in page.
 */
export async function readSession(req: Request): Promise<VerifiedSession | null> {
  const secret = sessionSecret();
  const token = readCookie(req);
  if (!token) return null;
  let claims: { jti: string; sub: string; username: string };
  try {
    // jose checks `exp` against the site's clock too, not its own Date.now().
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: new Date(currentTime()),
    });
    if (!payload.jti || !payload.sub || typeof payload.username !== 'string') return null;
    claims = { jti: payload.jti, sub: payload.sub, username: payload.username };
  } catch {
    return null;
  }
  let record, account;
  try {
    [record, account] = await Promise.all([findSession(claims.jti), findUser(claims.username)]);
  } catch (error) {
    console.error('[auth] could not read the session store:', error);
    throw new HttpError(503, SESSION_UNAVAILABLE, { headers: { 'Retry-After': '5' } });
  }
  if (!record || record.userId !== claims.sub || !account || account.id !== claims.sub) return null;
  if (record.generation !== account.sessionGeneration) return null;
  return {
    // Only named when set: the API's `{ id, username }` otherwise.
    user: {
      id: claims.sub,
      username: claims.username,
      // As the store says now, not as at sign-in: a demoted principal is staff from their next call.
      role: account.role,
      ...(account.mustChangePassword && { mustChangePassword: true }),
      ...(record.passkeyPending && { passkeyRequired: true }),
    },
    jti: claims.jti,
    account,
    signedInWithPasskey: record.signedInWith === 'passkey',
  };
}

export const PASSWORD_CHANGE_REQUIRED = 'Please change the initial password you were given before doing anything else';
export const PASSKEY_REQUIRED =
  'The practice requires a passkey to sign in: please add one to your account (Settings, Your sign-in) before doing anything else';

/**
 * The signed-in staff member's session; 401 otherwise. 403 while an initial password is
 * still to be changed, or while a session started by password on an account without a
 * passkey waits for one (the practice requires them), unless the route is one of the few
 * that lead out of that state.
 */
export async function requireSession(
  req: Request,
  options: { allowPendingPasswordChange?: boolean; allowPendingPasskey?: boolean } = {},
): Promise<VerifiedSession> {
  const session = await readSession(req);
  if (!session) throw new HttpError(401, 'Please sign in to continue');
  // Decided here, on the server, so no staff call can skip the forced change.
  if (session.account.mustChangePassword && !options.allowPendingPasswordChange) {
    throw new HttpError(403, PASSWORD_CHANGE_REQUIRED);
  }
  if (session.user.passkeyRequired && !options.allowPendingPasskey) throw new HttpError(403, PASSKEY_REQUIRED);
  return session;
}

/**
 * The signed-in staff member; 401 otherwise, 403 until an initial password is changed.
 * Every admin route starts with this.
 */
export async function requireStaff(req: Request): Promise<SessionUser> {
  return (await requireSession(req)).user;
}

export const PRINCIPAL_ONLY = 'Only a principal of the practice can do that';

/**
 * The signed-in staff member when their account is a principal's (read from the store on
 * this call); 401 signed out, 403 otherwise. For what only principals may do: staff
 * accounts, and later approvals and the suspicious-matter register.
 */
export async function requirePrincipal(req: Request): Promise<SessionUser> {
  const user = await requireStaff(req);
  if (user.role !== 'principal') throw new HttpError(403, PRINCIPAL_ONLY);
  return user;
}

/**
 * Ends this request's session on the server and returns a cookie that clears it. When
 * the store cannot be reached this fails (503) rather than claim a logout that the
 * server never made.
 */
export async function endSession(req: Request): Promise<string> {
  const session = await readSession(req);
  if (session) await deleteSession(session.jti);
  return cookie(req, '', 0);
}

/**
 * Signs a staff member out everywhere: every session started before now is refused.
 * For password changes and account removal; false when there is no such account.
 */
export const revokeSessionsOf = (userId: string): Promise<boolean> => renewSessionGeneration(userId);

// ---- Trusted devices ----------------------------------------------------------------

/** How long a browser stays trusted for an account after its last sign-in there. */
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;
const DEVICE_AUDIENCE = 'staff-device';

/**
 * One cookie per account a browser has signed in to, so two colleagues sharing a browser
 * both stay trusted; its name is a keyed digest of the username (never the name itself).
 */
function deviceCookieName(req: Request, username: string): string {
  const digest = createHmac('sha256', sessionSecret()).update(`device:${username}`).digest('hex').slice(0, 16);
  return `${isSecureRequest(req) ? '__Host-' : ''}staff_device_${digest}`;
}

/**
 * The device cookie OWASP describes for lockout: after a successful sign-in the browser
 * gets a token, signed with the session secret and bound to the username, that lets its
 * later attempts at that account skip the limit that strangers share
 * (`login-throttle.ts`). HttpOnly, SameSite=Strict (only our own sign-in page sends it),
 * Secure except on http://localhost.
 */
export async function issueDeviceCookie(req: Request, username: string): Promise<string> {
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(username)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuer(ISSUER)
    .setAudience(DEVICE_AUDIENCE)
    .setIssuedAt(new Date(currentTime()))
    .setExpirationTime(new Date(currentTime() + DEVICE_TTL_SECONDS * 1000))
    .sign(sessionSecret());
  const parts = [
    `${deviceCookieName(req, username)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${DEVICE_TTL_SECONDS}`,
  ];
  if (isSecureRequest(req)) parts.push('Secure');
  return parts.join('; ');
}

/** The id of this browser's valid device cookie for `username`, or null (absent, forged, expired, another account's). */
export async function trustedDevice(req: Request, username: string): Promise<string | null> {
  if (!USERNAME_PATTERN.test(username)) return null;
  const token = readCookie(req, deviceCookieName(req, username));
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, sessionSecret(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: new Date(currentTime()),
      audience: DEVICE_AUDIENCE,
    });
    return payload.sub === username && typeof payload.jti === 'string' ? payload.jti : null;
  } catch {
    return null;
  }
}
