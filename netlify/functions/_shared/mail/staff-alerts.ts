/**
 * Staff alerts for new enquiries, by e-mail (SMTP) and/or a webhook (Slack, Teams and the
 * like read its `text`). The intent is written to the outbox before the visitor is
 * answered; delivery runs after the answer (`context.waitUntil`) and, for what failed, from
 * the scheduled function with backoff for 24 hours (the outbox engine, outbox.ts). Every attempt lands on the enquiry's
 * activity. An alert names the person, the service and the time, and links to /admin:
 * contact details and messages stay in the practice's store.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { PROFESSIONAL_STANDARDS } from '#src/content/practice.ts';
import { serviceLabel } from '#src/shared/schemas/enquiry.ts';
import { singleLine } from '#src/shared/schemas/fields.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import { sydneyFormat } from '#src/shared/sydney-time.ts';
import { leadDeskEnv } from '../platform/env.ts';
import {
  alertOutbox,
  enqueueAlert,
  isStaffNotice,
  noticeKey,
  type AlertChannel,
  type AlertEntry,
  type OutboxEntry,
} from '../repositories/alert-outbox-store.ts';
import { crashPoint } from '../platform/crash-point.ts';
import { getStoredEnquiry, type StoredEnquiry } from '../repositories/enquiries-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { getSettings } from '../repositories/settings-store.ts';
import { freshTimes, outboxEngine } from './outbox.ts';
import { SEND_TIMEOUT_MS, sendMail } from './transport.ts';
import { createHash, randomBytes } from 'node:crypto';
import { isMessageRefused, refuseBankDetails } from './bank-details-guard.ts';
import { recordAudit } from '../repositories/audit-store.ts';

const MINUTE = 60_000;
/**
 * An alert whose enquiry is not stored this long after it arrived never will be: the
 * function that wrote the intent died before the enquiry (Netlify stops a function within
 * a minute) or the enquiry was erased. Until then, its enquiry may still be on its way.
 */
export const ORPHAN_AFTER_MS = 2 * MINUTE;

/** The button every e-mail to staff has for its link: each links into the portal. */
const STAFF_BUTTON = 'Open it in the staff portal';

export function configuredChannels(): AlertChannel[] {
  const { email, webhookUrl } = leadDeskEnv();
  return [...(email ? (['email'] as const) : []), ...(webhookUrl ? (['webhook'] as const) : [])];
}

/** How staff messages give a moment: "Thu 26 Nov, 9:41 am", Sydney time. */
export const sydneyTime = sydneyFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Whom an alert names. A quote lead (/quote's 'Email me this quote') may have no name and has
 * no phone: the alert says it is one, so nobody looks for a number to call.
 */
function alertName(record: StoredEnquiry): string {
  // Cleaned again: a name stored before input hygiene removed bidirectional controls must not reorder the subject.
  const name = singleLine(`${record.firstName} ${record.lastName}`).trim();
  if (record.source !== 'quote') return name;
  return `${name || 'No name given'} (quote lead: quote e-mailed, no phone)`;
}

/** `origin`: where links point (linkOrigin), fixed when the enquiry arrives and kept with the queued alert. */
export function alertSummary(record: StoredEnquiry, origin: string): OutboxEntry['summary'] {
  return {
    id: record.id,
    name: alertName(record),
    serviceType: record.serviceType,
    createdAt: record.createdAt,
    adminUrl: `${origin}/admin?enquiry=${encodeURIComponent(record.id)}`,
    ...(record.source === 'quote' ? { quoteLead: true } : {}),
  };
}

/** What staff should do next: call back within the spec's 5 minutes, or, for a quote lead with no phone, reply by e-mail. */
function nextStep(summary: OutboxEntry['summary']): string {
  return summary.quoteLead ? 'Reply by e-mail about the quote' : 'Call back within 5 minutes';
}

/** One line a chat client shows as is; `<` and `>` would start Slack's link syntax. */
export function alertText(summary: OutboxEntry['summary']): string {
  const name = summary.name.replace(/[<>]/g, '');
  const when = sydneyTime.format(new Date(summary.createdAt));
  return `New enquiry from ${name}: ${serviceLabel(summary.serviceType)}, ${when} (Sydney time). ${nextStep(summary)}: ${summary.adminUrl}`;
}

export function alertEmail(
  summary: OutboxEntry['summary'],
  standards: { enabled: boolean; text: string } = PROFESSIONAL_STANDARDS,
): { subject: string; text: string } {
  const when = sydneyTime.format(new Date(summary.createdAt));
  const lines = [
    `A new enquiry arrived through the website.`,
    '',
    `Name: ${summary.name}`,
    `Service: ${serviceLabel(summary.serviceType)}`,
    `Received: ${when} (Sydney time)`,
    '',
    `Open it in the staff portal to ${nextStep(summary).replace(/^./, (first) => first.toLowerCase())}:`,
    summary.adminUrl,
  ];
  if (standards.enabled) lines.push('', standards.text);
  return {
    subject: `New enquiry: ${summary.name.replace(/[\r\n]+/g, ' ')} – ${serviceLabel(summary.serviceType)}`,
    text: lines.join('\n'),
  };
}

/**
 * The alert's delivery id: the same on every attempt (the entry's own, kept in the outbox
 * until delivered), different for every alert, so a receiver can tell a repeat from a new
 * alert. Delivery is at least once: a crash between a send and the entry's removal sends it
 * again, under this id. An enquiry's id is never reused; a notice's id is its key only while
 * it waits, so its creation time goes in too.
 */
export function deliveryId(entry: AlertEntry): string {
  if (!isStaffNotice(entry)) return `enquiry-alert-${entry.enquiryId}`;
  const digest = createHash('sha256').update(`${entry.noticeId}\n${entry.createdAt}`).digest('hex');
  return `staff-notice-${digest.slice(0, 32)}`;
}

/** The e-mail's Message-ID for a delivery id, in the sender's domain (RFC 5322 §3.6.4). */
export function alertMessageId(id: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}

/**
 * Posts to the staff's chat webhook, under the delivery's `Idempotency-Key`; throws unless it
 * answered 2xx (and `MessageRefused` when it holds bank details).
 */
/** Look-alikes for what starts chat markup: Markdown's links, emphasis and code, Slack's `<url|text>`. */
const CHAT_MARKUP: Record<string, string> = {
  '[': '(',
  ']': ')',
  '<': '‹',
  '>': '›',
  '*': '∗',
  _: 'ˍ',
  '~': '∼',
  '`': 'ˋ',
  '|': '¦',
};
const URL_PATTERN = /https?:\/\/[^\s<>[\]()|`*]+/g;

/**
 * A chat message's text with no markup but the links as they are: the webhook's text holds
 * names and words visitors and clients typed (`[Open the enquiry](https://evil.example/x)` must
 * not become a live link under words of a stranger's choosing), so outside the addresses every
 * character that starts Markdown or Slack markup is replaced by a look-alike, and a heading's `#`
 * too. An address stays whole and shows where it goes; those we write are the portal's.
 */
export function chatSafe(text: string): string {
  let out = '';
  let last = 0;
  const plain = (part: string) =>
    part.replace(/[[\]<>*_~`|]/g, (character) => CHAT_MARKUP[character]!).replace(/^(\s*)#/gm, '$1＃');
  for (const match of text.matchAll(URL_PATTERN)) {
    out += plain(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + plain(text.slice(last));
}

async function postWebhook(url: string, id: string, body: { text: string } & Record<string, unknown>): Promise<void> {
  refuseBankDetails({ text: JSON.stringify(body) });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': id },
    body: JSON.stringify({ ...body, text: chatSafe(body.text), deliveryId: id }),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
}

async function send(channel: AlertChannel, entry: AlertEntry): Promise<void> {
  const env = leadDeskEnv();
  const id = deliveryId(entry);
  if (channel === 'webhook') {
    if (!env.webhookUrl) throw new Error('the webhook is no longer configured');
    if (isStaffNotice(entry)) return postWebhook(env.webhookUrl, id, { text: noticeText(entry.notice) });
    return postWebhook(env.webhookUrl, id, { text: alertText(entry.summary), enquiry: entry.summary });
  }
  if (!env.email) throw new Error('e-mail alerts are no longer configured');
  const practice = await practiceForStaff();
  await sendMail(env.email.smtpUrl, {
    from: env.email.from,
    messageId: alertMessageId(id, env.email.from),
    to: env.email.to,
    practiceName: practice.name,
    button: STAFF_BUTTON,
    // A notice for one member of staff carries their address (`notice.to`), in the alert address's place.
    ...(isStaffNotice(entry) ? entry.notice : alertEmail(entry.summary, practice.standards)),
  });
}

/** A notice as one chat message: its subject, then its text. */
const noticeText = (notice: { subject: string; text: string }) => `${notice.subject}\n${notice.text}`;

/**
 * The practice's name (the HTML part's header) and the Professional Standards line as staff
 * switched it in Settings. An alert never waits on them: if the settings cannot be read, the
 * typed defaults decide.
 */
async function practiceForStaff(): Promise<{ name: string; standards: { enabled: boolean; text: string } }> {
  try {
    const settings = await getSettings();
    return {
      name: settings.name,
      standards: { enabled: settings.professionalStandards, text: PROFESSIONAL_STANDARDS.text },
    };
  } catch (error) {
    console.error('[alert] practice settings unreadable; the alert follows the defaults', error);
    return { name: defaultPracticeSettings().name, standards: PROFESSIONAL_STANDARDS };
  }
}

const CHANNEL_NAMES: Record<AlertChannel, string> = { email: 'E-mail', webhook: 'Webhook' };

/**
 * Records the alert for an enquiry about to be stored (enquiries/intake.ts stores it after,
 * storeEnquiryWithAlert). Without any channel configured it is
 * only logged (that is what `npm start` does out of the box). 'taken': an entry for that id
 * exists already (another enquiry took the same key).
 */
export async function queueAlert(record: StoredEnquiry, origin: string): Promise<'queued' | 'off' | 'taken'> {
  const summary = alertSummary(record, origin);
  const pending = configuredChannels();
  if (pending.length === 0) {
    // The id only: a log line is kept by the host beyond our reach, so a name written here
    // would outlive the enquiry's erasure (Privacy Act). Staff open the id in the portal.
    console.info(`[alert] alerts are not configured; new enquiry ${record.id} is waiting in the lead desk`);
    return 'off';
  }
  const queued = await enqueueAlert({
    enquiryId: record.id,
    summary,
    pending,
    ...freshTimes(new Date(record.createdAt), new Date(currentTime())),
  });
  return queued ? 'queued' : 'taken';
}

const note = (enquiryId: string, text: string) =>
  appendActivity(enquiryId, { at: new Date(currentTime()).toISOString(), by: 'system', type: 'alert', text });

/**
 * The alerts' outbox (outbox.ts): each attempt tries every channel still pending and notes
 * each on the enquiry's activity; the channels that failed are tried again.
 */
const alerts = outboxEngine(alertOutbox, {
  async check(entry, now) {
    // A notice is about the site: there is always someone to tell.
    if (isStaffNotice(entry)) return 'deliver';
    if (await getStoredEnquiry(entry.enquiryId)) return 'deliver';
    return now.getTime() - Date.parse(entry.createdAt) > ORPHAN_AFTER_MS ? 'drop' : 'wait';
  },
  async attempt(entry, attempt) {
    const failed: AlertChannel[] = [];
    const what = isStaffNotice(entry) ? `notice ${entry.noticeId}` : `alert for ${entry.enquiryId}`;
    for (const channel of entry.pending) {
      try {
        await send(channel, entry);
        crashPoint('alert:delivered');
        if (!isStaffNotice(entry)) {
          await note(entry.enquiryId, `${CHANNEL_NAMES[channel]} alert delivered (attempt ${attempt})`);
        }
      } catch (error) {
        // Refused on the way out (it holds bank details): no channel may carry it.
        if (isMessageRefused(error)) throw error;
        failed.push(channel);
        const reason = error instanceof Error ? error.message : String(error);
        console.warn(`[alert] ${channel} ${what} failed (attempt ${attempt}): ${reason}`);
        if (!isStaffNotice(entry)) {
          await note(entry.enquiryId, `${CHANNEL_NAMES[channel]} alert failed (attempt ${attempt})`);
        }
      }
    }
    if (failed.length === 0) return null;
    return failed.length === entry.pending.length ? entry : { ...entry, pending: failed };
  },
  async gaveUp(left) {
    const channels = left.pending.map((c) => CHANNEL_NAMES[c].toLowerCase()).join(' and ');
    if (isStaffNotice(left)) console.error(`[alert] gave up on the ${channels} notice ${left.noticeId} after 24 hours`);
    else await note(left.enquiryId, `Gave up on the ${channels} alert after 24 hours`);
  },
  // A notice or alert that held bank details: never sent, and no notice about a notice.
  async refused(entry) {
    const id = isStaffNotice(entry) ? `notice ${entry.noticeId}` : `alert ${entry.enquiryId}`;
    console.error(`[alert] ${id} refused: it holds bank details`);
    await recordAudit({ by: 'system', action: 'message.refused', target: id });
  },
});

/**
 * One delivery attempt of an enquiry's alert, claimed first (outbox.ts), so the immediate
 * delivery and the scheduler (or two schedulers) never send the same alert at once.
 */
export async function deliverAlert(enquiryId: string, options: { now?: Date; dueOnly?: boolean } = {}): Promise<void> {
  await alerts.deliver(enquiryId, options);
}

/**
 * A notice to staff about the site (not about one enquiry) through the alerts' outbox:
 * queued, then delivered after the answer and retried like an alert. `noticeId` is its
 * idempotency key while it waits. Resolves with whether a channel delivered it now; without
 * any channel configured it is only logged (`logLine`).
 */
export async function queueStaffNotice(
  noticeId: string,
  notice: { subject: string; text: string },
  logLine: string,
): Promise<boolean> {
  const pending = configuredChannels();
  if (pending.length === 0) {
    console.info(`[alert] alerts are not configured; ${logLine}`);
    return false;
  }
  const at = new Date(currentTime());
  await enqueueAlert({ noticeId, notice, pending, ...freshTimes(at) });
  return alerts.deliver(noticeKey(noticeId), { now: at });
}

/**
 * A notice to staff queued before the answer and delivered after it (`waitUntil`), as the
 * enquiry alerts are: the intent is in the outbox when the person who caused it is answered,
 * so a function stopped straight after still leaves it for the scheduled retry. An id
 * already waiting is not queued twice.
 */
export async function queueStaffNoticeAfter(
  noticeId: string,
  /** `to`: one member of staff's address, in place of the alert address (the webhook still hears of it). */
  notice: { subject: string; text: string; to?: string },
  logLine: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> {
  const pending = configuredChannels();
  if (pending.length === 0) {
    console.info(`[alert] alerts are not configured; ${logLine}`);
    return;
  }
  const at = new Date(currentTime());
  if (!(await enqueueAlert({ noticeId, notice, pending, ...freshTimes(at) }))) return;
  waitUntil(
    alerts.deliver(noticeKey(noticeId), { now: at }).catch((error: unknown) => {
      console.warn(`[alert] notice ${noticeId} left for the retry:`, error);
    }),
  );
}

/**
 * A notice by e-mail only, to one address (`notice.to`), never the webhook: for what only
 * principals may hear of (principal-notices.ts). Queued in the alerts' outbox and delivered
 * at once, retried like any notice if the server does not take it now. False when e-mail is
 * not set up (then only `logLine` is logged) or the id already waits.
 */
export async function queueMailOnlyNotice(
  noticeId: string,
  notice: { subject: string; text: string; to: string },
  logLine: string,
): Promise<boolean> {
  if (!leadDeskEnv().email) {
    console.info(`[alert] e-mail is not configured; ${logLine}`);
    return false;
  }
  const at = new Date(currentTime());
  if (!(await enqueueAlert({ noticeId, notice, pending: ['email'], ...freshTimes(at) }))) return false;
  try {
    return await alerts.deliver(noticeKey(noticeId), { now: at });
  } catch (error) {
    console.warn(`[alert] notice ${noticeId} left for the retry:`, error);
    return false;
  }
}

/** The scheduled function's part: every alert whose retry is due. */
export const retryDueAlerts = (now = new Date(currentTime())): Promise<number> => alerts.retryDue(now);

/**
 * A message to staff through every configured alert channel (the daily due-diligence
 * reminder), at once and without the outbox: a daily job sends it again tomorrow anyway.
 * The message must name records by id and link only, as the enquiry alerts do. Resolves
 * with the channels that took it; without any configured, it is logged (`logLine`) instead.
 */
export async function notifyStaff(
  message: { subject: string; text: string },
  logLine: string,
): Promise<AlertChannel[]> {
  const env = leadDeskEnv();
  const channels = configuredChannels();
  if (channels.length === 0) {
    console.info(`[alert] alerts are not configured; ${logLine}`);
    return [];
  }
  const delivered: AlertChannel[] = [];
  // Sent once, never retried: an id of its own, the same on both channels.
  const id = `staff-message-${randomBytes(16).toString('hex')}`;
  for (const channel of channels) {
    try {
      if (channel === 'webhook')
        await postWebhook(env.webhookUrl!, id, { text: `${message.subject}\n${message.text}` });
      else {
        const practice = await practiceForStaff();
        await sendMail(env.email!.smtpUrl, {
          from: env.email!.from,
          messageId: alertMessageId(id, env.email!.from),
          to: env.email!.to,
          practiceName: practice.name,
          button: STAFF_BUTTON,
          ...message,
        });
      }
      delivered.push(channel);
    } catch (error) {
      console.warn(`[alert] ${channel} notice failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return delivered;
}
