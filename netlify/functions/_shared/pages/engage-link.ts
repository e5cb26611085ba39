/**
 * An engagement's personal link, `/engage/{token}`, as every function that answers on it
 * opens it: the token looked up first, and only a token that was never issued counted as
 * a guess against the client's network; answered with headers that keep the link out of
 * Referers, caches and search engines, and, for a person, with the site's own policy and
 * the 404 / 410 pages. In the pages room, above the engagement it opens (decision 055).
 */
import { openByToken } from '../engagement/engagement-client.ts';
import type { Opened } from '../engagement/workflow.ts';
import { engageEndedPage, somethingWentWrongPage } from './link-error-page.tsx';
import {
  asHttpError,
  asRefusal,
  eachHandler,
  hasCode,
  htmlPage,
  HttpError,
  type RouteContext,
  type RouteHandler,
  type Routes,
} from '../http/http.ts';
import { admitAttempt, clientAddress } from '../http/login-throttle.ts';
import { ConfigurationMissing } from '../platform/env.ts';
import { getSettings } from '../repositories/settings-store.ts';

/**
 * The sign-in throttle's bucket for link guesses: two characters, which no username can be
 * (they have at least three), so guesses never count against a staff account.
 */
const LINK_GUESSES = 'el';

/** What every answer on a link carries: the link must not leak through a Referer, a cache or a search engine. */
export const LINK_HEADERS = { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * The engagement a token opens. The token is looked up first: a real link (an ended one
 * too, which answers 410) is never refused because of what else came from its network, so
 * a stranger's guesses, a page's image tags pointing at made-up links, or many clients
 * behind one mobile carrier's address cannot lock a client out of theirs. Only a token
 * that opens nothing is recorded as a guess; past the sign-in throttle's per-network limit
 * such tokens answer 429 instead of 404. With 2^256 possible tokens the limit guards the
 * store's work, not the links' secrecy.
 */
export async function openThrottled(req: Request, context: RouteContext): Promise<Opened> {
  try {
    return await openByToken(context.params.token ?? '');
  } catch (error) {
    if (hasCode(error, 'unknown-link')) await countGuess(req, context);
    throw error;
  }
}

/** Records an unknown token against the network; 429 once it has made too many. */
async function countGuess(req: Request, context: RouteContext): Promise<void> {
  try {
    // Kept once admitted: a guess is a failure, as a wrong password is.
    await admitAttempt(LINK_GUESSES, clientAddress(req, context), { slowLane: false });
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) {
      throw new HttpError(
        429,
        'Too many links that do not exist were tried from your network. Please try again later.',
        {
          headers: { ...error.headers, ...LINK_HEADERS },
        },
      );
    }
    throw error;
  }
}

/** A page on a link: the site's policy, and the link kept out of Referers and search engines. */
export const page = (html: string, status = 200): Response => htmlPage(html, status, LINK_HEADERS);

/**
 * The page a person gets instead of an error: the 404 and 410 pages (and a 429 as the unknown
 * page would look), and for a failure on our side (a store that did not answer, a bug) a
 * page that says so, with the status and headers (`Retry-After`) of the error. Any other
 * refusal (413, 415, …) is the route's own answer, as JSON.
 */
export async function errorPage(caught: unknown): Promise<Response> {
  // The store layer's typed failures (a write that kept losing, storage out of reach) as the API answers them.
  const error = asHttpError(caught);
  const status = error instanceof HttpError ? error.status : 500;
  if (status < 500 && ![404, 410, 429].includes(status)) throw error;
  if (status >= 500) {
    // Logged as handle() logs what it answers 500, but never with the URL: the token is the credential.
    console.error(`[page] a link's page answered ${status}:`, error);
    return withErrorHeaders(page(somethingWentWrongPage(), status), error);
  }
  const settings = await getSettings().catch(() => null);
  const practice = settings ? { name: settings.name, phone: settings.phone } : undefined;
  return withErrorHeaders(page(engageEndedPage(status === 410 ? 'ended' : 'unknown', practice), status), error);
}

function withErrorHeaders(response: Response, error: unknown): Response {
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
  }
  return response;
}

/** Every answer, an error too, carries the link's headers. */
export const onLink =
  (handler: RouteHandler): RouteHandler =>
  async (req, context) => {
    try {
      const response = await handler(req, context);
      for (const [name, value] of Object.entries(LINK_HEADERS)) response.headers.set(name, value);
      return response;
    } catch (caught) {
      // A deploy without its settings answers as it did when env.ts threw the 503 itself, and a
      // domain room's refusal as the answer it stands for, each with the link's headers.
      const error = caught instanceof ConfigurationMissing ? asHttpError(caught) : (asRefusal(caught) ?? caught);
      if (!(error instanceof HttpError)) throw error;
      throw new HttpError(error.status, error.message, {
        fieldErrors: error.fieldErrors,
        headers: { ...error.headers, ...LINK_HEADERS },
      });
    }
  };

/** `onLink` on every method of these routes (a function's declared ones, decision 054). */
export const onLinks = (routes: Routes): Routes => eachHandler(routes, onLink);
