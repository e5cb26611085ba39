/**
 * Sessions end when they should: a new password or a revocation signs the staff member
 * out everywhere, expired records are removed by the scheduled housekeeping, and a store
 * that cannot be reached answers 503 rather than pretending nobody is signed in.
 */
import { hash } from 'bcryptjs';
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import housekeeping from '#functions/housekeeping.ts';
import login from '#functions/login.ts';
import session from '#functions/user.ts';
import { revokeSessionsOf, SESSION_UNAVAILABLE, startSession } from '#server/http/auth.ts';
import { listKeys, openStore } from '#server/repositories/blobs.ts';
import { WINDOW_MS } from '#server/http/login-throttle.ts';
import { attemptsSince, recordAttempt } from '#server/repositories/login-attempts-store.ts';
import { saveSession } from '#server/repositories/sessions-store.ts';
import { findUser, upsertUser } from '#server/repositories/users-store.ts';
import { call, cookieFrom, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';

const blobs = useBlobs();

const user = (cookie: string) => call(session, 'GET', '/api/user', { cookie });
const signIn = async (username: string, password: string) => {
  const response = await call(login, 'POST', '/api/login', { body: { username, password } });
  return { status: response.status, cookie: cookieFrom(response.headers) };
};

describe('revoking sessions', () => {
  it('ends every session of a staff member whose password is reset with npm run staff:add', async () => {
    const { cookie, username, password } = await signedInStaff();
    const second = await signIn(username, password);
    expect((await user(cookie)).status).toBe(200);
    expect((await user(second.cookie)).status).toBe(200);

    const newPassword = 'a-brand-new-password';
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/staff-add.ts', username], {
      env: { ...process.env, BLOBS_DIR: blobs.directory(), STAFF_PASSWORD: newPassword },
    });
    expect(stdout).toContain(`Updated the password of staff account "${username}"`);
    expect(stdout).toContain('Every session it had is signed out.');

    expect((await user(cookie)).status).toBe(401);
    expect((await user(second.cookie)).status).toBe(401);
    expect((await signIn(username, password)).status).toBe(401);
    const fresh = await signIn(username, newPassword);
    expect(fresh.status).toBe(200);
    expect((await user(fresh.cookie)).status).toBe(200);
  });

  it('refuses a session started with a password that changed while it was being checked', async () => {
    const { username } = await signedInStaff();
    const readBeforeTheCheck = (await findUser(username))!;
    await upsertUser(username, await hash('changed-meanwhile-password', 4));
    const setCookie = await startSession(new Request(new URL('/api/login', ORIGIN)), readBeforeTheCheck);
    expect((await user(setCookie.split(';')[0]!)).status).toBe(401);
  });

  it('revokeSessionsOf signs out that staff member only', async () => {
    const revoked = await signedInStaff();
    const other = await signedInStaff();
    const { id } = (await findUser(revoked.username))!;

    expect(await revokeSessionsOf(id)).toBe(true);
    expect((await user(revoked.cookie)).status).toBe(401);
    expect((await user(other.cookie)).status).toBe(200);
    // Signing in again works: only the sessions that existed were ended.
    const again = await signIn(revoked.username, revoked.password);
    expect((await user(again.cookie)).status).toBe(200);
    expect(await revokeSessionsOf('no-such-account-id')).toBe(false);
  });

  it('refuses the session of an account that no longer exists', async () => {
    const { cookie, username } = await signedInStaff();
    await openStore('users').delete(username);
    expect((await user(cookie)).status).toBe(401);
  });
});

describe('housekeeping', () => {
  it('removes expired sessions and sign-in attempts older than the window, and keeps the rest', async () => {
    const now = Date.now();
    const expiry = (ms: number) => new Date(now + ms).toISOString();
    await saveSession('expired-an-hour-ago-000001', {
      userId: 'u',
      username: 'u',
      generation: 'g',
      expiresAt: expiry(-3_600_000),
    });
    await saveSession('expired-just-now-00000002', {
      userId: 'u',
      username: 'u',
      generation: 'g',
      expiresAt: expiry(-1),
    });
    await saveSession('still-valid-session-00003', {
      userId: 'u',
      username: 'u',
      generation: 'g',
      expiresAt: expiry(3_600_000),
    });
    const client = 'abcdef0123456789';
    await recordAttempt('kept-tidy', client, new Date(now - WINDOW_MS - 60_000));
    await recordAttempt('kept-tidy', client, new Date(now - 2 * WINDOW_MS));
    const recent = await recordAttempt('kept-tidy', client, new Date(now - 60_000));

    const response = await housekeeping();
    expect(response.status).toBe(204);

    const sessions = await listKeys(openStore('sessions'));
    expect(sessions).toContain('still-valid-session-00003');
    expect(sessions).not.toContain('expired-an-hour-ago-000001');
    expect(sessions).not.toContain('expired-just-now-00000002');
    expect((await attemptsSince('kept-tidy', 0)).map((attempt) => attempt.key)).toEqual([recent.key]);
  });

  it('runs every hour', async () => {
    const { config } = await import('#functions/housekeeping.ts');
    expect(config.schedule).toBe('0 * * * *');
  });
});

describe('when the session store cannot be reached', () => {
  /** A port that was free a moment ago: nothing answers there. */
  const closedPort = () =>
    new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

  async function withBlobsUnreachable<T>(task: () => Promise<T>): Promise<T> {
    const saved = process.env.NETLIFY_BLOBS_CONTEXT!;
    const context = JSON.parse(Buffer.from(saved, 'base64').toString());
    const url = `http://127.0.0.1:${await closedPort()}`;
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
      JSON.stringify({ ...context, edgeURL: url, uncachedEdgeURL: url }),
    ).toString('base64');
    try {
      return await task();
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = saved;
    }
  }

  it('answers 503 with a message, not 401, and the session still works afterwards', async () => {
    const { cookie } = await signedInStaff();
    const during = await withBlobsUnreachable(() => user(cookie));
    expect(during.status).toBe(503);
    expect(during.json).toEqual({ error: SESSION_UNAVAILABLE });
    expect((await user(cookie)).status).toBe(200);
  });

  it('does not claim a logout that the server could not make', async () => {
    const { cookie } = await signedInStaff();
    const logout = await withBlobsUnreachable(() => call(session, 'POST', '/api/logout', { cookie }));
    expect(logout.status).toBe(503);
    expect(logout.headers.get('set-cookie')).toBeNull();
    expect((await user(cookie)).status).toBe(200);
  });

  it('still answers 401 for a bad token without reading the store', async () => {
    const { cookie } = await signedInStaff();
    const forged = `${cookie.slice(0, cookie.indexOf('=') + 1)}not-a-token`;
    expect((await withBlobsUnreachable(() => user(forged))).status).toBe(401);
  });
});
