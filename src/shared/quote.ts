/**
 * The instant quote: professional fee, disbursements, NSW transfer duty and the total.
 * Isomorphic and free of zod, so the /quote island stays small and `POST /api/contact`
 * recomputes the very same figures on the server (what a browser sends is never trusted).
 *
 * Money is worked in whole cents and handed out in dollars (duty can have cents: $1.75 per
 * $100 of $50,000 is $739.50); pages round to whole dollars only when they print.
 */
import { PRICING, type Pricing } from '../content/pricing.ts';
import type { DutyBracket, FirstHomeBand, TransferDutyTable } from '../content/transfer-duty.ts';
import { dutyTableFor, dutyYearOf, financialYearLabel, TRANSFER_DUTY_TABLES } from './duty-tables.ts';
import { COOLING_OFF, DUTY_PAYMENT } from '../content/conveyancing-law.ts';
import { formatAud, formatAudRange } from '../content/money.ts';
import { now as currentTime } from './clock.ts';
import { formatIsoDay, sydneyToday } from './sydney-time.ts';
import { QUOTE_ROLES, type PropertyType, type QuoteRole } from './quote-options.ts';

export { PROPERTY_TYPES, QUOTE_ROLES, type PropertyType, type QuoteRole } from './quote-options.ts';

/** What a person tells the calculator (the `quote` of `POST /api/contact`). */
export interface QuoteInput {
  /** Purchase (or sale) price in dollars; when buying and selling, the price of the purchase. */
  price: number;
  role: QuoteRole;
  propertyType: PropertyType;
  firstHomeBuyer: boolean;
  foreignPurchaser: boolean;
  /**
   * The foreign purchasers' share of the property in percent (1 to 100), when
   * `foreignPurchaser`: the surcharge is charged on that share only (Duties Act s 104U(2)).
   */
  foreignShare: number;
  /** Settlement in under 2 weeks. */
  rush: boolean;
  /** The day the contract is (or will be) signed, YYYY-MM-DD; today in Sydney when absent. */
  contractDate?: string | undefined;
}

export interface FeeItem {
  key: 'base' | 'simultaneousSaleAndPurchase' | 'offThePlan' | 'rushService';
  label: string;
  amount: number;
}

/** Which rule of the First Home Buyers Assistance Scheme applied (Duties Act 1997 s 78A). */
export type FirstHomeRule =
  /** No duty (s 78A(1)). */
  | 'exemption'
  /** The concessional rate (s 78A(2), (2A)). */
  | 'concession'
  /** Full duty: priced above the scheme's thresholds, or commercial property. */
  | 'none';

export interface DutyFigures {
  /** Duty under chapter 2 (general rates, the residential premium), after any first home relief. */
  general: number;
  /** Foreign purchaser surcharge, 0 when none applies. Never reduced by the first-home scheme. */
  surcharge: number;
  /** general + surcharge. */
  total: number;
  /** Set when the person said they are a first home buyer. */
  firstHomeRule?: FirstHomeRule;
  /**
   * With an exemption or a concession: the general duty the same purchase would pay without
   * it, so the quote can show the full duty and the saving (quotes stored before it lack it).
   */
  fullGeneral?: number;
  /** Last day to pay, YYYY-MM-DD: 3 months after the contract (or at settlement, if earlier). */
  dueDate: string;
  /**
   * Off the plan, for a buyer who will live in the home (and no foreign buyer): the latest
   * day under the s 49A deferral, 15 months after the contract.
   */
  deferredDueDate?: string;
}

export interface QuoteFigures {
  /** The duty table's effective date the figures were worked out with. */
  ratesEffective: string;
  /**
   * False when that table is not the one in force on the contract date: the date is past
   * the newest table's financial year (its thresholds are not in yet).
   */
  ratesCurrent: boolean;
  /** Business days of cooling-off for the buyer (Conveyancing Act s 66S); absent when only selling. */
  coolingOffBusinessDays?: number;
  professionalFee: number;
  feeItems: FeeItem[];
  disbursements: { min: number; max: number };
  /** Null when only selling: transfer duty is the buyer's. */
  transferDuty: DutyFigures | null;
  /** Fee + disbursements + duty. */
  estimatedTotal: { min: number; max: number };
}

/** The quote as an enquiry stores it: what the person said and what the server worked out. */
export interface StoredQuote {
  inputs: QuoteInput;
  figures: QuoteFigures;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (amountInCents: number) => amountInCents / 100;

/** Property the premium rate and the foreign surcharge apply to (see transfer-duty.ts). */
export const isResidential = (type: PropertyType): boolean => type !== 'commercial';
export const isBuying = (role: QuoteRole): boolean => role !== 'selling';

/**
 * Duty at the general rates (and the premium rate for residential property), in cents.
 * "Per $100 or part": the value over the bracket's start is rounded up to whole $100s.
 */
export function generalDutyCents(
  price: number,
  residential: boolean,
  table: TransferDutyTable = TRANSFER_DUTY_TABLES[0]!,
): number {
  const value = cents(price);
  if (value <= 0) return 0;
  const over = (bracket: DutyBracket) => value > bracket.from * 100;
  const bracket: DutyBracket =
    residential && over(table.premium)
      ? table.premium
      : (table.general.findLast((candidate, index) => index === 0 || over(candidate)) ?? table.general[0]!);
  const hundreds = Math.ceil((value - bracket.from * 100) / 10_000);
  return Math.max(bracket.base * 100 + hundreds * bracket.centsPer100, table.minimumDuty * 100);
}

/**
 * The First Home Buyers Assistance Scheme's duty, in cents, for a value inside the band
 * (Duties Act 1997 s 78A(2) for a home, (2A) for vacant land): the full duty N at the value,
 * less the full duty D at the exemption threshold scaled by how far the value is below the
 * upper limit: N - D x (upper - V) / (upper - lower). It is 0 at the lower threshold and the
 * full duty at the upper one. Checked against the NSW Government's worked examples
 * (tests/unit/quote.test.ts). Rounded to the nearest cent.
 */
export function concessionalDutyCents(price: number, band: FirstHomeBand, table: TransferDutyTable): number {
  const full = generalDutyCents(price, true, table);
  const atThreshold = generalDutyCents(band.exemptUpTo, true, table);
  const below = cents(band.concessionBelow) - cents(price);
  const width = cents(band.concessionBelow) - cents(band.exemptUpTo);
  return Math.round(full - (atThreshold * below) / width);
}

/** `iso` (YYYY-MM-DD) plus whole months; a day the month lacks becomes its last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

export function transferDuty(input: QuoteInput, table: TransferDutyTable, contractDate: string): DutyFigures | null {
  if (!isBuying(input.role)) return null;
  const residential = isResidential(input.propertyType);
  const share = Math.min(Math.max(input.foreignShare, 0), 100);
  const surcharge =
    input.foreignPurchaser && residential
      ? Math.round((cents(input.price) * table.foreignPurchaserSurcharge.percent * share) / 10_000)
      : 0;
  const full = generalDutyCents(input.price, residential, table);
  let general = full;
  let firstHomeRule: FirstHomeRule | undefined;
  if (input.firstHomeBuyer) {
    // At least one first home buyer must be an Australian citizen or permanent resident
    // (Revenue NSW, First Home Buyers Assistance Scheme guide, "Eligibility criteria",
    // checked 23 Nov 2026): a purchase wholly by foreign persons gets neither exemption nor concession.
    const eligible = !(input.foreignPurchaser && input.foreignShare >= 100);
    const band =
      !residential || !eligible
        ? null
        : input.propertyType === 'vacant-land'
          ? table.firstHomeBuyers.vacantLand
          : table.firstHomeBuyers.home;
    if (band && input.price <= band.exemptUpTo) {
      firstHomeRule = 'exemption';
      general = 0;
    } else if (band && input.price < band.concessionBelow) {
      firstHomeRule = 'concession';
      general = concessionalDutyCents(input.price, band, table);
    } else {
      firstHomeRule = 'none';
    }
  }
  const deferred = input.propertyType === 'off-the-plan' && !input.foreignPurchaser;
  return {
    general: dollars(general),
    surcharge: dollars(surcharge),
    total: dollars(general + surcharge),
    ...(firstHomeRule ? { firstHomeRule } : {}),
    ...(general < full ? { fullGeneral: dollars(full) } : {}),
    dueDate: addMonths(contractDate, DUTY_PAYMENT.monthsAfterLiability),
    ...(deferred
      ? {
          deferredDueDate: addMonths(
            contractDate,
            DUTY_PAYMENT.offThePlanDeferralMonths + DUTY_PAYMENT.monthsAfterLiability,
          ),
        }
      : {}),
  };
}

const FEE_LABELS: Record<FeeItem['key'], string> = {
  base: 'Professional fee',
  simultaneousSaleAndPurchase: 'Simultaneous sale and purchase',
  offThePlan: 'Off-the-plan purchase',
  rushService: 'Settlement in under 2 weeks',
};

export function feeItems(input: QuoteInput, pricing: Pricing = PRICING): FeeItem[] {
  const items: FeeItem[] = [{ key: 'base', label: FEE_LABELS.base, amount: pricing.baseFee }];
  const add = (key: Exclude<FeeItem['key'], 'base'>) =>
    items.push({ key, label: FEE_LABELS[key], amount: pricing.extras[key] });
  if (input.role === 'both') add('simultaneousSaleAndPurchase');
  // The guide prices off-the-plan as a purchase extra; selling such a contract is a plain sale.
  if (input.propertyType === 'off-the-plan' && isBuying(input.role)) add('offThePlan');
  if (input.rush) add('rushService');
  return items;
}

/**
 * The whole quote. The duty table is the one in force on `input.contractDate` (default:
 * `today`, Sydney's date, injectable for tests) among `tables`.
 */
export function computeQuote(
  input: QuoteInput,
  {
    pricing = PRICING,
    tables = TRANSFER_DUTY_TABLES,
    today = sydneyToday(currentTime()),
  }: { pricing?: Pricing; tables?: readonly TransferDutyTable[]; today?: string } = {},
): QuoteFigures {
  const contractDate = input.contractDate ?? today;
  const { table, current } = dutyTableFor(contractDate, tables);
  const items = feeItems(input, pricing);
  const professionalFee = items.reduce((sum, item) => sum + item.amount, 0);
  const duty = transferDuty(input, table, contractDate);
  const dutyInTotal = duty === null ? 0 : cents(duty.total);
  const fixed = cents(professionalFee) + dutyInTotal;
  return {
    ratesEffective: table.effective,
    ratesCurrent: current,
    // Cooling-off is for residential property only (Conveyancing Act 1919 s 66S).
    ...(isBuying(input.role) && input.propertyType !== 'commercial'
      ? {
          coolingOffBusinessDays:
            input.propertyType === 'off-the-plan' ? COOLING_OFF.offThePlanBusinessDays : COOLING_OFF.businessDays,
        }
      : {}),
    professionalFee,
    feeItems: items,
    disbursements: { ...pricing.disbursements },
    transferDuty: duty,
    estimatedTotal: {
      min: dollars(fixed + cents(pricing.disbursements.min)),
      max: dollars(fixed + cents(pricing.disbursements.max)),
    },
  };
}

/**
 * Reads a price as people type it: `800000`, `800,000`, `$800,000`, `$ 800,000.50`.
 * Null for anything else (letters, negative numbers, misplaced commas, zero).
 */
export function parsePrice(text: string): number | null {
  const compact = text.trim().replace(/^(AUD|A(?=\$))?\s*\$?\s*/i, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(compact)) return null;
  const value = Number(compact.replaceAll(',', ''));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * A price as the visitor types it, with its thousands separators put back ("1250000" →
 * "1,250,000") and the caret kept after the same digit it followed. Text that is not a
 * plain amount (letters, a second point) is left as typed, so its error can be shown.
 */
export function groupPriceTyping(text: string, caret: number): { text: string; caret: number } {
  const match = /^(\s*\$?\s*)([\d,]*)(\.\d{0,2})?(\s*)$/.exec(text);
  if (!match) return { text, caret };
  const [, prefix = '', whole = '', fraction = '', suffix = ''] = match;
  const digits = whole.replaceAll(',', '');
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const next = `${prefix}${grouped}${fraction}${suffix}`;
  // The caret sits after as many characters other than commas as it did before.
  const kept = text.slice(0, caret).replaceAll(',', '').length;
  let position = 0;
  for (let seen = 0; position < next.length && seen < kept; position += 1) if (next[position] !== ',') seen += 1;
  return { text: next, caret: position };
}

const SUBJECT: Record<PropertyType, string> = {
  established: 'an established home',
  'off-the-plan': 'an off-the-plan property',
  'vacant-land': 'vacant land',
  commercial: 'a commercial property',
};

/**
 * What a disclosure says of a contract nobody has signed yet (no contract date): the duty
 * is an estimate for a contract signed on `disclosedOn`, the day the disclosure was made.
 */
export const unsignedContractNote = (disclosedOn: string): string =>
  `contract not yet signed: transfer duty is estimated for a contract signed on ${formatIsoDate(disclosedOn)}, the day of this disclosure`;

/**
 * "Buying an established home at $800,000; first home buyer" – one line for people. With
 * `disclosedOn` (a costs disclosure's date) and no contract date, it says the contract is not
 * yet signed rather than dating one that does not exist.
 */
export function describeQuoteInput(input: QuoteInput, { disclosedOn }: { disclosedOn?: string } = {}): string {
  const role = QUOTE_ROLES.find((option) => option.value === input.role)?.label ?? input.role;
  const notes = [
    input.firstHomeBuyer && 'first home buyer',
    input.foreignPurchaser &&
      (input.foreignShare < 100 ? `foreign purchaser (${input.foreignShare}% share)` : 'foreign purchaser'),
    input.rush && 'settlement in under 2 weeks',
  ].filter(Boolean);
  const dated = input.contractDate
    ? ` (contract dated ${formatIsoDate(input.contractDate)})`
    : disclosedOn
      ? ` (${unsignedContractNote(disclosedOn)})`
      : '';
  return [`${role} ${SUBJECT[input.propertyType]} at ${formatAud(input.price)}${dated}`, ...notes].join('; ');
}

export { formatIsoDay };

/**
 * The contract date the duty was worked out for, as the quote says it beside the figure:
 * "for a contract signed today, Thursday 26 November 2026", or "… signed on Friday 12
 * December 2026" for a date the person chose (or a day that is no longer today). `today`
 * is Sydney's date where the figures were worked out (src/shared/sydney-time.ts).
 */
export function contractDateLine(contractDate: string, today: string): string {
  const day = formatIsoDay(contractDate);
  return contractDate === today ? `for a contract signed today, ${day}` : `for a contract signed on ${day}`;
}

/**
 * What first home relief saves: the full duty (with any surcharge, which the scheme never
 * reduces) and the difference; null without an exemption or a concession, or for a quote
 * stored before the full duty was kept.
 */
export function firstHomeSaving(duty: DutyFigures): { fullDuty: number; saving: number } | null {
  if (duty.fullGeneral === undefined || duty.fullGeneral <= duty.general) return null;
  return { fullDuty: duty.fullGeneral + duty.surcharge, saving: duty.fullGeneral - duty.general };
}

/** "2025-07-01" as people read it: "1 July 2025". */
export const formatIsoDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

const RULE_NOTE: Record<FirstHomeRule, string> = {
  exemption: 'first home buyer exemption',
  concession: 'first home buyer concession',
  none: 'no first home buyer relief',
};

/** Transfer duty as a short text: "$30,412", "$0 (first home buyer exemption)", "$19,706 (first home buyer concession)". */
export function describeDuty(duty: DutyFigures): string {
  const saving = firstHomeSaving(duty);
  const notes = [
    duty.firstHomeRule && RULE_NOTE[duty.firstHomeRule],
    saving && `full duty ${formatAud(saving.fullDuty)}, you save ${formatAud(saving.saving)}`,
    duty.surcharge > 0 && `includes ${formatAud(duty.surcharge)} foreign purchaser surcharge`,
  ].filter(Boolean);
  return notes.length > 0 ? `${formatAud(duty.total)} (${notes.join('; ')})` : formatAud(duty.total);
}

/** When the duty is due, as one sentence. */
export function describeDutyDue(duty: DutyFigures): string {
  const standard = `Due by ${formatIsoDate(duty.dueDate)}, 3 months after the contract, or at settlement if that is earlier.`;
  if (!duty.deferredDueDate) return standard;
  return (
    `If you are buying as an individual (not a company or trust) and will live in the home, duty falls due at the earliest of settlement, an assignment of the contract or ` +
    `15 months after the contract (${formatIsoDate(duty.deferredDueDate)}); otherwise ${standard[0]!.toLowerCase()}${standard.slice(1)}`
  );
}

/** The labelled outputs, in order, as the page, the enquiry message and the staff view print them. */
export function quoteLines(figures: QuoteFigures): { label: string; value: string }[] {
  const lines = [
    { label: 'Professional fee', value: `${formatAud(figures.professionalFee)} including GST` },
    { label: 'Disbursements', value: `typically ${formatAudRange(figures.disbursements)} including GST` },
  ];
  if (figures.transferDuty) {
    lines.push({ label: 'Transfer duty', value: describeDuty(figures.transferDuty) });
    lines.push({ label: 'Duty due', value: describeDutyDue(figures.transferDuty) });
  }
  if (figures.coolingOffBusinessDays) {
    lines.push({
      label: 'Cooling-off',
      value: `${figures.coolingOffBusinessDays} business days after exchange (${COOLING_OFF.exceptions})`,
    });
  }
  lines.push({
    label: 'Estimated total',
    value: `${formatAudRange(figures.estimatedTotal)} including GST`,
  });
  if (!figures.ratesCurrent) lines.push({ label: 'Rates', value: ratesNotice(figures.ratesEffective) });
  return lines;
}

/** Said whenever the figures use a table that is not the contract date's own. */
export const ratesNotice = (effective: string): string =>
  `This estimate uses last year's duty thresholds, in force from ${formatIsoDate(effective)}: the thresholds for your contract date are not in this calculator yet, so the duty may differ.`;

/**
 * What /quote says of its rates for a contract signed on `date` (the build's today): the
 * year's own thresholds, or, until that year's indexation is added, that the duty is an
 * estimate on last year's.
 */
export function ratesStatement(date: string, tables: readonly TransferDutyTable[] = TRANSFER_DUTY_TABLES): string {
  const { table, current } = dutyTableFor(date, tables);
  const effective = formatIsoDate(table.effective);
  if (current) return `Rates effective ${effective}.`;
  return (
    `The transfer duty is an estimate on last year's thresholds (${financialYearLabel(dutyYearOf(table.effective))}, in force from ${effective}): ` +
    `the ${financialYearLabel(dutyYearOf(date))} thresholds are not in this calculator yet.`
  );
}

/** The contact form's service that fits a quote (one of its options). */
export function contactServiceFor(
  input: QuoteInput,
): 'commercial' | 'residential-sale' | 'off-the-plan' | 'residential-purchase' {
  if (input.propertyType === 'commercial') return 'commercial';
  if (input.role === 'selling') return 'residential-sale';
  if (input.propertyType === 'off-the-plan') return 'off-the-plan';
  return 'residential-purchase';
}
