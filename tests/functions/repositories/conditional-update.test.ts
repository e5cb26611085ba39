/**
 * The one read-modify-write helper (`updateRecord`/`updateJson` in repositories/blobs.ts)
 * against a real local Blobs server: it creates with `onlyIfNew`, replaces against the ETag
 * it read, asks `apply` again on the winner's record after a lost write, gives up after
 * MAX_WRITE_ATTEMPTS with a `WriteConflict`, and routes answer its typed failures 409 / 503.
 * The races between processes are in races.test.ts, staff-race.test.ts and the rest.
 */
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { asHttpError, HttpError } from '#server/http/http.ts';
import {
  MAX_WRITE_ATTEMPTS,
  openStore,
  StorageUnavailable,
  updateJson,
  updateRecord,
  WriteConflict,
} from '#server/repositories/blobs.ts';
import { useBlobs } from '../harness.ts';

useBlobs();

const counter = z.object({ count: z.int() });
const store = () => openStore('conditional-update-test');
const add = (key: string, by = 1) =>
  updateJson(store(), key, counter, (current) => ({ count: (current?.count ?? 0) + by }), 'busy');

describe('updateJson', () => {
  it('creates a missing record, then replaces it, and leaves it when apply says null', async () => {
    expect(await add('a')).toEqual({ before: null, after: { count: 1 }, changed: true });
    expect(await add('a', 2)).toEqual({ before: { count: 1 }, after: { count: 3 }, changed: true });
    const left = await updateJson(store(), 'a', counter, () => null, 'busy');
    expect(left).toEqual({ before: { count: 3 }, after: { count: 3 }, changed: false });
    expect(await store().get('a', { type: 'json' })).toEqual({ count: 3 });
  });

  it('asks apply again on the record another writer just wrote, so no change is lost', async () => {
    await store().setJSON('b', { count: 10 });
    const seen: (number | undefined)[] = [];
    const result = await updateJson(
      store(),
      'b',
      counter,
      async (current, attempt) => {
        seen.push(current?.count);
        // Another writer gets in between this try's read and its write, once.
        if (attempt === 0) await store().setJSON('b', { count: 100 });
        return { count: (current?.count ?? 0) + 1 };
      },
      'busy',
    );
    expect(seen).toEqual([10, 100]);
    expect(result.after).toEqual({ count: 101 });
    expect(await store().get('b', { type: 'json' })).toEqual({ count: 101 });
  });

  it('does not bring back a record deleted between its read and its write', async () => {
    await store().setJSON('c', { count: 1 });
    let deleted = false;
    const result = await updateJson(
      store(),
      'c',
      counter,
      async (current) => {
        if (!deleted) {
          deleted = true;
          await store().delete('c');
        }
        // Only a change of an existing record: a missing one is left missing.
        return current ? { count: current.count + 1 } : null;
      },
      'busy',
    );
    expect(result).toEqual({ before: null, after: null, changed: false });
    expect(await store().get('c')).toBeNull();
  });

  it('lets many writers at once each count once', async () => {
    await Promise.all(Array.from({ length: 12 }, () => add('d')));
    expect(await store().get('d', { type: 'json' })).toEqual({ count: 12 });
  });

  it('hands a refusal thrown by apply to the caller, writing nothing', async () => {
    await store().setJSON('e', { count: 1 });
    const refusal = new HttpError(409, 'No');
    await expect(updateJson(store(), 'e', counter, () => Promise.reject(refusal), 'busy')).rejects.toBe(refusal);
    expect(await store().get('e', { type: 'json' })).toEqual({ count: 1 });
  });
});

describe('updateRecord', () => {
  it(`gives up after ${MAX_WRITE_ATTEMPTS} lost writes with a WriteConflict carrying the caller's sentence`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const apply = vi.fn((current: number | null) => (current ?? 0) + 1);
      const lost = updateRecord<number>({
        read: async () => ({ value: 1, etag: 'e' }),
        write: async () => false,
        apply,
        conflict: 'This record is being changed by several people at once.',
      });
      const settled = expect(lost).rejects.toEqual(
        new WriteConflict('This record is being changed by several people at once.'),
      );
      await vi.runAllTimersAsync();
      await settled;
      expect(apply).toHaveBeenCalledTimes(MAX_WRITE_ATTEMPTS);
    } finally {
      vi.useRealTimers();
    }
  });

  it('undoes what a lost try did besides its write (onLost), once per lost write', async () => {
    let wins = 0;
    const onLost = vi.fn(async () => {});
    await updateRecord<number>({
      read: async () => ({ value: 1, etag: 'e' }),
      write: async () => ++wins > 2,
      apply: (current) => current,
      onLost,
      conflict: 'busy',
    });
    expect(onLost).toHaveBeenCalledTimes(2);
  });
});

describe('typed failures as answers', () => {
  it('answers a WriteConflict 409 with its sentence and storage out of reach 503 with Retry-After', () => {
    const conflict = asHttpError(new WriteConflict('Try again.'));
    expect(conflict).toBeInstanceOf(HttpError);
    expect(conflict).toMatchObject({ status: 409, message: 'Try again.' });
    const down = asHttpError(new StorageUnavailable(new Error('connect ECONNREFUSED')));
    expect(down).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    const other = new Error('a bug');
    expect(asHttpError(other)).toBe(other);
  });
});
