/**
 * Encryption of due-diligence personal data before it reaches Blobs: AES-256-GCM through
 * WebCrypto (`crypto.subtle`), under `CDD_ENCRYPTION_KEY` (see `cddKeyEnv`). It imports nothing
 * of the server above it (no environment module, no HTTP): the repositories build on it, and
 * a route that needs the key checks first (due-diligence/require-cdd-key.ts answers 503).
 *
 * - Each seal takes a fresh random 12-byte IV: GCM must never reuse an IV under one key.
 * - The key id (`kid`) is the first 16 hex characters of the key's SHA-256, so a record
 *   names the key it was sealed under without a separate setting to keep in step.
 * - The AAD (additional authenticated data) names the record, e.g. `due-diligence/{id}`:
 *   a ciphertext copied into another record fails to open instead of showing one client's
 *   details under another's enquiry.
 * - `CDD_ENCRYPTION_KEY_PREVIOUS` opens records during a rotation, never seals.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { cddKeyEnv, type CddKeyEnv } from './cdd-keys.ts';

/** A sealed value as stored: version, key id, IV and ciphertext (with its GCM tag), base64url. */
export interface Sealed {
  v: 1;
  kid: string;
  iv: string;
  ct: string;
}

export const sealedSchema = z.object({
  v: z.literal(1),
  kid: z.string().check(z.regex(/^[0-9a-f]{16}$/)),
  iv: z.string().check(z.regex(/^[A-Za-z0-9_-]{16}$/)),
  ct: z.string().check(z.regex(/^[A-Za-z0-9_-]+$/)),
});

const IV_BYTES = 12;

/** `sha256(key)` in hex, first 16 characters. */
export const keyId = (key: Uint8Array): string => createHash('sha256').update(key).digest('hex').slice(0, 16);

interface Keyring {
  /** The environment these keys were read from: a reset of it (tests) builds a new ring. */
  source: CddKeyEnv;
  current: { kid: string; key: CryptoKey } | null;
  byKid: Map<string, CryptoKey>;
}

let ring: Promise<Keyring> | undefined;
let ringSource: CddKeyEnv | undefined;

const importKey = (bytes: Uint8Array, usages: KeyUsage[]) =>
  crypto.subtle.importKey('raw', bytes.slice(), { name: 'AES-GCM' }, false, usages);

function keyring(): Promise<Keyring> {
  const source = cddKeyEnv();
  if (!ring || ringSource !== source) {
    ringSource = source;
    ring = (async () => {
      const byKid = new Map<string, CryptoKey>();
      let current: Keyring['current'] = null;
      if (source.current) {
        const key = await importKey(source.current, ['encrypt', 'decrypt']);
        current = { kid: keyId(source.current), key };
        byKid.set(current.kid, key);
      }
      if (source.previous && !byKid.has(keyId(source.previous))) {
        byKid.set(keyId(source.previous), await importKey(source.previous, ['decrypt']));
      }
      return { source, current, byKid };
    })();
  }
  return ring;
}

/** True when due-diligence records can be read and written (a valid key is set). */
export const cddKeyAvailable = (): boolean => cddKeyEnv().current !== null;

/** The current key's id, or null without one (the rotation script reports it). */
export const currentKid = (): string | null => {
  const current = cddKeyEnv().current;
  return current ? keyId(current) : null;
};

/** The ids of every key this environment can open records with: the current one and any previous one. */
export const openableKeyIds = (): string[] => {
  const { current, previous } = cddKeyEnv();
  return [...new Set([current, previous].filter((key) => key !== null).map(keyId))];
};

/**
 * Sealing or opening without a valid key. The routes check for the key before they get here
 * (a 503 that says how to set it); this is the guard for any caller that did not.
 */
export class MissingCddKeyError extends Error {
  constructor() {
    super('Due diligence records are unavailable: CDD_ENCRYPTION_KEY is not set, or is not 32 bytes in base64');
    this.name = 'MissingCddKeyError';
  }
}

function requireKey(): void {
  if (!cddKeyAvailable()) throw new MissingCddKeyError();
}

const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** Encrypts `value` (as JSON) under the current key, bound to `aad`. */
export async function sealJson(value: unknown, aad: string): Promise<Sealed> {
  requireKey();
  const { current } = await keyring();
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(aad) },
    current!.key,
    plain,
  );
  return { v: 1, kid: current!.kid, iv: toBase64url(iv), ct: toBase64url(new Uint8Array(ct)) };
}

/**
 * Decrypts a sealed value bound to `aad`. Throws when its key is neither the current nor the
 * previous one, or when it does not authenticate (changed, or moved from another record).
 * The caller parses the result with its schema: `T` is what it expects, not a guarantee.
 */
export async function openJson<T = unknown>(sealed: Sealed, aad: string): Promise<T> {
  requireKey();
  const key = (await keyring()).byKid.get(sealed.kid);
  if (!key) {
    throw new Error(
      `A due diligence record is sealed under key ${sealed.kid}, which is neither CDD_ENCRYPTION_KEY nor CDD_ENCRYPTION_KEY_PREVIOUS`,
    );
  }
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64url(sealed.iv), additionalData: new TextEncoder().encode(aad) },
      key,
      fromBase64url(sealed.ct),
    );
  } catch {
    throw new Error(`A due diligence record (${aad}) did not decrypt: it was changed or moved from another record`);
  }
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
