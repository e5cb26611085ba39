/**
 * The e-mails an engagement sends the client: the link (sent, resent, reminder), sent at
 * once, and the signed copy after acceptance, through the client outbox.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { EngagementClient, EngagementRecord } from '#src/shared/schemas/engagement.ts';
import { sydneyFormat } from '#src/shared/sydney-time.ts';
import { clientMailConfigured, deliverClientMail, queueClientMail, sendClientMailNow } from './client-mail.ts';
import { documentLocation } from '../repositories/engagements-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';

const sydneyDay = sydneyFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const SUBJECTS = {
  sent: 'Your costs agreement to read and accept',
  resent: 'Your costs agreement: a new link',
  reissued: 'Your accepted costs agreement: a new link',
  reminder: 'Reminder: your costs agreement is waiting',
} as const;

/** The link e-mail's subject and plain text. */
export function linkMessage(
  record: EngagementRecord,
  client: Pick<EngagementClient, 'name'>,
  url: string,
  kind: keyof typeof SUBJECTS,
): { subject: string; text: string } {
  const { practice, solicitor, matter } = record.content;
  if (kind === 'reissued') {
    return {
      subject: `${SUBJECTS[kind]} – ${practice.name}`,
      text: [
        `Dear ${client.name},`,
        '',
        `Here is a new personal link to the costs agreement you accepted with ${practice.name}. It shows the document you accepted and, until we have verified them, your identity details.`,
        '',
        `Matter: ${matter.description}${matter.propertyAddress ? `, ${matter.propertyAddress}` : ''}`,
        '',
        url,
        '',
        'Any earlier link we sent you has ended. Please keep this one to yourself.',
        `If you did not expect this e-mail, or have any questions, call us on ${practice.phone}.`,
      ].join('\n'),
    };
  }
  const others = record.clients.filter((each) => each.name !== client.name).map((each) => each.name);
  const lines = [
    `Dear ${client.name},`,
    '',
    kind === 'reminder'
      ? `This is a reminder that your costs disclosure and costs agreement from ${practice.name} are waiting for you.`
      : record.variationOf
        ? `${practice.name} has updated the costs disclosure for your matter. The updated disclosure says what has changed and why, and is ready for you to read.`
        : `Thank you for choosing ${practice.name}. Your costs disclosure and costs agreement are ready for you to read.`,
    ...(others.length
      ? [
          '',
          `The agreement is also with ${others.join(' and ')}: each of you has their own link and accepts for themselves.`,
        ]
      : []),
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
 * Sends the link e-mail at once (never through the outbox: the link is a secret the store
 * must not keep). False when e-mail is not configured or the send failed: staff then pass
 * the link on themselves, as the desk tells them, and the timeline says what happened.
 */
export async function sendEngagementLink(
  record: EngagementRecord,
  client: EngagementClient,
  url: string,
  kind: keyof typeof SUBJECTS,
): Promise<boolean> {
  if (!clientMailConfigured()) return false;
  const message = linkMessage(record, client, url, kind);
  const button = kind === 'reissued' ? 'Open your costs agreement' : 'Read and accept your costs agreement';
  try {
    await sendClientMailNow({ enquiryId: record.enquiryId, to: client.email, button, ...message });
  } catch (error) {
    console.warn(
      `[engagements] the ${kind} e-mail for ${record.id} failed:`,
      error instanceof Error ? error.message : error,
    );
    await appendActivity(record.enquiryId, {
      at: new Date(currentTime()).toISOString(),
      by: 'system',
      type: 'email',
      text: `E-mail to the client failed: ${message.subject}`,
    });
    return false;
  }
  await appendActivity(record.enquiryId, {
    at: new Date(currentTime()).toISOString(),
    by: 'system',
    type: 'email',
    text: `E-mail to the client delivered: ${message.subject}`,
  });
  return true;
}

/**
 * Once every client has accepted: the signed PDF (every acceptance printed) to each client,
 * through the outbox (retried for 24 hours; it carries no secret, the PDF is read from the
 * store when sent). Never blocks the client's answer.
 */
export async function queueSignedCopy(record: EngagementRecord, waitUntil: (promise: Promise<unknown>) => void) {
  const acceptance = record.acceptance;
  if (!acceptance || !clientMailConfigured()) return;
  await Promise.all(
    record.clients.map((client, index) =>
      // The first client's message keeps the id it had before joint clients (one per engagement).
      queueSignedCopyTo(record, client, index === 0 ? '' : `-${index + 1}`, acceptance.documentSha256, waitUntil),
    ),
  );
}

async function queueSignedCopyTo(
  record: EngagementRecord,
  client: EngagementClient,
  suffix: string,
  documentSha256: string,
  waitUntil: (promise: Promise<unknown>) => void,
) {
  const acceptance = { documentSha256 };
  const id = `engagement-${record.id}-signed${suffix}`;
  const { practice } = record.content;
  const queued = await queueClientMail({
    id,
    enquiryId: record.enquiryId,
    to: client.email,
    subject: `Your signed costs agreement – ${practice.name}`,
    text: [
      `Dear ${client.name},`,
      '',
      `Thank you: you accepted our costs disclosure and costs agreement for your matter (${record.content.matter.description}).`,
      'A copy of the document you accepted is attached. Please keep it.',
      '',
      `Its SHA-256 fingerprint is ${acceptance.documentSha256}.`,
      '',
      // Not "acting" yet: s 28(1) allows no work before the client's identity is verified.
      'What happens next: we start work on your matter once we have verified your identity, which the Anti-Money Laundering and Counter-Terrorism Financing Act 2006 requires before we act in a property transaction.',
      'Please give us your identity details through the link in our e-mail with the costs agreement: its page now has "Continue to your identity details". We will let you know once we have verified them.',
      '',
      `If you have any questions, call us on ${practice.phone}.`,
    ].join('\n'),
    attachment: {
      filename: `costs-agreement-${record.id}.pdf`,
      contentType: 'application/pdf',
      ...documentLocation(record.id, acceptance.documentSha256),
    },
  });
  if (queued)
    waitUntil(deliverClientMail(id).catch((error: unknown) => console.error('[engagements] signed copy:', error)));
}
