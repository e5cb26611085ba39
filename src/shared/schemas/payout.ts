/**
 * The client's bank details on a matter, staff's side: the call-back staff record, and the
 * masked view they read (the digits in full only through the audited reveal). Shared by the
 * functions and the admin island (hence `zod/mini`).
 */
import * as z from 'zod/mini';
import type { PayoutStatus } from '../states/payout.ts';
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

export interface PayoutActor {
  id: string;
  username: string;
}

export interface PayoutCallBackView {
  by: PayoutActor;
  recordedAt: string;
  calledAt: string;
  calledNumber: string;
  readBack: true;
  payeeCheck: PayeeCheck;
  note?: string;
}

export interface PayoutApprovalView {
  by: PayoutActor;
  at: string;
}

/** One set of details as entered, masked: the account number's last three digits only. */
export interface PayoutVersionView {
  submittedAt: string;
  accountName: string;
  bsb: string;
  numberLast3: string;
  highRisk: boolean;
  highRiskReasons: HighRiskReason[];
  callBack?: PayoutCallBackView;
  approval?: PayoutApprovalView;
}

/** What happens next and who may do it. */
export interface PayoutNextStep {
  step: 'call-back' | 'approve' | 're-enter' | 'none';
  /** In words, e.g. "Approve: a principal other than ann". */
  label: string;
  /** Account ids that may not take the step (the caller, for the approval). */
  notBy?: string[];
  /** Only a principal may take it. */
  principalOnly?: boolean;
}

/** `GET /api/matters/{id}/payout` */
export interface PayoutView {
  matterId: string;
  status: PayoutStatus;
  accountName: string;
  bsb: string;
  numberLast3: string;
  submittedAt: string;
  highRisk: boolean;
  highRiskReasons: HighRiskReason[];
  versions: PayoutVersionView[];
  callBack?: PayoutCallBackView;
  approval?: PayoutApprovalView;
  next: PayoutNextStep;
}

/** `POST /api/matters/{id}/payout/reveal` */
export interface PayoutRevealed {
  accountName: string;
  bsb: string;
  number: string;
}

/** `GET /api/payouts`: the "Bank details" queue, what waits, oldest first. */
export interface PayoutQueueItem {
  matterId: string;
  client: string;
  status: PayoutStatus;
  submittedAt: string;
  highRisk: boolean;
  next: PayoutNextStep;
}
