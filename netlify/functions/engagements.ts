/**
 * Staff: engagements (costs disclosure and costs agreement) sent from the lead desk:
 * preview and send from an enquiry, then resend (for an accepted one: end its links and
 * issue new ones), revoke, switch reminders, vary an accepted one (an updated disclosure)
 * and fetch the signed PDF. Every figure is the server's own quote; nothing a browser sends is trusted.
 */
import type { Config } from '@netlify/functions';
import {
  engagementPatchSchema,
  engagementSendSchema,
  engagementVariationSchema,
  clientAddressSchema,
} from '../../src/shared/schemas/engagement.ts';
import { requirePrincipal, requireStaff } from './_shared/http/auth.ts';
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
import { handle, HttpError, json, readJson, validate } from './_shared/http/http.ts';
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
const issued = (sent: IssuedLinks) =>
  json(
    {
      id: sent.record.id,
      status: 'sent',
      ...links(sent),
      figures: sent.record.content.quote.figures,
      ...(sent.record.variationOf ? { variationOf: sent.record.variationOf } : {}),
    },
    201,
  );

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

export default handle(config, {
  '/api/contact-requests/:id/engagement': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      const input = validate(engagementSendSchema, await readJson(req));
      return issued(await sendEngagement(enquiryId(params.id), input, staff, linkOrigin(req), sendEngagementLink));
    },
  },
  '/api/contact-requests/:id/engagement/preview': {
    POST: async (req, { params }) => {
      await requireStaff(req);
      const input = validate(engagementSendSchema, await readJson(req));
      return json(await previewEngagement(enquiryId(params.id), input));
    },
  },
  '/api/engagements/:id': {
    PATCH: async (req, { params }) => {
      const staff = await requireStaff(req);
      const { reminders } = validate(engagementPatchSchema, await readJson(req));
      return json(await setReminders(engagementId(params.id), reminders, staff));
    },
  },
  '/api/engagements/:id/resend': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      const sent = await resendEngagement(engagementId(params.id), staff, linkOrigin(req), sendEngagementLink);
      if (!sent) throw new HttpError(409, 'This engagement changed a moment ago. Refresh and try again.');
      return json(links(sent));
    },
  },
  '/api/engagements/:id/variation': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      const input = validate(engagementVariationSchema, await readJson(req));
      return issued(await varyEngagement(engagementId(params.id), input, staff, linkOrigin(req), sendEngagementLink));
    },
  },
  '/api/engagements/:id/variation/preview': {
    POST: async (req, { params }) => {
      await requireStaff(req);
      const input = validate(engagementVariationSchema, await readJson(req));
      return json(await previewVariation(engagementId(params.id), input));
    },
  },
  '/api/engagements/:id/revoke': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      return json(await revokeEngagement(engagementId(params.id), staff));
    },
  },
  '/api/engagements/:id/clients/:index/address': {
    POST: async (req, { params, waitUntil }) => {
      const principal = await requirePrincipal(req);
      const input = validate(clientAddressSchema, await readJson(req));
      const index = /^[0-9]$/.test(params.index ?? '') ? Number(params.index) : -1;
      if (index < 0) throw new HttpError(404, 'This engagement has no such client');
      return json(await changeClientAddress(engagementId(params.id), index, input, principal, waitUntil));
    },
  },
  '/api/engagements/:id/document.pdf': {
    GET: async (req, { params }) => {
      await requireStaff(req);
      const found = await getEngagement(engagementId(params.id));
      if (!found) throw new HttpError(404, ENGAGEMENT_NOT_FOUND);
      return pdfResponse(found.record);
    },
  },
});
