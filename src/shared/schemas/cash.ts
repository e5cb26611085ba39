/**
 * Cash receipts and the practice's cash policy (AML/CTF Act s 43, src/content/cash.ts): what
 * staff send to record cash received on an enquiry, what a principal sends to record the
 * threshold transaction report made, the policy a principal sets, and what the register
 * lists. Shared by the functions and the admin island.
 */
import * as z from 'zod/mini';
import { CASH_POLICIES, type CashPolicy } from '#src/content/cash.ts';
import { isCalendarDate } from './cdd.ts';
import { requiredText } from './fields.ts';
import { actorSchema } from './actor.ts';

export const CASH_LIMITS = {
  /** Dollars: anything above is a typing slip (a house's price in notes is not a conveyancer's receipt). */
  amount: 10_000_000,
  receivedFrom: 200,
  reference: 100,
} as const;

/** The first day a receipt may be dated: a typed year like 0026 or 1926 is a slip, not a receipt. */
const EARLIEST = '2000-01-01';

/** Whole cents: 9999.99 is an amount, 9999.999 is not. */
const isCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const pastDay = (what: string, example: string, today: () => string, future: string) =>
  z.string(`Please enter ${what}`).check(
    z.trim(),
    z.refine(isCalendarDate, { message: `Please enter ${what} as YYYY-MM-DD, e.g. ${example}`, abort: true }),
    z.refine((value) => value <= today(), { message: future, abort: true }),
    z.refine((value) => value >= EARLIEST, { message: `Please check the year of ${what}` }),
  );

/** `POST /api/contact-requests/{id}/cash`, judged on the Sydney day `today()` gives when a body is read. */
export const cashReceiptInputSchema = (today: () => string) =>
  z.object({
    amount: z
      .number('Please enter the amount received in dollars, e.g. 9500 or 12000.50')
      .check(
        z.gt(0, 'Please enter an amount above $0'),
        z.lte(CASH_LIMITS.amount, 'Please check the amount: up to $10,000,000'),
        z.refine(isCents, { message: 'Please enter the amount in dollars and cents, e.g. 12000.50' }),
      ),
    receivedAt: pastDay('the day the cash was received', '2026-11-26', today, 'Cash cannot be received in the future'),
    receivedFrom: requiredText('Please enter who handed over the cash', CASH_LIMITS.receivedFrom),
  });
export type CashReceiptInput = z.output<ReturnType<typeof cashReceiptInputSchema>>;

/** `PATCH /api/cash/{id}`: the day the threshold transaction report was made (Sydney, not in the future) and AUSTRAC's reference. */
export const cashReportSchema = (today: () => string) =>
  z.object({
    reportedAt: pastDay('the date of the report', '2026-11-26', today, 'The report cannot be dated in the future'),
    reference: requiredText('Please enter the reference AUSTRAC gave the report', CASH_LIMITS.reference),
  });
export type CashReportInput = z.output<ReturnType<typeof cashReportSchema>>;

/** `PUT /api/settings/cash` (principals). */
export const cashSettingsSchema = z.object({
  cash: z.enum(CASH_POLICIES, "Choose 'none' or 'accepted'"),
});
export type CashSettings = z.output<typeof cashSettingsSchema>;

/** `201` of `POST /api/contact-requests/{id}/cash`: `ttrDueBy` only for a threshold transaction. */
export const cashReceiptAnswerSchema = z.object({
  id: z.string(),
  amount: z.number(),
  receivedAt: z.string(),
  ttrDueBy: z.optional(z.string()),
});
export type CashReceiptAnswer = z.output<typeof cashReceiptAnswerSchema>;

/** One row of `GET /api/cash` (principals only; every read audited). */
export const cashReceiptRowSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  amount: z.number(),
  receivedAt: z.string(),
  receivedFrom: z.string(),
  recordedAt: z.string(),
  recordedBy: actorSchema,
  /** A threshold transaction (s 43): $10,000 or more in cash. */
  threshold: z.boolean(),
  /** The last day for its threshold transaction report (the 10th NSW business day after `receivedAt`). */
  ttrDueBy: z.optional(z.string()),
  /** Not reported and past `ttrDueBy`. */
  overdue: z.boolean(),
  report: z.nullable(
    z.object({ reportedAt: z.string(), reference: z.string(), recordedAt: z.string(), recordedBy: actorSchema }),
  ),
  /**
   * Receipts below the threshold, this one among them, on one enquiry or from one payer within
   * `STRUCTURING.windowDays`, that together reach it (s 142): their ids, for a principal to look
   * at. Empty when there is nothing to look at.
   */
  structuringWith: z.array(z.string()),
  retainUntil: z.string(),
});
export type CashReceiptRow = z.output<typeof cashReceiptRowSchema>;

export type { CashPolicy };
