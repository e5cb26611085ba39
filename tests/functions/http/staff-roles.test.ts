/**
 * Roles: an account is a `principal` or `staff`. Only principals add, re-role and remove
 * accounts; the last principal cannot be removed or made staff; accounts stored before
 * roles read as principals, and the first account of all is one; a change of role applies
 * to the account's sessions from their next call (docs/decisions/026-staff-roles.md).
 * The first account and `npm run staff:add --role`: staff-add-roles.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import audit from '#functions/audit.ts';
import login from '#functions/login.ts';
import session from '#functions/user.ts';
import staff from '#functions/staff.ts';
import { hashPassword } from '#server/http/auth.ts';
import { openStore } from '#server/repositories/blobs.ts';
import { findUser, listUsers, removeUser, setRole, upsertUser } from '#server/repositories/users-store.ts';
import { call, cookieFrom, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

const INITIAL = 'initial-password-1234';
let counter = 0;
const fresh = (prefix: string) => `${prefix}-${++counter}-${Date.now()}`;
const me = async (cookie: string) => (await call(session, 'GET', '/api/user', { cookie })).json;
const rows = async (cookie: string) => (await call(staff, 'GET', '/api/staff', { cookie })).json as any[];
const add = (cookie: string, body: Record<string, unknown>) => call(staff, 'POST', '/api/staff', { cookie, body });
const patch = (cookie: string, id: string, body: unknown) => call(staff, 'PATCH', `/api/staff/${id}`, { cookie, body });
const remove = (cookie: string, id: string) => call(staff, 'DELETE', `/api/staff/${id}`, { cookie });
const auditActions = async (cookie: string) =>
  ((await call(audit, 'GET', '/api/audit?limit=100', { cookie })).json.entries as any[]).map(
    (entry) => `${entry.action} ${entry.target}`,
  );

let principal: { cookie: string; username: string; password: string };
let principalId: string;
beforeAll(async () => {
  principal = await signedInStaff('principal');
  principalId = (await me(principal.cookie)).id;
});

/** A staff member who has changed their initial password: their calls are not refused for that. */
const signedInMember = async () => {
  const member = await signedInStaff('staff');
  return { ...member, id: (await me(member.cookie)).id as string };
};

describe('who am I, and the list', () => {
  it('names the role in GET /api/user, the sign-in answer and every row of GET /api/staff', async () => {
    const member = await signedInMember();
    expect(await me(principal.cookie)).toMatchObject({ id: principalId, role: 'principal' });
    expect(await me(member.cookie)).toMatchObject({ id: member.id, role: 'staff' });
    const signIn = await call(login, 'POST', '/api/login', {
      body: { username: member.username, password: member.password },
    });
    expect(signIn.json.role).toBe('staff');
    // Staff may read the list; every row has a role.
    const list = await rows(member.cookie);
    expect(list.find((row) => row.id === principalId).role).toBe('principal');
    expect(list.find((row) => row.id === member.id).role).toBe('staff');
    expect(list.every((row) => row.role === 'principal' || row.role === 'staff')).toBe(true);
  });
});

describe('adding an account', () => {
  it('is refused to staff (403) and nothing is created', async () => {
    const member = await signedInMember();
    const username = fresh('by-staff');
    for (const role of [undefined, 'staff', 'principal']) {
      const refused = await add(member.cookie, { username, password: INITIAL, role });
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ error: 'Only a principal of the practice can do that' });
    }
    expect((await rows(principal.cookie)).map((row) => row.username)).not.toContain(username);
  });

  it('by a principal: 201 { id, username, role }, staff by default or the role asked, audited', async () => {
    const plain = await add(principal.cookie, { username: fresh('plain'), password: INITIAL });
    expect(plain.status).toBe(201);
    expect(plain.json).toMatchObject({ id: expect.any(String), username: expect.any(String), role: 'staff' });
    const partner = await add(principal.cookie, { username: fresh('partner'), password: INITIAL, role: 'principal' });
    expect(partner.status).toBe(201);
    expect(partner.json.role).toBe('principal');
    const actions = await auditActions(principal.cookie);
    expect(actions).toContain(`staff.add ${plain.json.id}`);
    expect(actions).toContain(`staff.add.principal ${partner.json.id}`);
    const bad = await add(principal.cookie, { username: fresh('bad-role'), password: INITIAL, role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.role).toBeDefined();
  });

  it('writes the role with the account in one record, so a crash after it cannot leave a principal', async () => {
    const added = await add(principal.cookie, { username: fresh('one-write'), password: INITIAL });
    const stored = (await openStore('users').get(added.json.username, { type: 'json' })) as { role?: string };
    expect(stored.role).toBe('staff');
    const roster = (await openStore('users').get('roster/removed', { type: 'json' })) as { roles?: object } | null;
    expect(Object.keys(roster?.roles ?? {})).not.toContain(added.json.id);
  });
});

describe('changing a role', () => {
  it('is refused to staff (403), also on their own account', async () => {
    const member = await signedInMember();
    for (const id of [principalId, member.id]) {
      const refused = await patch(member.cookie, id, { role: 'principal' });
      expect(refused.status).toBe(403);
    }
    expect((await me(member.cookie)).role).toBe('staff');
  });

  it('by a principal: 200 the row, audited; the account is treated by its new role from its next call', async () => {
    const member = await signedInMember();
    const promoted = await patch(principal.cookie, member.id, { role: 'principal' });
    expect(promoted.status).toBe(200);
    expect(promoted.json).toMatchObject({ id: member.id, username: member.username, role: 'principal' });
    expect((await me(member.cookie)).role).toBe('principal');
    const theirs = await add(member.cookie, { username: fresh('by-promoted'), password: INITIAL });
    expect(theirs.status).toBe(201);

    const demoted = await patch(principal.cookie, member.id, { role: 'staff' });
    expect(demoted.status).toBe(200);
    expect(demoted.json.role).toBe('staff');
    // The same session, without signing in again: staff now.
    expect((await me(member.cookie)).role).toBe('staff');
    expect((await add(member.cookie, { username: fresh('by-demoted'), password: INITIAL })).status).toBe(403);
    expect((await remove(member.cookie, theirs.json.id)).status).toBe(403);

    const actions = await auditActions(principal.cookie);
    expect(actions).toContain(`staff.role.principal ${member.id}`);
    expect(actions).toContain(`staff.role.staff ${member.id}`);
  });

  it('answers 404 for an unknown or removed account, 400 for a role that is none', async () => {
    expect((await patch(principal.cookie, 'no-such-id', { role: 'staff' })).status).toBe(404);
    const member = await signedInMember();
    expect((await remove(principal.cookie, member.id)).status).toBe(204);
    expect((await patch(principal.cookie, member.id, { role: 'principal' })).status).toBe(404);
    const other = await signedInMember();
    for (const body of [{}, { role: 'owner' }, { role: null }]) {
      const bad = await patch(principal.cookie, other.id, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the last principal', () => {
  it('cannot be made staff (409), by themselves or through staff:add’s path; another principal can be', async () => {
    // Make every other principal staff; the signed-in principal is then the last one.
    for (const row of await rows(principal.cookie)) {
      if (row.id !== principalId && row.role === 'principal') {
        expect((await patch(principal.cookie, row.id, { role: 'staff' })).status).toBe(200);
      }
    }
    expect((await listUsers()).filter((user) => user.role === 'principal').map((user) => user.id)).toEqual([
      principalId,
    ]);
    const refused = await patch(principal.cookie, principalId, { role: 'staff' });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ error: 'The last principal cannot be removed or made staff' });
    await expect(upsertUser(principal.username, await hashPassword(principal.password), 'staff')).rejects.toThrow(
      /last principal/,
    );
    expect((await me(principal.cookie)).role).toBe('principal');

    // With a second principal, either may step down.
    const second = await signedInMember();
    expect((await patch(principal.cookie, second.id, { role: 'principal' })).status).toBe(200);
    expect((await patch(second.cookie, second.id, { role: 'staff' })).status).toBe(200);
  });

  it('cannot be removed (409 through the store; over the API the caller is always another principal)', async () => {
    const member = await signedInMember();
    const principals = (await listUsers()).filter((user) => user.role === 'principal');
    expect(principals.map((user) => user.id)).toEqual([principalId]);
    expect(await removeUser(principalId, member.id)).toBe('last-principal');
    expect((await listUsers()).map((user) => user.id)).toContain(principalId);
    // A staff member's DELETE is refused before any rule is weighed.
    const refused = await remove(member.cookie, principalId);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: 'Only a principal of the practice can do that' });
    expect((await remove(principal.cookie, member.id)).status).toBe(204);
  });

  it('still: never your own account (403), and a removed principal’s session ends', async () => {
    expect((await remove(principal.cookie, principalId)).status).toBe(403);
    const partner = await signedInStaff('principal');
    const partnerId = (await me(partner.cookie)).id;
    expect((await remove(principal.cookie, partnerId)).status).toBe(204);
    expect((await call(session, 'GET', '/api/user', { cookie: partner.cookie })).status).toBe(401);
  });
});

describe('accounts stored before roles', () => {
  it('read as principals: in the list, who am I, and what they may do; a password reset keeps it', async () => {
    const username = fresh('legacy');
    const id = `legacy-${Date.now()}`;
    const password = 'a-long-enough-password';
    const now = new Date().toISOString();
    // Exactly what was stored before this change: no `role`.
    await openStore('users').setJSON(username, {
      id,
      username,
      passwordHash: await hashPassword(password),
      createdAt: now,
      passwordChangedAt: now,
      sessionGeneration: 'before-roles',
      mustChangePassword: false,
    });
    const signIn = await call(login, 'POST', '/api/login', { body: { username, password } });
    expect(signIn.status).toBe(200);
    expect(signIn.json.role).toBe('principal');
    const cookie = cookieFrom(signIn.headers);
    expect((await me(cookie)).role).toBe('principal');
    expect((await rows(cookie)).find((row) => row.username === username).role).toBe('principal');
    expect((await add(cookie, { username: fresh('by-legacy'), password: INITIAL })).status).toBe(201);
    // Made staff by another principal: the change is kept beside the untouched old record.
    expect((await patch(principal.cookie, id, { role: 'staff' })).status).toBe(200);
    expect((await me(cookie)).role).toBe('staff');
    expect((await upsertUser(username, await hashPassword(password))).user.role).toBe('staff');
    expect((await setRole(id, 'principal')).outcome).toBe('changed');
    expect((await findUser(username))!.role).toBe('principal');
  });
});
