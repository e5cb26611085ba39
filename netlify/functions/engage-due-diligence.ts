/**
 * The client's customer due diligence through the engagement link, once the engagement is
 * accepted: the JSON API (`/api/engage/{token}/cdd`: read, save a draft, submit) and the
 * page `/engage/{token}/identity`, server-rendered and posting a plain form, so it works
 * without JavaScript. The routes are thin: the workflow is due-diligence/client-draft.ts, the form's
 * reading due-diligence/identity-form.ts, the page pages/identity-page.tsx.
 *
 * Every call needs CDD_ENCRYPTION_KEY first (503 without it, in the client's words with the
 * practice's phone; the operator's instructions go to the log: nothing can be read or kept),
 * opens the link as every link route does (guesses throttled, 404 unknown, 410 ended), and
 * answers with the link's headers (no Referer, no cache, no index).
 */
import type { Config } from '@netlify/functions';
import * as z from 'zod/mini';
import { collectionNotice } from '#src/content/amlctf.ts';
import { cddDraftSchema } from '#src/shared/schemas/cdd-draft.ts';
import { cddFieldErrors } from '#src/shared/schemas/cdd.ts';
import type { EngagementRecord } from '#src/shared/schemas/engagement.ts';
import {
  assertAccepted,
  CHECK_FIELDS,
  isBuying,
  knownDetails,
  NOT_YET_ACCEPTED,
  readClientCdd,
  saveClientDraft,
  submitClientCdd,
} from './_shared/due-diligence/client-draft.ts';
import { noticeIdentitySubmitted } from './_shared/mail/client-acted.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { matterIsOpen } from './_shared/repositories/matters-store.ts';
import { linkOrigin } from './_shared/platform/link-origin.ts';
import { ConfigurationMissing } from './_shared/platform/env.ts';
import { keyBeforeBody, practicePhone, requireCddKeyForClient } from './_shared/due-diligence/require-cdd-key.ts';
import { applyAction, parseCddForm } from './_shared/due-diligence/identity-form.ts';
import { cddNotYetPage, cddPage, type CddFormState } from './_shared/pages/identity-page.tsx';
import { identityUnavailablePage } from './_shared/pages/link-error-page.tsx';
import { confirmIdentityReceived } from './_shared/mail/cdd-mail.ts';
import { errorPage, onLinks, openThrottled, page } from './_shared/pages/engage-link.ts';
import {
  asRefusal,
  handle,
  hasCode,
  readForm,
  refusalStatus,
  type RouteContext,
  seeOther,
} from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { engagementDueDiligenceRoutes } from '#src/shared/api/engagement-due-diligence.ts';

const identityPath = (token: string) => `/engage/${encodeURIComponent(token)}/identity`;

// ---- The page ---------------------------------------------------------------------------

/** The page for a person: unknown, ended and throttled links as the engagement page shows them; 503 readable. */
async function pageForError(error: unknown): Promise<Response> {
  if (refusalStatus(error) === 503 || error instanceof ConfigurationMissing) {
    return page(identityUnavailablePage(await practicePhone()), 503);
  }
  return errorPage(error);
}

/**
 * What a client reads or submits of their identity details through their link is audited as
 * that client's act: the enquiry and the client's place on the engagement, never a detail. A
 * read is audited only when it shows details (a draft or a submission, not an empty form).
 */
async function auditClientAct(
  record: EngagementRecord,
  client: number | undefined,
  act: 'read' | 'submit',
  cdd?: { view: { parties: readonly unknown[] } },
): Promise<void> {
  if (act === 'read' && !cdd?.view.parties.length) return;
  await recordAudit({
    by: 'website',
    action: `cdd.${act}.client`,
    target: `${record.enquiryId} (client ${(client ?? 0) + 1})`,
  });
}

/** The engagement the link opens, or the page that says why it does not (yet). */
async function openForPage(
  req: Request,
  context: RouteContext,
): Promise<{ record: EngagementRecord; client?: number } | { response: Response }> {
  const { record, client } = await openThrottled(req, context);
  try {
    assertAccepted(record);
  } catch {
    const html = cddNotYetPage(context.params.token ?? '', record.content.practice, NOT_YET_ACCEPTED);
    return { response: page(html, 404) };
  }
  return { record, client };
}

async function renderPage(
  record: EngagementRecord,
  token: string,
  extra: { form?: CddFormState; saved?: boolean; change?: boolean; client?: number },
) {
  const { client, ...rest } = extra;
  const cdd = await readClientCdd(record);
  await auditClientAct(record, client, 'read', cdd);
  // Only a first visit's form starts from what the practice knows of this link's client.
  const known = client !== undefined && cdd.view.status === 'not-started' ? await knownDetails(record, client) : {};
  const matterOpen = await matterIsOpen(record.enquiryId);
  return cddPage({
    token,
    practice: record.content.practice,
    buying: isBuying(record),
    cdd,
    known,
    matterOpen,
    ...rest,
  });
}

async function showPage(req: Request, context: RouteContext): Promise<Response> {
  await requireCddKeyForClient();
  const opened = await openForPage(req, context);
  if ('response' in opened) return opened.response;
  const query = new URL(req.url).searchParams;
  const extra = { saved: query.has('saved'), change: query.has('change'), client: opened.client };
  return page(await renderPage(opened.record, context.params.token ?? '', extra));
}

/**
 * A press of any of the form's buttons: what was typed is saved as the draft first, then
 * the button's step (add or remove a party or an owner, submit) is done, and the browser is
 * sent back to the page where it changed (303). A refused submit shows the page again (400)
 * with the messages and what was typed; the draft is kept either way.
 */
async function postForm(req: Request, context: RouteContext): Promise<Response> {
  await requireCddKeyForClient();
  const token = context.params.token ?? '';
  // The body first: a malformed one says nothing about any link, and costs no guess.
  const { action, draft: posted } = parseCddForm(await readForm(req));
  const opened = await openForPage(req, context);
  if ('response' in opened) return opened.response;
  const { record } = opened;
  const parsed = z.safeParse(cddDraftSchema, posted);
  if (!parsed.success) {
    // Only a post the page's own fields cannot make (too long, an unknown kind of party).
    const stored = await readClientCdd(record);
    const form = {
      values: { parties: stored.view.parties, declarations: stored.view.declarations },
      error: CHECK_FIELDS,
      fieldErrors: cddFieldErrors(parsed.error),
    };
    return page(await renderPage(record, token, { form }), 400);
  }
  const { draft, anchor } = applyAction(parsed.data, action);
  try {
    await saveClientDraft(record, draft);
    if (action.kind === 'submit') {
      try {
        await submitClientCdd(record);
        await auditClientAct(record, opened.client, 'submit');
        await noticeIdentitySubmitted(record, linkOrigin(req), context.waitUntil);
      } catch (caught) {
        const error = asRefusal(caught);
        if (error?.status !== 400) throw caught;
        const form = { values: draft, error: error.message, fieldErrors: error.fieldErrors };
        return page(await renderPage(record, token, { form }), 400);
      }
      await confirmIdentityReceived(record, context.waitUntil);
      return seeOther(`${identityPath(token)}#status`);
    }
  } catch (error) {
    // Staff have it now, or the matter is closed: nothing was changed (409), and the page's
    // status says why, as the API's message does.
    if (!hasCode(error, 'cdd-locked') && !hasCode(error, 'cdd-closed')) throw error;
    return page(await renderPage(record, token, {}), 409);
  }
  return seeOther(`${identityPath(token)}${action.kind === 'save' ? '?saved=1' : ''}#${anchor}`);
}

// ---- The API ----------------------------------------------------------------------------

const identityPage = async ({ req, context }: { req: Request; context: RouteContext }) =>
  postForm(req, context).catch(pageForError);

export const config: Config = {
  path: ['/engage/:token/identity', '/api/engage/:token/cdd', '/api/engage/:token/cdd/submit'],
};

export default handle(
  config,
  // Every answer with the link's headers; the key before the body, and the body before the link
  // (a malformed one costs no guess at links).
  onLinks(
    keyBeforeBody(
      declared(
        engagementDueDiligenceRoutes,
        {
          page: async ({ req, context }) => showPage(req, context).catch(pageForError),
          // Not a form: postForm refuses it (415) as it reads it.
          postPage: identityPage,
          read: async ({ req, context }) => {
            await requireCddKeyForClient();
            const { record, client } = await openThrottled(req, context);
            const cdd = await readClientCdd(record);
            await auditClientAct(record, client, 'read', cdd);
            // The APP 5 notice, as the identity page shows it.
            return { ...cdd.view, notice: collectionNotice(record.content.practice.name) };
          },
          save: async ({ req, context, body }) => {
            await requireCddKeyForClient();
            const { record } = await openThrottled(req, context);
            return saveClientDraft(record, body);
          },
          submit: async ({ req, context, body }) => {
            await requireCddKeyForClient();
            const { record, client } = await openThrottled(req, context);
            const submitted = await submitClientCdd(record, body);
            await auditClientAct(record, client, 'submit');
            await confirmIdentityReceived(record, context.waitUntil);
            await noticeIdentitySubmitted(record, linkOrigin(req), context.waitUntil);
            return submitted;
          },
        },
        { postPage: identityPage },
      ),
      requireCddKeyForClient,
    ),
  ),
  // The link is the credential; no cookie is read (see HandleOptions).
  { sameOrigin: false },
);
