/**
 * The client's bank details for a matter (a seller's proceeds, a buyer's balance or refund):
 * their states and what each action does in each (docs/decisions/046-verified-funds-channel.md).
 * The client enters them on /matter/ (`submit`); a member of staff rings the client back on a
 * number the practice already had and reads the digits back (`call-back`); another person
 * approves them (`approve`). A new set from the client, at any state, starts again at
 * `submitted` (the earlier sets are kept as versions).
 *
 * Who may act is not a state: the approver must not be the caller, a high-risk set needs a
 * principal, and a payee check that did not match cannot be approved (`payoutApprovalRefusal`).
 */
import type { StaffRole } from '../schemas/login.ts';
import type { Cell, Refusal, StateTable } from './decision.ts';

export const PAYOUT_STATUSES = ['submitted', 'called-back', 'approved'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  submitted: 'Waiting for the call-back',
  'called-back': 'Called back: waiting for approval',
  approved: 'Approved',
};

export const PAYOUT_ACTIONS = ['submit', 'call-back', 'approve'] as const;
export type PayoutAction = (typeof PAYOUT_ACTIONS)[number];

export type PayoutRefusalCode =
  | 'payout-call-back-first'
  | 'payout-called-back'
  | 'payout-approved'
  | 'payout-same-person'
  | 'payout-principal-required'
  | 'payout-no-match';
export type PayoutCell = Cell<PayoutStatus, PayoutRefusalCode>;

const refusal = (code: PayoutRefusalCode, status: number, message: string): Refusal<PayoutRefusalCode> => ({
  code,
  status,
  message,
});

export const CALL_BACK_FIRST = refusal(
  'payout-call-back-first',
  409,
  'Record the call-back first: these details cannot be approved before someone has rung the client and read them back',
);
const CALLED_BACK = refusal(
  'payout-called-back',
  409,
  'The call-back for these details is already recorded: they now wait for another person to approve them',
);
const APPROVED = refusal('payout-approved', 409, 'These details are already approved');
export const SAME_PERSON = refusal(
  'payout-same-person',
  403,
  'Another person must approve these details: you recorded the call-back',
);
export const PRINCIPAL_REQUIRED = refusal(
  'payout-principal-required',
  403,
  'These details are high risk: a principal other than the caller must approve them',
);
export const PAYEE_NO_MATCH = refusal(
  'payout-no-match',
  409,
  'The bank’s payee check did not match the account name: these details cannot be approved. Ask the client to check them and enter them again on their matter page',
);

const to = (next: PayoutStatus) => ({ next }) as const;
const no = (refused: Refusal<PayoutRefusalCode>) => ({ refused }) as const;

export const PAYOUT_TRANSITIONS: StateTable<PayoutStatus, PayoutAction, PayoutRefusalCode> = {
  submitted: { submit: to('submitted'), 'call-back': to('called-back'), approve: no(CALL_BACK_FIRST) },
  'called-back': { submit: to('submitted'), 'call-back': no(CALLED_BACK), approve: to('approved') },
  approved: { submit: to('submitted'), 'call-back': no(APPROVED), approve: no(APPROVED) },
};

/** The checks on the approver beyond the cell: never the caller; a principal for high risk; never a no-match. */
export function payoutApprovalRefusal(
  facts: { callerId: string; highRisk: boolean; payeeCheck: string },
  approver: { id: string; role: StaffRole },
): Refusal<PayoutRefusalCode> | null {
  if (approver.id === facts.callerId) return SAME_PERSON;
  if (facts.payeeCheck === 'no-match') return PAYEE_NO_MATCH;
  if (facts.highRisk && approver.role !== 'principal') return PRINCIPAL_REQUIRED;
  return null;
}
