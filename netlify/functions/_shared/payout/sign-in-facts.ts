/**
 * Facts about how people signed in and what changed, that the payout rules ask and that the
 * staff passkeys (issue 32) will provide. Each is one small function, so the rule that reads
 * it stays as it will be:
 *
 * - `practiceRequiresPasskeys()`: Settings › Sign-in's `passkeys: 'required'`, read from the
 *   practice settings when the field exists (it does not yet: false).
 * - `signedInWithPasskey(session)`: whether this staff session was started with a passkey.
 *   Sessions do not record how they signed in yet, so it is false: with passkeys required,
 *   nobody may reveal a client's bank details until sessions say so.
 * - `lastClientAddressChangeAt(enquiryId, sinceMs)`: when a principal last changed the
 *   client's address on record since `sinceMs`, from the audit log
 *   (`CLIENT_ADDRESS_CHANGE_ACTIONS`, the actions naming the enquiry first in their target);
 *   null when not since then. Only the days asked are read.
 */
import type { SessionUser } from '../../../../src/shared/schemas/login.ts';
import { listAuditPage } from '../repositories/audit-store.ts';
import { getSettings } from '../repositories/settings-store.ts';

/** The audit actions that change an accepted client's address (issue 32's principal-only route). */
export const CLIENT_ADDRESS_CHANGE_ACTIONS: readonly string[] = ['engagement.client-address', 'client.address-change'];

export async function practiceRequiresPasskeys(): Promise<boolean> {
  const settings: object = await getSettings();
  return 'passkeys' in settings && settings.passkeys === 'required';
}

export function signedInWithPasskey(session: SessionUser): boolean {
  return 'signedInWith' in session && session.signedInWith === 'passkey';
}

export async function lastClientAddressChangeAt(enquiryId: string, sinceMs: number): Promise<string | null> {
  const { entries } = await listAuditPage(1000, undefined, { fromMs: sinceMs });
  const change = entries.find(
    (event) => CLIENT_ADDRESS_CHANGE_ACTIONS.includes(event.action) && event.target.split(/\s/)[0] === enquiryId,
  );
  return change?.at ?? null;
}
