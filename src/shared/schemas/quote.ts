/**
 * The `quote` an enquiry may carry: only what the person chose. The figures are
 * never read from a request; the server works them out again with `computeQuote`.
 */
import * as z from 'zod/mini';
import { PROPERTY_TYPES, QUOTE_ROLES } from '../quote-options.ts';
import type { QuoteInput, StoredQuote } from '../quote.ts';

/** A real calendar day written YYYY-MM-DD (Date.parse alone accepts 30 February). */
const isCalendarDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Above any NSW sale on record by far; keeps the arithmetic in safe integers. */
export const MAX_QUOTE_PRICE = 1_000_000_000;

type Options = readonly { value: string }[];
const values = <T extends Options>(options: T) =>
  options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]];

const flag = (name: string) => z._default(z.boolean(`Quote: ${name} must be true or false`), false);

export const quoteInputSchema = z.object(
  {
    price: z
      .number('Quote: please enter the property price in dollars')
      .check(
        z.gt(0, 'Quote: please enter a property price above $0'),
        z.lte(MAX_QUOTE_PRICE, 'Quote: please enter a property price up to $1,000,000,000'),
      ),
    role: z.enum(values(QUOTE_ROLES), { error: "Quote: please choose 'buying', 'selling' or 'both'" }),
    propertyType: z.enum(values(PROPERTY_TYPES), {
      error: "Quote: please choose 'established', 'off-the-plan', 'vacant-land' or 'commercial'",
    }),
    firstHomeBuyer: flag('firstHomeBuyer'),
    foreignPurchaser: flag('foreignPurchaser'),
    // Read only with foreignPurchaser; 100 (all buyers foreign) unless the person says otherwise.
    foreignShare: z._default(
      z
        .number("Quote: please enter the foreign buyers' share as a percentage")
        .check(
          z.gte(1, "Quote: the foreign buyers' share must be between 1% and 100%"),
          z.lte(100, "Quote: the foreign buyers' share must be between 1% and 100%"),
        ),
      100,
    ),
    rush: flag('rush'),
    contractDate: z.optional(
      z
        .string('Quote: please enter the contract date as YYYY-MM-DD')
        .check(
          z.refine(
            (value) => isCalendarDate(value) && value >= '2000-01-01' && value <= '2100-12-31',
            'Quote: please enter the contract date as YYYY-MM-DD',
          ),
        ),
    ),
  },
  { error: 'Quote: send the quote as an object' },
);

// The schema and the calculator must agree on the input's shape.
const _sameShape: z.output<typeof quoteInputSchema> extends QuoteInput
  ? QuoteInput extends z.output<typeof quoteInputSchema>
    ? true
    : never
  : never = true;
void _sameShape;

const range = z.object({ min: z.number(), max: z.number() });

/**
 * A quote as an enquiry stores it (`{ inputs, figures }`), for schemas that parse stored
 * records on read: without it there, a parser would drop the quote staff should see.
 */
export const storedQuoteSchema = z.object({
  inputs: quoteInputSchema,
  figures: z.object({
    ratesEffective: z.string(),
    ratesCurrent: z.boolean(),
    coolingOffBusinessDays: z.optional(z.number()),
    professionalFee: z.number(),
    feeItems: z.array(
      z.object({
        key: z.enum(['base', 'simultaneousSaleAndPurchase', 'offThePlan', 'rushService']),
        label: z.string(),
        amount: z.number(),
      }),
    ),
    disbursements: range,
    // Strict: a key it does not know (e.g. the rule under another name) is refused, not
    // dropped, which would show the quote without its first-home rule.
    transferDuty: z.nullable(
      z.strictObject({
        general: z.number(),
        surcharge: z.number(),
        total: z.number(),
        firstHomeRule: z.optional(z.enum(['exemption', 'concession', 'none'])),
        fullGeneral: z.optional(z.number()),
        dueDate: z.string(),
        deferredDueDate: z.optional(z.string()),
      }),
    ),
    estimatedTotal: range,
  }),
});

const _sameStoredShape: z.output<typeof storedQuoteSchema> extends StoredQuote
  ? StoredQuote extends z.output<typeof storedQuoteSchema>
    ? true
    : never
  : never = true;
void _sameStoredShape;
