/**
 * Two members of staff removing each other at once, from separate processes (separate
 * function instances), must never leave the practice without an account: the roster's
 * conditional write lets one removal through and makes the other count again.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword } from '#server/http/auth.ts';
import { listUsers, upsertUser } from '#server/repositories/users-store.ts';
import { useBlobs } from '../harness.ts';
import { useRacers } from '../racers.ts';

useBlobs();
const racers = useRacers(4, ['staff']);
const TRIALS = 8;

describe('removing the last two accounts at once', () => {
  it('leaves exactly one account every time, the other removal answering "last"', async () => {
    const hash = await hashPassword('race-password-long-enough');
    await upsertUser('race-first', hash);
    for (let trial = 0; trial < TRIALS; trial++) {
      // Both principals, so that only the last-account rule is at stake here.
      await upsertUser(`race-${trial}`, hash, 'principal');
      const users = await listUsers();
      expect(users).toHaveLength(2);
      const [a, b] = users as [(typeof users)[0], (typeof users)[0]];
      // Racers 0 and 2: a removes b; racers 1 and 3: b removes a.
      const answers = await racers.race((racer) => [
        racer % 2 === 0
          ? { repository: 'users', call: 'removeUser', args: [b.id, a.id] }
          : { repository: 'users', call: 'removeUser', args: [a.id, b.id] },
      ]);
      const outcomes = answers.map((answer) => answer.json as string);
      const left = await listUsers();
      expect(left, `trial ${trial}: ${outcomes.join(', ')}`).toHaveLength(1);
      expect(outcomes).toContain('last');
      const removedA = outcomes.filter((o, i) => o === 'removed' && i % 2 === 1).length > 0;
      const removedB = outcomes.filter((o, i) => o === 'removed' && i % 2 === 0).length > 0;
      expect(removedA !== removedB, `trial ${trial}: ${outcomes.join(', ')}`).toBe(true);
    }
  });
});
