/**
 * Two principals making each other staff at the same moment, from separate processes
 * (separate function instances) through `PATCH /api/staff/{id}`, must leave exactly one
 * principal: the roster's conditional write lets one change through, and the other counts
 * again and answers 409. The same when one removes the other while being demoted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import session from '#functions/user.ts';
import { listUsers, setRole } from '#server/repositories/users-store.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { useRacers } from '../racers.ts';

useBlobs();
const racers = useRacers(2, ['staff']);
const TRIALS = 8;

let a: { cookie: string; id: string };
let b: { cookie: string; id: string };
beforeAll(async () => {
  const signIn = async () => {
    const { cookie } = await signedInStaff('principal');
    return { cookie, id: (await call(session, 'GET', '/api/user', { cookie })).json.id as string };
  };
  a = await signIn();
  b = await signIn();
  // Staff around them, so "the last account" is never what decides.
  await signedInStaff('staff');
  await signedInStaff('staff');
});

const principals = async () => (await listUsers()).filter((user) => user.role === 'principal').map((user) => user.id);

describe('the last two principals at once', () => {
  it('in the store: exactly one demotion goes through, the other finds itself the last principal', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      await setRole(a.id, 'principal');
      await setRole(b.id, 'principal');
      const answers = await racers.race((racer) => [
        { repository: 'users', call: 'setRole', args: [racer === 0 ? b.id : a.id, 'staff'] },
      ]);
      const outcomes = answers.map((answer) => answer.json.outcome as string);
      expect(await principals(), `trial ${trial}: ${outcomes.join(', ')}`).toHaveLength(1);
      expect(outcomes.sort(), `trial ${trial}`).toEqual(['changed', 'last-principal']);
    }
  });

  it('over the API: exactly one principal stays, the other change is refused', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      await setRole(a.id, 'principal');
      await setRole(b.id, 'principal');
      expect((await principals()).sort()).toEqual([a.id, b.id].sort());
      // Racer 0: a makes b staff; racer 1: b makes a staff.
      const answers = await racers.race((racer) => [
        racer === 0
          ? { fn: 'staff', method: 'PATCH', path: `/api/staff/${b.id}`, body: { role: 'staff' }, cookie: a.cookie }
          : { fn: 'staff', method: 'PATCH', path: `/api/staff/${a.id}`, body: { role: 'staff' }, cookie: b.cookie },
      ]);
      const statuses = answers.map((answer) => answer.status);
      const left = await principals();
      expect(left, `trial ${trial}: ${statuses.join(', ')}`).toHaveLength(1);
      // The other was refused: 409 when it counted the principals, 403 when it started after
      // the first had already made its caller staff.
      expect(
        [
          [200, 409],
          [200, 403],
        ],
        `trial ${trial}: ${statuses.join(', ')}`,
      ).toContainEqual(statuses.sort());
    }
  });

  it('one removing the other while being demoted by them: one principal stays', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      // The removed one comes back as a fresh principal each trial.
      await setRole(a.id, 'principal');
      await setRole(b.id, 'staff');
      const other = await signedInStaff('principal');
      const otherId = (await call(session, 'GET', '/api/user', { cookie: other.cookie })).json.id as string;
      expect((await principals()).sort()).toEqual([a.id, otherId].sort());
      const answers = await racers.race((racer) => [
        racer === 0
          ? { fn: 'staff', method: 'DELETE', path: `/api/staff/${otherId}`, cookie: a.cookie }
          : { fn: 'staff', method: 'PATCH', path: `/api/staff/${a.id}`, body: { role: 'staff' }, cookie: other.cookie },
      ]);
      const statuses = answers.map((answer) => answer.status);
      expect(await principals(), `trial ${trial}: ${statuses.join(', ')}`).toHaveLength(1);
      // Whichever wrote first won; the other was refused (409), or found its caller gone (401).
      expect(
        statuses.filter((status) => status === 200 || status === 204),
        `trial ${trial}`,
      ).toHaveLength(1);
      if (!(await principals()).includes(a.id)) {
        // `other` won: back to two principals for the next trial by dropping `other`.
        await setRole(a.id, 'principal');
        await setRole(otherId, 'staff');
      }
    }
  });
});
