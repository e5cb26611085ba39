/**
 * Staff passkeys (WebAuthn) and the practice's sign-in rule, shared by islands and functions
 * (docs/decisions/045-staff-passkeys.md). The browser's answers are checked here for shape
 * only; @simplewebauthn/server checks what they say.
 */
import * as z from 'zod/mini';

/** A base64url string of bounded length (credential ids, client data, signatures). */
const base64url = (max: number) => z.string().check(z.regex(/^[A-Za-z0-9_-]*={0,2}$/), z.maxLength(max));

const extensionResults = z.optional(z.record(z.string(), z.unknown()));

/** `PublicKeyCredential.toJSON()` of a `navigator.credentials.create()`: a registration response. */
export const registrationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32768),
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8))),
    authenticatorData: z.optional(base64url(8192)),
    publicKey: z.optional(base64url(4096)),
    publicKeyAlgorithm: z.optional(z.number()),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** `PublicKeyCredential.toJSON()` of a `navigator.credentials.get()`: an assertion. */
export const authenticationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    // DER ECDSA, Ed25519 or RSA up to 4096 bits (decision 045 keeps to those): under 700 characters.
    signature: base64url(2048),
    userHandle: z.optional(base64url(256)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.optional(extensionResults),
});

export const PASSKEY_NAME_MAX = 60;

/** `POST /api/passkeys`: the registration response, and a name to tell it apart by. */
export const passkeyAddSchema = z.object({
  name: z.optional(
    z
      .string('Give the passkey a name')
      .check(
        z.trim(),
        z.maxLength(PASSKEY_NAME_MAX, `Keep the name to ${PASSKEY_NAME_MAX} characters`),
        z.regex(/^[^\p{Cc}]*$/u, 'The name cannot hold control characters'),
      ),
  ),
  response: registrationResponseSchema,
});

/** `POST /api/login/passkey`: the assertion the browser made. */
/**
 * The body of both options calls (`POST /api/passkeys/options`, `/api/login/passkey/options`):
 * `{}` (or none). They take nothing, so anything else is a 400, not silently ignored.
 */
export const passkeyOptionsSchema = z.strictObject({});

export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });

/** A passkey as its holder sees it: never its key or its credential id. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const PASSKEY_RULES = ['optional', 'required'] as const;
export type PasskeyRule = (typeof PASSKEY_RULES)[number];

/** `PUT /api/settings/sign-in`: whether every account must have a passkey. */
export const signInSettingsSchema = z.object({
  passkeys: z.enum(PASSKEY_RULES, 'Choose optional or required'),
});
export type SignInSettings = z.output<typeof signInSettingsSchema>;

/** The name a passkey gets when its holder gives none. */
export const DEFAULT_PASSKEY_NAME = 'Passkey';
