/**
 * The instant quote: professional fee, disbursements, NSW transfer duty and the total.
 * Isomorphic and free of zod, so the /quote island stays small and `POST /api/contact`
 * recomputes the very same figures on the server (what a browser sends is never trusted).
 *
 * Money is worked in whole cents and handed out in dollars (duty can have cents: $1.75 per
 * $100 of $50,000 is $739.50); pages round to whole dollars only when they print.
 */
import { PRICING, type Pricing } from '../content/pricing.ts';
import { TRANSFER_DUTY, type DutyBracket, type TransferDutyTable } from '../content/transferDuty.ts';
import { formatAud, formatAudRange } from './money.ts';
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
  /** Settlement in under 2 weeks. */
  rush: boolean;
}

export interface FeeItem {
  key: 'base' | 'simultaneousSaleAndPurchase' | 'offThePlan' | 'rushService';
  label: string;
  amount: number;
}

export type FirstHomeOutcome =
  /** No duty under the scheme. */
  | 'exempt'
  /** A concessional rate applies: Revenue NSW's calculator gives the figure. */
  | 'concession'
  /** Priced above the scheme's thresholds: full duty. */
  | 'over-threshold'
  /** The scheme does not cover commercial property. */
  | 'not-eligible';

export interface DutyFigures {
  /** Duty at the general (and, for residential property, premium) rates; null when a concession applies. */
  general: number | null;
  /** Foreign purchaser surcharge, 0 when none applies. Never reduced by the first-home scheme. */
  surcharge: number;
  /** general + surcharge; null when the general duty is a concession we do not estimate. */
  total: number | null;
  /** Set when the person said they are a first home buyer. */
  firstHome?: FirstHomeOutcome;
}

export interface QuoteFigures {
  /** The duty table's effective date the figures were worked out with. */
  ratesEffective: string;
  professionalFee: number;
  feeItems: FeeItem[];
  disbursements: { min: number; max: number };
  /** Null when only selling: transfer duty is the buyer's. */
  transferDuty: DutyFigures | null;
  /** Fee + disbursements + duty (or, when a concession applies, + the surcharge only). */
  estimatedTotal: { min: number; max: number };
  /** True when a concession leaves the general duty out of the total. */
  totalExcludesDuty: boolean;
}

/** The quote as an enquiry stores it: what the person said and what the server worked out. */
export interface StoredQuote {
  inputs: QuoteInput;
  figures: QuoteFigures;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (amountInCents: number) => amountInCents / 100;

/** Property the premium rate and the foreign surcharge apply to (see transferDuty.ts). */
export const isResidential = (type: PropertyType): boolean => type !== 'commercial';
export const isBuying = (role: QuoteRole): boolean => role !== 'selling';

/**
 * Duty at the general rates (and the premium rate for residential property), in cents.
 * "Per $100 or part": the value over the bracket's start is rounded up to whole $100s.
 */
export function generalDutyCents(price: number, residential: boolean, table: TransferDutyTable = TRANSFER_DUTY): number {
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

export function transferDuty(input: QuoteInput, table: TransferDutyTable = TRANSFER_DUTY): DutyFigures | null {
  if (!isBuying(input.role)) return null;
  const residential = isResidential(input.propertyType);
  const surcharge =
    input.foreignPurchaser && residential
      ? Math.round((cents(input.price) * table.foreignPurchaserSurcharge.percent) / 100)
      : 0;
  let general: number | null = generalDutyCents(input.price, residential, table);
  let firstHome: FirstHomeOutcome | undefined;
  if (input.firstHomeBuyer) {
    if (!residential) {
      firstHome = 'not-eligible';
    } else {
      const limits =
        input.propertyType === 'vacant-land' ? table.firstHomeBuyers.vacantLand : table.firstHomeBuyers.home;
      if (input.price <= limits.exemptUpTo) {
        firstHome = 'exempt';
        general = 0;
      } else if (input.price < limits.concessionBelow) {
        firstHome = 'concession';
        general = null;
      } else {
        firstHome = 'over-threshold';
      }
    }
  }
  return {
    general: general === null ? null : dollars(general),
    surcharge: dollars(surcharge),
    total: general === null ? null : dollars(general + surcharge),
    ...(firstHome ? { firstHome } : {}),
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

export function computeQuote(
  input: QuoteInput,
  { pricing = PRICING, table = TRANSFER_DUTY }: { pricing?: Pricing; table?: TransferDutyTable } = {},
): QuoteFigures {
  const items = feeItems(input, pricing);
  const professionalFee = items.reduce((sum, item) => sum + item.amount, 0);
  const duty = transferDuty(input, table);
  const dutyInTotal = duty === null ? 0 : cents(duty.total ?? duty.surcharge);
  const fixed = cents(professionalFee) + dutyInTotal;
  return {
    ratesEffective: table.effective,
    professionalFee,
    feeItems: items,
    disbursements: { ...pricing.disbursements },
    transferDuty: duty,
    estimatedTotal: {
      min: dollars(fixed + cents(pricing.disbursements.min)),
      max: dollars(fixed + cents(pricing.disbursements.max)),
    },
    totalExcludesDuty: duty !== null && duty.total === null,
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

const SUBJECT: Record<PropertyType, string> = {
  established: 'an established home',
  'off-the-plan': 'an off-the-plan property',
  'vacant-land': 'vacant land',
  commercial: 'a commercial property',
};

/** "Buying an established home at $800,000; first home buyer" – one line for people. */
export function describeQuoteInput(input: QuoteInput): string {
  const role = QUOTE_ROLES.find((option) => option.value === input.role)?.label ?? input.role;
  const notes = [
    input.firstHomeBuyer && 'first home buyer',
    input.foreignPurchaser && 'foreign purchaser',
    input.rush && 'settlement in under 2 weeks',
  ].filter(Boolean);
  return [`${role} ${SUBJECT[input.propertyType]} at ${formatAud(input.price)}`, ...notes].join('; ');
}

/** Transfer duty as a short text: "$30,412", "$0 (first home buyer exemption)", "Concession applies". */
export function describeDuty(duty: DutyFigures): string {
  if (duty.total === null) {
    return duty.surcharge > 0
      ? `First home buyer concession applies, plus ${formatAud(duty.surcharge)} foreign purchaser surcharge`
      : 'First home buyer concession applies';
  }
  const notes = [
    duty.firstHome === 'exempt' && 'first home buyer exemption',
    duty.surcharge > 0 && `includes ${formatAud(duty.surcharge)} foreign purchaser surcharge`,
  ].filter(Boolean);
  return notes.length > 0 ? `${formatAud(duty.total)} (${notes.join('; ')})` : formatAud(duty.total);
}

/** The labelled outputs, in order, as the page, the enquiry message and the staff view print them. */
export function quoteLines(figures: QuoteFigures): { label: string; value: string }[] {
  const lines = [
    { label: 'Professional fee', value: formatAud(figures.professionalFee) },
    { label: 'Disbursements', value: `typically ${formatAudRange(figures.disbursements)}` },
  ];
  if (figures.transferDuty) lines.push({ label: 'Transfer duty', value: describeDuty(figures.transferDuty) });
  lines.push({
    label: 'Estimated total',
    value: `${formatAudRange(figures.estimatedTotal)}${figures.totalExcludesDuty ? ' plus the concessional duty' : ''}`,
  });
  return lines;
}

/** The contact form's service that fits a quote (its options, spec §9). */
export function contactServiceFor(input: QuoteInput): 'commercial' | 'residential-sale' | 'off-the-plan' | 'residential-purchase' {
  if (input.propertyType === 'commercial') return 'commercial';
  if (input.role === 'selling') return 'residential-sale';
  if (input.propertyType === 'off-the-plan') return 'off-the-plan';
  return 'residential-purchase';
}
