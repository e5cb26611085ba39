/**
 * Messages to clients (enquiry acknowledgements, engagement links, the signed document), by
 * the alerts' SMTP server with `ALERT_EMAIL_FROM` as sender. Like the staff alerts, the
 * message is written to an outbox first; delivery runs after the answer and, for what
 * failed, from the scheduled function with backoff for 24 hours (the outbox engine,
 * outbox.ts, which claims each attempt with a conditional write, so no two deliveries send
 * one message). Every attempt lands on the
 * enquiry's activity, by subject: the address never does.
 *
 * Every message is written as plain text and ends with the practice's details (and the
 * Professional Standards line when it is on): transactional mail, no marketing. The
 * transport sends an HTML part made from it beside it (transport.ts).
 *
 * A text message to a client (ClickSend, when set up) is another channel of the same outbox:
 * queued beside the e-mail under an id of its own, claimed and retried the same way, so a
 * provider that fails never holds up or loses the e-mail
 * (docs/decisions/033-text-messages.md).
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { FOLLOW_MATTER_LINK } from '#src/content/client-matter.ts';
import { bankDetailsWarning } from '#src/content/matters.ts';
import { PROFESSIONAL_STANDARDS } from '#src/content/practice.ts';
import { defaultPracticeSettings, type PracticeSettingsFields } from '#src/shared/schemas/settings.ts';
import { clientMailEnv, smsEnv } from '../platform/env.ts';
import { getStoredEnquiry } from '../repositories/enquiries-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { getMatter, matterIsOpen } from '../repositories/matters-store.ts';
import { linkOrigin } from '../platform/link-origin.ts';
import {
  enqueueMail,
  mailOutbox,
  readAttachment,
  recordRefusedMail,
  type MailEntry,
} from '../repositories/mail-outbox-store.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { isMessageRefused, maskedSubject } from './bank-details-guard.ts';
import { queueStaffNotice } from './staff-alerts.ts';
import { getSettings } from '../repositories/settings-store.ts';
import { LAUNCH_KIT_FILENAME, launchKitPdf } from './launch-kit-attachment.ts';
import { freshTimes, outboxEngine } from './outbox.ts';
import { sendSms } from './sms-transport.ts';
import { smsText } from './sms-text.ts';
import { sendMail } from './transport.ts';

export interface ClientMail {
  /** The caller's idempotency key: a second message with the same id is not queued. */
  id: string;
  /** The enquiry whose activity records each attempt. */
  enquiryId?: string;
  to: string;
  subject: string;
  /** The message itself; the practice's details are appended. */
  text: string;
  /** A blob to attach, read when the message is sent (`store` as `openStore` takes it). */
  attachment?: { filename: string; contentType: string; store: string; key: string };
  /** About a client's matter: the message ends with the bank-details warning, after the practice's details. */
  matter?: boolean;
  /** The label of the HTML part's button: the text's first line that is a web address (transport.ts). */
  button?: string;
  /** Attach the Conveyancing Launch Kit's checklist (a PDF made from src/content/launch-kit.ts). */
  launchKit?: boolean;
}

/** Whether messages to clients can be sent: `ALERT_SMTP_URL` and `ALERT_EMAIL_FROM` are set. */
export const clientMailConfigured = (): boolean => clientMailEnv() !== null;

/** Whether texts to clients can be sent: the SMS provider is set up (env.ts, `smsEnv`). */
export const clientTextsConfigured = (): boolean => smsEnv() !== null;

export interface ClientText {
  /** The caller's idempotency key, as for a message. */
  id: string;
  enquiryId: string;
  /** The matter whose client asked for texts: checked again before each attempt. */
  matterId: string;
  /** The mobile, E.164. */
  to: string;
  /** Names the text on the enquiry's activity ("Contracts exchanged"). */
  subject: string;
  /** The text's own line; the bank-details warning and the practice's name are appended (sms-text.ts). */
  text: string;
}

/** The practice as a message's closing lines print it. */
export type MailPractice = Pick<
  PracticeSettingsFields,
  'name' | 'phone' | 'email' | 'street' | 'locality' | 'region' | 'postcode' | 'professionalStandards'
>;

/**
 * A message's plain-text part: its own text, then the practice's name, address, phone and
 * e-mail, then the Professional Standards line when it is on; a message about a matter then
 * ends with the warning about bank details, naming the phone number as sent (payment
 * redirection fraud targets settlement money). The one place that builds it.
 */
export function clientMailText(text: string, practice: MailPractice, options: { matter?: boolean } = {}): string {
  const lines = [
    text.trimEnd(),
    '',
    '--',
    practice.name,
    `${practice.street}, ${practice.locality} ${practice.region} ${practice.postcode}`,
    `Phone: ${practice.phone}`,
    `E-mail: ${practice.email}`,
  ];
  if (practice.professionalStandards) lines.push('', PROFESSIONAL_STANDARDS.text);
  if (options.matter) lines.push('', bankDetailsWarning(practice.phone));
  return lines.join('\n');
}

/**
 * The practice's details as staff saved them. A message never waits on them: if the
 * settings cannot be read, the typed defaults sign it.
 */
async function practiceDetails(): Promise<MailPractice> {
  try {
    return await getSettings();
  } catch (error) {
    console.error('[client-mail] practice settings unreadable; the message is signed with the defaults', error);
    return defaultPracticeSettings();
  }
}

/** The line that tells a client where their matter is, in every e-mail to them once it is open. */
export const followMatterLine = (origin: string): string => `${FOLLOW_MATTER_LINK}: ${origin}/matter/`;

/**
 * The message with the "Follow your matter" line after its own text when the client's
 * matter is open (the enquiry has one) and the text does not already link to it (the
 * sign-in link does). Decided when the message is made, so it says what was true then.
 */
async function withMatterLink<T extends Omit<ClientMail, 'id' | 'attachment'>>(message: T): Promise<T> {
  if (!message.enquiryId || message.text.includes('/matter/')) return message;
  return (await matterIsOpen(message.enquiryId))
    ? { ...message, text: `${message.text.trimEnd()}\n\n${followMatterLine(linkOrigin())}` }
    : message;
}

/**
 * Queues a message; false when a message with that id is already queued. It is not sent
 * here: call `deliverClientMail(id)` after answering (`context.waitUntil`).
 */
export async function queueClientMail(message: ClientMail, now = new Date(currentTime())): Promise<boolean> {
  return enqueueMail({ ...(await withMatterLink(message)), ...freshTimes(now) });
}

/**
 * Queues a text; false when one with that id is already queued. Like a message, it is sent
 * after the answer (`deliverClientMail(id)`) and retried by the scheduled function.
 */
export async function queueClientText(text: ClientText, now = new Date(currentTime())): Promise<boolean> {
  return enqueueMail({ ...text, channel: 'sms', ...freshTimes(now) });
}

async function sendText(entry: MailEntry): Promise<void> {
  const env = smsEnv();
  if (!env) throw new Error('texts to clients are no longer configured');
  const practice = await practiceDetails();
  await sendSms(env, { to: entry.to, body: smsText(entry.text, practice), reference: entry.id });
}

async function send(entry: MailEntry): Promise<void> {
  if (entry.channel === 'sms') return sendText(entry);
  const env = clientMailEnv();
  if (!env) throw new Error('e-mail to clients is no longer configured');
  let attachments: { filename: string; contentType: string; content: Buffer }[] = [];
  if (entry.attachment) {
    const { filename, contentType, store, key } = entry.attachment;
    const bytes = await readAttachment(store, key);
    if (!bytes) throw new Error(`the attachment ${store}/${key} is missing`);
    attachments = [{ filename, contentType, content: Buffer.from(bytes) }];
  }
  if (entry.launchKit) {
    attachments.push({ filename: LAUNCH_KIT_FILENAME, contentType: 'application/pdf', content: await launchKitPdf() });
  }
  const practice = await practiceDetails();
  await sendMail(env.smtpUrl, {
    from: { name: practice.name, address: env.from },
    // A reply reaches the practice, not the sending mailbox.
    replyTo: practice.email,
    to: entry.to,
    subject: entry.subject,
    text: clientMailText(entry.text, practice, { matter: entry.matter }),
    practiceName: practice.name,
    ...(entry.button ? { button: entry.button } : {}),
    attachments,
    // Out-of-office robots do not answer machine-sent mail (RFC 3834).
    headers: { 'Auto-Submitted': 'auto-generated' },
  });
}

const note = async (entry: MailEntry, text: string) => {
  if (!entry.enquiryId) return;
  await appendActivity(entry.enquiryId, {
    at: new Date(currentTime()).toISOString(),
    by: 'system',
    type: 'email',
    text,
  });
};

/** "E-mail" or "Text", as the activity names the channel. */
const kind = (entry: MailEntry) => (entry.channel === 'sms' ? 'Text' : 'E-mail');

/** A text whose client has since stopped texts, or asked for them at another number, is not sent. */
async function stillWanted(entry: MailEntry): Promise<boolean> {
  if (entry.channel !== 'sms') return true;
  const matter = entry.matterId ? await getMatter(entry.matterId) : null;
  return matter?.texts?.mobile === entry.to;
}

/** The client messages' outbox (outbox.ts): one message, one send, each attempt on the activity. */
const mails = outboxEngine(mailOutbox, {
  // An enquiry erased since: the person asked to be forgotten, and there is no activity to write to.
  check: async (entry) =>
    (entry.enquiryId && !(await getStoredEnquiry(entry.enquiryId))) || !(await stillWanted(entry)) ? 'drop' : 'deliver',
  async attempt(entry, attempt) {
    try {
      await send(entry);
      return null;
    } catch (error) {
      if (isMessageRefused(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`[client-mail] message ${entry.id} failed (attempt ${attempt}): ${reason}`);
      await note(entry, `${kind(entry)} to the client failed (attempt ${attempt}): ${entry.subject}`);
      return entry;
    }
  },
  delivered: (entry) => note(entry, `${kind(entry)} to the client delivered: ${entry.subject}`),
  gaveUp: (entry) =>
    note(entry, `Gave up on the ${kind(entry).toLowerCase()} to the client after 24 hours: ${entry.subject}`),
  refused: (entry, reason) => refuseMail(entry, reason),
});

/**
 * A message that held bank details, refused on the way out: recorded as refused (never its
 * text), audited, noted on the enquiry's activity, and staff are told which message and why.
 */
async function refuseMail(entry: MailEntry, reason: string): Promise<void> {
  const subject = maskedSubject(entry.subject);
  const at = new Date(currentTime()).toISOString();
  console.warn(`[client-mail] message ${entry.id} refused: it holds bank details`);
  await recordRefusedMail({
    id: entry.id,
    channel: entry.channel ?? 'email',
    ...(entry.enquiryId ? { enquiryId: entry.enquiryId } : {}),
    ...(entry.matterId ? { matterId: entry.matterId } : {}),
    subject,
    reason,
    at,
  });
  await recordAudit({ by: 'system', action: 'message.refused', target: `message ${entry.id}`, at });
  await note(entry, `${kind(entry)} to the client not sent (refused): ${subject}. ${reason}.`);
  await queueStaffNotice(
    `refused/${entry.id}`,
    {
      subject: `A message to a client was not sent: it held bank details`,
      text: [
        `The ${kind(entry).toLowerCase()} "${subject}" (message ${entry.id}${entry.enquiryId ? `, enquiry ${entry.enquiryId}` : ''}) held a BSB and an account number, so it was not sent.`,
        '',
        `${reason}.`,
      ].join('\n'),
    },
    `message ${entry.id} was refused: it held bank details`,
  );
}

/**
 * One delivery attempt, claimed first (outbox.ts), so the immediate delivery and the
 * scheduler (or two of either) never send one message twice. `dueOnly`: the scheduler's
 * call, which leaves a message alone until its retry is due. True when this call delivered
 * the message.
 */
export const deliverClientMail = (id: string, options: { now?: Date; dueOnly?: boolean } = {}): Promise<boolean> =>
  mails.deliver(id, options);

/** The scheduled function's part: every message whose retry is due. */
export const retryDueClientMails = (now = new Date(currentTime())): Promise<number> => mails.retryDue(now);

/**
 * Sends one message at once and never stores it; throws when it cannot be sent. For a
 * message that carries a secret (an engagement link, whose token is kept only as a hash):
 * an outbox would keep the secret in Blobs until delivered. The caller says what failed.
 */
export async function sendClientMailNow(message: Omit<ClientMail, 'id' | 'attachment'>): Promise<void> {
  await send({ ...(await withMatterLink(message)), id: 'not-stored', attempts: 0, createdAt: '', nextAttemptAt: '' });
}
