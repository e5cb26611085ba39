/**
 * Building blocks shared by the resource schemas. Built on `zod/mini` because the
 * islands import these schemas too, and the mini build is about half the size.
 */
import * as z from 'zod/mini';

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL, C1), lone
 * surrogates and the non-characters U+FFFE/U+FFFF. Text pasted from Word often carries
 * a vertical tab, and any of these makes the RSS feed and other XML not well-formed.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|\p{Cs}/gu;

/** `value` without the characters above; everything else is kept as typed. */
export const stripControlCharacters = (value: string): string => value.replace(CONTROL_CHARACTERS, '');

/** Strips control characters on input, before any other check sees the text. */
export const withoutControlCharacters = () => z.overwrite(stripControlCharacters);

/** A trimmed string that must not be empty, with a length ceiling. */
export const requiredText = (message: string, max: number) =>
  z.string(message).check(
    withoutControlCharacters(),
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, `Please keep this under ${max} characters`),
  );

/** A trimmed optional string; an empty string counts as absent. */
export const optionalText = (max: number) =>
  z.optional(
    z.pipe(
      z.string().check(
        withoutControlCharacters(),
        z.trim(),
        z.maxLength(max, `Please keep this under ${max} characters`),
      ),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
  );

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** True for `YYYY-MM-DD` (optionally with an ISO time) naming a real day. */
export const isIsoDate = (value: string): boolean =>
  ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));

/** Field name to messages, the shape the API answers with and the forms display. */
export type FieldErrors = Record<string, string[]>;

/** Turns a zod error into `{ field: [messages] }`, first message first. */
export const toFieldErrors = (error: z.core.$ZodError): FieldErrors => {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
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
