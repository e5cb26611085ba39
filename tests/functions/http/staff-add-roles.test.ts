/**
 * The first account of all is a principal, whatever was asked (someone must manage the
 * others); later ones are staff unless a role is given; `npm run staff:add -- NAME --role
 * principal|staff` sets it, a password reset keeps it, and the last principal cannot be
 * made staff from the command line either. One store for the whole file, in order.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword } from '#server/http/auth.ts';
import { findUser, listUsers, upsertUser } from '#server/repositories/users-store.ts';
import { useBlobs } from '../harness.ts';
import { staffAddIn } from '../staff-add.ts';

const blobs = useBlobs();

/** `npm run staff:add -- …args` on this file's store, in process (exit code and output are what is checked). */
const staffAdd = (...args: string[]) =>
  staffAddIn(blobs.directory(), args, { STAFF_PASSWORD: 'a-long-enough-script-password' });
const roleOf = async (username: string) => (await findUser(username))?.role;

describe('the first account', () => {
  it('is a principal whatever was asked; the next one is staff unless asked otherwise', async () => {
    expect(await listUsers()).toEqual([]);
    const hash = await hashPassword('a-long-enough-password');
    expect((await upsertUser('first.account', hash, 'staff')).user.role).toBe('principal');
    expect((await upsertUser('second.account', hash)).user.role).toBe('staff');
    expect((await upsertUser('third.account', hash, 'principal')).user.role).toBe('principal');
    // A password reset keeps the role unless one is given.
    expect((await upsertUser('second.account', hash)).user.role).toBe('staff');
    expect((await upsertUser('second.account', hash, 'principal')).user.role).toBe('principal');
    expect(await roleOf('second.account')).toBe('principal');
  });
});

describe('npm run staff:add --role', () => {
  it('creates staff by default, or the role given, and says which', async () => {
    const plain = await staffAdd('script.staff');
    expect(plain.code).toBe(0);
    expect(plain.out).toContain('Its role: staff.');
    expect(await roleOf('script.staff')).toBe('staff');
    const partner = await staffAdd('script.partner', '--role', 'principal');
    expect(partner.out).toContain('Its role: principal.');
    expect(await roleOf('script.partner')).toBe('principal');
    expect((await staffAdd('script.other', '--role=principal')).code).toBe(0);
    expect(await roleOf('script.other')).toBe('principal');
  });

  it('keeps the role on a password reset unless --role is given', async () => {
    const reset = await staffAdd('script.staff');
    expect(reset.out).toContain('Updated the password of staff account "script.staff"');
    expect(reset.out).toContain('Its role: staff.');
    expect((await staffAdd('script.partner')).out).toContain('Its role: principal.');
    expect((await staffAdd('script.staff', '--role', 'principal')).out).toContain('Its role: principal.');
    expect(await roleOf('script.staff')).toBe('principal');
  });

  it('refuses a role that is none, and making the last principal staff, changing nothing', async () => {
    const bad = await staffAdd('script.staff', '--role', 'owner');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('--role must be one of principal, staff');
    expect(await roleOf('script.staff')).toBe('principal');

    const principals = (await listUsers()).filter((user) => user.role === 'principal');
    for (const user of principals.slice(1)) expect((await staffAdd(user.username, '--role', 'staff')).code).toBe(0);
    const last = principals[0]!.username;
    const before = (await findUser(last))!;
    const refused = await staffAdd(last, '--role', 'staff');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('The last principal cannot be removed or made staff');
    const after = (await findUser(last))!;
    expect(after.role).toBe('principal');
    // Refused before the password was touched: its sessions live on.
    expect(after.sessionGeneration).toBe(before.sessionGeneration);
  });
});
