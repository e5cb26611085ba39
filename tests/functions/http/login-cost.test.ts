/** An unknown username costs the same bcrypt work as a known one with a wrong password. */
import type * as bcryptjs from 'bcryptjs';
import { describe, expect, it, vi } from 'vitest';

const compares = vi.hoisted(() => ({ rounds: [] as number[], hashes: 0 }));
vi.mock('bcryptjs', async (importOriginal) => {
  const bcrypt = await importOriginal<typeof bcryptjs>();
  return {
    ...bcrypt,
    hash: async (password: string, salt: number | string) => {
      compares.hashes++;
      return bcrypt.hash(password, salt);
    },
    compare: async (password: string, hash: string) => {
      compares.rounds.push(bcrypt.getRounds(hash));
      return bcrypt.compare(password, hash);
    },
  };
});

const { default: login } = await import('#functions/login.ts');
const { call, useBlobs } = await import('../harness.ts');
const { BCRYPT_COST, DUMMY_HASH, hashPassword } = await import('#server/http/auth.ts');
const { upsertUser } = await import('#server/repositories/users-store.ts');
const { getRounds } = await import('bcryptjs');

useBlobs();

describe('login cost', () => {
  // First in this file, so that no earlier sign-in could have warmed anything up.
  it('never computes a hash while signing in: the unknown-username hash is a precomputed constant', async () => {
    expect(DUMMY_HASH).toMatch(/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/);
    expect(getRounds(DUMMY_HASH)).toBe(BCRYPT_COST);
    compares.hashes = 0;
    compares.rounds.length = 0;
    const unknown = await call(login, 'POST', '/api/login', {
      body: { username: 'never-heard-of', password: 'wrong-password' },
    });
    expect(unknown.status).toBe(401);
    expect(compares.rounds).toEqual([BCRYPT_COST]);
    expect(compares.hashes).toBe(0);
  });

  it('runs one bcrypt comparison at the same cost whether or not the username exists', async () => {
    // An account as the product stores it (the test harness's accounts are hashed cheaply).
    const username = 'known-staff';
    await upsertUser(username, await hashPassword('a-long-enough-password'), 'staff');
    compares.rounds.length = 0;
    await call(login, 'POST', '/api/login', { body: { username, password: 'wrong-password' } });
    await call(login, 'POST', '/api/login', { body: { username: 'no-such-user', password: 'wrong-password' } });
    await call(login, 'POST', '/api/login', { body: { username: 'not a valid name!', password: 'wrong-password' } });
    expect(compares.rounds).toEqual([BCRYPT_COST, BCRYPT_COST, BCRYPT_COST]);
  });
});
