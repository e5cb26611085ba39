/**
 * NSW transfer (stamp) duty as the /quote calculator applies it: typed tables, one per
 * financial year, keyed by the date they take effect. Revenue NSW indexes the thresholds and
 * base amounts every 1 July (Duties Act 1997, ch 2 pt 3 div 3; the Chief Commissioner
 * publishes them before the year starts, s 33AF). A contract is charged with the table in
 * force on the day it was signed, so older tables stay in the list.
 *
 * Adding next year's table is one edit: copy the newest entry to the top of
 * `TRANSFER_DUTY_TABLES`, set `effective` to the new 1 July, and copy the bracket starts and
 * base amounts (and the premium threshold) from the table on Revenue NSW's Transfer duty
 * page (`source.url`); set `checked` to the day you compared them. The first home buyer
 * thresholds and the surcharge rate are fixed in the Act (not indexed): change them only
 * when the Act changes.
 *
 * Amounts are whole dollars; rates are cents per $100 of dutiable value "or part", i.e. the
 * value over a bracket's start is rounded up to the next $100 before the rate applies.
 *
 * Which property types are residential (decided here, see docs/decisions): established
 * homes, off-the-plan homes and vacant land are residential land, so the premium rate and
 * the foreign purchaser surcharge apply to them (the first-home scheme itself covers vacant
 * land bought to build a home on). Commercial property pays the general rates only: the
 * premium is a residential premium, and the surcharge is on residential-related property.
 */

export interface DutyBracket {
  /** The bracket applies to values over `from` (and from $0 for the first one). */
  from: number;
  /** Duty on a value of exactly `from`. */
  base: number;
  /** Cents per $100, or part of $100, of the value over `from`. */
  centsPer100: number;
}

/** One band of the First Home Buyers Assistance Scheme (Duties Act 1997 ss 74(3), 78A). */
export interface FirstHomeBand {
  /** No duty up to and including this value (s 78A(1)). */
  exemptUpTo: number;
  /** Values from here up are not eligible at all: full duty (s 74(3)). */
  concessionBelow: number;
}

export interface TransferDutyTable {
  /** ISO date the rates apply from: contracts signed on or after it, until the next table's date. */
  effective: string;
  source: { name: string; url: string };
  /** ISO date someone last compared these figures with `source`. */
  checked: string;
  /** General rates, lowest bracket first. */
  general: readonly DutyBracket[];
  /** The smallest duty charged at all (the first bracket's minimum). */
  minimumDuty: number;
  /** Residential premium rate: replaces the general rate above its threshold. */
  premium: DutyBracket;
  /** First Home Buyers Assistance Scheme: no duty up to `exemptUpTo`, the s 78A concession below `concessionBelow`. */
  firstHomeBuyers: {
    home: FirstHomeBand;
    vacantLand: FirstHomeBand;
    source: { name: string; url: string };
  };
  /** Surcharge purchaser duty (s 104U): a share of the dutiable value, on top, for residential property. */
  foreignPurchaserSurcharge: { percent: number; source: { name: string; url: string } };
}

const TRANSFER_DUTY_PAGE = {
  name: 'Revenue NSW, Transfer duty',
  url: 'https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/transfer-duty',
};

/** Fixed by the Duties Act 1997 since 1 July 2023 (s 74(3) and s 78A(1)); not indexed. */
const FIRST_HOME_BUYERS: TransferDutyTable['firstHomeBuyers'] = {
  home: { exemptUpTo: 800_000, concessionBelow: 1_000_000 },
  vacantLand: { exemptUpTo: 350_000, concessionBelow: 450_000 },
  source: {
    name: 'Revenue NSW, First Home Buyers Assistance Scheme',
    url: 'https://www.revenue.nsw.gov.au/grants-schemes/first-home-buyer/assistance-scheme',
  },
};

/** Duties Act 1997 s 104U(1): 9% of the dutiable value since 1 January 2025. */
const SURCHARGE: TransferDutyTable['foreignPurchaserSurcharge'] = {
  percent: 9,
  source: {
    name: 'Revenue NSW, Surcharge purchaser duty',
    url: 'https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/transfer-duty/surcharge-purchaser-duty',
  },
};

/**
 * Newest first. The 2026-27 figures (from 1 July 2026) are not here: they could not be
 * checked against Revenue NSW's page when this list was last updated, and a guessed table
 * would be wrong to the dollar. Until they are added, a contract signed after 30 June 2026
 * is estimated with the 2025-26 table and the quote says so (`ratesCurrent: false`).
 */
export const TRANSFER_DUTY_TABLES: readonly TransferDutyTable[] = [
  {
    // Checked 2026-11-23: the general brackets and base amounts against Revenue NSW's
    // "From 1 July 2025" table (as reproduced with it as the source); the premium threshold
    // and base were not on the copies found that day and are as first entered.
    effective: '2025-07-01',
    source: TRANSFER_DUTY_PAGE,
    checked: '2026-11-23',
    general: [
      { from: 0, base: 0, centsPer100: 125 },
      { from: 17_000, base: 212, centsPer100: 150 },
      { from: 37_000, base: 512, centsPer100: 175 },
      { from: 99_000, base: 1_597, centsPer100: 350 },
      { from: 372_000, base: 11_152, centsPer100: 450 },
      { from: 1_240_000, base: 50_212, centsPer100: 550 },
    ],
    minimumDuty: 20,
    premium: { from: 3_721_000, base: 186_667, centsPer100: 700 },
    firstHomeBuyers: FIRST_HOME_BUYERS,
    foreignPurchaserSurcharge: SURCHARGE,
  },
];

/** The newest table: what the site states as "the" rates when no contract date is in question. */
export const TRANSFER_DUTY: TransferDutyTable = TRANSFER_DUTY_TABLES[0]!;

/** The day after the financial year that starts on `effective` ends: 2025-07-01 → 2026-07-01. */
const nextFinancialYear = (effective: string) => `${Number(effective.slice(0, 4)) + 1}${effective.slice(4)}`;

/**
 * The table in force on `contractDate` (YYYY-MM-DD, compared as text), and whether it really
 * is that day's: false when the date is past the newest table's financial year (next
 * year's thresholds are not in yet) or before the oldest table (its year is not kept).
 */
export function dutyTableFor(
  contractDate: string,
  tables: readonly TransferDutyTable[] = TRANSFER_DUTY_TABLES,
): { table: TransferDutyTable; current: boolean } {
  const index = tables.findIndex((table) => table.effective <= contractDate);
  if (index === -1) return { table: tables[tables.length - 1]!, current: false };
  const table = tables[index]!;
  const endsBefore = index === 0 ? nextFinancialYear(table.effective) : tables[index - 1]!.effective;
  return { table, current: contractDate < endsBefore };
}
