import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import login from '#functions/login.ts';
import session from '#functions/user.ts';
import { resetEnvCache } from '#server/platform/env.ts';
import { call, cookieFrom, signedInStaff, TEST_SECRET, useBlobs } from '../harness.ts';

useBlobs();

const user = (cookie?: string) => call(session, 'GET', '/api/user', { cookie });
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const withToken = (cookie: string, token: string) => `${cookie.slice(0, cookie.indexOf('='))}=${token}`;

describe('login, user and logout', () => {
  it('signs in: answers { id, username, role } and sets an HttpOnly, SameSite=Lax cookie with an expiry', async () => {
    const { cookie, username } = await signedInStaff();
    const me = await user(cookie);
    expect(me.status).toBe(200);
    expect(me.json).toEqual({ id: expect.any(String), username, role: 'principal' });
    expect(Object.keys(me.json)).toEqual(['id', 'username', 'role']);
  });

  it('sets Secure except on plain http://localhost', async () => {
    const { username, password } = await signedInStaff();
    const local = await call(login, 'POST', '/api/login', { body: { username, password } });
    const cookie = local.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=28800/);
    expect(cookie).not.toMatch(/Secure/);
    const secure = await login(
      new Request('https://conveyancing.example/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://conveyancing.example' },
        body: JSON.stringify({ username, password }),
      }),
    );
    expect(secure.headers.get('set-cookie')).toMatch(/^__Host-staff_session=.*; Secure$/);
  });

  it('answers 401 for a wrong password and for an unknown username alike', async () => {
    const { username } = await signedInStaff();
    const wrong = await call(login, 'POST', '/api/login', { body: { username, password: 'not-the-password' } });
    const unknown = await call(login, 'POST', '/api/login', {
      body: { username: 'nobody-here', password: 'whatever-it-is' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ error: 'Invalid username or password' });
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it("validates with the form's messages", async () => {
    const response = await call(login, 'POST', '/api/login', { body: { username: '', password: '' } });
    expect(response.status).toBe(400);
    expect(response.json.fieldErrors).toEqual({
      username: ['Username is required'],
      password: ['Password is required'],
    });
  });

  it('answers 401 without a session', async () => {
    expect((await user()).status).toBe(401);
  });

  it('refuses the token after logout (revoked on the server), and clears the cookie', async () => {
    const { cookie } = await signedInStaff();
    const logout = await call(session, 'POST', '/api/logout', { cookie });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await user(cookie)).status).toBe(401);
  });

  it('refuses tampered, wrongly signed, expired and alg:none tokens', async () => {
    const { cookie } = await signedInStaff();
    const token = tokenOf(cookie);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());

    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, username: 'admin' })).toString('base64url')}.${signature}`;
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-too'));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(TEST_SECRET));
    const unsigned = new UnsecuredJWT(claims).encode();

    expect((await user(cookie)).status).toBe(200); // the genuine token works
    for (const bad of [tampered, forged, expired, unsigned, 'garbage', `${header}.${payload}.`]) {
      expect((await user(withToken(cookie, bad))).status, bad).toBe(401);
    }
  });

  it('refuses a correctly signed token whose session was never recorded', async () => {
    const { cookie } = await signedInStaff();
    const claims = JSON.parse(Buffer.from(tokenOf(cookie).split('.')[1]!, 'base64url').toString());
    const minted = await new SignJWT({ ...claims, jti: 'a-session-id-that-was-never-made' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await user(withToken(cookie, minted))).status).toBe(401);
  });

  it('refuses staff calls with 503 when SESSION_SECRET is missing, rather than using a default', async () => {
    const saved = process.env.SESSION_SECRET;
    delete process.env.SESSION_SECRET;
    resetEnvCache();
    try {
      const response = await user('staff_session=anything');
      expect(response.status).toBe(503);
      expect(response.json.error).toMatch(/SESSION_SECRET/);
    } finally {
      process.env.SESSION_SECRET = saved;
      resetEnvCache();
    }
  });
});

describe('throttling failed logins', () => {
  // Concurrency, addresses and the per-username ceiling: login-throttle.test.ts.
  it('locks a username after five failures in 15 minutes, even for the right password', async () => {
    const { username, password } = await signedInStaff();
    for (let i = 0; i < 5; i++) {
      const attempt = await call(login, 'POST', '/api/login', { body: { username, password: 'wrong-password' } });
      expect(attempt.status).toBe(401);
    }
    const locked = await call(login, 'POST', '/api/login', { body: { username, password } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(locked.json.error).toMatch(/Too many failed sign-in attempts/);
  });

  it('does not lock other usernames', async () => {
    const locked = await signedInStaff();
    for (let i = 0; i < 5; i++) {
      await call(login, 'POST', '/api/login', { body: { username: locked.username, password: 'wrong-password' } });
    }
    const other = await signedInStaff();
    const response = await call(login, 'POST', '/api/login', {
      body: { username: other.username, password: other.password },
    });
    expect(response.status).toBe(200);
    expect(cookieFrom(response.headers)).toMatch(/^staff_session=/);
  });
});
