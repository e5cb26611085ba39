/**
 * `npm run staff:add -- NAME --remove-passkeys`: the server's recovery for the last principal
 * whose passkeys are lost. It removes every passkey of that account and ends its sessions,
 * asks for no password and changes nothing else; the password then signs in again.
 */
import { describe, expect, it } from 'vitest';
import login from '#functions/login.ts';
import session from '#functions/user.ts';
import { addPasskey, listPasskeys } from '#server/repositories/passkeys-store.ts';
import { findUser } from '#server/repositories/users-store.ts';
import { call, cookieFrom, signedInStaff, useBlobs } from '../harness.ts';
import { staffAddIn } from '../staff-add.ts';

const blobs = useBlobs();

// No STAFF_PASSWORD: a script that asked for a password would fail (a test's stdin is no terminal).
const staffAdd = (...args: string[]) => staffAddIn(blobs.directory(), args, { STAFF_PASSWORD: '' });

describe('npm run staff:add -- NAME --remove-passkeys', () => {
  it("removes the account's passkeys and sessions, and its password signs in again", async () => {
    const principal = await signedInStaff('principal');
    const before = await findUser(principal.username);
    for (const name of ['Phone', 'Laptop']) {
      await addPasskey(principal.id, { credentialId: `cred-${name}`, publicKey: 'AAAA', counter: 0, name });
    }
    const refused = await call(login, 'POST', '/api/login', {
      body: { username: principal.username, password: principal.password },
    });
    expect(refused.json.secondFactor).toBe('passkey');

    const result = await staffAdd(principal.username, '--remove-passkeys');
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain(`Removed 2 passkeys of staff account "${principal.username}"`);
    expect(await listPasskeys(principal.id)).toEqual([]);
    expect((await call(session, 'GET', '/api/user', { cookie: principal.cookie })).status).toBe(401);
    const after = await findUser(principal.username);
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.role).toBe('principal');

    const signedIn = await call(login, 'POST', '/api/login', {
      body: { username: principal.username, password: principal.password },
    });
    expect(signedIn.json.role).toBe('principal');
    expect((await call(session, 'GET', '/api/user', { cookie: cookieFrom(signedIn.headers) })).status).toBe(200);
  });

  it('fails, changing nothing, for an unknown account', async () => {
    const result = await staffAdd('nobody.here', '--remove-passkeys');
    expect(result.code).toBe(1);
    expect(result.out).toContain('There is no staff account "nobody.here"');
  });
});
