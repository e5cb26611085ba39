/**
 * The client's bank details on a matter, staff's side: the call-back staff record, and the
 * masked view they read (the digits in full only through the audited reveal). Shared by the
 * functions and the admin island (hence `zod/mini`).
 */
import * as z from 'zod/mini';
import { PAYOUT_STATUSES } from '../states/payout.ts';
import { actorSchema, type Actor } from './actor.ts';
import { optionalText } from './fields.ts';

export const PAYEE_CHECKS = ['match', 'close-match', 'no-match', 'unavailable'] as const;
export type PayeeCheck = (typeof PAYEE_CHECKS)[number];
/** Confirmation of Payee, as the bank's own app answers the account name for a BSB and number. */
export const PAYEE_CHECK_LABELS: Record<PayeeCheck, string> = {
  match: 'Match',
  'close-match': 'Close match',
  'no-match': 'No match',
  unavailable: 'Not available',
};

export const PAYOUT_LIMITS = { note: 1000, phone: 40 } as const;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** `POST /api/matters/{id}/payout/call-back`: `calledAt` not in the future is the server's check (its clock). */
export const callBackSchema = z.object({
  calledNumber: z
    .string('Give the number you rang')
    .check(
      z.trim(),
      z.minLength(6, 'Give the number you rang'),
      z.maxLength(PAYOUT_LIMITS.phone, 'Give the number you rang'),
    ),
  calledAt: z
    .string('Give when you rang, as an ISO 8601 instant')
    .check(
      z.refine(
        (value) => INSTANT.test(value) && !Number.isNaN(Date.parse(value)),
        'Give when you rang, as an ISO 8601 instant',
      ),
    ),
  readBack: z.literal(true, 'Read the account name, BSB and number back to the client, then tick this'),
  payeeCheck: z.enum(PAYEE_CHECKS, 'Say what the bank’s payee check answered'),
  note: optionalText(PAYOUT_LIMITS.note, { multiline: true }),
});
export type CallBackInput = z.output<typeof callBackSchema>;

export const HIGH_RISK_REASONS = ['near-settlement', 'address-changed'] as const;
export type HighRiskReason = (typeof HIGH_RISK_REASONS)[number];
export const HIGH_RISK_LABELS: Record<HighRiskReason, string> = {
  'near-settlement': 'Entered within 7 days of settlement',
  'address-changed': 'Entered within 7 days of a change to the client’s address',
};

export type PayoutActor = Actor;

export const payoutCallBackViewSchema = z.object({
  by: actorSchema,
  recordedAt: z.string(),
  calledAt: z.string(),
  calledNumber: z.string(),
  readBack: z.literal(true),
  payeeCheck: z.enum(PAYEE_CHECKS),
  note: z.optional(z.string()),
});
export type PayoutCallBackView = z.output<typeof payoutCallBackViewSchema>;

export const payoutApprovalViewSchema = z.object({ by: actorSchema, at: z.string() });
export type PayoutApprovalView = z.output<typeof payoutApprovalViewSchema>;

/** One set of details as entered, masked: the account number's last three digits only. */
export const payoutVersionViewSchema = z.object({
  submittedAt: z.string(),
  accountName: z.string(),
  bsb: z.string(),
  numberLast3: z.string(),
  highRisk: z.boolean(),
  highRiskReasons: z.array(z.enum(HIGH_RISK_REASONS)),
  callBack: z.optional(payoutCallBackViewSchema),
  approval: z.optional(payoutApprovalViewSchema),
});
export type PayoutVersionView = z.output<typeof payoutVersionViewSchema>;

/** What happens next and who may do it. */
export const payoutNextStepSchema = z.object({
  step: z.enum(['call-back', 'approve', 're-enter', 'none']),
  /** In words, e.g. "Approve: a principal other than ann". */
  label: z.string(),
  /** Account ids that may not take the step (the caller, for the approval). */
  notBy: z.optional(z.array(z.string())),
  /** Only a principal may take it. */
  principalOnly: z.optional(z.boolean()),
});
export type PayoutNextStep = z.output<typeof payoutNextStepSchema>;

/** `GET /api/matters/{id}/payout` */
export const payoutViewSchema = z.object({
  matterId: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  accountName: z.string(),
  bsb: z.string(),
  numberLast3: z.string(),
  submittedAt: z.string(),
  highRisk: z.boolean(),
  highRiskReasons: z.array(z.enum(HIGH_RISK_REASONS)),
  versions: z.array(payoutVersionViewSchema),
  callBack: z.optional(payoutCallBackViewSchema),
  approval: z.optional(payoutApprovalViewSchema),
  next: payoutNextStepSchema,
});
export type PayoutView = z.output<typeof payoutViewSchema>;

/** `POST /api/matters/{id}/payout/reveal` */
export const payoutRevealedSchema = z.object({ accountName: z.string(), bsb: z.string(), number: z.string() });
export type PayoutRevealed = z.output<typeof payoutRevealedSchema>;

/** `GET /api/payouts`: the "Bank details" queue, what waits, oldest first. */
export const payoutQueueItemSchema = z.object({
  matterId: z.string(),
  client: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  submittedAt: z.string(),
  highRisk: z.boolean(),
  next: payoutNextStepSchema,
});
export type PayoutQueueItem = z.output<typeof payoutQueueItemSchema>;
