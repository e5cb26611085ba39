/** Formatting for the staff portal: dates in Sydney time (spec §2), phone links. */

const TIME_ZONE = 'Australia/Sydney';

const dateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "21 Nov 2026, 4:23 pm" in Sydney time; an unreadable value is shown as it came. */
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
export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();
