/**
 * The suspicious-matter register (AML/CTF Act s 41, s 123): what staff send to record a
 * suspicion and a principal to record its report to AUSTRAC, and what the register lists.
 * Shared by the function and the admin island.
 */
import * as z from 'zod/mini';
import { SUSPICION_KINDS } from '#src/content/amlctf.ts';
import { actorSchema, type Actor } from './actor.ts';
import { isCalendarDate } from './cdd.ts';
import { requiredText } from './fields.ts';

export const SUSPICION_LIMITS = { grounds: 5000, reference: 100 } as const;

/** An instant with its offset: `2026-11-30T14:05:00+11:00`, or UTC with `Z`. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `POST /api/contact-requests/{id}/suspicion`, judged at `now()` (ms) when a body is read: `formedAt` is when the
 * practice formed the suspicion (s 41(1)), the moment its report's clock runs from; not in
 * the future, and it may be before the enquiry was filed (a suspicion can arise in a call
 * before it). Absent: now.
 */
export const suspicionInputSchema = (now: () => number) =>
  z.object({
    kind: z.enum(SUSPICION_KINDS, 'Please choose what the suspicion is about'),
    grounds: requiredText('Please give the grounds for the suspicion', SUSPICION_LIMITS.grounds, { multiline: true }),
    formedAt: z.optional(
      z.string('Please enter when the suspicion was formed, e.g. 2026-11-30T14:05:00+11:00').check(
        z.trim(),
        z.refine((value) => INSTANT.test(value) && Number.isFinite(Date.parse(value)), {
          message:
            'Please enter when the suspicion was formed as a date and time with its offset, e.g. 2026-11-30T14:05:00+11:00',
          abort: true,
        }),
        z.refine((value) => Date.parse(value) <= now(), {
          message: 'The suspicion cannot have been formed in the future',
        }),
        z.refine((value) => Date.parse(value) >= Date.parse('2000-01-01T00:00:00Z'), {
          message: 'Please check the year the suspicion was formed',
        }),
      ),
    ),
  });
export type SuspicionInput = z.output<ReturnType<typeof suspicionInputSchema>>;

/** `PATCH /api/suspicions/{id}`: the day the report was made (Sydney, not in the future) and AUSTRAC's reference. */
export const suspicionReportSchema = (today: () => string) =>
  z.object({
    reportedAt: z.string('Please enter the date of the report').check(
      z.trim(),
      z.refine(isCalendarDate, {
        message: 'Please enter the date of the report as YYYY-MM-DD, e.g. 2026-11-26',
        abort: true,
      }),
      z.refine((value) => value <= today(), { message: 'The report cannot be dated in the future' }),
    ),
    reference: requiredText('Please enter the reference AUSTRAC gave the report', SUSPICION_LIMITS.reference),
  });
export type SuspicionReportInput = z.output<ReturnType<typeof suspicionReportSchema>>;

/** A staff account as the register names it: by id, with its username at the time. */
export type RecordedBy = Actor;

/** `201` of `POST /api/contact-requests/{id}/suspicion`: its id and when its report is due. */
export const suspicionRecordedSchema = z.object({ id: z.string(), reportDueBy: z.string() });

/** One row of `GET /api/suspicions` (principals only; every read audited). */
export const suspicionRowSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  kind: z.enum(SUSPICION_KINDS),
  grounds: z.string(),
  /** When the practice formed the suspicion (the clock's start); the recording time on entries before it was kept. */
  formedAt: z.string(),
  recordedAt: z.string(),
  recordedBy: actorSchema,
  /** When the report to AUSTRAC is due (s 41(2)), from `formedAt`, an ISO instant. */
  reportDueBy: z.string(),
  /** Not reported and past `reportDueBy`. */
  overdue: z.boolean(),
  report: z.nullable(
    z.object({ reportedAt: z.string(), reference: z.string(), recordedAt: z.string(), recordedBy: actorSchema }),
  ),
  retainUntil: z.string(),
});
export type SuspicionRow = z.output<typeof suspicionRowSchema>;
