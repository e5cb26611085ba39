/**
 * A notice about money to every principal at once: one staff notice (the alerts' outbox:
 * queued before the caller is answered, delivered after, retried for 24 hours) whose e-mail
 * goes to the practice's alert address and to each principal's own notice address (Settings ›
 * Your notices), and which the webhook hears of once. Its text names records, never digits:
 * the way out refuses a message with bank details anyway (mail/bank-details-guard.ts).
 *
 * Where staff alerts by e-mail are off (no ALERT_EMAIL_TO) but the site sends mail, the
 * principals' own addresses are still told, through the messages' outbox: a change to where
 * money goes must never reach nobody.
 */
import { deliverClientMail, queueClientMail } from '../mail/client-mail.ts';
import { queueStaffNoticeAfter } from '../mail/staff-alerts.ts';
import { leadDeskEnv } from '../platform/env.ts';
import { listUsers } from '../repositories/users-store.ts';

/**
 * The alert address, then every principal's own notice address, each once. Wider than the
 * register's `principalAddresses` (mail/principal-notices.ts), which must never reach the shared
 * alert inbox while a principal has an address of their own: a money notice names no suspicion,
 * and the office's inbox should hear of every change to where money goes.
 */
async function moneyNoticeAddresses(): Promise<string[]> {
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
  const addresses = await moneyNoticeAddresses();
  const to = addresses.join(', ');
  await queueStaffNoticeAfter(noticeId, { ...notice, ...(to ? { to } : {}) }, logLine, waitUntil);
  if (leadDeskEnv().email || !leadDeskEnv().clientEmail || addresses.length === 0) return;
  const id = `principals/${noticeId}`;
  if (await queueClientMail({ id, to, subject: notice.subject, text: notice.text })) {
    waitUntil(deliverClientMail(id).catch((error: unknown) => console.error('[payout] principals notice:', error)));
  }
}
