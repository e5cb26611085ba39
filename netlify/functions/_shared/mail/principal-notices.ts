/**
 * Notices only principals may hear of: a true sanctions match, a suspicious matter recorded
 * (AML/CTF Act s 123: no tipping off, and the register is for principals). Each principal
 * gets it at their own notice address (Settings › Your notices); when a principal has none,
 * the practice's alert address gets it in their place, once. By e-mail only: never the
 * webhook (the practice's shared channel), never a staff-role account's own address, never
 * the client. Queued in the alerts' outbox and delivered at once, retried like any notice.
 *
 * The notice must name records by id and link only: no client's name, no grounds, no
 * evidence (it travels by e-mail).
 */
import { leadDeskEnv } from '../platform/env.ts';
import { listUsers } from '../repositories/users-store.ts';
import { queueMailOnlyNotice } from './staff-alerts.ts';

export interface PrincipalNotice {
  subject: string;
  text: string;
}

/**
 * The addresses a principals' notice goes to: each principal's own, and the alert address
 * for the principals without one (once, and only when there is such a principal).
 */
export async function principalAddresses(): Promise<string[]> {
  const principals = (await listUsers()).filter((user) => user.role === 'principal');
  const alertAddress = leadDeskEnv().email?.to;
  const addresses = principals.map((user) => user.email ?? alertAddress);
  return [...new Set(addresses.filter((address): address is string => address !== undefined && address !== ''))];
}

/**
 * Tells every principal at once (see above). `noticeId` names the event (each address gets
 * its own entry under it, so a retry never sends one twice). Resolves with the addresses it
 * was queued for; without e-mail set up, nothing is sent and `logLine` is logged.
 */
export async function notifyPrincipals(noticeId: string, notice: PrincipalNotice, logLine: string): Promise<string[]> {
  if (!leadDeskEnv().email) {
    console.info(`[alert] e-mail is not configured; ${logLine}`);
    return [];
  }
  const addresses = await principalAddresses();
  if (addresses.length === 0) {
    console.info(`[alert] no principal's address to tell; ${logLine}`);
    return [];
  }
  const queued: string[] = [];
  for (const [index, to] of addresses.entries()) {
    await queueMailOnlyNotice(`${noticeId}-p${index}`, { ...notice, to }, logLine);
    queued.push(to);
  }
  return queued;
}
