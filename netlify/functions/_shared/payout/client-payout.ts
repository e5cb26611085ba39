/**
 * The client's side of the money on /matter/: what the page shows (the trust account, each
 * matter's details masked) and the 15-minute rule, for my-matters.ts.
 */
import type { ClientMatter } from '../../../../src/shared/schemas/client-matter.ts';
import type { PayoutPageState } from '../pages/payout-section.tsx';
import { getPayout, openDetails } from '../repositories/payouts-store.ts';
import { signedInRecently } from './payout-workflow.ts';
import { trustAccountForClient } from './practice-accounts.ts';

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
