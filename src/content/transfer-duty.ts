/**
 * NSW transfer (stamp) duty: the facts the Duties Act 1997 fixes, from which each financial
 * year's table is made. The thresholds and base amounts are indexed every 1 July by the rule
 * of ch 2 pt 3 div 3 (ss 33AB-33AD) from the 2019 amounts below and one ratio a year (Sydney
 * CPI, March quarter before the year, over March quarter 2019); the Chief Commissioner
 * publishes the adjusted amounts before the year starts (s 33AF). The rule itself is
 * src/shared/duty-tables.ts; the years shipped with the code are `SHIPPED_DUTY_INDEXATIONS`,
 * and principals add later ones in the portal (`PUT /api/duty-indexation/{year}`), so a new
 * year needs no code change. A contract is charged with the table of the year it was signed
 * in, so older years stay.
 *
 * The first home buyer thresholds and the surcharge rate are fixed in the Act (not indexed):
 * change them only when the Act changes.
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
  /** ISO date the rates apply from (a 1 July): contracts signed on or after it, until the next table's date. */
  effective: string;
  /** The indexation ratio the thresholds were made with (s 33AC(2), A/B to 3 places), e.g. '1.224'. */
  ratio: string;
  /** Where the ratio (and so the table) comes from: `name` says which notice or page, `url` links the rates. */
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

export const TRANSFER_DUTY_PAGE = {
  name: 'Revenue NSW, Transfer duty',
  url: 'https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/transfer-duty',
};

/** Fixed by the Duties Act 1997 since 1 July 2023 (s 74(3) and s 78A(1)); not indexed. */
export const FIRST_HOME_BUYERS: TransferDutyTable['firstHomeBuyers'] = {
  home: { exemptUpTo: 800_000, concessionBelow: 1_000_000 },
  vacantLand: { exemptUpTo: 350_000, concessionBelow: 450_000 },
  source: {
    name: 'Revenue NSW, First Home Buyers Assistance Scheme',
    url: 'https://www.revenue.nsw.gov.au/grants-schemes/first-home-buyer/assistance-scheme',
  },
};

/** Duties Act 1997 s 104U(1): 9% of the dutiable value since 1 January 2025. */
export const SURCHARGE: TransferDutyTable['foreignPurchaserSurcharge'] = {
  percent: 9,
  source: {
    name: 'Revenue NSW, Surcharge purchaser duty',
    url: 'https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/transfer-duty/surcharge-purchaser-duty',
  },
};

/**
 * The amounts the Act indexes from: the table to s 32(1) and the premium threshold of
 * s 32A as they stood before any adjustment under div 3 (Duties Amendment Act 2019 No 8,
 * for the year from 1 July 2019; the first adjustment is for the year from 1 July 2020,
 * s 33AC(1)). Typed once: every year's table is made from these and that year's ratio.
 */
export const DUTY_2019 = {
  /** The year these amounts are for, and the CPI quarter every ratio divides by (s 33AC(2), "B"). */
  inForceFrom: '2019-07-01',
  cpiBase: 'March quarter 2019',
  /**
   * The adjustable amounts (s 33AB): the maximum threshold of each range of the s 32(1)
   * table but the last, lowest first. The next range starts where one ends.
   */
  thresholds: [14_000, 30_000, 81_000, 304_000, 1_013_000],
  /** The fixed rate of each range of s 32(1), cents per $100 or part: one more than the thresholds. */
  centsPer100: [125, 150, 175, 350, 450, 550],
  /** Residential premium (s 32A): the adjustable premium threshold and its rate. */
  premiumThreshold: 3_040_000,
  premiumCentsPer100: 700,
  /** The smallest duty charged at all (the first range's minimum); not indexed. */
  minimumDuty: 20,
} as const;

/** One year's indexation: the ratio for the year that starts on 1 July of `year`. */
export interface DutyIndexation {
  /** The calendar year of the 1 July the year starts on: 2025 is 2025-26. */
  year: number;
  /** A/B of s 33AC(2), to 3 decimal places, as written: 'd.ddd'. */
  ratio: string;
  /** Which notice (s 33AF) or page the ratio was taken from. */
  source: string;
  /** ISO date someone last compared the resulting table with the published one. */
  checked: string;
}

/**
 * The years shipped with the code, oldest first; principals add the later ones. Each
 * ratio reproduces the published table to the dollar (tests/unit/duty-tables.test.ts pins
 * every figure of both).
 */
export const SHIPPED_DUTY_INDEXATIONS: readonly DutyIndexation[] = [
  {
    year: 2024,
    ratio: '1.196',
    source: 'Revenue NSW, Transfer duty: the thresholds from 1 July 2024',
    checked: '2026-11-26',
  },
  {
    year: 2025,
    ratio: '1.224',
    source: 'Notice of Adjusted Amounts under Section 33AF of Duties Act 1997 (2025-282)',
    checked: '2026-11-26',
  },
];
