/**
 * The sign-in throttle under concurrency. Attempts race through several separately
 * imported instances of the login function over one real Blobs server, so the only thing
 * they share is the store; bcrypt's `compare` is counted (and still run) to see how many
 * passwords were really checked.
 */
import type * as bcryptjs from 'bcryptjs';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const bcryptCalls = vi.hoisted(() => ({ compare: 0 }));
vi.mock('bcryptjs', async (importOriginal) => {
  const bcrypt = await importOriginal<typeof bcryptjs>();
  return {
    ...bcrypt,
    compare: async (password: string, hash: string) => {
      bcryptCalls.compare++;
      return bcrypt.compare(password, hash);
    },
  };
});

const { hash } = await import('bcryptjs');
const { ORIGIN, useBlobs } = await import('../harness.ts');
const { upsertUser } = await import('#server/repositories/users-store.ts');
const { admitAttempt, clientAddress, clientNetwork, MAX_FAILURES_PER_CLIENT, MAX_FAILURES_PER_USERNAME, SLOW_LANE_MS } =
  await import('#server/http/login-throttle.ts');
const { issueDeviceCookie, trustedDevice } = await import('#server/http/auth.ts');

useBlobs();

type Login = (req: Request, context?: { ip?: string }) => Promise<Response>;

/** A fresh copy of the login function and everything it imports (its own module state). */
async function loginInstance(): Promise<Login> {
  vi.resetModules();
  return (await import('#functions/login.ts')).default;
}
const logins: Login[] = [];
beforeAll(async () => {
  for (let i = 0; i < 4; i++) logins.push(await loginInstance());
});
const anyLogin = (index: number) => logins[index % logins.length]!;

/** One sign-in attempt; the address comes as Netlify's header, or in the context when asked. */
async function attempt(
  login: Login,
  username: string,
  password: string,
  ip: string,
  via: 'header' | 'context' = 'header',
  cookie?: string,
) {
  const request = new Request(new URL('/api/login', ORIGIN), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      ...(via === 'header' ? { 'x-nf-client-connection-ip': ip } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ username, password }),
  });
  const response = await login(request, via === 'context' ? { ip } : undefined);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    cookies: response.headers.getSetCookie(),
    text: await response.text(),
  };
}

/** The device cookie a successful sign-in set, as a browser sends it back. */
const deviceCookie = (cookies: string[]) => cookies.find((c) => c.includes('staff_device_'))!.split(';')[0]!;

let accounts = 0;
/** A staff account with a cheap (cost 4, still real) hash: these tests check many passwords. */
async function account() {
  const username = `throttled-${++accounts}-${Date.now()}`;
  const password = 'the-right-password';
  await upsertUser(username, await hash(password, 4));
  return { username, password };
}

const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

/** Sends wrong passwords one at a time until the first 429; returns how many were checked. */
async function failUntilLocked(username: string, ip: string): Promise<number> {
  for (let checked = 0; ; checked++) {
    const { status } = await attempt(anyLogin(checked), username, 'wrong-password', ip);
    if (status === 429) return checked;
    expect(status).toBe(401);
    if (checked > MAX_FAILURES_PER_CLIENT) throw new Error('never locked');
  }
}

describe('login throttle under concurrency', () => {
  it('checks at most five passwords of twenty sent at once, and exactly five in the window', async () => {
    const { username } = await account();
    bcryptCalls.compare = 0;
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(anyLogin(i), username, 'wrong-password', '203.0.113.7')),
    );
    const counts = statuses(burst);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(20);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_CLIENT);
    // A 401 is a checked password, a 429 is not.
    expect(bcryptCalls.compare).toBe(counts[401] ?? 0);

    // The refused ones did not count as failures: the window still allows exactly the rest.
    const more = await failUntilLocked(username, '203.0.113.7');
    expect((counts[401] ?? 0) + more).toBe(MAX_FAILURES_PER_CLIENT);
    expect(bcryptCalls.compare).toBe(MAX_FAILURES_PER_CLIENT);
  });

  it('does not sign in the right password sent 40th among 50 at once', async () => {
    const { username, password } = await account();
    bcryptCalls.compare = 0;
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        attempt(anyLogin(i), username, i === 39 ? password : 'wrong-password', '203.0.113.8'),
      ),
    );
    expect(burst[39]!.status).toBe(429);
    const counts = statuses(burst);
    expect(counts[200]).toBeUndefined();
    expect(counts[401] ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_CLIENT);
    expect(bcryptCalls.compare).toBe(counts[401] ?? 0);
  });

  it('answers 429 with Retry-After up to 15 minutes once an address is locked', async () => {
    const { username, password } = await account();
    expect(await failUntilLocked(username, '203.0.113.9')).toBe(MAX_FAILURES_PER_CLIENT);
    const locked = await attempt(anyLogin(0), username, password, '203.0.113.9');
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(14 * 60);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(15 * 60);
  });

  it('lets the office sign in while an attacker elsewhere is locked out of the same username', async () => {
    const { username, password } = await account();
    // Far more attempts than the per-username ceiling, from one other address.
    const attacker = '198.51.100.23';
    await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(anyLogin(i), username, 'guess', attacker)));
    await failUntilLocked(username, attacker);
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME + 10; i++) {
      expect((await attempt(anyLogin(i), username, 'guess', attacker)).status).toBe(429);
    }
    expect((await attempt(anyLogin(0), username, password, attacker)).status).toBe(429);
    // The office reaches the function with its own address, here in Netlify's context.
    expect((await attempt(anyLogin(1), username, password, '192.0.2.10', 'context')).status).toBe(200);
  });

  /** A stranger fails five times from each of ten addresses: the username's ceiling. */
  async function strangerReachesCeiling(username: string, prefix: string) {
    const addresses = MAX_FAILURES_PER_USERNAME / MAX_FAILURES_PER_CLIENT;
    for (let a = 0; a < addresses; a++) {
      const results = await Promise.all(
        Array.from({ length: MAX_FAILURES_PER_CLIENT }, () =>
          attempt(anyLogin(a), username, 'guess', `${prefix}.${a}`),
        ),
      );
      // Sent together, an address may get fewer than five checks; top it up one by one.
      const checked = results.filter((result) => result.status === 401).length;
      expect(checked + (await failUntilLocked(username, `${prefix}.${a}`))).toBe(MAX_FAILURES_PER_CLIENT);
    }
  }

  it('lets a browser that signed in before sign in from anywhere after a stranger reached the ceiling from ten addresses', async () => {
    const { username, password } = await account();
    const office = await attempt(anyLogin(0), username, password, '192.0.2.10');
    expect(office.status).toBe(200);
    const device = deviceCookie(office.cookies);
    await strangerReachesCeiling(username, '10.0.0');

    // An unknown device is slowed down, told for how long (seconds, not a quarter of an hour).
    const fresh = await attempt(anyLogin(0), username, password, '192.0.2.99');
    expect(fresh.status).toBe(429);
    expect(Number(fresh.retryAfter)).toBeGreaterThan(0);
    expect(Number(fresh.retryAfter)).toBeLessThanOrEqual(SLOW_LANE_MS / 1000);
    expect(fresh.text).toMatch(/new devices are slowed down\. Please try again in \d+ seconds?\./);

    // The trusted browser is not: a typo is checked (401), the right password signs in, from a new address too.
    expect((await attempt(anyLogin(1), username, 'typo', '198.51.100.200', 'header', device)).status).toBe(401);
    expect((await attempt(anyLogin(2), username, password, '198.51.100.200', 'header', device)).status).toBe(200);
  });

  it('past the ceiling gives unknown devices one attempt per interval between them, never a 429 for good', async () => {
    const { username } = await account();
    await strangerReachesCeiling(username, '10.1.0');
    // Time is injected: the stranger's last attempt is now more than an interval old.
    const later = Date.now() + SLOW_LANE_MS + 1000;
    await expect(admitAttempt(username, '192.0.2.77', { now: later })).resolves.toMatchObject({ username });
    // The next unknown device within the same interval waits for the rest of it.
    const refused = await admitAttempt(username, '192.0.2.78', { now: later + 5000 }).catch((error) => error);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['Retry-After'])).toBe(SLOW_LANE_MS / 1000 - 5);
  });

  it('still caps a trusted device: five failures per device, whatever its address', async () => {
    const { username, password } = await account();
    const device = deviceCookie((await attempt(anyLogin(0), username, password, '192.0.2.20')).cookies);
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT; i++) {
      expect((await attempt(anyLogin(i), username, 'wrong', `203.0.113.${100 + i}`, 'header', device)).status).toBe(
        401,
      );
    }
    const sixth = await attempt(anyLogin(0), username, password, '203.0.113.199', 'header', device);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.retryAfter)).toBeGreaterThan(14 * 60);
  });

  it('counts every address of an IPv6 /64 as one client', async () => {
    const { username } = await account();
    for (let i = 1; i <= MAX_FAILURES_PER_CLIENT; i++) {
      expect((await attempt(anyLogin(i), username, 'wrong', `2001:db8:1:2::${i.toString(16)}`)).status).toBe(401);
    }
    expect((await attempt(anyLogin(0), username, 'wrong', '2001:db8:1:2:ffff:eeee:dddd:cccc')).status).toBe(429);
    // The neighbouring /64 is another client.
    expect((await attempt(anyLogin(0), username, 'wrong', '2001:db8:1:3::1')).status).toBe(401);
  });

  it('forgets an address’s failures after it signs in', async () => {
    const { username, password } = await account();
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT - 1; i++) {
      expect((await attempt(anyLogin(i), username, 'wrong', '192.0.2.50')).status).toBe(401);
    }
    expect((await attempt(anyLogin(0), username, password, '192.0.2.50')).status).toBe(200);
    expect(await failUntilLocked(username, '192.0.2.50')).toBe(MAX_FAILURES_PER_CLIENT);
  });
});

describe('the device cookie', () => {
  const https = (cookie?: string) =>
    new Request('https://conveyancing.example/api/login', { method: 'POST', headers: cookie ? { cookie } : {} });

  it('is HttpOnly, SameSite, Secure with the __Host- prefix on https, and plain on http://localhost', async () => {
    const secure = await issueDeviceCookie(https(), 'alice-device');
    expect(secure).toMatch(
      /^__Host-staff_device_[a-f0-9]{16}=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/,
    );
    const local = await issueDeviceCookie(new Request('http://localhost:8888/api/login'), 'alice-device');
    expect(local).toMatch(/^staff_device_[a-f0-9]{16}=/);
    expect(local).not.toContain('Secure');
  });

  it('trusts only a cookie signed with the session secret for that username', async () => {
    const cookie = (await issueDeviceCookie(https(), 'alice-device')).split(';')[0]!;
    expect(await trustedDevice(https(cookie), 'alice-device')).toEqual(expect.any(String));
    expect(await trustedDevice(https(cookie), 'bob-device')).toBeNull();
    const [name, token] = cookie.split('=') as [string, string];
    const [header, payload] = token.split('.');
    const forged = `${name}=${header}.${payload}.${'A'.repeat(43)}`;
    expect(await trustedDevice(https(forged), 'alice-device')).toBeNull();
    expect(await trustedDevice(https(), 'alice-device')).toBeNull();
  });
});

describe('the client address', () => {
  it('counts IPv6 by its /64 and IPv4 (mapped or not) by itself', () => {
    expect(clientNetwork('2001:DB8:0:0:1::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:db8:0:0:ffff:1:2:3')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('[2001:db8:aa:bb::1]')).toBe('2001:db8:aa:bb::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientNetwork('192.0.2.1')).toBe('192.0.2.1');
    expect(clientNetwork('unknown')).toBe('unknown');
  });

  const request = (headers: Record<string, string> = {}) => new Request('https://example.test/api/login', { headers });

  it("is Netlify's context.ip, else its x-nf-client-connection-ip header, else one shared address", () => {
    const spoofable = request({ 'x-nf-client-connection-ip': '198.51.100.1' });
    expect(clientAddress(spoofable, { ip: '192.0.2.1' })).toBe('192.0.2.1');
    expect(clientAddress(spoofable)).toBe('198.51.100.1');
    expect(clientAddress(request(), {})).toBe('unknown');
  });
});

describe('login throttle across processes', () => {
  /** Starts a racer process and resolves once it has loaded the login function. */
  function racer(): Promise<ChildProcess> {
    const child = fork(path.resolve('tests/functions/racers/login-racer.ts'), {
      env: { ...process.env },
      execPath: process.execPath,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve(child));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`racer exited early (${code})`)));
    });
  }
  const race = (child: ChildProcess, order: object) =>
    new Promise<number[]>((resolve) => {
      child.once('message', (statuses) => resolve(statuses as number[]));
      child.send(order);
    });

  // All wrong: across processes no attempt is "20th", and a right one among the first five
  // recorded would rightly sign in.
  it('checks at most five of 24 guesses sent at once from four processes, and five in all', async () => {
    const { username } = await account();
    const children = await Promise.all([racer(), racer(), racer(), racer()]);
    const passwords = Array.from({ length: 6 }, () => 'wrong');
    const results = await Promise.all(
      children.map((child) => race(child, { username, passwords, ip: '203.0.113.50' })),
    );
    const all = results.flat();
    expect(all).toHaveLength(24);
    expect(all.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const checked = all.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_CLIENT);
    expect(checked + (await failUntilLocked(username, '203.0.113.50'))).toBe(MAX_FAILURES_PER_CLIENT);
  });
});
