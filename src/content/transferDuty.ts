/**
 * NSW transfer (stamp) duty as the /quote calculator applies it: one typed, dated table.
 * Revenue NSW indexes the thresholds every 1 July; updating this object (the rates, the
 * date and, if they change, the scheme thresholds) is the whole of a yearly update.
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

export interface TransferDutyTable {
  /** ISO date the rates apply from (contract date on or after it). */
  effective: string;
  source: { name: string; url: string };
  /** General rates, lowest bracket first. */
  general: readonly DutyBracket[];
  /** The smallest duty charged at all (the first bracket's minimum). */
  minimumDuty: number;
  /** Residential premium rate: replaces the general rate above its threshold. */
  premium: DutyBracket;
  /** First Home Buyers Assistance Scheme: no duty up to `exemptUpTo`; a concession below `concessionBelow`. */
  firstHomeBuyers: {
    home: { exemptUpTo: number; concessionBelow: number };
    vacantLand: { exemptUpTo: number; concessionBelow: number };
    /** Where people work out the concessional duty: we do not estimate a figure we cannot source. */
    calculator: { name: string; url: string };
  };
  /** Surcharge purchaser duty: a share of the dutiable value, on top, for residential property. */
  foreignPurchaserSurcharge: { percent: number; source: { name: string; url: string } };
}

export const TRANSFER_DUTY: TransferDutyTable = {
  effective: '2025-07-01',
  source: {
    name: 'Revenue NSW, Transfer duty',
    url: 'https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/transfer-duty',
  },
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
  firstHomeBuyers: {
    home: { exemptUpTo: 800_000, concessionBelow: 1_000_000 },
    vacantLand: { exemptUpTo: 350_000, concessionBelow: 450_000 },
    calculator: {
      name: "Revenue NSW's First Home Buyers Assistance Scheme and its calculator",
      url: 'https://www.revenue.nsw.gov.au/grants-schemes/first-home-buyer/assistance-scheme',
    },
  },
  foreignPurchaserSurcharge: {
    percent: 9,
    source: {
      name: 'Revenue NSW, Surcharge purchaser duty',
      url: 'https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/transfer-duty/surcharge-purchaser-duty',
    },
  },
};
