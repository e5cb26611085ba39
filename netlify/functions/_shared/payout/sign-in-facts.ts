/**
 * Facts about how people signed in and what changed, that the payout rules ask of the staff
 * passkeys (decision 045) and the audit log. Each is one small function:
 *
 * - `practiceRequiresPasskeys()`: Settings › Sign-in's `passkeys: 'required'`.
 * - the reveal asks whether this staff session was started with a passkey
 *   (`VerifiedSession.signedInWithPasskey`, recorded on the session at sign-in).
 * - `lastClientAddressChangeAt(enquiryId, sinceMs)`: when a principal last changed the
 *   client's address on record since `sinceMs`, from the audit log
 *   (`CLIENT_ADDRESS_CHANGE_ACTIONS`, the actions naming the enquiry first in their target);
 *   null when not since then. Only the days asked are read.
 */
import { listAuditPage } from '../repositories/audit-store.ts';
import { getSignInSettings } from '../repositories/settings-store.ts';

/** The audit actions that change an accepted client's address (issue 32's principal-only route). */
export const CLIENT_ADDRESS_CHANGE_ACTIONS: readonly string[] = ['engagement.client-address'];

export async function practiceRequiresPasskeys(): Promise<boolean> {
  return (await getSignInSettings()).passkeys === 'required';
}

export async function lastClientAddressChangeAt(enquiryId: string, sinceMs: number): Promise<string | null> {
  const { entries } = await listAuditPage(1000, undefined, { fromMs: sinceMs });
  const change = entries.find(
    (event) => CLIENT_ADDRESS_CHANGE_ACTIONS.includes(event.action) && event.target.split(/\s/)[0] === enquiryId,
  );
  return change?.at ?? null;
}
