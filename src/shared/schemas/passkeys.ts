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

/*
 * The options the server makes for the browser's `navigator.credentials` call, as
 * @simplewebauthn/server makes them (WebAuthn Level 3's `…OptionsJSON` dictionaries,
 * https://w3c.github.io/webauthn/#dictdef-publickeycredentialcreationoptionsjson): never parsed,
 * they type the answer and describe it in docs/openapi.json.
 */
const userVerification = z.optional(z.enum(['discouraged', 'preferred', 'required']));
const hints = z.optional(z.array(z.enum(['hybrid', 'security-key', 'client-device'])));
/** The extensions the browser is asked to run (only `credProps`, which @simplewebauthn adds to a registration). */
const extensionInputs = z.optional(z.object({ appid: z.optional(z.string()), credProps: z.optional(z.boolean()) }));
/** A passkey already known: to ask for it (sign-in) or not to make it again (registration). */
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.optional(z.array(z.string())),
});

/** `PublicKeyCredentialRequestOptionsJSON`: what signing in with a passkey asks the browser. */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.optional(z.number()),
  rpId: z.optional(z.string()),
  allowCredentials: z.optional(z.array(credentialDescriptor)),
  userVerification,
  hints,
  extensions: extensionInputs,
});

/** `PublicKeyCredentialCreationOptionsJSON`: what adding a passkey asks the browser. */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.optional(z.string()) }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(credentialDescriptor)),
  authenticatorSelection: z.optional(
    z.object({
      authenticatorAttachment: z.optional(z.enum(['cross-platform', 'platform'])),
      requireResidentKey: z.optional(z.boolean()),
      residentKey: z.optional(z.enum(['discouraged', 'preferred', 'required'])),
      userVerification,
    }),
  ),
  hints,
  attestation: z.optional(z.enum(['direct', 'enterprise', 'indirect', 'none'])),
  attestationFormats: z.optional(
    z.array(z.enum(['fido-u2f', 'packed', 'android-safetynet', 'android-key', 'tpm', 'apple', 'none'])),
  ),
  extensions: extensionInputs,
});
