/**
 * The client's side of an engagement, through the personal link `/engage/{token}`: the
 * page itself (server-rendered, no JavaScript needed), the same content as JSON, the
 * acceptance (JSON, or a plain form post answered with a 303 back to the page), and the
 * signed PDF once accepted. Guessing at links is throttled per network as sign-ins are,
 * and every unknown token gets the same 404.
 */
import type { Config } from '@netlify/functions';
import { BASE_POLICY, serializePolicy } from '../../src/integrations/csp-policy.mjs';
import { engagementAcceptSchema, formToAcceptance } from '../../src/shared/schemas/engagement.ts';
import { toFieldErrors } from '../../src/shared/schemas/fields.ts';
import { queueSignedCopy } from './_shared/engagement-mail.ts';
import { statusAt } from './_shared/engagement-state.ts';
import {
  acceptEngagement,
  ALREADY_ACCEPTED,
  markViewed,
  openByToken,
  viewOf,
  type Opened,
} from './_shared/engagements.ts';
import { engagePage, engageEndedPage } from './_shared/engage-page.ts';
import { pdfResponse } from './_shared/engagement-pdf-response.ts';
import {
  BASE_HEADERS,
  handle,
  HttpError,
  json,
  mediaType,
  readForm,
  readJson,
  seeOther,
  validate,
  type RouteContext,
} from './_shared/http.ts';
import { admitAttempt, clientAddress, noteSuccess } from './_shared/login-throttle.ts';
import { getSettings } from './_shared/repositories/settings.ts';

/**
 * The sign-in throttle's bucket for link guesses: two characters, which no username can be
 * (they have at least three), so guesses never count against a staff account.
 */
const LINK_GUESSES = 'el';

/** What every answer on a link carries: the link must not leak through a Referer, a cache or a search engine. */
const LINK_HEADERS = { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * The engagement a token opens, counting the request as a guess until the token proves
 * real (an ended link is real too: only a 404 counts against the network).
 */
async function openThrottled(req: Request, context: RouteContext): Promise<Opened> {
  let admitted;
  try {
    admitted = await admitAttempt(LINK_GUESSES, clientAddress(req, context), { slowLane: false });
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
  try {
    const opened = await openByToken(context.params.token ?? '');
    await noteSuccess(admitted);
    return opened;
  } catch (error) {
    if (error instanceof HttpError && error.status === 410) await noteSuccess(admitted);
    throw error;
  }
}

/** An HTML page with the site's policy (function answers do not get netlify.toml's headers). */
const page = (html: string, status = 200): Response =>
  new Response(html, {
    status,
    headers: {
      ...BASE_HEADERS,
      ...LINK_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': serializePolicy(BASE_POLICY),
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    },
  });

/** The 404 and 410 pages (and a 429 as the unknown page would look): a person reads them, not a script. */
async function endedPage(error: unknown): Promise<Response> {
  if (!(error instanceof HttpError) || ![404, 410, 429].includes(error.status)) throw error;
  const settings = await getSettings().catch(() => null);
  const practice = settings ? { name: settings.name, phone: settings.phone } : undefined;
  const response = page(engageEndedPage(error.status === 410 ? 'ended' : 'unknown', practice), error.status);
  for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
  return response;
}

async function accept(req: Request, context: RouteContext): Promise<Response> {
  const token = context.params.token ?? '';
  const form = mediaType(req) === 'application/x-www-form-urlencoded';
  const evidence = { userAgent: req.headers.get('user-agent') ?? '', address: clientAddress(req, context) };
  if (!form) {
    // The body first: a malformed one says nothing about any link, and costs no guess.
    const input = validate(engagementAcceptSchema, await readJson(req));
    const after = await acceptEngagement(await openThrottled(req, context), input, evidence);
    await queueSignedCopy(after, context.waitUntil);
    return json(
      { acceptedAt: after.acceptance!.at, documentSha256: after.acceptance!.documentSha256 },
      200,
      LINK_HEADERS,
    );
  }
  const body = formToAcceptance(await readForm(req));
  const opened = await openThrottled(req, context);
  const { record } = opened;
  const result = engagementAcceptSchema.safeParse(body);
  if (!result.success) {
    const values = body as { fullName: string; understood: boolean; accept: boolean; instruct: boolean };
    const html = engagePage({
      token,
      view: viewOf(record, statusAt(record)),
      form: { values, error: 'Please check the highlighted fields', fieldErrors: toFieldErrors(result.error) },
    });
    return page(html, 400);
  }
  try {
    const after = await acceptEngagement(opened, result.data, evidence);
    await queueSignedCopy(after, context.waitUntil);
  } catch (error) {
    // Accepted already (a second tab, a double submit): the page shows the acceptance.
    if (!(error instanceof HttpError && error.status === 409 && error.message === ALREADY_ACCEPTED)) throw error;
  }
  return seeOther(`/engage/${encodeURIComponent(token)}`);
}

export const config: Config = {
  path: ['/engage/:token', '/api/engage/:token', '/api/engage/:token/accept', '/api/engage/:token/document.pdf'],
};

export default handle(config, {
  '/engage/:token': {
    GET: async (req, context) => {
      try {
        const record = await markViewed((await openThrottled(req, context)).record);
        return page(engagePage({ token: context.params.token ?? '', view: viewOf(record, statusAt(record)) }));
      } catch (error) {
        return endedPage(error);
      }
    },
  },
  '/api/engage/:token': {
    GET: async (req, context) => {
      const record = await markViewed((await openThrottled(req, context)).record);
      return json(viewOf(record, statusAt(record)), 200, LINK_HEADERS);
    },
  },
  '/api/engage/:token/accept': {
    POST: async (req, context) => {
      try {
        return await accept(req, context);
      } catch (error) {
        // A browser's form post gets a page, never a JSON body.
        if (mediaType(req) === 'application/x-www-form-urlencoded') return endedPage(error);
        throw error;
      }
    },
  },
  '/api/engage/:token/document.pdf': {
    GET: async (req, context) => {
      const response = await pdfResponse((await openThrottled(req, context)).record);
      for (const [name, value] of Object.entries(LINK_HEADERS)) response.headers.set(name, value);
      return response;
    },
  },
});
