/**
 * Throttles password guessing without letting a stranger lock staff out
 * (docs/decisions/020-trusted-devices-and-a-slow-lane.md).
 *
 * - A browser that signed in to an account before carries a signed device cookie for it
 *   (`device-cookie.ts`). From such a trusted device: at most 5 failed sign-ins per 15
 *   minutes per device, whatever its address, and nothing else counts against it.
 * - From an unknown device: at most 5 failures per username per network in 15 minutes (an
 *   IPv4 address, or an IPv6 /64: one subscriber's whole allocation);
 * - and, once unknown devices together have made 50 attempts at a username in 15 minutes
 *   (a spread-out guesser), one attempt per 30 seconds for all of them: slowed, never
 *   refused for good, so a stranger can delay a new laptop's first sign-in but cannot
 *   lock the account, and guessing stays capped;
 * - a successful sign-in forgets that client's failures for that username.
 *
 * Every attempt is recorded first and decided after, by a listing that includes it: an
 * attempt is checked only when the listing it sees, itself included, is within the
 * limits. Records are never removed while they could still be counted, except a refused
 * attempt's own (it checked nothing), so of any six attempts the last to be recorded sees
 * the other five and is refused, however many are sent at once and to however many
 * instances. A burst may therefore check fewer than five; never more. The same holds for
 * two attempts in one slow-lane interval: the later-recorded one sees the other.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sessionSecret } from '../platform/env.ts';
import { HttpError } from './http.ts';
import {
  attemptsSince,
  deleteAttempts,
  recordAttempt,
  type LoginAttempt,
} from '../repositories/login-attempts-store.ts';

export const MAX_FAILURES_PER_CLIENT = 5;
/** Attempts by unknown devices at one username before the slow lane starts. */
export const MAX_FAILURES_PER_USERNAME = 50;
export const WINDOW_MS = 15 * 60 * 1000;
/** Past the ceiling, unknown devices share one attempt per this interval. */
export const SLOW_LANE_MS = 30 * 1000;

/**
 * The visitor's address as Netlify reports it: `context.ip`, else the header Netlify sets
 * (`x-nf-client-connection-ip`). Without either (a local run) everyone shares one address.
 */
export function clientAddress(req: Request, context?: { ip?: string }): string {
  return context?.ip || req.headers.get('x-nf-client-connection-ip')?.trim() || 'unknown';
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded; null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address;
  // An IPv4 tail (`::ffff:192.0.2.1`) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((group) => parseInt(group, 16)) : []);
  const front = part(head);
  const back = part(tail);
  return tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The network an address counts under: an IPv4 address itself, an IPv6 address by its
 * /64 (a home or an office is given a whole /64, so its other addresses are no other
 * client), an IPv4-mapped IPv6 address as its IPv4 address. Anything else as given.
 */
export function clientNetwork(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * An opaque key per client, so the store never holds anyone's IP address. Keyed with the
 * session secret: a plain hash of an IPv4 address is undone by trying all 2^32 of them.
 * Exported for other keys that must not give away what they are made of (an e-mail address).
 */
export const clientKey = (client: string): string =>
  createHmac('sha256', sessionSecret()).update(client).digest('hex').slice(0, 16);

/** A keyed digest of a client's network: evidence of where something came from, without the address. */
export const addressDigest = (address: string): string => clientKey(`network:${clientNetwork(address)}`);

export interface AdmittedAttempt {
  username: string;
  attempt: LoginAttempt;
}

export interface AttemptOptions {
  /** The id of this browser's valid device cookie for this username, if it has one. */
  device?: string | null;
  now?: number;
  /**
   * False: only the per-client limit applies. For guesses at links, where a ceiling shared
   * by all would let one attacker slow every client down.
   */
  slowLane?: boolean;
}

/** The time when `times` (oldest first) has fewer than `limit` entries within `window`. */
const freeAt = (times: number[], limit: number, window = WINDOW_MS) => times[times.length - limit]! + window;

/**
 * Records this attempt, then lets it through to the password check or answers 429 with
 * Retry-After. A failed check needs nothing more: its record is the failure.
 */
export async function admitAttempt(
  username: string,
  address: string,
  { device = null, now = currentTime(), slowLane = true }: AttemptOptions = {},
): Promise<AdmittedAttempt> {
  const trusted = device !== null;
  const client = clientKey(trusted ? `device:${device}` : `network:${clientNetwork(address)}`);
  const mine = await recordAttempt(username, client, new Date(now), { trusted });
  const listed = await attemptsSince(username, now - WINDOW_MS);
  const all = listed.some((attempt) => attempt.key === mine.key) ? listed : [...listed, mine];
  const fromClient = all.filter((attempt) => attempt.client === client);
  const unknown = all.filter((attempt) => !attempt.trusted);
  // Past the ceiling, every unknown device's attempt of the last interval counts, itself included.
  const lane = unknown.filter((attempt) => attempt.time > now - SLOW_LANE_MS);
  const overClient = fromClient.length > MAX_FAILURES_PER_CLIENT;
  const overLane = slowLane && !trusted && unknown.length > MAX_FAILURES_PER_USERNAME && lane.length > 1;
  if (!overClient && !overLane) return { username, attempt: mine };

  await deleteAttempts([mine.key]);
  const others = (list: LoginAttempt[]) => list.filter((attempt) => attempt.key !== mine.key).map((a) => a.time);
  const unlockAt = Math.max(
    overClient ? freeAt(others(fromClient), MAX_FAILURES_PER_CLIENT) : 0,
    overLane ? freeAt(others(lane), 1, SLOW_LANE_MS) : 0,
  );
  const seconds = Math.max(1, Math.ceil((unlockAt - now) / 1000));
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  const minutes = Math.ceil(seconds / 60);
  throw new HttpError(
    429,
    overClient
      ? `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
      : `This account is receiving many sign-in attempts, so new devices are slowed down. Please try again in ${wait}.`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}

/** After a successful sign-in: this client's recent failures for this username no longer count. */
export async function noteSuccess({ username, attempt }: AdmittedAttempt, now = currentTime()): Promise<void> {
  const recent = await attemptsSince(username, now - WINDOW_MS);
  await deleteAttempts(recent.filter((other) => other.client === attempt.client).map((other) => other.key));
}
