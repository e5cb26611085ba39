/**
 * A session-signing secret for this machine only: generated once, kept in
 * .netlify/ (git-ignored), never a fixed default. Deployed sites set SESSION_SECRET.
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
