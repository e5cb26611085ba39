/**
 * The client's word on their identity details: an e-mail when the practice has received
 * them and one when it has verified them, each saying what happens next, to every client
 * of the engagement. Through the client outbox (written before the answer, delivered
 * after it, retried for 24 hours), about a matter, so each ends with the bank-details
 * warning. They carry no identity detail: only that the step happened.
 */
import type { EngagementRecord } from '#src/shared/schemas/engagement.ts';
import { getCdd, getCddMeta } from '../repositories/due-diligence-store.ts';
import { getEngagement } from '../repositories/engagements-store.ts';
import { clientMailConfigured, deliverClientMail, queueClientMail } from './client-mail.ts';

type WaitUntil = (promise: Promise<unknown>) => void;

export const RECEIVED_SUBJECT = 'We have received your identity details';
export const VERIFIED_SUBJECT = 'Your identity details are verified';

const matterWords = (record: EngagementRecord) =>
  `${record.content.matter.description}${record.content.matter.propertyAddress ? `, ${record.content.matter.propertyAddress}` : ''}`;

function receivedText(record: EngagementRecord, name: string): string {
  const { practice } = record.content;
  return [
    `Dear ${name},`,
    '',
    `Thank you: we have received your identity details for your matter (${matterWords(record)}).`,
    '',
    'What happens next: we check them against your documents and the sanctions lists, as the Anti-Money Laundering and Counter-Terrorism Financing Act 2006 requires before we act in a property transaction. We will e-mail you again once we have verified them; if we need anything more from you, we will call you.',
    '',
    `If anything you gave us is wrong, call us on ${practice.phone}.`,
  ].join('\n');
}

function verifiedText(record: EngagementRecord, name: string): string {
  const { practice, solicitor } = record.content;
  return [
    `Dear ${name},`,
    '',
    `We have verified your identity details for your matter (${matterWords(record)}). Thank you for giving them.`,
    '',
    `What happens next: we can now act for you. ${solicitor.name}, your solicitor, will contact you about the next steps in your matter.`,
    '',
    `If you have any questions, call us on ${practice.phone}.`,
  ].join('\n');
}

/** Queues one message per client (ids `{base}` for the first, `{base}-2`… after), then delivers after the answer. */
async function queueToEveryClient(
  record: EngagementRecord,
  base: string,
  subject: string,
  text: (record: EngagementRecord, name: string) => string,
  waitUntil: WaitUntil,
): Promise<void> {
  const subjectLine = `${subject} – ${record.content.practice.name}`;
  for (const [index, client] of record.clients.entries()) {
    const id = index === 0 ? base : `${base}-${index + 1}`;
    const queued = await queueClientMail({
      id,
      enquiryId: record.enquiryId,
      to: client.email,
      matter: true,
      subject: subjectLine,
      text: text(record, client.name),
    });
    if (queued) {
      waitUntil(deliverClientMail(id).catch((error: unknown) => console.error('[cdd-mail] delivery:', error)));
    }
  }
}

/**
 * After the client submitted their identity details (`submitClientCdd` succeeded): one
 * message per submission, named by its time, so a resubmission after staff asked for a
 * correction is confirmed too and a retried request is not.
 */
export async function confirmIdentityReceived(record: EngagementRecord, waitUntil: WaitUntil): Promise<void> {
  await queueSafely('received', () => queueReceived(record, waitUntil));
}

/**
 * The step has happened whatever becomes of its e-mail: a message that cannot be queued is
 * logged (the timeline shows no delivery), never turned into a refusal of the step.
 */
async function queueSafely(what: string, queue: () => Promise<void>): Promise<void> {
  if (!clientMailConfigured()) return;
  try {
    await queue();
  } catch (error) {
    console.error(`[cdd-mail] the ${what} confirmation could not be queued:`, error);
  }
}

async function queueReceived(record: EngagementRecord, waitUntil: WaitUntil): Promise<void> {
  const meta = await getCddMeta(record.enquiryId);
  if (!meta?.submittedAt || meta.status !== 'submitted') return;
  await queueToEveryClient(
    record,
    `cdd-${record.enquiryId}-received-${meta.submittedAt}`,
    RECEIVED_SUBJECT,
    receivedText,
    waitUntil,
  );
}

/**
 * After staff verified the due diligence, or a principal approved the rating that held it
 * (`verifyCdd`, `approveCdd`): once the record is verified, the client hears so. Not after
 * a re-screen's approval: the client was told they are verified when they were, and
 * ongoing screening is the practice's own check (nothing about it goes to the client).
 */
export async function confirmIdentityVerified(enquiryId: string, waitUntil: WaitUntil): Promise<void> {
  await queueSafely('verified', () => queueVerified(enquiryId, waitUntil));
}

async function queueVerified(enquiryId: string, waitUntil: WaitUntil): Promise<void> {
  const found = await getCdd(enquiryId);
  if (!found) return;
  const cdd = found.record;
  if (cdd.status !== 'verified' || cdd.closedAt || (cdd.rescreens?.length ?? 0) > 0 || !cdd.verifiedAt) return;
  const engagement = await getEngagement(cdd.engagementId);
  if (!engagement) return;
  await queueToEveryClient(
    engagement.record,
    `cdd-${enquiryId}-verified-${cdd.verifiedAt}`,
    VERIFIED_SUBJECT,
    verifiedText,
    waitUntil,
  );
}
