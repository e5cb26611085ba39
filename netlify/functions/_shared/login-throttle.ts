/**
 * Throttles password guessing without letting a stranger lock staff out.
 *
 * - At most 5 failed sign-ins per username from one client address in 15 minutes;
 * - at most 50 per username from all addresses together (a spread-out guesser);
 * - a successful sign-in forgets that address's failures for that username.
 *
 * Every attempt is recorded first and decided after, by a listing that includes it: an
 * attempt is checked only when the listing it sees, itself included, is within the
 * limits. Records are never removed while they could still be counted, except a refused
 * attempt's own (it checked nothing), so of any six attempts the last to be recorded sees
 * the other five and is refused, however many are sent at once and to however many
 * instances. A burst may therefore check fewer than five; never more.
 */
import { createHmac } from 'node:crypto';
import { sessionSecret } from './env.ts';
import { HttpError } from './http.ts';
import { attemptsSince, deleteAttempts, recordAttempt, type LoginAttempt } from './repositories/login-attempts.ts';

export const MAX_FAILURES_PER_CLIENT = 5;
export const MAX_FAILURES_PER_USERNAME = 50;
export const WINDOW_MS = 15 * 60 * 1000;

/**
 * The visitor's address as Netlify reports it: `context.ip`, else the header Netlify sets
 * (`x-nf-client-connection-ip`). Without either (a local run) everyone shares one address.
 */
export function clientAddress(req: Request, context?: { ip?: string }): string {
  return context?.ip || req.headers.get('x-nf-client-connection-ip')?.trim() || 'unknown';
}

/**
 * An opaque key per address, so the store never holds anyone's IP address. Keyed with the
 * session secret: a plain hash of an IPv4 address is undone by trying all 2^32 of them.
 */
const clientKey = (address: string) =>
  createHmac('sha256', sessionSecret()).update(address).digest('hex').slice(0, 16);

export interface AdmittedAttempt {
  username: string;
  attempt: LoginAttempt;
}

/** The time when `times` (oldest first) has fewer than `limit` entries within the window. */
const freeAt = (times: number[], limit: number) => times[times.length - limit]! + WINDOW_MS;

/**
 * Records this attempt, then lets it through to the password check or answers 429 with
 * Retry-After. A failed check needs nothing more: its record is the failure.
 */
export async function admitAttempt(username: string, address: string, now = Date.now()): Promise<AdmittedAttempt> {
  const client = clientKey(address);
  const mine = await recordAttempt(username, client, new Date(now));
  const listed = await attemptsSince(username, now - WINDOW_MS);
  const all = listed.some((attempt) => attempt.key === mine.key) ? listed : [...listed, mine];
  const fromClient = all.filter((attempt) => attempt.client === client);
  if (fromClient.length <= MAX_FAILURES_PER_CLIENT && all.length <= MAX_FAILURES_PER_USERNAME) {
    return { username, attempt: mine };
  }

  await deleteAttempts([mine.key]);
  const others = (list: LoginAttempt[]) => list.filter((attempt) => attempt.key !== mine.key).map((a) => a.time);
  const unlockAt = Math.max(
    fromClient.length > MAX_FAILURES_PER_CLIENT ? freeAt(others(fromClient), MAX_FAILURES_PER_CLIENT) : 0,
    all.length > MAX_FAILURES_PER_USERNAME ? freeAt(others(all), MAX_FAILURES_PER_USERNAME) : 0,
  );
  const seconds = Math.max(1, Math.ceil((unlockAt - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new HttpError(
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}

/** After a successful sign-in: this address's recent failures for this username no longer count. */
export async function noteSuccess({ username, attempt }: AdmittedAttempt, now = Date.now()): Promise<void> {
  const recent = await attemptsSince(username, now - WINDOW_MS);
  await deleteAttempts(recent.filter((other) => other.client === attempt.client).map((other) => other.key));
}
