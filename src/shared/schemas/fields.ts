/**
 * Building blocks shared by the resource schemas. Built on `zod/mini` because the
 * islands import these schemas too, and the mini build is about half the size.
 */
import * as z from 'zod/mini';

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL, C1), lone
 * surrogates and the non-characters U+FFFE/U+FFFF. Text pasted from Word often carries
 * a vertical tab, a NUL hides a leading `=` from the CSV export's formula guard, and any
 * of these makes the RSS feed and other XML not well-formed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this regex's whole purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|\p{Cs}/gu;
/** Line breaks and tabs: kept only where a field is typed in a multi-line box. */
const LINE_BREAKS = /[\t\n\r]+/g;
/**
 * Bidirectional controls (embeddings, overrides, isolates, the LRM/RLM/ALM marks) and
 * zero-width characters (space, joiners, word joiner, BOM). In a name they make
 * `Ann\u202Egnp.exe` read as another text than it is, in an alert's subject, the desk or a
 * spreadsheet, and make two names that look the same differ. Removed from single-line
 * fields only: a message or a note typed in Arabic or Hebrew may need its marks, and an
 * emoji its joiners.
 */
const INVISIBLE_FORMATTING = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g;

/**
 * `value` without the characters above; everything else is kept as typed. Multi-line text
 * (the default, for text already stored) keeps its tabs, line breaks and formatting
 * characters; a single line has each run of tabs and line breaks turned into one space, so
 * that two words never run together, and loses its bidirectional and zero-width characters.
 */
export const stripControlCharacters = (value: string, { multiline = true }: TextOptions = {}): string => {
  const stripped = value.replace(CONTROL_CHARACTERS, '');
  return multiline ? stripped : stripped.replace(INVISIBLE_FORMATTING, '').replace(LINE_BREAKS, ' ');
};

/** A single line as every single-line field is cleaned (`stripControlCharacters`), for text stored before it was. */
export const singleLine = (value: string): string => stripControlCharacters(value, { multiline: false });

export interface TextOptions {
  /** True for the fields typed in a multi-line box (messages, notes, articles, bios). */
  multiline?: boolean;
}

/** Strips control characters on input, before any other check sees the text. */
export const withoutControlCharacters = (options: TextOptions = {}) =>
  z.overwrite((value: string) => stripControlCharacters(value, { multiline: false, ...options }));

/**
 * The one helper every free-text field goes through: control characters stripped first
 * (line breaks too unless `multiline`), then trimmed, then the length ceiling. An empty
 * string is left for the caller to refuse or to read as absent.
 */
export const plainText = (max: number, options: TextOptions & { message?: string } = {}) =>
  z
    .string(options.message)
    .check(withoutControlCharacters(options), z.trim(), z.maxLength(max, `Please keep this under ${max} characters`));

/** A trimmed string that must not be empty, with a length ceiling. */
export const requiredText = (message: string, max: number, options: TextOptions = {}) =>
  plainText(max, { ...options, message }).check(z.minLength(1, message));

/** A trimmed optional string; an empty string counts as absent. */
export const optionalText = (max: number, options: TextOptions = {}) =>
  z.optional(
    z.pipe(
      plainText(max, options),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
  );

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** True for `YYYY-MM-DD` (optionally with an ISO time) naming a real day. */
export const isIsoDate = (value: string): boolean => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));

/**
 * The years a date field may name, as written (the wall-clock date staff or a visitor
 * chose). Wider than any real date of the practice's, narrow enough that a slip such as
 * 9999-12-31 is refused: stored, it became year 10000 in UTC, which no later save accepted.
 */
export const DATE_YEARS = { min: 1970, max: 2099 } as const;
export const DATE_RANGE_MESSAGE = `Use a date between ${DATE_YEARS.min} and ${DATE_YEARS.max}`;

/** True when the year written at the start of `value` is within `DATE_YEARS`. */
export const isDateInRange = (value: string): boolean => {
  const year = /^(\d+)-/.exec(value)?.[1];
  return year !== undefined && Number(year) >= DATE_YEARS.min && Number(year) <= DATE_YEARS.max;
};

/**
 * For every date field, first of its checks: an empty value passes (the field decides
 * whether it is required), and so does one that does not begin with a year (the field's
 * format check names the format); a year out of range stops here with the range as its message.
 */
export const dateInRange = () =>
  z.refine<string>((value) => !/^\d+-/.test(value) || isDateInRange(value), {
    message: DATE_RANGE_MESSAGE,
    abort: true,
  });

/** Field name to messages, the shape the API answers with and the forms display. */
export type FieldErrors = Record<string, string[]>;

/**
 * Turns a zod error into `{ field: [messages] }`, first message first. A field is the
 * path's first segment, or with `paths` the whole path (`parties.0.dateOfBirth`), for forms
 * whose fields sit in lists (due diligence).
 */
export const toFieldErrors = (error: z.core.$ZodError, { paths = false }: { paths?: boolean } = {}): FieldErrors => {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? '_' : paths ? issue.path.map(String).join('.') : String(issue.path[0]);
    (result[field] ??= []).push(issue.message);
  }
  return result;
};

/**
 * A path a browser resolves to this site: the only images the pages' CSP (img-src 'self')
 * shows. `//host/x` and `/\host/x` look like paths but name another site.
 */
export const isSitePath = (value: string): boolean => {
  const base = 'https://site.invalid';
  return value.startsWith('/') && !/[\\\s]/.test(value) && URL.parse(value, base)?.origin === base;
};
