/**
 * A matter's deadlines as an iCalendar file (RFC 5545), one event per deadline, for "Add
 * these dates to your calendar". Written here rather than with a library: it is a few
 * properties, and the rules that matter are few and pinned by tests (a kept parser, ical.js,
 * reads the file back):
 *
 * - lines end in CRLF (3.1) and are folded before 75 octets, never inside a UTF-8 character,
 *   continuing with a space;
 * - text values escape backslash, semicolon, comma and line breaks (3.3.11);
 * - a timed deadline (cooling-off, 5 pm Sydney) is written in UTC (`…Z`), so no VTIMEZONE is
 *   needed and no calendar can misread the zone; it runs from 9 am Sydney on its last day to
 *   its time, so a calendar shows the day it is still open rather than a moment; a whole-day
 *   deadline is a DATE event on its Sydney day, ending the next day (DTEND is exclusive, 3.6.1);
 * - each deadline has a reminder (VALARM, 3.6.6: ACTION DISPLAY, a DESCRIPTION and an absolute
 *   TRIGGER in UTC) at 9 am Sydney two NSW business days before it, as the practice's own
 *   reminders go (REMINDER_BUSINESS_DAYS), and the cooling-off period one more at 9 am on its
 *   last day, the morning it can still be used.
 */
import { REMINDER_BUSINESS_DAYS } from '#src/content/matters.ts';
import type { ClientDeadline, ClientMatter } from '#src/shared/schemas/client-matter.ts';
import { addCalendarDays, nswBusinessDaysBefore, sydneyInstant } from '#src/shared/sydney-time.ts';

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** A text value escaped (RFC 5545 3.3.11). */
export const escapeText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** One content line folded into lines of at most 75 octets, without splitting a character (3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // Continuation lines start with a space, which counts towards their 75.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const compactDate = (date: string) => date.replace(/-/g, '');

/** `YYYYMMDDTHHMMSSZ` of an instant. */
const utcStamp = (instant: number) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

export interface CalendarOptions {
  /** The host part of each event's UID (the site's host). */
  host: string;
  /** DTSTAMP: when the file was made. */
  at: number;
  practiceName: string;
  /** The last line of every description: the bank-details warning. */
  warning: string;
  /** Shown beside a date staff have not confirmed. */
  estimateNote: string;
}

/** The morning a reminder goes off: 9 am Sydney. */
export const REMINDER_TIME = { hour: 9, minute: 0 } as const;

const morningOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return sydneyInstant(y, m, d, REMINDER_TIME.hour, REMINDER_TIME.minute);
};

const alarm = (instant: number, text: string) => [
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  `DESCRIPTION:${escapeText(text)}`,
  `TRIGGER;VALUE=DATE-TIME:${utcStamp(instant)}`,
  'END:VALARM',
];

/** The deadline's reminders: two NSW business days before, and the morning of the day for cooling-off. */
async function alarmsOf(deadline: ClientDeadline): Promise<string[]> {
  const before = await nswBusinessDaysBefore(deadline.date, REMINDER_BUSINESS_DAYS);
  return [
    ...alarm(morningOf(before), `${deadline.label} in ${REMINDER_BUSINESS_DAYS} business days`),
    ...(deadline.key === 'cooling-off' ? alarm(morningOf(deadline.date), `${deadline.label} today`) : []),
  ];
}

/** The calendar of one matter's deadlines, as the `.ics` file's text. */
export async function matterCalendar(matter: ClientMatter, options: CalendarOptions): Promise<string> {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(options.practiceName)}//Client matter deadlines//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`${options.practiceName}: your ${matter.side}`)}`,
  ];
  for (const deadline of matter.deadlines) {
    const description = [
      deadline.basis,
      ...(deadline.confirmed ? [] : [`This date is an ${options.estimateNote}.`]),
      options.warning,
    ].join('\n');
    let when: string[];
    if (deadline.time) {
      const [y, m, d] = deadline.date.split('-').map(Number) as [number, number, number];
      const [hh, mm] = deadline.time.split(':').map(Number) as [number, number];
      const end = sydneyInstant(y, m, d, hh, mm);
      // Its last day, from the morning until the deadline's time.
      const start = Math.min(morningOf(deadline.date), end);
      when = [`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(end)}`];
    } else {
      when = [
        `DTSTART;VALUE=DATE:${compactDate(deadline.date)}`,
        `DTEND;VALUE=DATE:${compactDate(addCalendarDays(deadline.date, 1))}`,
      ];
    }
    lines.push(
      'BEGIN:VEVENT',
      `UID:${matter.id}-${deadline.key}@${options.host}`,
      `DTSTAMP:${utcStamp(options.at)}`,
      ...when,
      `SUMMARY:${escapeText(`${deadline.label}${matter.property ? `: ${matter.property}` : ''}`)}`,
      `DESCRIPTION:${escapeText(description)}`,
      'TRANSP:TRANSPARENT',
      ...(await alarmsOf(deadline)),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
