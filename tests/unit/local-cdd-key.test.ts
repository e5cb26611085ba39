/**
 * The local due-diligence key: generated once per machine in .netlify/ (owner-only), reused
 * on every later start, never replacing a key set in the environment.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const home = process.cwd();
const root = mkdtempSync(path.join(tmpdir(), 'local-cdd-key-'));
afterAll(() => {
  process.chdir(home);
  rmSync(root, { recursive: true, force: true });
});

it('writes a 32-byte key once, readable by its owner only, and keeps it', async () => {
  process.chdir(root);
  // The module resolves .netlify/ against the working directory when it loads.
  const { ensureLocalCddKey } = await import('#scripts/lib/local-secret.ts');
  delete process.env.CDD_ENCRYPTION_KEY;
  ensureLocalCddKey();
  const file = path.join(root, '.netlify', 'local-cdd-key');
  const key = process.env.CDD_ENCRYPTION_KEY!;
  expect(Buffer.from(key, 'base64')).toHaveLength(32);
  expect(readFileSync(file, 'utf8').trim()).toBe(key);
  expect(statSync(file).mode & 0o777).toBe(0o600);

  delete process.env.CDD_ENCRYPTION_KEY;
  ensureLocalCddKey();
  expect(process.env.CDD_ENCRYPTION_KEY).toBe(key);

  process.env.CDD_ENCRYPTION_KEY = 'set-by-the-environment';
  ensureLocalCddKey();
  expect(process.env.CDD_ENCRYPTION_KEY).toBe('set-by-the-environment');
  expect(readFileSync(file, 'utf8').trim()).toBe(key);
});
