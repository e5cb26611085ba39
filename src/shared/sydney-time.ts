/**
 * Sydney time, in one place: the practice's zone, wall-clock conversion (one daylight-saving
 * algorithm, over Intl), "today", business hours and NSW business days. Nothing else names
 * the zone: formatters ask `sydneyFormat` for theirs.
 *
 * NSW business days count weekends, NSW public holidays and NSW bank holidays out; the
 * holidays come from the `date-holidays` package (region AU-NSW, types `public` and `bank`;
 * docs/decisions/019-nsw-business-days.md, docs/decisions/042-bank-holiday-not-a-business-day.md).
 * It is loaded only when a business day is asked for, so no page or island that formats a date
 * carries its data.
 */
import type { BusinessHours } from '../content/practice.ts';
import { now as currentTime } from './clock.ts';

const TIME_ZONE = 'Australia/Sydney';
const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Enough for any enquiry a practice keeps; stops a bad date from looping for ages. */
const MAX_DAYS = 3700;

/** An Intl formatter that writes dates and times as Sydney's clock shows them. */
export const sydneyFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: TIME_ZONE });

const offsetName = sydneyFormat('en-AU', { timeZoneName: 'longOffset' });

/** Sydney's offset from UTC at `instant`, in minutes (600 in winter, 660 in summer). */
export function sydneyOffsetMinutes(instant: number): number {
  const name = offsetName.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0; // "GMT": no offset
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The instant a Sydney wall-clock time (given as UTC milliseconds) names. Daylight saving
 * makes two cases: a time in the hour skipped in October is read one hour later (2:30 am is
 * 3:30 am daylight time), and a time in the hour April repeats is its first occurrence
 * (daylight time). These are the choices of Temporal's default ('compatible') disambiguation.
 */
export function sydneyWallClockToInstant(wall: number): number {
  // Transitions are months apart: a day either side sees the offsets that can apply.
  const before = sydneyOffsetMinutes(wall - DAY_MS);
  const after = sydneyOffsetMinutes(wall + DAY_MS);
  const fits = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE)
    .filter((instant) => sydneyOffsetMinutes(instant) * MINUTE === wall - instant);
  return fits.length ? Math.min(...fits) : wall - before * MINUTE;
}

/** The instant at which Sydney's clock shows this date and time. */
export const sydneyInstant = (year: number, month: number, day: number, hour: number, minute: number): number =>
  sydneyWallClockToInstant(Date.UTC(year, month - 1, day, hour, minute));

/** Sydney's clock at `instant`, as a UTC date whose UTC fields are Sydney's. */
const sydneyWallClock = (instant: number): Date => new Date(instant + sydneyOffsetMinutes(instant) * MINUTE);

const pad = (value: number) => String(value).padStart(2, '0');

/** `instant` written as Sydney's wall clock with its offset: `2026-12-01T09:00:00+11:00`. */
export function toSydneyIso(instant: number): string {
  const offset = sydneyOffsetMinutes(instant);
  const local = new Date(Math.floor(instant / 1000) * 1000 + offset * MINUTE).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** Today's date in Sydney, `YYYY-MM-DD`. */
export const sydneyToday = (now: Date | number = currentTime()): string =>
  sydneyWallClock(new Date(now).getTime()).toISOString().slice(0, 10);

/** Sydney midnight at the start of a `YYYY-MM-DD` day, plus `days`. */
export function sydneyDayStart(date: string, days = 0): number {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d! + days));
  return sydneyInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 0, 0);
}

// ---- Business hours ------------------------------------------------------------------

const hoursOn = (dayOfWeek: number, hours: readonly BusinessHours[]) =>
  hours.find((entry) => entry.dayOfWeek.includes(DAY_NAMES[dayOfWeek]!));

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return { hour: h!, minute: m! };
};

/**
 * Minutes the practice was open between two instants (0 when `end` is not after `start`):
 * the 5-minute callback target counts business hours only, so an enquiry at 11 pm is
 * measured from opening the next morning. `hours` are the ones staff saved in Settings
 * (`businessHoursOf`): the desk's waiting times and the metrics both pass them.
 */
export function businessMinutesBetween(
  start: Date | string | number,
  end: Date | string | number,
  hours: readonly BusinessHours[],
): number {
  const from = new Date(start).getTime();
  const to = new Date(end).getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return 0;
  const first = sydneyWallClock(from);
  let total = 0;
  for (let i = 0; i < MAX_DAYS; i++) {
    // Calendar arithmetic on a UTC date is free of DST: it only names the Sydney day.
    const date = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate() + i));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (sydneyInstant(y, m, d, 0, 0) >= to) break;
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

// ---- NSW business days ---------------------------------------------------------------

type HolidayCalendar = { getHolidays(year: number): { date: string; type: string }[] };
let nsw: Promise<HolidayCalendar> | undefined;
/** Each year's days off (`YYYY-MM-DD`), worked out once: the library is slow for one day at a time. */
const daysOffByYear = new Map<number, ReadonlySet<string>>();

/**
 * The kinds of holiday that are not business days: a public holiday throughout NSW (Public
 * Holidays Act 2010 (NSW), including the additional days it and its orders give: the Monday
 * after a weekend Anzac Day in 2026 and 2027, Christmas and Boxing Day substitutes) and a bank
 * holiday throughout NSW (the August Bank Holiday, the first Monday in August: Retail Trading
 * Act 2008 (NSW) s 14B(1)(d), (3)). Each definition the practice works to leaves both out:
 * - Conveyancing Act 1919 (NSW) s 66P(1) (cooling-off): "any day except Saturday or Sunday or
 *   a day that is a public or bank holiday throughout the State";
 * - the standard contract's "business day" (completion; 2022 edition, clause 1);
 * - Interpretation Act 1987 (NSW) s 36(2) (a time that ends on a day that is not a business
 *   day, applied to duty by Duties Act 1997 (NSW) s 300(4)): Saturday, Sunday, "a public
 *   holiday or bank holiday in the place in which any relevant act is to be or may be done";
 * - AML/CTF Act 2006 (Cth) s 5 "business day" (suspicious matter and threshold transaction
 *   reports): not a Saturday, Sunday, or a public or bank holiday in the place concerned.
 * `date-holidays` AU-NSW (the state itself, not a region within it) gives the Bank Holiday the
 * type `bank`; holidays of one area only (a local show day) are not in the state's calendar.
 */
const NOT_BUSINESS_DAYS: ReadonlySet<string> = new Set(['public', 'bank']);

/** NSW's calendar, loaded once on first use (its data stays out of every page). */
function nswHolidays(): Promise<HolidayCalendar> {
  nsw ??= import('date-holidays').then(
    ({ default: Holidays }) =>
      new Holidays('AU', 'NSW', { types: [...NOT_BUSINESS_DAYS] as ('public' | 'bank')[] }) as HolidayCalendar,
  );
  return nsw;
}

/**
 * The year's public and bank holidays throughout NSW, as `YYYY-MM-DD` days. The library
 * names each holiday's day in the calendar's own zone (`2026-12-28 00:00:00`), substitute
 * days included, so its first ten characters are the Sydney day.
 */
async function nswDaysOff(year: number): Promise<ReadonlySet<string>> {
  let days = daysOffByYear.get(year);
  if (!days) {
    const holidays = (await nswHolidays()).getHolidays(year);
    days = new Set(
      holidays.filter((holiday) => NOT_BUSINESS_DAYS.has(holiday.type)).map((holiday) => holiday.date.slice(0, 10)),
    );
    daysOffByYear.set(year, days);
  }
  return days;
}

/**
 * Whether a `YYYY-MM-DD` day is a NSW business day: not a Saturday or Sunday, and not a public
 * or bank holiday throughout NSW (the sources are above `NOT_BUSINESS_DAYS`). The one test of
 * a business day: cooling-off, settlement, duty, reminders, the suspicious-matter and
 * threshold-report clocks and screening windows all count or move days with it.
 */
export async function isNswBusinessDay(date: string): Promise<boolean> {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !(await nswDaysOff(y!)).has(date);
}

/** "2026-11-26" with its weekday: "Thursday 26 November 2026" (no zone: it only names the day). */
export const formatIsoDay = (iso: string): string =>
  new Intl.DateTimeFormat('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

const longDay = sydneyFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A day, and a time of day if it has one, in words: "Wednesday 2 December 2026 at 5:00 pm"
 * (Sydney). What the matter's e-mails, reminders and pages say of a deadline or a date.
 */
export function whenText(when: { date: string; time?: string }): string {
  const [y, m, d] = when.date.split('-').map(Number);
  const day = longDay.format(sydneyInstant(y!, m!, d!, 12, 0));
  if (!when.time) return day;
  const [hh, mm] = when.time.split(':').map(Number);
  const hour12 = ((hh! + 11) % 12) + 1;
  return `${day} at ${hour12}:${String(mm).padStart(2, '0')} ${hh! < 12 ? 'am' : 'pm'}`;
}

/** Calendar arithmetic on `YYYY-MM-DD` days (no zone: it only names days). */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The NSW business day `count` business days after a `YYYY-MM-DD` day ("within 2 business days"). */
export async function addNswBusinessDays(date: string, count: number): Promise<string> {
  let day = date;
  for (let added = 0; added < count;) {
    day = addCalendarDays(day, 1);
    if (await isNswBusinessDay(day)) added++;
  }
  return day;
}

/** The NSW business day `count` business days before a `YYYY-MM-DD` day ("2 business days before"). */
export async function nswBusinessDaysBefore(date: string, count: number): Promise<string> {
  let day = date;
  for (let counted = 0; counted < count;) {
    day = addCalendarDays(day, -1);
    if (await isNswBusinessDay(day)) counted++;
  }
  return day;
}
