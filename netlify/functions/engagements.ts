/**
 * Staff: engagements (costs disclosure and costs agreement) sent from the lead desk:
 * preview and send from an enquiry, then resend (for an accepted one: end its link and
 * issue a new one), revoke, switch reminders and fetch the signed PDF. Every figure is the server's own quote; nothing a browser sends is trusted.
 */
import type { Config } from '@netlify/functions';
import { engagementPatchSchema, engagementSendSchema } from '../../src/shared/schemas/engagement.ts';
import { requireStaff } from './_shared/http/auth.ts';
import { sendEngagementLink } from './_shared/mail/engagement-mail.ts';
import {
  ENGAGEMENT_NOT_FOUND,
  previewEngagement,
  resendEngagement,
  revokeEngagement,
  sendEngagement,
  setReminders,
} from './_shared/engagement/workflow.ts';
import { pdfResponse } from './_shared/engagement/pdf-response.ts';
import { linkOrigin } from './_shared/platform/link-origin.ts';
import { handle, HttpError, json, readJson, validate } from './_shared/http/http.ts';
import { getEngagement, isEngagementId } from './_shared/repositories/engagements-store.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';
import { NOT_FOUND } from './_shared/desk/pipeline.ts';

const enquiryId = (id: string | undefined) => {
  if (!id || !isEnquiryId(id)) throw new HttpError(404, NOT_FOUND);
  return id;
};
const engagementId = (id: string | undefined) => {
  if (!id || !isEngagementId(id)) throw new HttpError(404, ENGAGEMENT_NOT_FOUND);
  return id;
};

/**
 * The client's link in an answer to staff only when it did not reach the client by e-mail
 * (no SMTP, or the send failed): otherwise it is the client's alone, and whoever holds it
 * could read their identity details or accept in their name.
 */
const linkUnlessEmailed = (url: string, emailed: boolean): { url?: string } => (emailed ? {} : { url });

export const config: Config = {
  path: [
    '/api/contact-requests/:id/engagement',
    '/api/contact-requests/:id/engagement/preview',
    '/api/engagements/:id',
    '/api/engagements/:id/resend',
    '/api/engagements/:id/revoke',
    '/api/engagements/:id/document.pdf',
  ],
};

export default handle(config, {
  '/api/contact-requests/:id/engagement': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      const input = validate(engagementSendSchema, await readJson(req));
      const { record, url, emailed } = await sendEngagement(
        enquiryId(params.id),
        input,
        staff,
        linkOrigin(req),
        sendEngagementLink,
      );
      return json(
        {
          id: record.id,
          status: 'sent',
          ...linkUnlessEmailed(url, emailed),
          expiresAt: record.expiresAt,
          figures: record.content.quote.figures,
          emailed,
        },
        201,
      );
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
      return json({
        ...linkUnlessEmailed(sent.url, sent.emailed),
        expiresAt: sent.record.expiresAt,
        emailed: sent.emailed,
      });
    },
  },
  '/api/engagements/:id/revoke': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      return json(await revokeEngagement(engagementId(params.id), staff));
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
