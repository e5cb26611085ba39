/**
 * The yearly duty indexation principals add (Duties Act 1997 s 33AC): what
 * `PUT /api/duty-indexation/{year}` takes, and what it and `GET /api/duty-indexation` answer.
 * Shared by the function and the admin panel.
 */
import * as z from 'zod/mini';
import { RATIO_FORMAT } from '../duty-tables.ts';
import { requiredText } from './fields.ts';

export const DUTY_SOURCE_MAX = 300;
export const RATIO_MESSAGE = 'Please enter the ratio as the notice gives it, to 3 decimal places (e.g. 1.260)';

/** `PUT /api/duty-indexation/{year}` */
export const dutyIndexationInputSchema = z.object({
  ratio: z.string(RATIO_MESSAGE).check(z.trim(), z.regex(RATIO_FORMAT, RATIO_MESSAGE)),
  source: requiredText(
    'Please say where the ratio comes from (e.g. the Chief Commissioner’s s 33AF notice)',
    DUTY_SOURCE_MAX,
  ),
});
export type DutyIndexationInput = z.output<typeof dutyIndexationInputSchema>;

/** A duty year as its path and the form name it: the calendar year of its 1 July. */
export const DUTY_YEAR_PATTERN = /^\d{4}$/;
export const DUTY_YEAR_MESSAGE = 'Please enter the year its 1 July falls in, e.g. 2026';
/** The admin form's fields: the year `PUT /api/duty-indexation/{year}` names in its path, then its body. */
export const dutyYearFormSchema = z.object({
  year: z.string(DUTY_YEAR_MESSAGE).check(z.regex(DUTY_YEAR_PATTERN, DUTY_YEAR_MESSAGE)),
  ...dutyIndexationInputSchema.shape,
});

export const dutyRangeSchema = z.object({
  /** The range covers values over `from` (from $0 for the first). */
  from: z.number(),
  /** Duty on a value of exactly `from`, whole dollars. */
  base: z.number(),
  /** Cents per $100, or part, over `from`. */
  centsPer100: z.number(),
});
export type DutyRange = z.output<typeof dutyRangeSchema>;

/** One year's table as the API gives it: the answer of `PUT /api/duty-indexation/{year}`. */
export const dutyYearTableSchema = z.object({
  /** The 1 July it applies from, YYYY-MM-DD. */
  effective: z.string(),
  /** The general ranges, lowest first. */
  ranges: z.array(dutyRangeSchema),
  /** The residential premium (s 32A). */
  premium: dutyRangeSchema,
  source: z.string(),
});
export type DutyYearTable = z.output<typeof dutyYearTableSchema>;

/** One row of `GET /api/duty-indexation`: the year's table, its ratio and who added it. */
export const dutyYearRowSchema = z.extend(dutyYearTableSchema, {
  /** The calendar year of its 1 July: 2026 is 2026-27. */
  year: z.number(),
  /** '2026-27'. */
  label: z.string(),
  ratio: z.string(),
  /** Shipped with the code (not removable), or added by a principal. */
  shipped: z.boolean(),
  addedAt: z.nullable(z.string()),
  addedBy: z.nullable(z.string()),
});
export type DutyYearRow = z.output<typeof dutyYearRowSchema>;

/** `GET /api/duty-indexation`: newest year first, and the year in force today when it is not in yet. */
export const dutyIndexationListSchema = z.object({
  years: z.array(dutyYearRowSchema),
  /** e.g. '2026-27' while that year's indexation is not in: quotes use last year's thresholds. */
  missing: z.nullable(z.string()),
});
export type DutyIndexationList = z.output<typeof dutyIndexationListSchema>;
