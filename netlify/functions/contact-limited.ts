/**
 * POST /api/contact past its rate limit: Netlify's `rateLimit` rewrites the request here
 * (contact.ts) instead of answering a bare 429, so that an office sharing one address, or a
 * visitor without JavaScript, is told what happened and how to reach the practice. A form
 * post gets a 303 to the page that says so; a script gets 429 `{ error }` with Retry-After.
 *
 * Not built with `handle()`: a rewrite may hand this function the original URL
 * (/api/contact), and whatever the path, the answer is the same.
 */
import type { Config } from '@netlify/functions';
import { PRACTICE } from '#src/content/practice.ts';
import { LIMIT_WINDOW_SECONDS, LIMITED_PAGE_PATH } from '#src/shared/enquiry-limited.ts';
import { json, mediaType, seeOther } from './_shared/http/http.ts';
import { getSettings } from './_shared/repositories/settings-store.ts';

// A literal: Netlify reads `config` without running the module.
export const config: Config = { path: '/api/contact-limited' };

export default async (req: Request): Promise<Response> => {
  await req.body?.cancel();
  if (mediaType(req) === 'application/x-www-form-urlencoded') return seeOther(LIMITED_PAGE_PATH);
  // The phone staff set; the practice's own if the store cannot be read just now.
  const phone = await getSettings().then(
    (settings) => settings.phone,
    () => PRACTICE.phone.display,
  );
  const error = `We have received several enquiries from your network in the last minute. Please try again in a minute, or call us on ${phone}.`;
  return json({ error }, 429, { 'Retry-After': String(LIMIT_WINDOW_SECONDS) });
};
