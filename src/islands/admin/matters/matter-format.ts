/** How the Matters tab writes a deadline's day and says how soon it is (Sydney dates). */
import { now as currentTime } from '#src/shared/clock.ts';
import type { NextDeadline } from '#src/shared/schemas/matter.ts';
import { sydneyFormat, sydneyToday } from '#src/shared/sydney-time.ts';

const dayFormat = sydneyFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** "Wed 2 Dec 2026, 5:00 pm" for a `YYYY-MM-DD` day and an optional `HH:MM`. */
export function formatDeadline(date: string, time?: string): string {
  // 02:00 UTC is noon or 1 pm in Sydney: the same calendar day.
  const day = dayFormat.format(new Date(`${date}T02:00:00Z`));
  if (!time) return day;
  const [hh, mm] = time.split(':').map(Number);
  return `${day}, ${((hh! + 11) % 12) + 1}:${String(mm).padStart(2, '0')} ${hh! < 12 ? 'am' : 'pm'}`;
}

const DAY_MS = 86_400_000;

/** Whole days from today (Sydney) to `date`: negative when past. */
export function daysUntil(date: string, today = sydneyToday(currentTime())): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

export type Urgency = 'overdue' | 'this-week' | 'later' | 'none';

/** Overdue (red) when any deadline is; due within 7 days (amber); later; nothing due. */
export function urgencyOf(
  row: { next: NextDeadline | null; overdue: number },
  today = sydneyToday(currentTime()),
): Urgency {
  if (row.overdue > 0) return 'overdue';
  if (!row.next) return 'none';
  return daysUntil(row.next.date, today) <= 7 ? 'this-week' : 'later';
}

/** "3 hours", "2 days": how long an update request has waited. */
export function waitedFor(since: string, now = currentTime()): string {
  const hours = Math.max(0, Math.floor((now - Date.parse(since)) / 3_600_000));
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}
