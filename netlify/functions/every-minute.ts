/**
 * Every minute, the site's only every-minute function (each one is ~43,000 invocations a
 * month): retries the staff alerts and the messages to clients that are due (with backoff,
 * for 24 hours), asks for a rebuild queued during the cool-down, and sends the clients'
 * milestone updates gathered in the last 2 minutes as one e-mail each (milestone-digest.ts).
 * One job's failure never keeps the other from running.
 */
import type { Config } from '@netlify/functions';
import { retryDueAlerts } from './_shared/mail/staff-alerts.ts';
import { retryDueClientMails } from './_shared/mail/client-mail.ts';
import { DIGEST_WAIT_MS, sendDueDigests } from './_shared/matters/milestone-digest.ts';
import { flushQueuedRebuild } from './_shared/site/rebuild.ts';

export default async () => {
  const results = await Promise.allSettled([
    retryDueAlerts(),
    retryDueClientMails(),
    flushQueuedRebuild(),
    sendDueDigests(undefined, { waitMs: DIGEST_WAIT_MS }),
  ]);
  const failed = results.filter((result) => result.status === 'rejected');
  for (const failure of failed) console.error('[every-minute] a job failed:', failure.reason);
  return new Response(null, { status: failed.length ? 500 : 204 });
};

export const config: Config = { schedule: '* * * * *' };
