/**
 * The outbox engine both outboxes run on (staff alerts, messages to clients). The intent is
 * written first (`OutboxStore.enqueue`, before the person is answered); delivery runs after
 * the answer (`context.waitUntil`) and, for what failed, from the scheduled function every
 * minute with backoff, for 24 hours. Each attempt is claimed with a conditional write
 * first, so the immediate delivery and the scheduler (or two of either) never deliver one
 * entry at once; what happens at each attempt is the outbox's own (`OutboxRules`). A message
 * the way out refuses (it holds bank details: bank-details-guard.ts) is never retried.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { OutboxStore, OutboxTimes } from '../repositories/outbox-store.ts';
import { isMessageRefused } from './bank-details-guard.ts';

const MINUTE = 60_000;
/** Retries stop this long after the entry was made. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** 1, 2, 4 … minutes after each failed attempt, at most an hour apart. */
export const backoffMs = (attempts: number): number => Math.min(2 ** Math.max(0, attempts - 1), 60) * MINUTE;

/**
 * The times of a new entry made at `createdAt`: no attempt yet, and the scheduled retry
 * leaves it to the immediate delivery for a minute.
 */
export const freshTimes = (createdAt: Date, now = createdAt): OutboxTimes => ({
  attempts: 0,
  createdAt: createdAt.toISOString(),
  nextAttemptAt: new Date(now.getTime() + MINUTE).toISOString(),
});

export interface OutboxRules<E extends OutboxTimes> {
  /**
   * Before an attempt: 'deliver', 'drop' (deleted unsent: there is nobody left to tell) or
   * 'wait' (left as it is, for a later attempt).
   */
  check(entry: E, now: Date): Promise<'deliver' | 'drop' | 'wait'>;
  /**
   * One attempt (`attempt` counts from 1), recording it as the outbox does: the entry still
   * owed afterwards (`entry` itself when nothing went, or a part of it), or null when all of
   * it went.
   */
  attempt(entry: E, attempt: number): Promise<E | null>;
  /** After the entry that all went was deleted. */
  delivered?(entry: E, attempt: number): Promise<void>;
  /** The 24 hours are over with `left` still owed: it is deleted after this. */
  gaveUp(left: E, attempt: number): Promise<void>;
  /**
   * The attempt threw `MessageRefused` (the message holds bank details: bank-details-guard.ts):
   * it is deleted unsent, never retried, after this records it and tells staff.
   */
  refused(entry: E, reason: string): Promise<void>;
}

export interface OutboxEngine {
  /**
   * One delivery attempt of entry `id`; true when this call delivered all of it.
   * `dueOnly`: the scheduler's call, which leaves an entry alone until its retry is due.
   */
  deliver(id: string, options?: { now?: Date; dueOnly?: boolean }): Promise<boolean>;
  /** The scheduled function's part: every entry whose retry is due; resolves with how many. */
  retryDue(now?: Date): Promise<number>;
}

export function outboxEngine<E extends OutboxTimes>(store: OutboxStore<E>, rules: OutboxRules<E>): OutboxEngine {
  async function deliver(id: string, options: { now?: Date; dueOnly?: boolean } = {}): Promise<boolean> {
    const now = options.now ?? new Date(currentTime());
    const found = await store.read(id);
    if (!found) return false;
    const { entry } = found;
    if (options.dueOnly && Date.parse(entry.nextAttemptAt) > now.getTime()) return false;
    const verdict = await rules.check(entry, now);
    if (verdict === 'drop') await store.remove(id);
    if (verdict !== 'deliver') return false;

    const attempt = entry.attempts + 1;
    const retryAt = now.getTime() + backoffMs(attempt);
    const claimed: E = { ...entry, attempts: attempt, nextAttemptAt: new Date(retryAt).toISOString() };
    const etag = await store.replace(claimed, found.etag);
    if (!etag) return false;

    let left: E | null;
    try {
      left = await rules.attempt(entry, attempt);
    } catch (error) {
      if (!isMessageRefused(error)) throw error;
      await store.remove(id);
      await rules.refused(entry, error.reason);
      return false;
    }
    if (!left) {
      await store.remove(id);
      await rules.delivered?.(entry, attempt);
      return true;
    }
    if (retryAt - Date.parse(entry.createdAt) > RETRY_WINDOW_MS) {
      await rules.gaveUp(left, attempt);
      await store.remove(id);
    } else if (left !== entry) {
      // Only what is still owed is tried again (an alert's channels that failed).
      await store.replace({ ...left, attempts: attempt, nextAttemptAt: claimed.nextAttemptAt }, etag);
    }
    return false;
  }

  async function retryDue(now = new Date(currentTime())): Promise<number> {
    const due = (await store.list()).filter((entry) => Date.parse(entry.nextAttemptAt) <= now.getTime());
    for (const entry of due) await deliver(store.idOf(entry), { now, dueOnly: true });
    return due.length;
  }

  return { deliver, retryDue };
}
