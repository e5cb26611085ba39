/**
 * Staff accounts in the portal: adding one with an initial password that must
 * be changed before anything else works, changing one's own password, and removing
 * accounts: never one's own, never the last, and a removed account's session ends at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import audit from '#functions/audit.ts';
import blogPosts from '#functions/blog-posts.ts';
import login from '#functions/login.ts';
import session from '#functions/user.ts';
import staff from '#functions/staff.ts';
import { call, cookieFrom, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let admin: { cookie: string; username: string; password: string };
beforeAll(async () => {
  admin = await signedInStaff();
});

let counter = 0;
const INITIAL = 'initial-password-1234';
const addMember = async (cookie = admin.cookie) => {
  const username = `member-${++counter}-${Date.now()}`;
  const response = await call(staff, 'POST', '/api/staff', { cookie, body: { username, password: INITIAL } });
  return { response, username };
};
const signIn = async (username: string, password: string) => {
  const response = await call(login, 'POST', '/api/login', { body: { username, password } });
  return { status: response.status, json: response.json, cookie: cookieFrom(response.headers) };
};
const list = async () => (await call(staff, 'GET', '/api/staff', { cookie: admin.cookie })).json as any[];
const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
  call(session, 'PUT', '/api/user/password', { cookie, body: { currentPassword, newPassword } });

describe('adding a member of staff', () => {
  it('creates the account, lists it without its hash, and forces a password change before anything else', async () => {
    const { response, username } = await addMember();
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ username, mustChangePassword: true, lastSignInAt: null });
    expect(JSON.stringify(await list())).not.toContain('passwordHash');
    expect((await list()).map((m) => m.username)).toContain(username);

    const member = await signIn(username, INITIAL);
    expect(member.status).toBe(200);
    expect(member.json.mustChangePassword).toBe(true);
    // The only calls that work until then: who am I, change my password, log out.
    const me = await call(session, 'GET', '/api/user', { cookie: member.cookie });
    expect(me.status).toBe(200);
    expect(me.json.mustChangePassword).toBe(true);
    for (const [handler, method, path] of [
      [staff, 'GET', '/api/staff'],
      [blogPosts, 'GET', '/api/admin/blog-posts'],
      [audit, 'GET', '/api/audit'],
    ] as const) {
      const refused = await call(handler, method, path, { cookie: member.cookie });
      expect(refused.status, path).toBe(403);
      expect(refused.json.error).toMatch(/change the initial password/);
    }
    const add = await call(staff, 'POST', '/api/staff', {
      cookie: member.cookie,
      body: { username: `sneaky-${Date.now()}`, password: INITIAL },
    });
    expect(add.status).toBe(403);

    const changed = await changePassword(member.cookie, INITIAL, 'my-own-new-password');
    expect(changed.status).toBe(200);
    expect(changed.json.mustChangePassword).toBeUndefined();
    const fresh = cookieFrom(changed.headers);
    expect((await call(staff, 'GET', '/api/staff', { cookie: fresh })).status).toBe(200);
    // The session the change was made in was replaced by the fresh one.
    expect((await call(session, 'GET', '/api/user', { cookie: member.cookie })).status).toBe(401);
    expect((await signIn(username, INITIAL)).status).toBe(401);
    expect((await signIn(username, 'my-own-new-password')).status).toBe(200);
    expect((await list()).find((m) => m.username === username).lastSignInAt).toEqual(expect.any(String));
  });

  it('answers 409 for a username already taken, and 400 for a short password', async () => {
    const taken = await call(staff, 'POST', '/api/staff', {
      cookie: admin.cookie,
      body: { username: admin.username, password: INITIAL },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.fieldErrors.username).toBeDefined();
    const short = await call(staff, 'POST', '/api/staff', {
      cookie: admin.cookie,
      body: { username: `short-${Date.now()}`, password: 'too-short' },
    });
    expect(short.status).toBe(400);
    expect(short.json.fieldErrors.password).toBeDefined();
  });

  it('refuses anonymous callers', async () => {
    expect((await call(staff, 'GET', '/api/staff')).status).toBe(401);
    expect(
      (await call(staff, 'POST', '/api/staff', { body: { username: 'nobody-here', password: INITIAL } })).status,
    ).toBe(401);
  });
});

describe('changing one’s own password', () => {
  it('needs the current password, signs out every other session, and keeps this browser signed in', async () => {
    const me = await signedInStaff();
    const elsewhere = await signIn(me.username, me.password);
    const wrong = await changePassword(me.cookie, 'not-my-password', 'another-new-password');
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors.currentPassword).toBeDefined();
    const short = await changePassword(me.cookie, me.password, 'short');
    expect(short.status).toBe(400);
    expect(short.json.fieldErrors.newPassword).toBeDefined();

    const changed = await changePassword(me.cookie, me.password, 'another-new-password');
    expect(changed.status).toBe(200);
    expect((await call(session, 'GET', '/api/user', { cookie: elsewhere.cookie })).status).toBe(401);
    expect((await call(session, 'GET', '/api/user', { cookie: cookieFrom(changed.headers) })).status).toBe(200);
  });

  it('is throttled like a sign-in: guessing the current password stops after five tries', async () => {
    const me = await signedInStaff();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await changePassword(me.cookie, `guess-${i}-wrong`, 'whatever-new-password')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right one now waits: the guesser learns nothing more.
    expect((await changePassword(me.cookie, me.password, 'whatever-new-password')).status).toBe(429);
  });
});

describe('removing a member of staff', () => {
  it('ends their session at once', async () => {
    const other = await signedInStaff();
    expect((await call(session, 'GET', '/api/user', { cookie: other.cookie })).status).toBe(200);
    const id = (await list()).find((m) => m.username === other.username).id;
    const removed = await call(staff, 'DELETE', `/api/staff/${id}`, { cookie: admin.cookie });
    expect(removed.status).toBe(204);
    expect((await call(session, 'GET', '/api/user', { cookie: other.cookie })).status).toBe(401);
    expect((await signIn(other.username, other.password)).status).toBe(401);
    expect((await list()).map((m) => m.id)).not.toContain(id);
    expect((await call(staff, 'DELETE', `/api/staff/${id}`, { cookie: admin.cookie })).status).toBe(404);
  });

  it('never removes your own account', async () => {
    const me = (await call(session, 'GET', '/api/user', { cookie: admin.cookie })).json.id;
    const refused = await call(staff, 'DELETE', `/api/staff/${me}`, { cookie: admin.cookie });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('You cannot remove your own account');
    expect((await call(session, 'GET', '/api/user', { cookie: admin.cookie })).status).toBe(200);
  });

  it('never removes the last account', async () => {
    // Remove everyone else; the admin's own account then is the last.
    for (const member of await list()) {
      if (member.username === admin.username) continue;
      expect((await call(staff, 'DELETE', `/api/staff/${member.id}`, { cookie: admin.cookie })).status).toBe(204);
    }
    const other = await signedInStaff();
    const adminId = (await list()).find((m) => m.username === admin.username).id;
    const otherId = (await list()).find((m) => m.username === other.username).id;
    expect((await call(staff, 'DELETE', `/api/staff/${adminId}`, { cookie: other.cookie })).status).toBe(204);
    expect((await call(session, 'GET', '/api/user', { cookie: admin.cookie })).status).toBe(401);
    // Now `other` is the only account, and it cannot remove itself; sequentially that is
    // the only way to try removing the last one (the 409 is for races: staff-race.test.ts).
    const ownList = (await call(staff, 'GET', '/api/staff', { cookie: other.cookie })).json as any[];
    expect(ownList.map((m) => m.id)).toEqual([otherId]);
    expect((await call(staff, 'DELETE', `/api/staff/${otherId}`, { cookie: other.cookie })).status).toBe(403);
  });
});
