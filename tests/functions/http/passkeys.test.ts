/**
 * Staff passkeys (docs/decisions/045-staff-passkeys.md), with a software authenticator
 * (software-authenticator.ts) whose answers the server checks as it checks a real one's:
 * adding one, signing in with it, and every way an answer must be refused (another
 * challenge, another origin, one answer twice, a counter that did not move, a removed
 * passkey, no user verification); a password alone opening nothing once an account has one;
 * the practice requiring them; and a principal's removal telling the holder.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { passkeyCreationOptionsSchema, passkeyRequestOptionsSchema } from '#src/shared/schemas/passkeys.ts';
import login from '#functions/login.ts';
import passkeys from '#functions/passkeys.ts';
import session from '#functions/user.ts';
import settings from '#functions/settings.ts';
import audit from '#functions/audit.ts';
import { setOwnEmail } from '#server/repositories/users-store.ts';
import { saveSignInSettings } from '#server/repositories/settings-store.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';
import { SoftwareAuthenticator } from '../software-authenticator.ts';
import { readableText, useSmtp } from '../smtp.ts';

useBlobs();
const { mails } = useSmtp();

/** Every `name=value` a response set, by name (an emptied cookie reads as ''). */
function setCookies(headers: Headers): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar[pair!.slice(0, at)] = pair!.slice(at + 1);
  }
  return jar;
}
const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

const me = (cookie: string) => call(session, 'GET', '/api/user', { cookie });

/** Adds a passkey made by `authenticator` to the signed-in account; answers the POST. */
async function addPasskey(cookie: string, authenticator: SoftwareAuthenticator, name?: string) {
  const options = await call(passkeys, 'POST', '/api/passkeys/options', { cookie, body: {} });
  expect(options.status).toBe(200);
  const challenge = setCookies(options.headers);
  const response = await authenticator.register(options.json, { origin: ORIGIN });
  return call(passkeys, 'POST', '/api/passkeys', {
    cookie: `${cookie}; ${cookieHeader(challenge)}`,
    body: { ...(name && { name }), response },
  });
}

/** Signs in with the authenticator's passkey; `change` alters the ceremony or the answer. */
async function passkeySignIn(
  authenticator: SoftwareAuthenticator,
  ceremony: Partial<Parameters<SoftwareAuthenticator['assert']>[1]> = {},
) {
  const options = await call(login, 'POST', '/api/login/passkey/options', { body: {} });
  expect(options.status).toBe(200);
  // The declaration's output (docs/openapi.json's) describes what is made, strictly.
  expect(z.strictObject(passkeyRequestOptionsSchema.shape).safeParse(options.json).error).toBeUndefined();
  const challenge = cookieHeader(setCookies(options.headers));
  const response = await authenticator.assert(options.json, { origin: ORIGIN, ...ceremony });
  const answer = await call(login, 'POST', '/api/login/passkey', { cookie: challenge, body: { response } });
  return { answer, challenge, response };
}

const sessionCookie = (headers: Headers) => {
  const jar = setCookies(headers);
  return jar.staff_session ? `staff_session=${jar.staff_session}` : null;
};

describe('adding a passkey and signing in with it', () => {
  it('offers creation options for this host, a resident key and user verification required', async () => {
    const { cookie, username, id } = await signedInStaff('staff');
    const options = await call(passkeys, 'POST', '/api/passkeys/options', { cookie, body: {} });
    expect(options.status).toBe(200);
    expect(options.json.rp).toEqual({ name: expect.any(String), id: 'localhost' });
    expect(options.json.user.name).toBe(username);
    expect(Buffer.from(options.json.user.id, 'base64url').toString()).toBe(id);
    expect(options.json.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    });
    expect(options.json.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Ed25519, ES256, RS256: never ML-DSA, which only some runtimes can check.
    expect(options.json.pubKeyCredParams.map((param: { alg: number }) => param.alg)).toEqual([-8, -7, -257]);
    expect(options.json.attestation).toBe('none');
    expect(z.strictObject(passkeyCreationOptionsSchema.shape).safeParse(options.json).error).toBeUndefined();
    const cookieLine = options.headers.getSetCookie()[0]!;
    expect(cookieLine).toMatch(
      /^staff_passkey_add=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=300$/,
    );
    expect((await call(passkeys, 'POST', '/api/passkeys/options', { body: {} })).status).toBe(401);
  });

  it('adds a passkey, lists it, and signs in with it alone: { id, username, role } and a session', async () => {
    const staff = await signedInStaff('staff');
    const authenticator = await SoftwareAuthenticator.create();
    const added = await addPasskey(staff.cookie, authenticator, 'Work laptop');
    expect(added.status).toBe(201);
    expect(added.json).toEqual({ id: expect.any(String), name: 'Work laptop', createdAt: expect.any(String) });
    const listed = await call(passkeys, 'GET', '/api/passkeys', { cookie: staff.cookie });
    expect(listed.json).toEqual([{ ...added.json, lastUsedAt: null }]);

    const { answer } = await passkeySignIn(authenticator);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id: staff.id, username: staff.username, role: 'staff' });
    const cookie = sessionCookie(answer.headers);
    expect(cookie).not.toBeNull();
    expect((await me(cookie!)).json).toEqual({ id: staff.id, username: staff.username, role: 'staff' });
    const after = await call(passkeys, 'GET', '/api/passkeys', { cookie: cookie! });
    expect(after.json[0].lastUsedAt).toEqual(expect.any(String));
    const actions = (await call(audit, 'GET', '/api/audit?limit=20', { cookie: cookie! })).json.entries.map(
      (entry: { action: string; target: string }) => `${entry.action} ${entry.target}`,
    );
    expect(actions).toContain(`passkey.add ${staff.id}`);
  });

  it('refuses a registration from another origin, for another relying party, or without user verification', async () => {
    const { cookie } = await signedInStaff('staff');
    for (const ceremony of [
      { origin: 'https://evil.example' },
      { origin: ORIGIN, rpId: 'evil.example' },
      { origin: ORIGIN, userVerified: false },
      { origin: ORIGIN, challenge: 'A'.repeat(43) },
    ]) {
      const options = await call(passkeys, 'POST', '/api/passkeys/options', { cookie, body: {} });
      const challenge = cookieHeader(setCookies(options.headers));
      const response = await (await SoftwareAuthenticator.create()).register(options.json, ceremony);
      const added = await call(passkeys, 'POST', '/api/passkeys', {
        cookie: `${cookie}; ${challenge}`,
        body: { response },
      });
      expect(added.status, JSON.stringify(ceremony)).toBe(400);
      expect(added.json.error).toBe('That passkey could not be checked. Please try adding it again.');
    }
    expect((await call(passkeys, 'GET', '/api/passkeys', { cookie })).json).toEqual([]);
  });

  it("refuses a registration answering another account's challenge", async () => {
    const first = await signedInStaff('staff');
    const second = await signedInStaff('staff');
    const options = await call(passkeys, 'POST', '/api/passkeys/options', { cookie: first.cookie, body: {} });
    const challenge = cookieHeader(setCookies(options.headers));
    const response = await (await SoftwareAuthenticator.create()).register(options.json, { origin: ORIGIN });
    const added = await call(passkeys, 'POST', '/api/passkeys', {
      cookie: `${second.cookie}; ${challenge}`,
      body: { response },
    });
    expect(added.status).toBe(400);
  });
});

describe('refused passkey sign-ins', () => {
  it('refuses an answer to another challenge than the one this browser was given', async () => {
    const staff = await signedInStaff('staff');
    const authenticator = await SoftwareAuthenticator.create();
    expect((await addPasskey(staff.cookie, authenticator)).status).toBe(201);
    const other = await call(login, 'POST', '/api/login/passkey/options', { body: {} });
    const { answer } = await passkeySignIn(authenticator, { challenge: other.json.challenge });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({
      error: 'That passkey did not sign you in. Please try again, or use another passkey.',
    });
    expect(sessionCookie(answer.headers)).toBeNull();
  });

  it('refuses an answer made on another origin or for another relying party', async () => {
    const staff = await signedInStaff('staff');
    const authenticator = await SoftwareAuthenticator.create();
    expect((await addPasskey(staff.cookie, authenticator)).status).toBe(201);
    expect((await passkeySignIn(authenticator, { origin: 'https://evil.example' })).answer.status).toBe(401);
    expect((await passkeySignIn(authenticator, { rpId: 'evil.example' })).answer.status).toBe(401);
    expect((await passkeySignIn(authenticator, { userVerified: false })).answer.status).toBe(401);
    // The same passkey, answered properly, still signs in.
    expect((await passkeySignIn(authenticator)).answer.status).toBe(200);
  });

  it('refuses a replayed answer: its challenge is spent, and a counter that did not move is refused', async () => {
    const staff = await signedInStaff('staff');
    const authenticator = await SoftwareAuthenticator.create();
    expect((await addPasskey(staff.cookie, authenticator)).status).toBe(201);
    const { answer, challenge, response } = await passkeySignIn(authenticator);
    expect(answer.status).toBe(200);
    const again = await call(login, 'POST', '/api/login/passkey', { cookie: challenge, body: { response } });
    expect(again.status).toBe(401);
    // A fresh challenge, signed with a counter no higher than the last one seen (a cloned key).
    authenticator.counter -= 1;
    expect((await passkeySignIn(authenticator)).answer.status).toBe(401);
  });

  it('refuses a replayed answer of a synced passkey (its counter stays 0): the spent challenge alone stops it', async () => {
    const staff = await signedInStaff('staff');
    const synced = await SoftwareAuthenticator.create({ counts: false });
    expect((await addPasskey(staff.cookie, synced)).status).toBe(201);
    const { answer, challenge, response } = await passkeySignIn(synced);
    expect(answer.status).toBe(200);
    const again = await call(login, 'POST', '/api/login/passkey', { cookie: challenge, body: { response } });
    expect(again.status).toBe(401);
    expect(sessionCookie(again.headers)).toBeNull();
    // A new challenge, answered afresh, still signs in: 0 stays 0 for such passkeys.
    expect((await passkeySignIn(synced)).answer.status).toBe(200);
  });

  it('lets one of two sign-ins racing with one answer through', async () => {
    const staff = await signedInStaff('staff');
    const authenticator = await SoftwareAuthenticator.create();
    expect((await addPasskey(staff.cookie, authenticator)).status).toBe(201);
    const options = await call(login, 'POST', '/api/login/passkey/options', { body: {} });
    const challenge = cookieHeader(setCookies(options.headers));
    const response = await authenticator.assert(options.json, { origin: ORIGIN });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(login, 'POST', '/api/login/passkey', { cookie: challenge, body: { response } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('lets one of two clones signing with one counter at once through (checked inside the conditional write)', async () => {
    const staff = await signedInStaff('staff');
    const authenticator = await SoftwareAuthenticator.create();
    expect((await addPasskey(staff.cookie, authenticator)).status).toBe(201);
    const signed = [];
    for (let i = 0; i < 2; i++) {
      const options = await call(login, 'POST', '/api/login/passkey/options', { body: {} });
      authenticator.counter = 4; // both sign with counter 5, as a cloned key would
      signed.push({
        challenge: cookieHeader(setCookies(options.headers)),
        response: await authenticator.assert(options.json, { origin: ORIGIN }),
      });
    }
    const answers = await Promise.all(
      signed.map(({ challenge, response }) =>
        call(login, 'POST', '/api/login/passkey', { cookie: challenge, body: { response } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('refuses a removed passkey, and then the password signs in again', async () => {
    const staff = await signedInStaff('staff');
    const authenticator = await SoftwareAuthenticator.create();
    const added = await addPasskey(staff.cookie, authenticator);
    const removed = await call(passkeys, 'DELETE', `/api/passkeys/${added.json.id}`, { cookie: staff.cookie });
    expect(removed.status).toBe(204);
    expect((await call(passkeys, 'GET', '/api/passkeys', { cookie: staff.cookie })).json).toEqual([]);
    expect((await passkeySignIn(authenticator)).answer.status).toBe(401);
    const password = await call(login, 'POST', '/api/login', {
      body: { username: staff.username, password: staff.password },
    });
    expect(password.json.role).toBe('staff');
    expect(sessionCookie(password.headers)).not.toBeNull();
  });

  it('counts refused passkeys with the sign-in throttle: the sixth in 15 minutes is 429', async () => {
    const staff = await signedInStaff('staff');
    const authenticator = await SoftwareAuthenticator.create();
    expect((await addPasskey(staff.cookie, authenticator)).status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await passkeySignIn(authenticator, { origin: 'https://evil.example' })).answer.status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('an account with a passkey and its password', () => {
  it('answers the right password with { id, username, secondFactor } and no session', async () => {
    const staff = await signedInStaff('staff');
    expect((await addPasskey(staff.cookie, await SoftwareAuthenticator.create())).status).toBe(201);
    const password = await call(login, 'POST', '/api/login', {
      body: { username: staff.username, password: staff.password },
    });
    expect(password.status).toBe(200);
    expect(password.json).toEqual({ id: staff.id, username: staff.username, secondFactor: 'passkey' });
    expect(sessionCookie(password.headers)).toBeNull();
    expect((await me(cookieHeader(setCookies(password.headers)))).status).toBe(401);
    // A wrong password is still the same refusal as ever.
    const wrong = await call(login, 'POST', '/api/login', {
      body: { username: staff.username, password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
  });
});

describe('removing passkeys', () => {
  it("lets a principal remove another account's passkey, telling that account; staff cannot", async () => {
    const holder = await signedInStaff('staff');
    await setOwnEmail(holder.username, holder.id, 'holder@staff.example');
    const added = await addPasskey(holder.cookie, await SoftwareAuthenticator.create());
    const colleague = await signedInStaff('staff');
    const refused = await call(passkeys, 'DELETE', `/api/passkeys/${added.json.id}`, { cookie: colleague.cookie });
    expect(refused.status).toBe(404);
    const peek = await call(passkeys, 'GET', `/api/passkeys?account=${holder.id}`, { cookie: colleague.cookie });
    expect(peek.status).toBe(403);

    const principal = await signedInStaff('principal');
    const seen = await call(passkeys, 'GET', `/api/passkeys?account=${holder.id}`, { cookie: principal.cookie });
    expect(seen.json.map((passkey: { id: string }) => passkey.id)).toEqual([added.json.id]);
    mails.length = 0;
    const removed = await call(passkeys, 'DELETE', `/api/passkeys/${added.json.id}`, { cookie: principal.cookie });
    expect(removed.status).toBe(204);
    await expect.poll(() => mails.length).toBe(1);
    expect(mails[0]!.to).toEqual(['holder@staff.example']);
    expect(await readableText(mails[0]!)).toContain('A passkey was removed from your staff account');
    expect((await call(passkeys, 'GET', '/api/passkeys', { cookie: holder.cookie })).json).toEqual([]);
    const actions = (await call(audit, 'GET', '/api/audit?limit=20', { cookie: principal.cookie })).json.entries.map(
      (entry: { action: string; target: string }) => `${entry.action} ${entry.target}`,
    );
    expect(actions).toContain(`passkey.remove.other ${holder.id}`);
  });
});

describe('the practice requiring passkeys', () => {
  it('is refused (409) to a principal without a passkey, and 403 to staff', async () => {
    const principal = await signedInStaff('principal');
    const put = (cookie: string, body: unknown) => call(settings, 'PUT', '/api/settings/sign-in', { cookie, body });
    expect((await put(principal.cookie, { passkeys: 'required' })).status).toBe(409);
    expect((await put((await signedInStaff('staff')).cookie, { passkeys: 'optional' })).status).toBe(403);
    expect((await put(principal.cookie, { passkeys: 'sometimes' })).status).toBe(400);
    expect((await addPasskey(principal.cookie, await SoftwareAuthenticator.create())).status).toBe(201);
    const required = await put(principal.cookie, { passkeys: 'required' });
    expect(required.status).toBe(200);
    expect(required.json).toEqual({ passkeys: 'required' });
    expect((await call(settings, 'GET', '/api/settings/sign-in', { cookie: principal.cookie })).json).toEqual({
      passkeys: 'required',
    });
    await saveSignInSettings({ passkeys: 'optional' }, principal.id);
  });

  it('gives a password sign-in without a passkey a session that can only add one, until it has', async () => {
    const staff = await signedInStaff('staff');
    const principal = await signedInStaff('principal');
    await saveSignInSettings({ passkeys: 'required' }, principal.id);
    try {
      const password = await call(login, 'POST', '/api/login', {
        body: { username: staff.username, password: staff.password },
      });
      expect(password.json).toEqual({ id: staff.id, username: staff.username, role: 'staff', passkeyRequired: true });
      const cookie = sessionCookie(password.headers)!;
      expect((await me(cookie)).json.passkeyRequired).toBe(true);
      const blocked = await call(settings, 'GET', '/api/settings', { cookie });
      expect(blocked.status).toBe(403);
      expect(blocked.json.error).toMatch(/requires a passkey/);
      expect((await call(passkeys, 'GET', '/api/passkeys', { cookie })).status).toBe(200);
      expect((await call(session, 'PUT', '/api/user/password', { cookie, body: {} })).status).toBe(403);

      const added = await addPasskey(cookie, await SoftwareAuthenticator.create());
      expect(added.status).toBe(201);
      // The waiting session ends; the browser that added the passkey gets a full one.
      expect((await me(cookie)).status).toBe(401);
      const full = sessionCookie(added.headers)!;
      expect((await me(full)).json).toEqual({ id: staff.id, username: staff.username, role: 'staff' });
      expect((await call(settings, 'GET', '/api/settings', { cookie: full })).status).toBe(200);
    } finally {
      await saveSignInSettings({ passkeys: 'optional' }, principal.id);
    }
  });
});
