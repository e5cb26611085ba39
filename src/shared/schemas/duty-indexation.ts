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

export interface DutyRange {
  /** The range covers values over `from` (from $0 for the first). */
  from: number;
  /** Duty on a value of exactly `from`, whole dollars. */
  base: number;
  /** Cents per $100, or part, over `from`. */
  centsPer100: number;
}

/** One year's table as the API gives it: the answer of `PUT /api/duty-indexation/{year}`. */
export interface DutyYearTable {
  /** The 1 July it applies from, YYYY-MM-DD. */
  effective: string;
  /** The general ranges, lowest first. */
  ranges: DutyRange[];
  /** The residential premium (s 32A). */
  premium: DutyRange;
  source: string;
}

/** One row of `GET /api/duty-indexation`: the year's table, its ratio and who added it. */
export interface DutyYearRow extends DutyYearTable {
  /** The calendar year of its 1 July: 2026 is 2026-27. */
  year: number;
  /** '2026-27'. */
  label: string;
  ratio: string;
  /** Shipped with the code (not removable), or added by a principal. */
  shipped: boolean;
  addedAt: string | null;
  addedBy: string | null;
}

/** `GET /api/duty-indexation`: newest year first, and the year in force today when it is not in yet. */
export interface DutyIndexationList {
  years: DutyYearRow[];
  /** e.g. '2026-27' while that year's indexation is not in: quotes use last year's thresholds. */
  missing: string | null;
}
