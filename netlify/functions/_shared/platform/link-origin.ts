/**
 * The one rule for the address every link in a message starts with (the staff alert's
 * "Open it in the staff portal", the engagement link, reminders, daily notices): the site's
 * configured address (SITE_URL, else Netlify's URL), else the origin of the request that
 * caused the message. So `PORT=9000 npm start` links to port 9000, not to 8888.
 *
 * The request's origin is only trusted where nothing is configured, i.e. on a developer's
 * machine: Netlify always sets URL, so a forged Host header can never put another site's
 * address into a staff alert there.
 *
 * A message sent later by a job stores the origin with its queued entry at the time of the
 * request (the staff alert's `adminUrl`); a scheduled function passes its own request.
 * Without either, the link falls back to the local server's own address (LOCAL_SITE_ORIGIN,
 * which scripts/lib/server.ts sets once it listens, and Netlify never does), else `npm start`'s
 * default address.
 */
import { leadDeskEnv } from './env.ts';

const DEFAULT_ORIGIN = 'http://localhost:8888';

export function linkOrigin(req?: Request | null): string {
  const configured = leadDeskEnv().configuredSiteUrl;
  if (configured) return configured;
  const origin = req ? URL.parse(req.url)?.origin : undefined;
  return origin && origin !== 'null' ? origin : (process.env.LOCAL_SITE_ORIGIN ?? DEFAULT_ORIGIN);
}
