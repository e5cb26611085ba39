/** An unknown username costs the same bcrypt work as a known one with a wrong password. */
import { describe, expect, it, vi } from 'vitest';

const compares = vi.hoisted(() => ({ rounds: [] as number[] }));
vi.mock('bcryptjs', async (importOriginal) => {
  const bcrypt = await importOriginal<typeof import('bcryptjs')>();
  return {
    ...bcrypt,
    compare: async (password: string, hash: string) => {
      compares.rounds.push(bcrypt.getRounds(hash));
      return bcrypt.compare(password, hash);
    },
  };
});

const { default: login } = await import('../../netlify/functions/login.ts');
const { call, signedInStaff, useBlobs } = await import('./harness.ts');
const { BCRYPT_COST } = await import('../../netlify/functions/_shared/auth.ts');

useBlobs();

describe('login cost', () => {
  it('runs one bcrypt comparison at the same cost whether or not the username exists', async () => {
    const { username } = await signedInStaff();
    compares.rounds.length = 0;
    await call(login, 'POST', '/api/login', { body: { username, password: 'wrong-password' } });
    await call(login, 'POST', '/api/login', { body: { username: 'no-such-user', password: 'wrong-password' } });
    await call(login, 'POST', '/api/login', { body: { username: 'not a valid name!', password: 'wrong-password' } });
    expect(compares.rounds).toEqual([BCRYPT_COST, BCRYPT_COST, BCRYPT_COST]);
  });
});
