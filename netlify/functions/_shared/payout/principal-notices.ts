/**
 * A notice about money to every principal at once: one staff notice (the alerts' outbox:
 * queued before the caller is answered, delivered after, retried for 24 hours) whose e-mail
 * goes to the practice's alert address and to each principal's own notice address (Settings ›
 * Your notices), and which the webhook hears of once. Its text names records, never digits:
 * the way out refuses a message with bank details anyway (mail/bank-details-guard.ts).
 */
import { queueStaffNoticeAfter } from '../mail/staff-alerts.ts';
import { leadDeskEnv } from '../platform/env.ts';
import { listUsers } from '../repositories/users-store.ts';

/** The alert address, then every principal's own notice address, each once. */
export async function principalAddresses(): Promise<string[]> {
  const alert = leadDeskEnv().email?.to;
  const principals = (await listUsers()).filter((user) => user.role === 'principal').map((user) => user.email);
  return [...new Set([alert, ...principals].filter((address): address is string => Boolean(address)))];
}

export async function noticePrincipals(
  noticeId: string,
  notice: { subject: string; text: string },
  logLine: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> {
  const to = (await principalAddresses()).join(', ');
  await queueStaffNoticeAfter(noticeId, { ...notice, ...(to ? { to } : {}) }, logLine, waitUntil);
}
