/**
 * Secrets for this machine only: generated once, kept in .netlify/ (git-ignored), never a
 * fixed default. Deployed sites set SESSION_SECRET and CDD_ENCRYPTION_KEY.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = path.resolve('.netlify', 'local-session-secret');

export function ensureLocalSessionSecret(): void {
  if (process.env.SESSION_SECRET) return;
  let secret: string;
  try {
    secret = readFileSync(FILE, 'utf8').trim();
  } catch {
    secret = randomBytes(48).toString('base64url');
    mkdirSync(path.dirname(FILE), { recursive: true });
    writeFileSync(FILE, secret + '\n', { mode: 0o600 });
  }
  process.env.SESSION_SECRET = secret;
}

const CDD_KEY_FILE = path.resolve('.netlify', 'local-cdd-key');

/**
 * The due-diligence encryption key for this machine (32 random bytes, base64), as
 * CDD_ENCRYPTION_KEY. The local records' personal data is sealed under it: deleting the
 * file makes them unreadable (delete .netlify/blobs-serve with it).
 */
export function ensureLocalCddKey(): void {
  if (process.env.CDD_ENCRYPTION_KEY) return;
  let key: string;
  try {
    key = readFileSync(CDD_KEY_FILE, 'utf8').trim();
  } catch {
    key = randomBytes(32).toString('base64');
    mkdirSync(path.dirname(CDD_KEY_FILE), { recursive: true });
    writeFileSync(CDD_KEY_FILE, key + '\n', { mode: 0o600 });
  }
  process.env.CDD_ENCRYPTION_KEY = key;
}

/** This machine's due-diligence key as CDD_ENCRYPTION_KEY when one is kept and none is set; never makes one. */
export function useKeptLocalCddKey(): void {
  if (process.env.CDD_ENCRYPTION_KEY) return;
  try {
    process.env.CDD_ENCRYPTION_KEY = readFileSync(CDD_KEY_FILE, 'utf8').trim();
  } catch {
    // None kept: a backup with sealed records is refused, naming the key it needs.
  }
}
