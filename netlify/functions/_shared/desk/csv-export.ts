/** The desk's CSV export (RFC 4180, safe to open in a spreadsheet) and how its audit entry names it. */
import { serviceLabel } from '#src/shared/schemas/enquiry.ts';
import { stripControlCharacters } from '#src/shared/schemas/fields.ts';
import type { StoredEnquiry } from '../repositories/enquiries-store.ts';
import type { DeskFilters } from './filters.ts';

/** Each column's name and value; the message is the one multi-line column. */
const CSV_COLUMNS: [string, (record: StoredEnquiry) => string | null | undefined, { multiline?: boolean }?][] = [
  ['id', (r) => r.id],
  ['received', (r) => r.createdAt],
  ['status', (r) => r.status],
  ['lost reason', (r) => r.lostReason],
  ['assignee', (r) => r.assignee],
  ['first contact', (r) => r.firstContactAt],
  ['first name', (r) => r.firstName],
  ['last name', (r) => r.lastName],
  ['email', (r) => r.email],
  ['phone', (r) => r.phone],
  ['service', (r) => serviceLabel(r.serviceType)],
  ['property address', (r) => r.propertyAddress],
  ['callback date', (r) => r.callbackDate],
  ['callback time', (r) => r.callbackTime],
  ['message', (r) => r.message, { multiline: true }],
  ['updated', (r) => r.updatedAt],
];

/**
 * One RFC 4180 field; a leading formula character is defused so spreadsheets show it as
 * text. Control characters go first: records stored before input was cleaned may start
 * with a NUL that hides an `=` from the guard but not from the spreadsheet.
 */
export function csvCell(value: string | null | undefined, { multiline = true }: { multiline?: boolean } = {}): string {
  // A single-line column also loses bidirectional and zero-width characters (a record stored before they were removed).
  let text = stripControlCharacters(value ?? '', { multiline });
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The audit's target for an export: how many enquiries left, under which filter. The
 * search text is not kept, only that there was one: it is often a name or an address,
 * and the audit outlives an erasure.
 */
export function exportTarget(filters: DeskFilters, count: number): string {
  const parts = [
    filters.status && `status=${filters.status}`,
    filters.from && `from=${filters.from}`,
    filters.to && `to=${filters.to}`,
    filters.q && 'with a search',
    filters.cdd && `cdd=${filters.cdd}`,
  ].filter(Boolean);
  return `${count} enquiries; ${parts.length ? parts.join(', ') : 'no filter'}`;
}

export function toCsv(records: StoredEnquiry[]): string {
  const header = CSV_COLUMNS.map(([name]) => csvCell(name)).join(',');
  const rows = records.map((r) => CSV_COLUMNS.map(([, get, options]) => csvCell(get(r), options)).join(','));
  return [header, ...rows].join('\r\n') + '\r\n';
}
