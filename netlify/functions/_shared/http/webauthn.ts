/**
 * Staff passkeys: the WebAuthn ceremonies, checked by @simplewebauthn/server, with the
 * relying party the site's own host (docs/decisions/045-staff-passkeys.md). Every challenge
 * is recorded when handed out and taken once (passkey-challenges-store.ts); the browser
 * holds it in a short-lived HttpOnly cookie, so an answer counts only from the browser that
 * asked, within five minutes, and only once. Resident keys and user verification are
 * required: a passkey alone is something held and something known or are.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { COSEALG, isoBase64URL } from '@simplewebauthn/server/helpers';
import type * as z from 'zod/mini';
import type { authenticationResponseSchema, registrationResponseSchema } from '#src/shared/schemas/passkeys.ts';
import { listUsers, type StaffUser } from '../repositories/users-store.ts';
import {
  CHALLENGE_TTL_MS,
  isChallenge,
  saveChallenge,
  takeChallenge,
  type ChallengePurpose,
} from '../repositories/passkey-challenges-store.ts';
import { passkeysOf, recordPasskeyUse, type StoredPasskey } from '../repositories/passkeys-store.ts';
import { isSecureRequest } from './auth.ts';

/** The relying party: this request's own origin and host, as the browser that sent it saw them. */
export function relyingParty(req: Request): { id: string; origin: string } {
  const url = new URL(req.url);
  return { id: url.hostname, origin: url.origin };
}

const RP_NAME = 'Staff portal';
/**
 * Ed25519, P-256 and RSA: what every platform authenticator offers. Not the library's default,
 * which adds ML-DSA-44 where the runtime's WebCrypto has it (Node 24, as an experiment): a
 * passkey made on such a runtime could not be checked on one without.
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];
const TIMEOUT_MS = 2 * 60 * 1000;

function challengeCookieName(req: Request, purpose: ChallengePurpose): string {
  return `${isSecureRequest(req) ? '__Host-' : ''}staff_passkey_${purpose === 'register' ? 'add' : 'sign_in'}`;
}

/** The Set-Cookie value that hands this browser its challenge (empty and expired: clears it). */
function challengeCookie(req: Request, purpose: ChallengePurpose, challenge: string): string {
  const maxAge = challenge ? Math.floor(CHALLENGE_TTL_MS / 1000) : 0;
  const parts = [`${challengeCookieName(req, purpose)}=${challenge}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  parts.push(`Max-Age=${maxAge}`);
  if (isSecureRequest(req)) parts.push('Secure');
  return parts.join('; ');
}

export const clearChallengeCookie = (req: Request, purpose: ChallengePurpose): string =>
  challengeCookie(req, purpose, '');

function challengeOf(req: Request, purpose: ChallengePurpose): string | null {
  const name = challengeCookieName(req, purpose);
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      return isChallenge(value) ? value : null;
    }
  }
  return null;
}

/** 32 random bytes, and their base64url (what the options, the cookie and the record carry). */
function newChallenge(): { bytes: Uint8Array<ArrayBuffer>; text: string } {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return { bytes, text: isoBase64URL.fromBuffer(bytes) };
}

/** The creation options for adding a passkey to `account`, and the cookie that carries their challenge. */
export async function registrationOptions(
  req: Request,
  account: StaffUser,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; cookie: string }> {
  const challenge = newChallenge();
  await saveChallenge(challenge.text, 'register', account.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(req).id,
    userName: account.username,
    userDisplayName: account.username,
    // The user handle a passkey gives back at sign-in: the account's id, never its username.
    userID: new TextEncoder().encode(account.id),
    challenge: challenge.bytes,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    supportedAlgorithmIDs: ALGORITHMS,
    excludeCredentials: (await passkeysOf(account.id)).map((passkey) => ({
      id: passkey.credentialId,
      ...(passkey.transports && { transports: passkey.transports }),
    })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  return { options, cookie: challengeCookie(req, 'register', challenge.text) };
}

type RegistrationBody = z.output<typeof registrationResponseSchema>;

/**
 * The credential a registration response proves, when it answers this browser's unused
 * challenge for `account`, on this site, with the user verified; null otherwise.
 */
export async function verifiedRegistration(
  req: Request,
  account: StaffUser,
  response: RegistrationBody,
): Promise<Pick<StoredPasskey, 'credentialId' | 'publicKey' | 'counter' | 'transports'> | null> {
  const challenge = challengeOf(req, 'register');
  if (!challenge || !(await takeChallenge(challenge, 'register', account.id))) return null;
  const party = relyingParty(req);
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      ...(response.response.transports && { transports: response.response.transports }),
    };
  } catch (error) {
    console.info(`[passkeys] a registration did not verify: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

/** The request options for signing in with a passkey (any of this site's), and the cookie with their challenge. */
export async function authenticationOptions(
  req: Request,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; cookie: string }> {
  const challenge = newChallenge();
  await saveChallenge(challenge.text, 'sign-in', null);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(req).id,
    challenge: challenge.bytes,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
  });
  return { options, cookie: challengeCookie(req, 'sign-in', challenge.text) };
}

type AuthenticationBody = z.output<typeof authenticationResponseSchema>;

/** The account a passkey's user handle names (its id), or null. */
export async function accountOfAssertion(response: AuthenticationBody): Promise<StaffUser | null> {
  const handle = response.response.userHandle;
  if (!handle) return null;
  let id: string;
  try {
    id = isoBase64URL.toUTF8String(handle);
  } catch {
    return null;
  }
  return (await listUsers()).find((user) => user.id === id) ?? null;
}

/**
 * Whether the assertion signs this browser's unused sign-in challenge, on this site, with
 * the user verified, by a passkey `account` holds, with a counter above the one last seen
 * (for authenticators that count). The challenge is spent whatever the outcome.
 */
export async function verifiedAssertion(
  req: Request,
  account: StaffUser,
  response: AuthenticationBody,
): Promise<boolean> {
  const challenge = challengeOf(req, 'sign-in');
  if (!challenge || !(await takeChallenge(challenge, 'sign-in', null))) return false;
  const passkey = (await passkeysOf(account.id)).find((stored) => stored.credentialId === response.id);
  if (!passkey) return false;
  const party = relyingParty(req);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        ...(passkey.transports && { transports: passkey.transports }),
      },
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch (error) {
    console.info(`[passkeys] an assertion did not verify: ${error instanceof Error ? error.message : error}`);
    return false;
  }
  // Again inside the conditional write: of two sign-ins racing with one counter, one passes.
  return (await recordPasskeyUse(account.id, passkey.credentialId, newCounter)) === 'used';
}
