/**
 * Staff: engagements (costs disclosure and costs agreement) sent from the lead desk:
 * preview and send from an enquiry, then resend (for an accepted one: end its links and
 * issue new ones), revoke, switch reminders, vary an accepted one (an updated disclosure)
 * and fetch the signed PDF. Every figure is the server's own quote; nothing a browser sends is trusted.
 * Declared in src/shared/api/engagements.ts.
 */
import type { Config } from '@netlify/functions';
import { engagementsRoutes } from '#src/shared/api/engagements.ts';
import { changeClientAddress } from './_shared/engagement/client-address.ts';
import { sendEngagementLink } from './_shared/mail/engagement-mail.ts';
import { ENGAGEMENT_NOT_FOUND } from './_shared/engagement/workflow.ts';
import {
  previewEngagement,
  previewVariation,
  sendEngagement,
  varyEngagement,
  type IssuedLinks,
} from './_shared/engagement/engagement-send.ts';
import { resendEngagement, revokeEngagement } from './_shared/engagement/revoke-resend.ts';
import { setReminders } from './_shared/engagement/engagement-reminders.ts';
import { pdfResponse } from './_shared/engagement/pdf-response.ts';
import { linkOrigin } from './_shared/platform/link-origin.ts';
import { handle, HttpError } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { getEngagement, isEngagementId } from './_shared/repositories/engagements-store.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';
import { NOT_FOUND } from './_shared/enquiries/pipeline.ts';

const enquiryId = (id: string | undefined) => {
  if (!id || !isEnquiryId(id)) throw new HttpError(404, NOT_FOUND);
  return id;
};
const engagementId = (id: string | undefined) => {
  if (!id || !isEngagementId(id)) throw new HttpError(404, ENGAGEMENT_NOT_FOUND);
  return id;
};

/**
 * A send's, a resend's or a variation's links in an answer to staff: each client's link
 * only when it did not reach them by e-mail (no SMTP, or the send failed); otherwise it is
 * the client's alone. `url` is the first client's, as before joint clients.
 */
const links = (sent: IssuedLinks) => ({
  ...(sent.clients[0]?.url ? { url: sent.clients[0].url } : {}),
  expiresAt: sent.record.expiresAt,
  emailed: sent.emailed,
  clients: sent.clients,
});

/** A new engagement's answer (a send or a variation): its links, figures and lifetime. */
const issued = (sent: IssuedLinks) => ({
  id: sent.record.id,
  status: 'sent' as const,
  ...links(sent),
  figures: sent.record.content.quote.figures,
  ...(sent.record.variationOf ? { variationOf: sent.record.variationOf } : {}),
});

export const config: Config = {
  path: [
    '/api/contact-requests/:id/engagement',
    '/api/contact-requests/:id/engagement/preview',
    '/api/engagements/:id',
    '/api/engagements/:id/resend',
    '/api/engagements/:id/revoke',
    '/api/engagements/:id/variation',
    '/api/engagements/:id/variation/preview',
    '/api/engagements/:id/clients/:index/address',
    '/api/engagements/:id/document.pdf',
  ],
};

export default handle(
  config,
  declared(engagementsRoutes, {
    send: async ({ req, params, body, user }) =>
      issued(await sendEngagement(enquiryId(params.id), body, user, linkOrigin(req), sendEngagementLink)),
    preview: async ({ params, body }) => previewEngagement(enquiryId(params.id), body),
    setReminders: async ({ params, body: { reminders }, user }) =>
      setReminders(engagementId(params.id), reminders, user),
    resend: async ({ req, params, user }) => {
      const sent = await resendEngagement(engagementId(params.id), user, linkOrigin(req), sendEngagementLink);
      if (!sent) throw new HttpError(409, 'This engagement changed a moment ago. Refresh and try again.');
      return links(sent);
    },
    vary: async ({ req, params, body, user }) =>
      issued(await varyEngagement(engagementId(params.id), body, user, linkOrigin(req), sendEngagementLink)),
    previewVariation: async ({ params, body }) => previewVariation(engagementId(params.id), body),
    revoke: async ({ params, user }) => revokeEngagement(engagementId(params.id), user),
    changeClientAddress: async ({ params, body, user, context }) => {
      const index = /^[0-9]$/.test(params.index) ? Number(params.index) : -1;
      if (index < 0) throw new HttpError(404, 'This engagement has no such client');
      return changeClientAddress(engagementId(params.id), index, body, user, context.waitUntil);
    },
    document: async ({ params }) => {
      const found = await getEngagement(engagementId(params.id));
      if (!found) throw new HttpError(404, ENGAGEMENT_NOT_FOUND);
      return pdfResponse(found.record);
    },
  }),
);
