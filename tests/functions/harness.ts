/**
 * Calls the real function handlers in process, over a real Netlify Blobs server
 * (Netlify's own local implementation) in a throwaway directory per test file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '#scripts/lib/local-blobs.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { hash } from 'bcryptjs';
import { upsertUser } from '#server/repositories/users-store.ts';
import type { StaffRole } from '#src/shared/schemas/login.ts';
import { invokeRouted, type TestContext } from './routing.ts';

export const ORIGIN = 'http://localhost:8888';
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A function's default export. */
type Handler = (req: Request, context?: any) => Promise<Response> | Response;

/**
 * A due-diligence encryption key of this file's own, set (with no previous key) before each
 * test, as a deploy with CDD_ENCRYPTION_KEY has it; answers the key.
 */
export function useCddKey(): string {
  const key = randomBytes(32).toString('base64');
  beforeEach(() => {
    process.env.CDD_ENCRYPTION_KEY = key;
    process.env.CDD_ENCRYPTION_KEY_PREVIOUS = '';
    resetCddKeyEnv();
  });
  return key;
}

/** Starts a fresh store for this file, and stops it afterwards; tells where it keeps its data. */
export function useBlobs(): { directory: () => string } {
  let blobs: LocalBlobs;
  let directory: string;
  beforeAll(async () => {
    process.env.SESSION_SECRET = TEST_SECRET;
    process.env.NETLIFY_BUILD_HOOK_URL = '';
    directory = mkdtempSync(path.join(tmpdir(), 'blobs-test-'));
    blobs = await startLocalBlobs(directory);
  });
  afterAll(async () => {
    await blobs?.stop();
    rmSync(directory, { recursive: true, force: true });
  });
  return { directory: () => directory };
}

export interface CallOptions {
  body?: unknown;
  /** A raw body, sent as is (for broken JSON and other content types). */
  raw?: string;
  cookie?: string;
  headers?: Record<string, string>;
  origin?: string | null;
  /** The site's address the request is sent to (and, unless `origin` says otherwise, comes from). */
  base?: string;
  /** Netlify's context argument (e.g. `waitUntil`, `ip`); `params` come from the path. */
  context?: TestContext;
}

/** Sends one request to a function's default export, routed by its `config.path` as Netlify would. */
export async function call(handler: Handler, method: string, pathname: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined && !Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  if (options.cookie) headers.cookie = options.cookie;
  const base = options.base ?? ORIGIN;
  if (method !== 'GET' && options.origin !== null) headers.origin = options.origin ?? base;
  const request = new Request(new URL(pathname, base), { method, headers, body });
  const response = await invokeRouted(handler, request, options.context);
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json: json as any };
}

/** The `name=value` part of a Set-Cookie header, ready to send back. */
export const cookieFrom = (headers: Headers): string => (headers.get('set-cookie') ?? '').split(';')[0]!;

let staffCount = 0;
/**
 * The one password of the accounts signedInStaff makes, hashed once per test file and at
 * bcrypt's lowest cost (4), not the product's (BCRYPT_COST, 11): a sign-in still runs the
 * real bcrypt comparison on a real hash, at a thousandth of the CPU, and the suite signs in
 * some 200 times. What the product's cost guards (the same work for an unknown name as for a
 * wrong password) is tested on accounts hashed by the product (tests/functions/http/login-cost.test.ts).
 */
const TEST_BCRYPT_COST = 4;
let staffPasswordHash: Promise<string> | null = null;
/**
 * Creates an account and signs it in; returns its cookie and account id. A principal unless `role` says
 * otherwise, so tests of the desk are not about roles.
 */
export async function signedInStaff(
  role: StaffRole = 'principal',
): Promise<{ cookie: string; id: string; username: string; password: string }> {
  const login = (await import('#functions/login.ts')).default;
  const username = `staff-${++staffCount}-${Date.now()}`;
  const password = 'a-long-enough-password';
  staffPasswordHash ??= hash(password, TEST_BCRYPT_COST);
  await upsertUser(username, await staffPasswordHash, role);
  const response = await call(login, 'POST', '/api/login', { body: { username, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return { cookie: cookieFrom(response.headers), id: String(response.json.id), username, password };
}
