/**
 * `appendNew` (repositories/blobs.ts), the one "append under a fresh key" write, against a
 * real local Blobs server and its conditional writes (`onlyIfNew`): a key another writer
 * holds is never overwritten and a fresh one is taken; when none is free the append fails
 * loudly, never reporting as stored a record that is not. The appends built on it (the audit
 * log, an enquiry's activity, a staff session) answer the same way.
 */
import { describe, expect, it } from 'vitest';
import { appendNew, NEW_KEY_ATTEMPTS, openStore, timeKey, timeOfKey } from '#server/repositories/blobs.ts';
import { appendActivity, listActivity } from '#server/repositories/enquiry-activity-store.ts';
import { findSession, saveSession } from '#server/repositories/sessions-store.ts';
import { useBlobs } from '../harness.ts';

useBlobs();

const store = () => openStore('append-new-test');

describe('appendNew', () => {
  it('takes a fresh key when the one it made is already held, and leaves the holder as it was', async () => {
    await store().setJSON('taken', { by: 'the other writer' });
    const keys = ['taken', 'free'];
    const tried: string[] = [];
    const made = await appendNew(
      store(),
      () => {
        const key = keys[tried.length]!;
        tried.push(key);
        return { key, value: { json: { by: 'this writer' } } };
      },
      'a test record',
    );
    expect(tried).toEqual(['taken', 'free']);
    expect(made.key).toBe('free');
    expect(await store().get('taken', { type: 'json' })).toEqual({ by: 'the other writer' });
    expect(await store().get('free', { type: 'json' })).toEqual({ by: 'this writer' });
  });

  it('fails, and stores nothing, when every key it makes is held: a lost write is never reported as stored', async () => {
    const held = Array.from({ length: NEW_KEY_ATTEMPTS }, (_, index) => `held-${index}`);
    for (const key of held) await store().setJSON(key, { by: 'the other writer' });
    let tries = 0;
    await expect(
      appendNew(store(), () => ({ key: held[tries++]!, value: { json: { by: 'this writer' } } }), 'a test record'),
    ).rejects.toThrow('Could not find a free key for a test record');
    expect(tries).toBe(NEW_KEY_ATTEMPTS);
    for (const key of held) expect(await store().get(key, { type: 'json' })).toEqual({ by: 'the other writer' });
  });

  it('answers what make gave for the key it wrote (an async make, as a sealed record needs)', async () => {
    const made = await appendNew(
      store(),
      async () => {
        const key = timeKey();
        return { key, at: timeOfKey(key), value: { data: 'bytes', metadata: { kind: 'text' } } };
      },
      'a test blob',
    );
    expect(await store().get(made.key)).toBe('bytes');
    expect(typeof made.at).toBe('number');
  });
});

describe('the appends built on it', () => {
  it("an enquiry's activity: entries given together land, in the order given, under one claimed key", async () => {
    const at = new Date('2026-03-02T00:00:00.000Z');
    const first = { at: at.toISOString(), by: 'sam', type: 'note' as const, text: 'first' };
    const second = { at: at.toISOString(), by: 'sam', type: 'note' as const, text: 'second' };
    await appendActivity('E1', first, second);
    expect((await listActivity('E1')).map((entry) => entry.type === 'note' && entry.text)).toEqual(['first', 'second']);
  });

  it('a staff session: a session id already held fails the sign-in instead of taking over that session', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const theirs = { userId: 'u1', username: 'alex', expiresAt, generation: 'g1' };
    await saveSession('sessionid-aaaaaaaaaaaa', theirs);
    await expect(
      saveSession('sessionid-aaaaaaaaaaaa', { userId: 'u2', username: 'mallory', expiresAt, generation: 'g2' }),
    ).rejects.toThrow('A session id was taken');
    expect(await findSession('sessionid-aaaaaaaaaaaa')).toEqual(theirs);
  });
});
