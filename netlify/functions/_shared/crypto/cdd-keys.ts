/**
 * The due-diligence encryption keys: `CDD_ENCRYPTION_KEY` (32 random bytes in base64, e.g.
 * `openssl rand -base64 32`) seals and opens; `CDD_ENCRYPTION_KEY_PREVIOUS` only opens,
 * during a rotation (scripts/cdd-rotate.ts). A value that is not exactly 32 bytes is refused
 * with its reason logged (never the value): a short or mistyped key would still "work" and
 * seal personal data under something weak, so the calls answer 503 instead.
 *
 * Read here, apart from platform/env.ts, on purpose: the encryption sits below the
 * repositories, so what it reads imports nothing of the server (no HTTP errors, no other
 * settings). A missing or bad key is `null`; the routes decide what that answers
 * (due-diligence/require-cdd-key.ts).
 */
export interface CddKeyEnv {
  current: Uint8Array | null;
  previous: Uint8Array | null;
}

let cddKeysCached: CddKeyEnv | undefined;

function readCddKey(name: string): Uint8Array | null {
  const raw = process.env[name]?.trim();
  if (!raw) return null;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)) {
    console.error(`[env] ignoring ${name}: it is not base64`);
    return null;
  }
  const bytes = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== 32) {
    console.error(`[env] ignoring ${name}: it decodes to ${bytes.length} bytes, not 32 (use openssl rand -base64 32)`);
    return null;
  }
  return new Uint8Array(bytes);
}

export function cddKeyEnv(): CddKeyEnv {
  cddKeysCached ??= {
    current: readCddKey('CDD_ENCRYPTION_KEY'),
    previous: readCddKey('CDD_ENCRYPTION_KEY_PREVIOUS'),
  };
  return cddKeysCached;
}

/** For tests that change the keys. */
export const resetCddKeyEnv = () => {
  cddKeysCached = undefined;
};
