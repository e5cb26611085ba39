import { describe, expect, it } from 'vitest';
import { isTimeKey, timeKey, timeOfKey } from '#server/repositories/blobs.ts';

describe('timeKey', () => {
  it('sorts keys made one after another in the order they were made, within one millisecond too', () => {
    const at = new Date('2026-11-21T10:00:00.000Z');
    const sameInstant = Array.from({ length: 500 }, () => timeKey(at));
    expect(sameInstant.toSorted()).toEqual(sameInstant);
    const now = Array.from({ length: 2000 }, (_, n) => {
      if (n % 100 === 0) timeKey(new Date(0)); // an explicit earlier time must not disturb the count
      return timeKey();
    });
    expect(now.toSorted()).toEqual(now);
    expect(new Set(now).size).toBe(now.length);
  });

  it('encodes the time it was made at', () => {
    const at = new Date('2026-03-31T23:59:59.999Z');
    expect(timeOfKey(timeKey(at))).toBe(at.getTime());
    expect(timeKey(at)).toMatch(/^[a-z0-9]{27}$/);
  });

  it('is told apart from what it never makes (isTimeKey, the cash and suspicion ids)', () => {
    const keys = [timeKey(), timeKey(new Date(0)), timeKey(new Date('2999-12-31T23:59:59.999Z'))];
    expect(keys.every(isTimeKey)).toBe(true);
    const key = keys[0]!;
    for (const other of [key.slice(1), `${key}0`, key.toUpperCase(), `${key.slice(0, 26)}g`, '../' + key.slice(3), ''])
      expect(isTimeKey(other), other).toBe(false);
  });
});
