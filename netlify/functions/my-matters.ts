/**
 * The client's own view of their matter: `/matter/` (sign in by e-mail, then their matters,
 * server-rendered, no JavaScript needed), the one-time sign-in link, and the same as JSON
 * under `/api/my-matters` (with the calendar file and update requests). A client session
 * opens only the signed-in client's matters; it is never a staff session
 * (docs/decisions/032-client-matter-sign-in.md).
 */
import type { Config } from '@netlify/functions';
import { ESTIMATE_NOTE, bankDetailsWarning } from '../../src/content/matters.ts';
import { now } from '../../src/shared/clock.ts';
import { textsOnSaid, TEXTS_OFF_SAID } from '../../src/content/client-texts.ts';
import {
  localMobile,
  matterSignInSchema,
  normaliseEmail,
  textsChangeSchema,
  updateRequestSchema,
} from '../../src/shared/schemas/client-matter.ts';
import { toFieldErrors } from '../../src/shared/schemas/fields.ts';
import { linkOrigin } from './_shared/platform/link-origin.ts';
import {
  asRefusal,
  BASE_HEADERS,
  handle,
  htmlPage,
  HttpError,
  json,
  mediaType,
  readForm,
  readJson,
  type RouteContext,
  validate,
} from './_shared/http/http.ts';
import { matterCalendar } from './_shared/matters/calendar.ts';
import {
  changeTexts,
  clientMatterOf,
  myMatterRecord,
  myMatters,
  redeemSignInLink,
  requestSignIn,
  requestUpdate,
} from './_shared/matters/client-matters.ts';
import {
  endClientSession,
  issueClientDeviceCookie,
  readClientSession,
  requireClient,
  startClientSession,
  type ClientSession,
} from './_shared/matters/client-session.ts';
import { clientTextsConfigured } from './_shared/mail/client-mail.ts';
import {
  mattersPage,
  signInLinkPage,
  signInPage,
  type MattersPageState,
  type PracticeContact,
  type TextsState,
} from './_shared/pages/matter-page.tsx';
import { getCashSettings, getSettings } from './_shared/repositories/settings-store.ts';
import { DEFAULT_CASH_POLICY } from '../../src/content/cash.ts';
import { payoutDetailsSchema } from '../../src/shared/schemas/bank-account.ts';
import { payoutPageState, type PayoutPageState } from './_shared/payout/client-payout.ts';
import { SIGN_IN_AGAIN, signedInRecently, submitPayout } from './_shared/payout/payout-workflow.ts';
import { defaultPracticeSettings } from '../../src/shared/schemas/settings.ts';

export const config: Config = {
  path: [
    '/matter',
    '/matter/sign-in/:token',
    '/api/matter-sign-in',
    '/api/matter-sign-out',
    '/api/my-matters',
    '/api/my-matters/:id/calendar.ics',
    '/api/my-matters/:id/update-requests',
    '/api/my-matters/:id/texts',
    '/api/my-matters/:id/payout',
  ],
};

/** What every answer of the client's side carries: never indexed, never cached. */
const CLIENT_HEADERS = { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'same-origin' };

/** A page of the client's side: the site's policy and CLIENT_HEADERS, then `headers`. */
const page = (html: string, status = 200, headers: Record<string, string> = {}): Response =>
  htmlPage(html, status, { ...CLIENT_HEADERS, ...headers });

const seeOther = (location: string, headers: Record<string, string> = {}): Response =>
  new Response(null, { status: 303, headers: { ...BASE_HEADERS, ...CLIENT_HEADERS, Location: location, ...headers } });

async function practice(): Promise<PracticeContact> {
  const [settings, cash] = await Promise.all([
    getSettings().catch(() => defaultPracticeSettings()),
    // Unreadable: the default, that the practice takes none (never an invitation to bring cash).
    getCashSettings().catch(() => ({ cash: DEFAULT_CASH_POLICY })),
  ]);
  return { name: settings.name, phone: settings.phone, cash: cash.cash };
}

const isForm = (req: Request) => mediaType(req) === 'application/x-www-form-urlencoded';

const matterId = (context: RouteContext) => context.params.id ?? '';

/** The signed-in client's page; texts are offered only when the practice set them up. */
async function clientPage(
  session: ClientSession,
  state: Omit<MattersPageState, 'texts' | 'payout'> & {
    texts?: Omit<TextsState, 'offered'>;
    payout?: Pick<PayoutPageState, 'form' | 'saved'>;
  } = {},
  status = 200,
  headers: Record<string, string> = {},
): Promise<Response> {
  const texts = { ...state.texts, offered: clientTextsConfigured() };
  const matters = await myMatters(session.email);
  const payout = await payoutPageState(session, matters, state.payout);
  return page(mattersPage(await practice(), matters, { ...state, texts, payout }), status, headers);
}

async function signIn(req: Request, context: RouteContext): Promise<Response> {
  const form = isForm(req);
  const body = form ? { email: (await readForm(req)).get('email') ?? '' } : await readJson(req);
  const result = matterSignInSchema.safeParse(body);
  if (!result.success) {
    if (!form) validate(matterSignInSchema, body);
    const errors = toFieldErrors(result.error).email ?? ['Please enter a valid email address'];
    return page(signInPage(await practice(), { errors, email: String(body.email ?? '') }), 400);
  }
  await requestSignIn(result.data.email, req, context, linkOrigin(req));
  if (!form) return json({ status: 'accepted' }, 202, CLIENT_HEADERS);
  // The page, not a redirect: a browser without JavaScript reads the one answer at once.
  return page(signInPage(await practice(), { sent: true }), 202);
}

async function askForUpdate(req: Request, context: RouteContext): Promise<Response> {
  const form = isForm(req);
  if (!form) {
    // The body first, as every JSON write: a malformed one is refused whoever sends it.
    const { message } = validate(updateRequestSchema, await readJson(req));
    const { email } = await requireClient(req);
    return json(
      await requestUpdate(email, matterId(context), message, context.waitUntil, linkOrigin(req)),
      201,
      CLIENT_HEADERS,
    );
  }
  // A browser without JavaScript whose session has ended is sent back to sign in.
  const session = await readClientSession(req);
  if (!session) return seeOther('/matter/');
  const body = { message: (await readForm(req)).get('message') ?? '' };
  const result = updateRequestSchema.safeParse(body);
  if (!result.success) {
    await myMatterRecord(session.email, matterId(context));
    const errors = toFieldErrors(result.error).message ?? [];
    return clientPage(session, { form: { matterId: matterId(context), message: body.message, errors } }, 400);
  }
  try {
    await requestUpdate(session.email, matterId(context), result.data.message, context.waitUntil, linkOrigin(req));
  } catch (caught) {
    // Past the limits: the page again, the question kept in the form, the refusal saying when.
    const error = asRefusal(caught);
    if (error?.status !== 429) throw caught;
    const form = { matterId: matterId(context), message: body.message, errors: [error.message] };
    return clientPage(session, { form }, 429, error.headers);
  }
  return clientPage(session, { sentTo: matterId(context) }, 201);
}

/** Texts about a matter on or off: JSON, or the page's form (no JavaScript needed). */
async function changeMatterTexts(req: Request, context: RouteContext): Promise<Response> {
  const id = matterId(context);
  if (!isForm(req)) {
    const change = validate(textsChangeSchema, await readJson(req));
    const { email } = await requireClient(req);
    return json({ texts: await changeTexts(email, id, change) }, 200, CLIENT_HEADERS);
  }
  const session = await readClientSession(req);
  if (!session) return seeOther('/matter/');
  const form = await readForm(req);
  const body = { texts: form.get('texts') ?? '', mobile: form.get('mobile') ?? undefined };
  const result = textsChangeSchema.safeParse(body);
  if (!result.success) {
    await myMatterRecord(session.email, id);
    const errors = Object.values(toFieldErrors(result.error)).flat();
    return clientPage(session, { texts: { form: { matterId: id, mobile: body.mobile ?? '', errors } } }, 400);
  }
  const texts = await changeTexts(session.email, id, result.data);
  const said = texts ? textsOnSaid(localMobile(texts.mobile)) : TEXTS_OFF_SAID;
  return clientPage(session, { texts: { said: { matterId: id, text: said } } });
}

// ---------- the client's bank details (payout/payout-workflow.ts) ----------

/**
 * `PUT /api/my-matters/{id}/payout` (JSON) and the page's form (`POST`, no JavaScript): the
 * client's bank details, only within 15 minutes of signing in (403, or the page asking them
 * to sign in again).
 */
async function savePayout(req: Request, context: RouteContext): Promise<Response> {
  const id = matterId(context);
  if (!isForm(req)) {
    const details = validate(payoutDetailsSchema, await readJson(req));
    const session = await requireClient(req);
    const record = await myMatterRecord(session.email, id);
    if (!signedInRecently(session.signedInAt)) throw new HttpError(403, SIGN_IN_AGAIN);
    return json(await submitPayout(record, details, context.waitUntil), 201, CLIENT_HEADERS);
  }
  const session = await readClientSession(req);
  if (!session) return seeOther('/matter/');
  const record = await myMatterRecord(session.email, id);
  // Too late: the page shows the sign-in-again form in the details' place.
  if (!signedInRecently(session.signedInAt)) return clientPage(session, {}, 403);
  const form = await readForm(req);
  const values = Object.fromEntries(['accountName', 'bsb', 'number'].map((name) => [name, form.get(name) ?? '']));
  const result = payoutDetailsSchema.safeParse(values);
  if (!result.success) {
    return clientPage(
      session,
      { payout: { form: { matterId: id, values, errors: toFieldErrors(result.error) } } },
      400,
    );
  }
  await submitPayout(record, result.data, context.waitUntil);
  return clientPage(session, { payout: { saved: id } }, 201);
}

export default handle(config, {
  '/matter': {
    GET: async (req) => {
      const session = await readClientSession(req);
      if (!session) return page(signInPage(await practice()));
      return clientPage(session);
    },
  },
  '/matter/sign-in/:token': {
    GET: async (req, context) => {
      try {
        const email = normaliseEmail(await redeemSignInLink(context.params.token ?? ''));
        // The link's own page must not leak its token through a Referer: it answers no-referrer.
        const response = seeOther('/matter/', {
          'Set-Cookie': await startClientSession(req, email),
          'Referrer-Policy': 'no-referrer',
        });
        // The browser is known for this address from now on, through sign-out (client-session.ts).
        response.headers.append('Set-Cookie', await issueClientDeviceCookie(req, email));
        return response;
      } catch (caught) {
        const error = asRefusal(caught);
        if (error?.status !== 404 && error?.status !== 410) throw caught;
        const kind = error.status === 410 ? 'ended' : 'unknown';
        return page(signInLinkPage(await practice(), kind), error.status, { 'Referrer-Policy': 'no-referrer' });
      }
    },
  },
  '/api/matter-sign-in': {
    POST: signIn,
  },
  '/api/matter-sign-out': {
    POST: async (req) => {
      const cleared = await endClientSession(req);
      if (isForm(req)) return seeOther('/matter/', { 'Set-Cookie': cleared });
      return new Response(null, {
        status: 204,
        headers: { ...BASE_HEADERS, ...CLIENT_HEADERS, 'Set-Cookie': cleared },
      });
    },
  },
  '/api/my-matters': {
    GET: async (req) => json(await myMatters((await requireClient(req)).email), 200, CLIENT_HEADERS),
  },
  '/api/my-matters/:id/calendar.ics': {
    GET: async (req, context) => {
      const { email } = await requireClient(req);
      const at = now();
      const matter = await clientMatterOf(await myMatterRecord(email, matterId(context)), at);
      const { name, phone } = await practice();
      const body = await matterCalendar(matter, {
        host: new URL(linkOrigin(req)).hostname,
        at,
        practiceName: name,
        warning: bankDetailsWarning(phone),
        estimateNote: ESTIMATE_NOTE,
      });
      return new Response(body, {
        headers: {
          ...BASE_HEADERS,
          ...CLIENT_HEADERS,
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': 'attachment; filename="matter-deadlines.ics"',
        },
      });
    },
  },
  '/api/my-matters/:id/update-requests': {
    POST: askForUpdate,
  },
  '/api/my-matters/:id/texts': {
    POST: changeMatterTexts,
  },
  '/api/my-matters/:id/payout': {
    PUT: savePayout,
    POST: savePayout,
  },
});
