/** Formatting for the staff portal: dates in Sydney time, phone links. */
import { now as currentTime } from '#src/shared/clock.ts';
import { sydneyFormat } from '#src/shared/sydney-time.ts';

const dateTime = sydneyFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const dayOnly = sydneyFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const calendarDay = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * The one way the portal shows a date to people: "12 Apr 1996". A calendar day
 * (`YYYY-MM-DD`: a birth date, a kept-until day) is read without a time zone; an instant is
 * the Sydney day it fell on. An unreadable value is shown as it came.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return (day ? calendarDay : dayOnly).format(date);
}

/** "21 Nov 2026, 4:23 pm" in Sydney time (the date as `formatDate` says it); an unreadable value is shown as it came. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** A `tel:` link for a number as people type it: "(02) 5550 0123" → "tel:0255500123". */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** "Jane Citizen" from the parts a contact request stores. */
/** A quote lead may come with no name at all ('Email me this quote' asks for an address only). */
export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim() || 'No name given';

const callbackDay = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const callbackDayWithYear = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * The preferred callback as a person says it: 'Wed 25 Nov, morning'. The year shows only
 * when it is not this year. The date is a calendar day, so it is read without a time zone.
 */
export function formatCallback(
  date: string | undefined,
  time: string | undefined,
  now = new Date(currentTime()),
): string {
  const day = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  const when = time ? time.toLowerCase() : '';
  if (!day || Number.isNaN(day.getTime())) return [date, when].filter(Boolean).join(', ');
  const format = day.getUTCFullYear() === now.getFullYear() ? callbackDay : callbackDayWithYear;
  const spoken = format.format(day).replace(/,/g, '');
  return when ? `${spoken}, ${when}` : spoken;
}

/** '4 min', '2 h 5 min', '3 d 2 h': a waiting time at a glance. */
export function formatMinutes(minutes: number): string {
  const whole = Math.floor(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 ? `${hours} h ${whole % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The toast after a Privacy Act erasure; none found is an answer too, said as such. */
export function erasedMessage(deleted: number): string {
  if (deleted === 0) return 'Nothing was stored for that address: no contact requests erased';
  return `${deleted} contact ${deleted === 1 ? 'request' : 'requests'} erased successfully`;
}
