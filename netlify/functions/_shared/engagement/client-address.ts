/**
 * Changing an accepted client's address: a principal's act, never staff's, since the link
 * to an accepted engagement opens the client's identity details and every variation goes
 * to the addresses that accepted (workflow.ts, `refuseNewAddresses`). The old address is
 * told at once, without the new one, so a client whose address was changed without their
 * asking hears of it where they still read; the new address gets a link only when staff
 * resend. Audited with the reason.
 */
import type { AuditActor } from '../repositories/audit-store.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { deliverClientMail, queueClientMail } from '../mail/client-mail.ts';
import { Refused } from '../platform/refused.ts';
import { now } from '#src/shared/clock.ts';
import type { EngagementSummary } from '#src/shared/schemas/engagement.ts';
import { changeEngagement, summaryOf } from './workflow.ts';

const NO_SUCH_CLIENT = 'This engagement has no such client';
export const NOT_ACCEPTED_YET =
  'This client has not accepted yet: send the engagement again to the right address instead (revoke it, then send)';
const mailbox = (email: string) => email.trim().toLowerCase();

export async function changeClientAddress(
  id: string,
  index: number,
  { email, reason }: { email: string; reason: string },
  principal: Exclude<AuditActor, 'system'>,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<EngagementSummary> {
  let previous = '';
  const { after } = await changeEngagement(id, (record) => {
    const client = record.clients[index];
    if (!client) throw new Refused('not-found', NO_SUCH_CLIENT);
    if (!client.acceptance) throw new Refused('conflict', NOT_ACCEPTED_YET);
    if (mailbox(client.email) === mailbox(email)) {
      const message = 'That is already this client’s address';
      throw new Refused('invalid', message, { fieldErrors: { email: [message] } });
    }
    if (record.clients.some((other, i) => i !== index && mailbox(other.email) === mailbox(email))) {
      const message = 'Another client of this engagement has that address: each client needs their own';
      throw new Refused('invalid', message, { fieldErrors: { email: [message] } });
    }
    previous = client.email;
    return { ...record, clients: record.clients.map((each, i) => (i === index ? { ...each, email } : each)) };
  });
  const at = new Date(now()).toISOString();
  const number = `client ${index + 1}`;
  await Promise.all([
    recordAudit({
      by: principal,
      action: 'engagement.client-address',
      target: `${after.enquiryId} (${number}: ${reason})`,
    }),
    appendActivity(after.enquiryId, {
      at,
      by: principal.username,
      type: 'engagement',
      text: `A principal changed the address of ${number} of the engagement: ${reason}`,
    }),
  ]);
  const noticeId = `client-address-${id}-${index}-${Date.parse(at).toString(36)}`;
  const queued = await queueClientMail({
    id: noticeId,
    enquiryId: after.enquiryId,
    to: previous,
    subject: 'Your e-mail address with us was changed',
    text: [
      `Dear ${after.clients[index]!.name},`,
      'The e-mail address we hold for you on your costs agreement with us was changed today, so our messages about your matter will no longer come to this address.',
      'If you did not ask for this, please call us at once.',
    ].join('\n\n'),
  });
  if (queued) {
    waitUntil(
      deliverClientMail(noticeId).catch((error: unknown) =>
        console.error('[engagements] address-change notice:', error),
      ),
    );
  }
  return summaryOf(after);
}
