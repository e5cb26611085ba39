/**
 * Hourly: removes sessions (staff's and clients') and sign-in links that have expired,
 * sign-in attempts too old to count and the digests that recognise an enquiry sent twice,
 * so no store grows for ever nor keeps anyone's traces longer than it needs them; and
 * keeps engagements moving (links that expired, reminders due after 2 and 5 business days).
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { Config } from '@netlify/functions';
import { clientMailConfigured } from './_shared/mail/client-mail.ts';
import { sendEngagementLink } from './_shared/mail/engagement-mail.ts';
import { runEngagementJobs } from './_shared/engagement/engagement-reminders.ts';
import { linkOrigin } from './_shared/platform/link-origin.ts';
import { WINDOW_MS } from './_shared/http/login-throttle.ts';
import { deleteExpiredClientRecords } from './_shared/repositories/client-sessions-store.ts';
import { deleteAttemptsBefore } from './_shared/repositories/login-attempts-store.ts';
import { deleteExpiredSessions } from './_shared/repositories/sessions-store.ts';
import { deleteLapsedChallenges } from './_shared/repositories/passkey-challenges-store.ts';
import { forgetOldRepeats } from './_shared/enquiries/repeat-enquiries.ts';

export default async (req?: Request) => {
  const now = currentTime();
  const [sessions, attempts, clientRecords, challenges] = await Promise.all([
    deleteExpiredSessions(now),
    deleteAttemptsBefore(now - WINDOW_MS),
    // Clients' sign-in links (15 minutes) and sessions (30 days) once they have expired.
    deleteExpiredClientRecords(now),
    // Passkey challenges handed out and never answered (five minutes).
    deleteLapsedChallenges(now),
    forgetOldRepeats(now),
  ]);
  const engagements = await runEngagementJobs(linkOrigin(req), sendEngagementLink, clientMailConfigured());
  if (engagements.expired + engagements.reminded > 0) {
    console.log(
      `[housekeeping] ${engagements.expired} engagement links expired, ${engagements.reminded} reminders sent`,
    );
  }
  // Quiet when there was nothing to do: locally it runs every minute (every second under test).
  if (sessions + attempts + clientRecords + challenges > 0) {
    console.log(
      `[housekeeping] removed ${sessions} expired sessions, ${attempts} old sign-in attempts, ${clientRecords} expired client sign-in records and ${challenges} lapsed passkey challenges`,
    );
  }
  return new Response(null, { status: 204 });
};

// Plain cron rather than '@hourly', so that any scheduler reading it (Netlify's or the local one) agrees.
export const config: Config = { schedule: '0 * * * *' };
