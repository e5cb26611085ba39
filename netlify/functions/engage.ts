/**
 * The client's side of an engagement, through the personal link `/engage/{token}`: the
 * page itself (server-rendered, no JavaScript needed), the same content as JSON, the
 * acceptance (JSON, or a plain form post answered with a 303 back to the page), and the
 * signed PDF once accepted. Guessing at links is throttled per network as sign-ins are,
 * and every unknown token gets the same 404.
 */
import type { Config } from '@netlify/functions';
import { engagementAcceptSchema, formToAcceptance, type EngagementRecord } from '#src/shared/schemas/engagement.ts';
import { toFieldErrors } from '#src/shared/schemas/fields.ts';
import { identityStep } from './_shared/due-diligence/client-draft.ts';
import { noticeAcceptance } from './_shared/mail/client-acted.ts';
import { queueSignedCopy } from './_shared/mail/engagement-mail.ts';
import { linkOrigin } from './_shared/platform/link-origin.ts';
import { acceptEngagement, markViewed } from './_shared/engagement/engagement-client.ts';
import { currentStatus, viewOf } from './_shared/engagement/workflow.ts';
import { errorPage, onLinks, openThrottled, page } from './_shared/pages/engage-link.ts';
import { engagePage, type EngageFormState } from './_shared/pages/engagement-page.tsx';
import { draftPdfResponse, pdfResponse } from './_shared/engagement/pdf-response.ts';
import { handle, hasCode, readForm, seeOther, type RouteContext } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { engagementLinkRoutes } from '#src/shared/api/engagement-link.ts';
import { clientAddress } from './_shared/http/login-throttle.ts';
import { matterIsOpen } from './_shared/repositories/matters-store.ts';

/** After an acceptance: the client's signed copy and the staff's notice, queued before the answer. */
async function afterAcceptance(after: EngagementRecord, client: number, req: Request, context: RouteContext) {
  await queueSignedCopy(after, context.waitUntil);
  await noticeAcceptance(after, client, linkOrigin(req), context.waitUntil);
}

/**
 * The page's plain form post: the form read as the accept schema reads it, then the link (a
 * malformed form costs no guess); a refused one shows the page again (400) as filled, an
 * accepted one (or one accepted already: a second tab, a double submit) goes back to it (303).
 * An error is a page, never a JSON body.
 */
async function acceptFromForm(req: Request, context: RouteContext): Promise<Response> {
  const token = context.params.token ?? '';
  const body = formToAcceptance(await readForm(req));
  const opened = await openThrottled(req, context);
  const { record } = opened;
  const result = engagementAcceptSchema.safeParse(body);
  if (!result.success) {
    const values = body as EngageFormState['values'];
    const html = engagePage({
      token,
      view: viewOf(record, currentStatus(record), opened.client),
      form: { values, error: 'Please check the highlighted fields', fieldErrors: toFieldErrors(result.error) },
      matterOpen: await matterIsOpen(record.enquiryId),
    });
    return page(html, 400);
  }
  try {
    const after = await acceptEngagement(opened, result.data, evidenceOf(req, context));
    await afterAcceptance(after, opened.client ?? 0, req, context);
  } catch (error) {
    if (!hasCode(error, 'already-accepted')) throw error;
  }
  return seeOther(`/engage/${encodeURIComponent(token)}`);
}

/** What an acceptance keeps of who made it. */
const evidenceOf = (req: Request, context: RouteContext) => ({
  userAgent: req.headers.get('user-agent') ?? '',
  address: clientAddress(req, context),
});

export const config: Config = {
  path: [
    '/engage/:token',
    '/api/engage/:token',
    '/api/engage/:token/accept',
    '/api/engage/:token/document.pdf',
    '/api/engage/:token/draft.pdf',
  ],
};

const { '/engage/:token': pageRoute, ...linkRoutes } = declared(
  engagementLinkRoutes,
  {
    // Its own headers (page, errorPage): an error it does not make a page of is answered as it was.
    page: async ({ req, context }) => {
      try {
        const opened = await openThrottled(req, context);
        const record = await markViewed(opened.record);
        return page(
          engagePage({
            token: context.params.token ?? '',
            view: viewOf(record, currentStatus(record), opened.client),
            // What comes after acceptance depends on the identity details (plain status only: no key needed).
            identity: await identityStep(record),
            matterOpen: await matterIsOpen(record.enquiryId),
          }),
        );
      } catch (error) {
        return errorPage(error);
      }
    },
    view: async ({ req, context }) => {
      const opened = await openThrottled(req, context);
      const record = await markViewed(opened.record);
      return viewOf(record, currentStatus(record), opened.client);
    },
    // The body is read before the link (declared() parses it first): a malformed one costs no guess.
    accept: async ({ req, context, body }) => {
      const opened = await openThrottled(req, context);
      const after = await acceptEngagement(opened, body, evidenceOf(req, context));
      await afterAcceptance(after, opened.client ?? 0, req, context);
      // A joint client's own acceptance, and whether the engagement is accepted (every client has).
      const own = after.clients[opened.client ?? 0]!.acceptance!;
      return {
        acceptedAt: own.at,
        documentSha256: own.documentSha256,
        status: after.acceptance ? ('accepted' as const) : ('waiting-for-others' as const),
      };
    },
    signedPdf: async ({ req, context }) => {
      const opened = await openThrottled(req, context);
      return pdfResponse(opened.record, opened.client);
    },
    draftPdf: async ({ req, context }) => draftPdfResponse((await openThrottled(req, context)).record),
  },
  {
    // A browser's form post gets a page, never a JSON body.
    accept: async ({ req, context }) => acceptFromForm(req, context).catch(errorPage),
  },
);

export default handle(
  config,
  // The page sets the link's headers itself; every other answer, an error too, gets them here.
  { '/engage/:token': pageRoute!, ...onLinks(linkRoutes) },
  // The link is the credential; no cookie is read (see HandleOptions).
  { sameOrigin: false },
);
