/**
 * Where an enquiry lands when Netlify's rate limit on POST /api/contact (10 a minute per
 * address) rewrites it: the function at LIMITED_API_PATH, which sends a form post on to
 * the page at LIMITED_PAGE_PATH and answers a script with `{ error }`.
 */
export const LIMITED_API_PATH = '/api/contact-limited';
export const LIMITED_PAGE_PATH = '/enquiry-limited/';
/** The rate limit's window, in seconds (netlify/functions/contact.ts `rateLimit.windowSize`). */
export const LIMIT_WINDOW_SECONDS = 60;
