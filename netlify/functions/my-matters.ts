/**
 * The client's own view of their matter: `/matter/` (sign in by e-mail, then their matters,
 * server-rendered, no JavaScript needed), the one-time sign-in link, and the same as JSON
 * under `/api/my-matters` (with the calendar file and update requests). A client session
 * opens only the signed-in client's matters; it is never a staff session
 * (docs/decisions/032-client-matter-sign-in.md). Declared in src/shared/api/my-matters.ts.
 */
import type { Config } from '@netlify/functions';
import { ESTIMATE_NOTE, bankDetailsWarning } from '#src/content/matters.ts';
import { now } from '#src/shared/clock.ts';
import { textsOnSaid, TEXTS_OFF_SAID } from '#src/content/client-texts.ts';
import {
  localMobile,
  matterSignInSchema,
  normaliseEmail,
  textsChangeSchema,
  updateRequestSchema,
} from '#src/shared/schemas/client-matter.ts';
import { toFieldErrors } from '#src/shared/schemas/fields.ts';
import { linkOrigin } from './_shared/platform/link-origin.ts';
import {
  asRefusal,
  BASE_HEADERS,
  eachHandler,
  handle,
  htmlPage,
  HttpError,
  readForm,
  type RouteContext,
  type Routes,
} from './_shared/http/http.ts';
import { declared, type Call } from './_shared/http/serve.ts';
import { myMattersRoutes } from '#src/shared/api/my-matters.ts';
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
import { DEFAULT_CASH_POLICY } from '#src/content/cash.ts';
import { payoutDetailsSchema } from '#src/shared/schemas/bank-account.ts';
import { payoutPageState, type PayoutPageState } from './_shared/payout/client-payout.ts';
import { SIGN_IN_AGAIN, signedInRecently, submitPayout } from './_shared/payout/payout-workflow.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';

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

/** The sign-in form posted without JavaScript: the page saying the link is on its way, or the form again. */
async function signInFromForm(req: Request, context: RouteContext): Promise<Response> {
  const body = { email: (await readForm(req)).get('email') ?? '' };
  const result = matterSignInSchema.safeParse(body);
  if (!result.success) {
    const errors = toFieldErrors(result.error).email ?? ['Please enter a valid email address'];
    return page(signInPage(await practice(), { errors, email: body.email }), 400);
  }
  await requestSignIn(result.data.email, req, context, linkOrigin(req));
  // The page, not a redirect: a browser without JavaScript reads the one answer at once.
  return page(signInPage(await practice(), { sent: true }), 202);
}

/** The update request posted from the page (no JavaScript): the page again, saying it was sent. */
async function askForUpdateFromForm(req: Request, context: RouteContext): Promise<Response> {
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

/** Texts about a matter on or off from the page's form (no JavaScript needed). */
async function changeTextsFromForm(req: Request, context: RouteContext): Promise<Response> {
  const id = matterId(context);
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
 * The client's bank details from the page's form (`POST`, no JavaScript), only within 15
 * minutes of signing in (else the page asks them to sign in again).
 */
async function savePayoutFromForm(req: Request, context: RouteContext): Promise<Response> {
  const id = matterId(context);
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

/** `PUT /api/my-matters/{id}/payout` as JSON (and a JSON `POST`), within 15 minutes of signing in. */
async function savePayout({ req, context, params, body }: Call<typeof myMattersRoutes.savePayout>) {
  const session = await requireClient(req);
  const record = await myMatterRecord(session.email, params.id);
  if (!signedInRecently(session.signedInAt)) throw new HttpError(403, SIGN_IN_AGAIN);
  return submitPayout(record, body, context.waitUntil);
}

/**
 * Every answer the client's side makes carries CLIENT_HEADERS, beside any of its own (a page's,
 * the sign-in link's `no-referrer`); its refusals are handle()'s, as before.
 */
const withClientHeaders = (routes: Routes): Routes =>
  eachHandler(routes, (handler) => async (req, context) => {
    const response = await handler(req, context);
    for (const [name, value] of Object.entries(CLIENT_HEADERS))
      if (!response.headers.has(name)) response.headers.set(name, value);
    return response;
  });
export default handle(
  config,
  withClientHeaders(
    declared(
      myMattersRoutes,
      {
        page: async ({ req }) => {
          const session = await readClientSession(req);
          if (!session) return page(signInPage(await practice()));
          return clientPage(session);
        },
        signInLink: async ({ req, params }) => {
          try {
            const email = normaliseEmail(await redeemSignInLink(params.token));
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
        signIn: async ({ req, context, body }) => {
          await requestSignIn(body.email, req, context, linkOrigin(req));
          return { status: 'accepted' as const };
        },
        signOut: async ({ req, headers }) => {
          headers.set('Set-Cookie', await endClientSession(req));
          return undefined;
        },
        list: async ({ req }) => myMatters((await requireClient(req)).email),
        calendar: async ({ req, params }) => {
          const { email } = await requireClient(req);
          const at = now();
          const matter = await clientMatterOf(await myMatterRecord(email, params.id), at);
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
              'Content-Type': 'text/calendar; charset=utf-8',
              'Content-Disposition': 'attachment; filename="matter-deadlines.ics"',
            },
          });
        },
        // The body first, as every JSON write: a malformed one is refused whoever sends it.
        requestUpdate: async ({ req, context, params, body }) => {
          const { email } = await requireClient(req);
          return requestUpdate(email, params.id, body.message, context.waitUntil, linkOrigin(req));
        },
        texts: async ({ req, params, body }) => {
          const { email } = await requireClient(req);
          return { texts: await changeTexts(email, params.id, body) };
        },
        savePayout,
        postPayout: savePayout,
      },
      {
        signIn: async ({ req, context }) => signInFromForm(req, context),
        signOut: async ({ req }) => seeOther('/matter/', { 'Set-Cookie': await endClientSession(req) }),
        requestUpdate: async ({ req, context }) => askForUpdateFromForm(req, context),
        texts: async ({ req, context }) => changeTextsFromForm(req, context),
        postPayout: async ({ req, context }) => savePayoutFromForm(req, context),
      },
    ),
  ),
);
