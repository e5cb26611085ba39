/**
 * The client's side of the money on /matter/: what the page shows (the trust account, each
 * matter's details masked) and the 15-minute rule, for my-matters.ts.
 */
import type { PracticeAccount } from '#src/shared/schemas/bank-account.ts';
import type { ClientMatter } from '#src/shared/schemas/client-matter.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import type { PayoutStatus } from '#src/shared/states/payout.ts';
import { getPayout, openDetails } from '../repositories/payouts-store.ts';
import { signedInRecently } from './payout-workflow.ts';
import { trustAccountForClient } from './practice-accounts.ts';

/** A matter's current bank details as the client's page shows them: masked to the last three digits. */
export interface ClientPayout {
  status: PayoutStatus;
  accountName: string;
  bsb: string;
  numberLast3: string;
  submittedAt: string;
}

export interface PayoutPageState {
  /** Signed in within the last 15 minutes. */
  fresh: boolean;
  /** The signed-in address, for the sign-in-again form. */
  email: string;
  trust: (PracticeAccount & { reference: string }) | null;
  /** Each matter's current details, masked. */
  current: Record<string, ClientPayout>;
  /** Details that did not pass, on this matter. */
  form?: { matterId: string; values: Record<string, string>; errors: FieldErrors };
  /** The matter whose details were just saved. */
  saved?: string;
}

/** The page's money state for a signed-in client (`signedInAt`: when they opened the link). */
export async function payoutPageState(
  session: { email: string; signedInAt: number },
  matters: readonly Pick<ClientMatter, 'id'>[],
  extra: Pick<PayoutPageState, 'form' | 'saved'> = {},
): Promise<PayoutPageState> {
  const fresh = signedInRecently(session.signedInAt);
  const current: PayoutPageState['current'] = {};
  for (const matter of matters) {
    const record = await getPayout(matter.id);
    if (!record) continue;
    const index = record.versions.length - 1;
    const details = await openDetails(record, index);
    current[matter.id] = {
      status: record.status,
      accountName: details.accountName,
      bsb: details.bsb,
      numberLast3: details.number.slice(-3),
      submittedAt: record.versions[index]!.submittedAt,
    };
  }
  return { fresh, email: session.email, trust: fresh ? await trustAccountForClient() : null, current, ...extra };
}
