/**
 * Staff sessions: bcrypt password checks, jose-signed JWTs in an HttpOnly cookie, and a
 * server-side session record per token so that logout really ends the session.
 */
import { compare, hash } from 'bcryptjs';
import { jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../../../src/shared/schemas/login.ts';
import { sessionSecret } from './env.ts';
import { HttpError } from './http.ts';
import { deleteSession, findSession, saveSession } from './repositories/sessions.ts';

export const BCRYPT_COST = 11;
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
const ISSUER = 'conveyancing-staff-portal';

/**
 * A hash of a random password at the same cost, compared against when the username is
 * unknown, so an unknown name costs as much time as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex'), BCRYPT_COST));

export const hashPassword = (password: string) => hash(password, BCRYPT_COST);

/** Checks a password against a stored hash, or against the dummy when there is none. */
export async function verifyPassword(password: string, storedHash: string | undefined): Promise<boolean> {
  const ok = await compare(password, storedHash ?? (await getDummyHash()));
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

function readCookie(req: Request): string | undefined {
  const name = cookieName(req);
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Starts a session: signs a token, records it, and returns the Set-Cookie value. */
export async function startSession(req: Request, user: SessionUser): Promise<string> {
  const secret = sessionSecret();
  const jti = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  const token = await new SignJWT({ username: user.username })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(secret);
  await saveSession(jti, { userId: user.id, username: user.username, expiresAt: expiresAt.toISOString() });
  return cookie(req, token, SESSION_TTL_SECONDS);
}

interface VerifiedSession {
  user: SessionUser;
  jti: string;
}

/** The session of this request, or null: bad signature, wrong alg, expired or revoked. */
export async function readSession(req: Request): Promise<VerifiedSession | null> {
  const secret = sessionSecret();
  const token = readCookie(req);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
    if (!payload.jti || !payload.sub || typeof payload.username !== 'string') return null;
    const record = await findSession(payload.jti);
    if (!record || record.userId !== payload.sub) return null;
    return { user: { id: payload.sub, username: payload.username }, jti: payload.jti };
  } catch {
    return null;
  }
}

/** The signed-in staff member; 401 otherwise. Every admin route starts with this. */
export async function requireStaff(req: Request): Promise<SessionUser> {
  const session = await readSession(req);
  if (!session) throw new HttpError(401, 'Please sign in to continue');
  return session.user;
}

/** Ends this request's session on the server and returns a cookie that clears it. */
export async function endSession(req: Request): Promise<string> {
  const session = await readSession(req).catch(() => null);
  if (session) await deleteSession(session.jti);
  return cookie(req, '', 0);
}
