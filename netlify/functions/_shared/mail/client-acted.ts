/**
 * Telling staff when a client acts through their link: accepts the costs agreement, or
 * submits identity details for checking. Each is a staff notice through the alerts' outbox
 * (queued before the client's answer, delivered after it, retried like an enquiry alert).
 * Its e-mail goes to the member of staff responsible, the enquiry's assignee, when their
 * account has an address for notices (Settings › Your notices), else to the
 * practice's alert address; the webhook, the practice's channel, hears of it either way. It
 * names the client, who is responsible (the assignee and the engagement's solicitor) and
 * links to the enquiry, like an enquiry alert; none of the client's contact or identity
 * details.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { EngagementRecord } from '#src/shared/schemas/engagement.ts';
import { singleLine } from '#src/shared/schemas/fields.ts';
import { getStoredEnquiry } from '../repositories/enquiries-store.ts';
import { findUser } from '../repositories/users-store.ts';
import { queueStaffNoticeAfter, sydneyTime } from './staff-alerts.ts';

/** A name as one line a chat client shows as is (`<` and `>` would start Slack's link syntax). */
const oneLine = (name: string) => singleLine(name).replace(/[<>]/g, '').trim();

interface Responsible {
  /** The lines naming them. */
  lines: string[];
  /** The assignee's own address for notices, when their account has one. */
  to?: string;
}

/** Who is responsible for the enquiry: its assignee on the desk and the engagement's solicitor. */
async function responsible(record: EngagementRecord): Promise<Responsible> {
  const enquiry = await getStoredEnquiry(record.enquiryId);
  const assignee = enquiry?.record.assignee;
  const to = assignee ? (await findUser(assignee))?.email : undefined;
  return {
    lines: [
      assignee ? `Assigned to: ${assignee}` : 'Assigned to: nobody yet',
      `Responsible solicitor: ${oneLine(record.content.solicitor.name)}`,
    ],
    ...(to ? { to } : {}),
  };
}

type Notice = { subject: string; text: string; to?: string };

const adminUrl = (origin: string, enquiryId: string) => `${origin}/admin?enquiry=${encodeURIComponent(enquiryId)}`;

/** The notice of a client's acceptance (`client`: the index of the link's client). */
export async function acceptedNotice(record: EngagementRecord, client: number, origin: string): Promise<Notice> {
  const who = record.clients[client];
  const name = oneLine(who?.acceptance?.fullName ?? who?.name ?? 'The client');
  const when = sydneyTime.format(new Date(who?.acceptance?.at ?? currentTime()));
  const what = record.variationOf ? 'the updated costs disclosure (a variation)' : 'the costs agreement';
  const waiting = record.clients.filter((each) => !each.acceptance).map((each) => oneLine(each.name));
  const { lines, to } = await responsible(record);
  return {
    ...(to ? { to } : {}),
    subject: `${record.variationOf ? 'Variation' : 'Costs agreement'} accepted: ${name}`,
    text: [
      `${name} accepted ${what} online on ${when} (Sydney time).`,
      waiting.length > 0
        ? `Still waiting for ${waiting.join(' and ')} to accept through their own link.`
        : record.variationOf
          ? 'Every client has accepted the variation: it is now the agreement in force.'
          : 'Every client has accepted: the enquiry is instructed. Next, the client gives their identity details through the same link; do not act until they are verified.',
      ...closingLines(record, lines, origin),
    ].join('\n'),
  };
}

/** What every notice ends with: the matter, who is responsible, and the link into the portal. */
const closingLines = (record: EngagementRecord, responsibleLines: string[], origin: string): string[] => [
  '',
  `Matter: ${record.content.matter.description}`,
  ...responsibleLines,
  '',
  'Open it in the staff portal:',
  adminUrl(origin, record.enquiryId),
];

/** The notice of identity details submitted for checking. */
export async function identitySubmittedNotice(record: EngagementRecord, origin: string): Promise<Notice> {
  const name = oneLine(record.clients.map((client) => client.name).join(' and '));
  const when = sydneyTime.format(new Date(currentTime()));
  const { lines, to } = await responsible(record);
  return {
    ...(to ? { to } : {}),
    subject: `Identity details to check: ${name}`,
    text: [
      `${name} submitted their identity details on ${when} (Sydney time).`,
      'Next: verify and screen everyone named, and rate the risk, in the due diligence panel. Do not act on the matter until it is verified.',
      ...closingLines(record, lines, origin),
    ].join('\n'),
  };
}

/**
 * Queues a notice after the client's step is recorded. The step stands whatever happens
 * here (the desk shows it either way), so a notice that cannot be queued is logged, never
 * turned into an error for the client.
 */
async function queueAfterStep(
  noticeId: string,
  make: () => Promise<Notice>,
  logLine: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> {
  try {
    await queueStaffNoticeAfter(noticeId, await make(), logLine, waitUntil);
  } catch (error) {
    console.error(`[alert] could not queue the notice of ${logLine}:`, error);
  }
}

/** Queues the acceptance notice (once per client's acceptance) and delivers it after the answer. */
export const noticeAcceptance = (
  record: EngagementRecord,
  client: number,
  origin: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> =>
  queueAfterStep(
    `accepted-${record.id}-${client}`,
    () => acceptedNotice(record, client, origin),
    `engagement ${record.id} accepted by client ${client + 1} (enquiry ${record.enquiryId})`,
    waitUntil,
  );

/** Queues the identity notice (one per submission) and delivers it after the answer. */
export const noticeIdentitySubmitted = (
  record: EngagementRecord,
  origin: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> =>
  queueAfterStep(
    `identity-${record.enquiryId}-${currentTime()}`,
    () => identitySubmittedNotice(record, origin),
    `identity details submitted for enquiry ${record.enquiryId}`,
    waitUntil,
  );
