/**
 * Staff alerts for new enquiries, by e-mail (SMTP) and/or a webhook (Slack, Teams and the
 * like read its `text`). The intent is written to the outbox before the visitor is
 * answered; delivery runs after the answer (`context.waitUntil`) and, for what failed, from
 * the scheduled function with backoff for 24 hours. Every attempt lands on the enquiry's
 * activity. An alert names the person, the service and the time, and links to /admin:
 * contact details and messages stay in the practice's store.
 */
import { now as currentTime } from '../../../../src/shared/clock.ts';
import nodemailer from 'nodemailer';
import { PROFESSIONAL_STANDARDS } from '../../../../src/content/practice.ts';
import { serviceLabel } from '../../../../src/shared/schemas/enquiry.ts';
import { sydneyFormat } from '../../../../src/shared/sydney-time.ts';
import { leadDeskEnv } from '../platform/env.ts';
import {
  deleteAlert,
  enqueueAlert,
  listAlerts,
  readAlert,
  updateAlert,
  type AlertChannel,
  type OutboxEntry,
} from '../repositories/alert-outbox-store.ts';
import { crashPoint } from '../platform/crash-point.ts';
import {
  getStoredEnquiry,
  insertStoredEnquiry,
  newStoredEnquiry,
  type NewEnquiry,
  type StoredEnquiry,
} from '../repositories/enquiries-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { getSettings } from '../repositories/settings-store.ts';

/** Retries stop this long after the enquiry arrived. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;
const SEND_TIMEOUT_MS = 10_000;
/**
 * An alert whose enquiry is not stored this long after it arrived never will be: the
 * function that wrote the intent died before the enquiry (Netlify stops a function within
 * a minute) or the enquiry was erased. Until then, its enquiry may still be on its way.
 */
export const ORPHAN_AFTER_MS = 2 * MINUTE;

/** 1, 2, 4 … minutes after each failed attempt, at most an hour apart. */
export const backoffMs = (attempts: number): number => Math.min(2 ** Math.max(0, attempts - 1), 60) * MINUTE;

export function configuredChannels(): AlertChannel[] {
  const { email, webhookUrl } = leadDeskEnv();
  return [...(email ? (['email'] as const) : []), ...(webhookUrl ? (['webhook'] as const) : [])];
}

const sydneyTime = sydneyFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

export function alertSummary(record: StoredEnquiry): OutboxEntry['summary'] {
  return {
    id: record.id,
    name: `${record.firstName} ${record.lastName}`.trim(),
    serviceType: record.serviceType,
    createdAt: record.createdAt,
    adminUrl: `${leadDeskEnv().siteUrl}/admin?enquiry=${encodeURIComponent(record.id)}`,
  };
}

/** One line a chat client shows as is; `<` and `>` would start Slack's link syntax. */
export function alertText(summary: OutboxEntry['summary']): string {
  const name = summary.name.replace(/[<>]/g, '');
  const when = sydneyTime.format(new Date(summary.createdAt));
  return `New enquiry from ${name}: ${serviceLabel(summary.serviceType)}, ${when} (Sydney time). Call back within 5 minutes: ${summary.adminUrl}`;
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
    `Open it in the staff portal to call back within 5 minutes:`,
    summary.adminUrl,
  ];
  if (standards.enabled) lines.push('', standards.text);
  return {
    subject: `New enquiry: ${summary.name.replace(/[\r\n]+/g, ' ')} – ${serviceLabel(summary.serviceType)}`,
    text: lines.join('\n'),
  };
}

async function send(channel: AlertChannel, summary: OutboxEntry['summary']): Promise<void> {
  const env = leadDeskEnv();
  if (channel === 'webhook') {
    if (!env.webhookUrl) throw new Error('the webhook is no longer configured');
    const response = await fetch(env.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: alertText(summary), enquiry: summary }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
    return;
  }
  if (!env.email) throw new Error('e-mail alerts are no longer configured');
  const transport = nodemailer.createTransport({
    url: env.email.smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: env.email.from, to: env.email.to, ...alertEmail(summary, await standardsLine()) });
  } finally {
    transport.close();
  }
}

/**
 * The Professional Standards line as staff switched it in Settings. An alert never waits on
 * it: if the settings cannot be read, the typed default decides.
 */
async function standardsLine(): Promise<{ enabled: boolean; text: string }> {
  try {
    return { enabled: (await getSettings()).professionalStandards, text: PROFESSIONAL_STANDARDS.text };
  } catch (error) {
    console.error('[alert] practice settings unreadable; the Professional Standards line follows the default', error);
    return PROFESSIONAL_STANDARDS;
  }
}

const CHANNEL_NAMES: Record<AlertChannel, string> = { email: 'E-mail', webhook: 'Webhook' };

/**
 * Records the alert for an enquiry about to be stored. Without any channel configured it is
 * only logged (that is what `npm start` does out of the box). 'taken': an entry for that id
 * exists already (another enquiry took the same key).
 */
async function queueAlert(record: StoredEnquiry): Promise<'queued' | 'off' | 'taken'> {
  const summary = alertSummary(record);
  const pending = configuredChannels();
  if (pending.length === 0) {
    // The id only: a log line is kept by the host beyond our reach, so a name written here
    // would outlive the enquiry's erasure (Privacy Act). Staff open the id in the portal.
    console.info(`[alert] alerts are not configured; new enquiry ${record.id} is waiting in the lead desk`);
    return 'off';
  }
  const now = currentTime();
  const queued = await enqueueAlert({
    enquiryId: record.id,
    summary,
    pending,
    attempts: 0,
    createdAt: record.createdAt,
    // The scheduled retry leaves a fresh alert to the immediate delivery.
    nextAttemptAt: new Date(now + MINUTE).toISOString(),
  });
  return queued ? 'queued' : 'taken';
}

/**
 * Stores a new enquiry, its alert's intent first: a crash between the two writes leaves an
 * intent without an enquiry (the visitor got no answer; the retry drops it), never an
 * enquiry nobody is told about. A failed intent write fails the whole, so the visitor is
 * told to call instead. `alert`: whether there is an alert to deliver.
 */
export async function storeEnquiryWithAlert(data: NewEnquiry): Promise<{ record: StoredEnquiry; alert: boolean }> {
  // A key taken by another instance in the same instant: take a new one.
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = newStoredEnquiry(data);
    const queued = await queueAlert(record);
    if (queued === 'taken') continue;
    crashPoint('enquiry:after-alert-intent');
    if (await insertStoredEnquiry(record)) {
      crashPoint('enquiry:stored');
      return { record, alert: queued === 'queued' };
    }
    if (queued === 'queued') await deleteAlert(record.id);
  }
  throw new Error('Could not find a free key for a new enquiry');
}

/**
 * One delivery attempt of an enquiry's alert. The attempt is claimed with a conditional
 * write first, so the immediate delivery and the scheduler (or two schedulers) never
 * send the same alert at once.
 */
export async function deliverAlert(enquiryId: string, options: { now?: Date; dueOnly?: boolean } = {}): Promise<void> {
  const now = options.now ?? new Date(currentTime());
  const found = await readAlert(enquiryId);
  if (!found) return;
  const { entry } = found;
  if (options.dueOnly && Date.parse(entry.nextAttemptAt) > now.getTime()) return;
  if (!(await getStoredEnquiry(enquiryId))) {
    if (now.getTime() - Date.parse(entry.createdAt) > ORPHAN_AFTER_MS) await deleteAlert(enquiryId);
    return;
  }
  const attempt = entry.attempts + 1;
  const claimed = {
    ...entry,
    attempts: attempt,
    nextAttemptAt: new Date(now.getTime() + backoffMs(attempt)).toISOString(),
  };
  const etag = await updateAlert(claimed, found.etag);
  if (!etag) return;

  const failed: AlertChannel[] = [];
  for (const channel of entry.pending) {
    try {
      await send(channel, entry.summary);
      await appendActivity(enquiryId, {
        at: new Date(currentTime()).toISOString(),
        by: 'system',
        type: 'alert',
        text: `${CHANNEL_NAMES[channel]} alert delivered (attempt ${attempt})`,
      });
    } catch (error) {
      failed.push(channel);
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`[alert] ${channel} alert for ${enquiryId} failed (attempt ${attempt}): ${reason}`);
      await appendActivity(enquiryId, {
        at: new Date(currentTime()).toISOString(),
        by: 'system',
        type: 'alert',
        text: `${CHANNEL_NAMES[channel]} alert failed (attempt ${attempt})`,
      });
    }
  }
  if (failed.length === 0) return deleteAlert(enquiryId);
  const expired = now.getTime() + backoffMs(attempt) - Date.parse(entry.createdAt) > RETRY_WINDOW_MS;
  if (expired) {
    await appendActivity(enquiryId, {
      at: new Date(currentTime()).toISOString(),
      by: 'system',
      type: 'alert',
      text: `Gave up on the ${failed.map((c) => CHANNEL_NAMES[c].toLowerCase()).join(' and ')} alert after 24 hours`,
    });
    return deleteAlert(enquiryId);
  }
  await updateAlert({ ...claimed, pending: failed }, etag);
}

/** The scheduled function's part: every alert whose retry is due. */
export async function retryDueAlerts(now = new Date(currentTime())): Promise<number> {
  const due = (await listAlerts()).filter((entry) => Date.parse(entry.nextAttemptAt) <= now.getTime());
  for (const entry of due) await deliverAlert(entry.enquiryId, { now, dueOnly: true });
  return due.length;
}

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
  for (const channel of channels) {
    try {
      if (channel === 'webhook') {
        const response = await fetch(env.webhookUrl!, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ text: `${message.subject}\n${message.text}` }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
      } else {
        const transport = nodemailer.createTransport({
          url: env.email!.smtpUrl,
          connectionTimeout: SEND_TIMEOUT_MS,
          greetingTimeout: SEND_TIMEOUT_MS,
          socketTimeout: SEND_TIMEOUT_MS,
        });
        try {
          await transport.sendMail({ from: env.email!.from, to: env.email!.to, ...message });
        } finally {
          transport.close();
        }
      }
      delivered.push(channel);
    } catch (error) {
      console.warn(`[alert] ${channel} notice failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return delivered;
}
