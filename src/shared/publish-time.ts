/**
 * When a post goes public: the one set of rules for `publishedAt`, shared by the API, the
 * build, the scheduled rebuild and the editor (docs/decisions/016-scheduled-posts.md).
 *
 * `publishedAt` is stored in one of two forms, both valid ISO 8601 that `Date.parse` reads:
 * - `YYYY-MM-DD`, a day (a post published without a time): it is public from
 *   midnight at the start of that day in Sydney;
 * - `YYYY-MM-DDTHH:mm:ss+HH:MM`, an instant written in Sydney's own offset (+10:00 or
 *   +11:00), so the first 16 characters are the wall-clock time staff chose and the whole
 *   is unambiguous even in the hour that daylight saving repeats.
 */

import { now as currentTime } from './clock.ts';
import { sydneyWallClockToInstant, toSydneyIso } from './sydney-time.ts';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** What `<input type="datetime-local">` gives: a wall-clock time without a zone. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
/** A full instant: a time with `Z` or an offset. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A wall-clock time given as UTC milliseconds, if its parts name a real date and time. */
function wallClock(parts: string[]): number | null {
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts.map(Number) as number[];
  const ms = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const check = new Date(ms);
  const real =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month! - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute;
  return real ? ms : null;
}

/**
 * A `publishedAt` as it is stored, from what staff or an API client sent: a day stays a
 * day; a wall-clock time (Sydney) or any instant becomes Sydney's form above. Null when it
 * names no real date or time.
 */
export function normalisePublishedAt(value: string): string | null {
  const date = DATE_ONLY.exec(value);
  if (date) return wallClock(date.slice(1)) === null ? null : value;
  const wall = WALL_CLOCK.exec(value);
  if (wall) {
    const ms = wallClock(wall.slice(1).filter((part) => part !== undefined));
    return ms === null ? null : toSydneyIso(sydneyWallClockToInstant(ms));
  }
  if (INSTANT.test(value)) {
    const instant = Date.parse(value);
    return Number.isNaN(instant) ? null : toSydneyIso(instant);
  }
  return null;
}

export interface Publishable {
  isPublished: boolean;
  publishedAt?: string | undefined;
  createdAt: string;
}

/** When the post goes (or went) public, in ms: a day's start in Sydney, or its instant. */
export function publishInstant(post: Pick<Publishable, 'publishedAt' | 'createdAt'>): number {
  const value = post.publishedAt ?? post.createdAt;
  const date = DATE_ONLY.exec(value);
  const wall = date ? wallClock(date.slice(1)) : null;
  if (wall !== null) return sydneyWallClockToInstant(wall);
  // A wall-clock time is Sydney's, never the reading machine's.
  return Date.parse(normalisePublishedAt(value) ?? value);
}

/** Published, but not yet due: kept from every public place until `publishInstant`. */
export const isScheduled = (post: Publishable, now = currentTime()): boolean =>
  post.isPublished && publishInstant(post) > now;

/** What visitors may see: published, and due. */
export const isPublic = (post: Publishable, now = currentTime()): boolean =>
  post.isPublished && !(publishInstant(post) > now);

/** A stored `publishedAt` as a `datetime-local` value in Sydney time (`2026-12-01T09:00`). */
export function toDateTimeLocal(publishedAt: string | undefined): string {
  if (!publishedAt) return '';
  const instant = publishInstant({ publishedAt, createdAt: publishedAt });
  return Number.isNaN(instant) ? '' : toSydneyIso(instant).slice(0, 16);
}

/**
 * The latest moment up to `now` at which a post went public by the clock alone: published,
 * due, and last saved before it was due (a save after that asked for its own rebuild).
 * Null when no post did. A build that read the data after this moment shows them all.
 */
export function latestComingDue(
  posts: readonly (Publishable & { updatedAt: string })[],
  now = currentTime(),
): number | null {
  let latest: number | null = null;
  for (const post of posts) {
    const due = publishInstant(post);
    if (!post.isPublished || due > now || !(due > Date.parse(post.updatedAt))) continue;
    if (latest === null || due > latest) latest = due;
  }
  return latest;
}
