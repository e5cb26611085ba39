/**
 * Hourly: removes sessions that have expired and sign-in attempts too old to count, so
 * neither store grows for ever nor keeps anyone's traces longer than it needs them.
 */
import type { Config } from '@netlify/functions';
import { WINDOW_MS } from './_shared/login-throttle.ts';
import { deleteAttemptsBefore } from './_shared/repositories/login-attempts.ts';
import { deleteExpiredSessions } from './_shared/repositories/sessions.ts';

export default async () => {
  const now = Date.now();
  const [sessions, attempts] = await Promise.all([deleteExpiredSessions(now), deleteAttemptsBefore(now - WINDOW_MS)]);
  // Quiet when there was nothing to do: locally it runs every minute (every second under test).
  if (sessions + attempts > 0) {
    console.log(`[housekeeping] removed ${sessions} expired sessions and ${attempts} old sign-in attempts`);
  }
  return new Response(null, { status: 204 });
};

// Plain cron rather than '@hourly', so that any scheduler reading it (Netlify's or the local one) agrees.
export const config: Config = { schedule: '0 * * * *' };
