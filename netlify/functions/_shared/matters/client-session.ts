/**
 * A client's session on their matter (docs/decisions/032-client-matter-sign-in.md): a
 * jose-signed JWT in its own HttpOnly cookie, backed by a record so signing out ends it.
 *
 * It can never be a staff session, three ways over: its cookie has another name, it is
 * signed with a key derived for clients alone (an HMAC of the session secret, so a staff
 * token does not verify here nor a client token there), and it names its own issuer and
 * audience. All it proves is that someone opened a sign-in link sent to this e-mail address.
 *
 * And a device cookie, as staff have (auth.ts, decision 020): the browser that opened a
 * sign-in link is known for that address from then on, through sign-out and the session's
 * end, so its own requests for a link are counted apart from whatever strangers send.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { now as currentTime } from '#src/shared/clock.ts';
import { isSecureRequest } from '../http/auth.ts';
import { Refused } from '../platform/refused.ts';
import { sessionSecret } from '../platform/env.ts';
import { deleteClientSession, findClientSession, saveClientSession } from '../repositories/client-sessions-store.ts';

export const CLIENT_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'conveyancing-client-matter';
const AUDIENCE = 'matter-client';

/** The client sessions' own signing key: derived from the session secret, never equal to it. */
const clientKey = (): Uint8Array =>
  new Uint8Array(createHmac('sha256', sessionSecret()).update('client-matter-session-v1').digest());

/**
 * `__Host-` binds the cookie to this host over HTTPS and needs Secure; plain
 * http://localhost (the local and e2e servers) cannot keep a Secure cookie, so there it has
 * the plain name, exactly as the staff cookie does (auth.ts).
 */
const cookieName = (req: Request) => (isSecureRequest(req) ? '__Host-matter_session' : 'matter_session');

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

/** Starts a session for the client at this (normalised) address; returns the Set-Cookie value. */
export async function startClientSession(req: Request, email: string): Promise<string> {
  const jti = randomBytes(24).toString('base64url');
  const expiresAt = new Date(currentTime() + CLIENT_SESSION_TTL_SECONDS * 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(email)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(new Date(currentTime()))
    .setExpirationTime(expiresAt)
    .sign(clientKey());
  await saveClientSession(jti, { email, expiresAt: expiresAt.toISOString() });
  return cookie(req, token, CLIENT_SESSION_TTL_SECONDS);
}

export interface ClientSession {
  email: string;
  jti: string;
  /** When the client opened the sign-in link (the token's `iat`), ms since the epoch. */
  signedInAt: number;
}

/** This request's client session, or null (none, forged, expired, signed out). */
export async function readClientSession(req: Request): Promise<ClientSession | null> {
  const token = readCookie(req);
  if (!token) return null;
  let claims: { jti: string; sub: string; iat: number };
  try {
    const { payload } = await jwtVerify(token, clientKey(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(currentTime()),
    });
    if (!payload.jti || !payload.sub || payload.iat === undefined) return null;
    claims = { jti: payload.jti, sub: payload.sub, iat: payload.iat };
  } catch {
    return null;
  }
  const record = await findClientSession(claims.jti);
  if (!record || record.email !== claims.sub) return null;
  return { email: record.email, jti: claims.jti, signedInAt: claims.iat * 1000 };
}

export const CLIENT_SIGN_IN_NEEDED = 'Please sign in with the link we e-mail you';

/** The client's session; 401 otherwise. Every `/api/my-matters` route starts with this. */
export async function requireClient(req: Request): Promise<ClientSession> {
  const session = await readClientSession(req);
  if (!session) throw new Refused('signed-out', CLIENT_SIGN_IN_NEEDED);
  return session;
}

// ---- Known devices -----------------------------------------------------------------

/** How long a browser stays known for an address after it last opened a sign-in link there. */
export const CLIENT_DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;
const DEVICE_AUDIENCE = 'matter-client-device';

/** The address as the device cookie names it: a keyed digest, so neither name nor token holds it. */
const addressDigest = (email: string) =>
  createHmac('sha256', sessionSecret()).update(`matter-device:${email}`).digest('hex').slice(0, 16);

/** One cookie per address a browser signed in with, so two clients sharing a browser both stay known. */
const deviceCookieName = (req: Request, email: string) =>
  `${isSecureRequest(req) ? '__Host-' : ''}matter_device_${addressDigest(email)}`;

/**
 * The device cookie for the client at this (normalised) address: signed with the clients'
 * own key, bound to the address's digest, HttpOnly and SameSite=Strict (only the practice's
 * own sign-in form sends it back), Secure except on http://localhost. Set when the e-mailed
 * link signs the browser in; never cleared by signing out.
 */
export async function issueClientDeviceCookie(req: Request, email: string): Promise<string> {
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(addressDigest(email))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuer(ISSUER)
    .setAudience(DEVICE_AUDIENCE)
    .setIssuedAt(new Date(currentTime()))
    .setExpirationTime(new Date(currentTime() + CLIENT_DEVICE_TTL_SECONDS * 1000))
    .sign(clientKey());
  const parts = [
    `${deviceCookieName(req, email)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${CLIENT_DEVICE_TTL_SECONDS}`,
  ];
  if (isSecureRequest(req)) parts.push('Secure');
  return parts.join('; ');
}

/** The id of this browser's valid device cookie for the address, or null (absent, forged, expired, another address's). */
export async function clientDevice(req: Request, email: string): Promise<string | null> {
  const token = readCookie(req, deviceCookieName(req, email));
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, clientKey(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: DEVICE_AUDIENCE,
      currentDate: new Date(currentTime()),
    });
    return payload.sub === addressDigest(email) && typeof payload.jti === 'string' ? payload.jti : null;
  } catch {
    return null;
  }
}

/** Ends this request's client session on the server; returns a cookie that clears it. */
export async function endClientSession(req: Request): Promise<string> {
  const session = await readClientSession(req);
  if (session) await deleteClientSession(session.jti);
  return cookie(req, '', 0);
}
