/**
 * A bank account as people give it: account name, BSB and account number (and, for the
 * practice's own accounts, the bank). Shared by Settings › Accounts (the practice's trust and
 * office accounts) and the client's payout details on /matter/, and by the admin island
 * (hence `zod/mini`).
 *
 * BSB: six digits, kept as `NNN-NNN` (the Australian Payments Network's Bank-State-Branch
 * number, written with or without the hyphen or a space). Account number: 6 to 10 digits, kept
 * without spaces or hyphens (Australian banks' account numbers are at most 9 digits, a few
 * 10).
 */
import * as z from 'zod/mini';
import { requiredText } from './fields.ts';

export const BANK_ACCOUNT_LIMITS = { name: 80, bank: 60 } as const;

export const BSB_MESSAGE = 'Please enter the BSB as six digits, like 062-000';
export const ACCOUNT_NUMBER_MESSAGE = 'Please enter the account number: 6 to 10 digits';

const separators = /[\s\u2010-\u2013-]/g;

/** `062000`, `062 000`, `062-000` → `062-000`. */
export const bsbField = z.pipe(
  z.string(BSB_MESSAGE).check(
    z.trim(),
    z.refine((value) => /^\d{6}$/.test(value.replace(separators, '')), BSB_MESSAGE),
  ),
  z.transform((value) => value.replace(separators, '').replace(/^(\d{3})(\d{3})$/, '$1-$2')),
);

/** `1234 5678` → `12345678`. */
export const accountNumberField = z.pipe(
  z.string(ACCOUNT_NUMBER_MESSAGE).check(
    z.trim(),
    z.refine((value) => /^\d{6,10}$/.test(value.replace(separators, '')), ACCOUNT_NUMBER_MESSAGE),
  ),
  z.transform((value) => value.replace(separators, '')),
);

export const accountNameField = requiredText('Please enter the account name', BANK_ACCOUNT_LIMITS.name);

/** `PUT /api/settings/accounts/{trust|office}`: one of the practice's accounts. */
export const practiceAccountSchema = z.object({
  name: accountNameField,
  bsb: bsbField,
  number: accountNumberField,
  bank: requiredText('Please enter the bank', BANK_ACCOUNT_LIMITS.bank),
});
export type PracticeAccount = z.output<typeof practiceAccountSchema>;

export const PRACTICE_ACCOUNT_KINDS = ['trust', 'office'] as const;
export type PracticeAccountKind = (typeof PRACTICE_ACCOUNT_KINDS)[number];
export const PRACTICE_ACCOUNT_LABELS: Record<PracticeAccountKind, string> = {
  trust: 'Trust account',
  office: 'Office account',
};

/** A change to one of the practice's accounts, waiting for a second account's approval. */
export interface PendingAccountChange {
  account: PracticeAccountKind;
  requestedBy: { id: string; username: string };
  requestedAt: string;
  /** What the approver approves: the account as it will be. */
  details: PracticeAccount;
}

/** `GET /api/settings/accounts`: the practice's digits, shown to staff here and nowhere else. */
export interface PracticeAccountsView {
  trust: (PracticeAccount & { reference: string }) | null;
  office?: PracticeAccount & { reference: string };
  pending?: PendingAccountChange & { reference: string };
}

/** `PUT /api/my-matters/{id}/payout`: the account the client's money is paid to. */
export const payoutDetailsSchema = z.object({
  accountName: accountNameField,
  bsb: bsbField,
  number: accountNumberField,
});
export type PayoutDetails = z.output<typeof payoutDetailsSchema>;

/** One of the practice's accounts as staff read it, with the reference code clients quote. */
const practiceAccountViewSchema = z.extend(practiceAccountSchema, { reference: z.string() });
/** A change waiting for its approval, as `GET /api/settings/accounts` shows it. */
export const pendingAccountChangeSchema = z.object({
  account: z.enum(PRACTICE_ACCOUNT_KINDS),
  requestedBy: z.object({ id: z.string(), username: z.string() }),
  requestedAt: z.string(),
  details: practiceAccountSchema,
  reference: z.string(),
});
/** The answer of `GET /api/settings/accounts` (PracticeAccountsView). */
export const practiceAccountsViewSchema = z.object({
  trust: z.nullable(practiceAccountViewSchema),
  office: z.optional(practiceAccountViewSchema),
  pending: z.optional(pendingAccountChangeSchema),
});
