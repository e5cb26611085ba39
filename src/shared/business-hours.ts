/**
 * Minutes the practice was open between two instants: the 5-minute callback target
 * counts business hours only, so an enquiry at 11 pm is measured from opening the next
 * morning. Sydney wall-clock times are turned into instants through Intl, so the
 * daylight-saving changes (first Sunday of April / October) come out right.
 */
import { BUSINESS_HOURS, type BusinessHours } from '../content/practice.ts';

const TIME_ZONE = 'Australia/Sydney';
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MINUTE = 60_000;
/** Enough for any enquiry a practice keeps; stops a bad date from looping for ages. */
const MAX_DAYS = 3700;

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function sydneyWallClock(instant: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far Sydney's clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number): number {
  const wall = sydneyWallClock(instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which Sydney's clock shows this date and time. */
export function sydneyInstant(year: number, month: number, day: number, hour: number, minute: number): number {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  // The second pass corrects a guess that landed on the other side of a DST change.
  const first = naive - offsetAt(naive);
  return naive - offsetAt(first);
}

const hoursOn = (dayOfWeek: number, hours: readonly BusinessHours[]) =>
  hours.find((entry) => entry.dayOfWeek.includes(DAY_NAMES[dayOfWeek]!));

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return { hour: h!, minute: m! };
};

/** Business minutes between two instants (0 when `end` is not after `start`). */
export function businessMinutesBetween(
  start: Date | string | number,
  end: Date | string | number,
  hours: readonly BusinessHours[] = BUSINESS_HOURS,
): number {
  const from = new Date(start).getTime();
  const to = new Date(end).getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return 0;
  const first = sydneyWallClock(from);
  let total = 0;
  for (let i = 0; i < MAX_DAYS; i++) {
    // Calendar arithmetic on a UTC date is free of DST: it only names the Sydney day.
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const dayStart = sydneyInstant(y, m, d, 0, 0);
    if (dayStart >= to) break;
    const today = hoursOn(date.getUTCDay(), hours);
    if (!today) continue;
    const opens = minutesOf(today.opens);
    const closes = minutesOf(today.closes);
    const open = sydneyInstant(y, m, d, opens.hour, opens.minute);
    const close = sydneyInstant(y, m, d, closes.hour, closes.minute);
    total += Math.max(0, Math.min(to, close) - Math.max(from, open));
  }
  return total / MINUTE;
}
