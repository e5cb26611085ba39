/**
 * Five failed sign-ins for one username within 15 minutes lock that username until the
 * oldest of those five is 15 minutes old. Failures are append-only records, so
 * simultaneous attempts are all counted.
 */
import { HttpError } from './http.ts';
import { clearFailures, failuresSince, recordFailure } from './repositories/login-attempts.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

/** 429 with Retry-After while the username is locked. */
export async function assertNotLocked(username: string, now = Date.now()): Promise<void> {
  const failures = await failuresSince(username, now - WINDOW_MS);
  if (failures.length < MAX_FAILURES) return;
  const unlockAt = failures[failures.length - MAX_FAILURES]! + WINDOW_MS;
  const seconds = Math.max(1, Math.ceil((unlockAt - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new HttpError(
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}

export const noteFailure = (username: string) => recordFailure(username);
export const noteSuccess = (username: string) => clearFailures(username);
