/**
 * Each financial year's NSW transfer duty table, made by the Duties Act 1997's own rule
 * (ch 2 pt 3 div 3) from the 2019 amounts (src/content/transfer-duty.ts) and that year's
 * ratio, and the choice of the table for a contract date.
 *
 * - s 33AC(2): each adjustable amount (the range thresholds, and the premium threshold) is
 *   the 2019 amount times A/B, Sydney's CPI for the March quarter before the year over the
 *   March quarter 2019, calculated to 3 decimal places (a 5 in the 4th rounds up). The ratio
 *   comes in already so rounded, as the notice publishes it: 'd.ddd'.
 * - s 33AC(3): rounded to the nearest $1,000, $500 rounding up.
 * - s 33AC(4): never below the amount of the previous year.
 * - s 33AD: each base amount is the sum of the fixed-rate amounts of the preceding ranges,
 *   rounded to the nearest dollar with 50 cents rounding down. The published tables add each
 *   range's fixed-rate amount to the base amount of its range as adjusted (the duty the new
 *   table itself charges at the threshold): 2024-25's $1,564 is $497 + $1,067.50 rounded
 *   down, where the unrounded sum would give $1,565. That is what is done here.
 * - s 32A(2): the premium base amount is the duty under s 32 on a value equal to the premium
 *   threshold, rounded the same way. Here Revenue NSW's published figure is the unrounded
 *   sum of every range's fixed-rate amount up to the threshold, rounded once: 2024-25's
 *   premium base is $182,390 (Revenue NSW, Contracts for sale of land and transfers guide,
 *   ch 10: "$182,390 plus $7.00 for every $100 over $3,636,000"), where the rounded top base
 *   plus the last range would give $182,389. That is what is done for the premium.
 *
 * Whole numbers throughout: the ratio is read as thousandths, dollars times thousandths is
 * exact, and bases are worked in cents (every range's width is whole $1,000s, so its
 * fixed-rate amount is whole cents). No floating-point step can drift a dollar.
 *
 * Isomorphic and free of zod: the /quote island builds the same tables from the years the
 * build read, and the functions from the years in the store.
 */
import {
  DUTY_2019,
  FIRST_HOME_BUYERS,
  SHIPPED_DUTY_INDEXATIONS,
  SURCHARGE,
  TRANSFER_DUTY_PAGE,
  type DutyBracket,
  type DutyIndexation,
  type TransferDutyTable,
} from '../content/transfer-duty.ts';

/** A ratio as the notice gives it, to 3 decimal places. */
export const RATIO_FORMAT = /^\d\.\d{3}$/;

/** '1.224' → 1224. */
export function ratioInThousandths(ratio: string): number {
  if (!RATIO_FORMAT.test(ratio)) throw new RangeError(`A duty indexation ratio is written d.ddd, not ${ratio}`);
  return Number(ratio.replace('.', ''));
}

/**
 * One adjustable amount for a year (s 33AC(2)-(4)): `amount2019` times the ratio, to the
 * nearest $1,000 ($500 up), or last year's amount when that is more.
 */
export function adjustedAmount(amount2019: number, thousandths: number, lastYear?: number): number {
  // Thousandths of a dollar, exact; + $500 then down to whole $1,000s rounds $500 up.
  const milliDollars = amount2019 * thousandths;
  const rounded = Math.floor((milliDollars + 500_000) / 1_000_000) * 1_000;
  return lastYear !== undefined && rounded < lastYear ? lastYear : rounded;
}

/** Whole cents to whole dollars, to the nearest dollar with 50 cents rounding down (ss 33AD(3), 32A). */
export const toDollarsHalfDown = (cents: number): number => Math.floor((cents + 49) / 100);

/** The duty, in cents, the ranges in `general` charge at exactly `value` (a whole $100s amount over its range's start). */
function dutyAtCents(general: readonly DutyBracket[], value: number): number {
  const range = general.findLast((candidate) => candidate.from < value) ?? general[0]!;
  return range.base * 100 + Math.ceil((value - range.from) / 100) * range.centsPer100;
}

/**
 * The duty, in cents, on exactly `value` as the sum of every range's fixed-rate amount, none
 * rounded (the premium base: s 32A(2), as Revenue NSW publishes it).
 */
function unroundedDutyCents(general: readonly DutyBracket[], value: number): number {
  return general.reduce((total, range, index) => {
    const to = Math.min(value, general[index + 1]?.from ?? value);
    return to <= range.from ? total : total + Math.ceil((to - range.from) / 100) * range.centsPer100;
  }, 0);
}

/** The year's table from its ratio, with last year's table for the floor of s 33AC(4). */
export function indexedDutyTable(indexation: DutyIndexation, lastYear?: TransferDutyTable): TransferDutyTable {
  const thousandths = ratioInThousandths(indexation.ratio);
  const starts = [
    0,
    ...DUTY_2019.thresholds.map((amount, index) =>
      adjustedAmount(amount, thousandths, lastYear?.general[index + 1]?.from),
    ),
  ];
  const general: DutyBracket[] = [];
  starts.forEach((from, index) => {
    // s 33AD: the duty the ranges before this one charge at its start.
    const base = index === 0 ? 0 : toDollarsHalfDown(dutyAtCents(general, from));
    general.push({ from, base, centsPer100: DUTY_2019.centsPer100[index]! });
  });
  const premiumFrom = adjustedAmount(DUTY_2019.premiumThreshold, thousandths, lastYear?.premium.from);
  return {
    effective: `${indexation.year}-07-01`,
    ratio: indexation.ratio,
    source: { name: indexation.source, url: TRANSFER_DUTY_PAGE.url },
    checked: indexation.checked,
    general,
    minimumDuty: DUTY_2019.minimumDuty,
    premium: {
      from: premiumFrom,
      base: toDollarsHalfDown(unroundedDutyCents(general, premiumFrom)),
      centsPer100: DUTY_2019.premiumCentsPer100,
    },
    firstHomeBuyers: FIRST_HOME_BUYERS,
    foreignPurchaserSurcharge: SURCHARGE,
  };
}

/**
 * Every year's table, newest first, each made with the one before it (for the floor). The
 * years are taken in order of `year`; one given twice counts once (the later in the list).
 */
export function dutyTablesFrom(indexations: readonly DutyIndexation[]): TransferDutyTable[] {
  const byYear = new Map(indexations.map((indexation) => [indexation.year, indexation]));
  const tables: TransferDutyTable[] = [];
  for (const year of [...byYear.keys()].sort((a, b) => a - b)) {
    tables.unshift(indexedDutyTable(byYear.get(year)!, tables[0]));
  }
  return tables;
}

/** The shipped years' tables, newest first: what applies until principals add a year. */
export const TRANSFER_DUTY_TABLES: readonly TransferDutyTable[] = dutyTablesFrom(SHIPPED_DUTY_INDEXATIONS);

/** The newest shipped table: what the site states as "the" rates when no contract date is in question. */
export const TRANSFER_DUTY: TransferDutyTable = TRANSFER_DUTY_TABLES[0]!;

/** The year (of its 1 July) a day falls in: 2026-06-30 → 2025, 2026-07-01 → 2026. */
export const dutyYearOf = (date: string): number => Number(date.slice(0, 4)) - (date.slice(5) < '07-01' ? 1 : 0);

/** How people name the year that starts on 1 July of `year`: 2026 → '2026-27'. */
export const financialYearLabel = (year: number): string => `${year}-${String((year + 1) % 100).padStart(2, '0')}`;

/**
 * The table in force on `contractDate` (YYYY-MM-DD): the year whose 1 July is on or before
 * it. `current` is false when that year is not among `tables` (its indexation is not in
 * yet, or the date is before the oldest year kept): the nearest year is used instead, the
 * newest for a later date.
 */
export function dutyTableFor(
  contractDate: string,
  tables: readonly TransferDutyTable[] = TRANSFER_DUTY_TABLES,
): { table: TransferDutyTable; current: boolean } {
  const table = tables.find((candidate) => candidate.effective <= contractDate) ?? tables[tables.length - 1]!;
  return { table, current: dutyYearOf(table.effective) === dutyYearOf(contractDate) };
}

/**
 * The year in force on `today` when its indexation is not among `tables` yet (the label to
 * ask principals for, e.g. '2026-27'); null when it is there.
 */
export function missingDutyYear(today: string, tables: readonly TransferDutyTable[]): string | null {
  const year = dutyYearOf(today);
  return tables.some((table) => dutyYearOf(table.effective) === year) ? null : financialYearLabel(year);
}
