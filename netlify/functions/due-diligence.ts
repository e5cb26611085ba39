/**
 * Staff: an enquiry's customer due diligence (AML/CTF Act): read (audited), verify and rate,
 * approve a high rating (a second person), reject, re-screen a verified matter (ongoing due
 * diligence), resolve a possible sanctions match, and close the matter. Every route needs a
 * staff session and then the encryption key: without `CDD_ENCRYPTION_KEY` they answer 503.
 */
import type { Config } from '@netlify/functions';
import { requireStaff } from './_shared/http/auth.ts';
import { requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import { approveCdd, closeMatter, rejectCdd } from './_shared/due-diligence/staff-decisions.ts';
import {
  parseApprove,
  parseClose,
  parseReject,
  parseRescreen,
  parseSanctionsResolution,
  parseVerify,
  readCdd,
  verifyCdd,
} from './_shared/due-diligence/staff-review.ts';
import { rescreenCdd, resolveSanctionsMatch } from './_shared/due-diligence/staff-screening.ts';
import { handle, HttpError, json, readJson, readOptionalJson } from './_shared/http/http.ts';
import { confirmIdentityVerified } from './_shared/mail/cdd-mail.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';
import { NOT_FOUND } from './_shared/enquiries/pipeline.ts';

const enquiryId = (id: string | undefined) => {
  if (!id || !isEnquiryId(id)) throw new HttpError(404, NOT_FOUND);
  return id;
};

/** Staff first (a stranger learns nothing about the key), then the key. */
async function staffWithKey(req: Request) {
  const staff = await requireStaff(req);
  requireCddKey();
  return staff;
}

export const config: Config = {
  path: [
    '/api/contact-requests/:id/cdd',
    '/api/contact-requests/:id/cdd/verify',
    '/api/contact-requests/:id/cdd/approve',
    '/api/contact-requests/:id/cdd/reject',
    '/api/contact-requests/:id/cdd/rescreen',
    '/api/contact-requests/:id/cdd/sanctions-resolution',
    '/api/contact-requests/:id/close',
  ],
};

export default handle(config, {
  '/api/contact-requests/:id/cdd': {
    GET: async (req, { params }) => json(await readCdd(enquiryId(params.id), await staffWithKey(req))),
  },
  '/api/contact-requests/:id/cdd/verify': {
    POST: async (req, { params, waitUntil }) => {
      const staff = await staffWithKey(req);
      const input = parseVerify(await readJson(req));
      const id = enquiryId(params.id);
      const result = await verifyCdd(id, input, staff);
      if (result.status === 'verified') await confirmIdentityVerified(id, waitUntil);
      return json(result);
    },
  },
  '/api/contact-requests/:id/cdd/approve': {
    POST: async (req, { params, waitUntil }) => {
      const id = enquiryId(params.id);
      const staff = await staffWithKey(req);
      // The note is optional in the body (a lowered rating); a high rating's approval needs one.
      const input = parseApprove(await readOptionalJson(req));
      const result = await approveCdd(id, input, staff);
      await confirmIdentityVerified(id, waitUntil);
      return json(result);
    },
  },
  '/api/contact-requests/:id/cdd/reject': {
    POST: async (req, { params }) => {
      const staff = await staffWithKey(req);
      const input = parseReject(await readJson(req));
      return json(await rejectCdd(enquiryId(params.id), input, staff));
    },
  },
  '/api/contact-requests/:id/cdd/rescreen': {
    POST: async (req, { params }) => {
      const staff = await staffWithKey(req);
      const input = parseRescreen(await readJson(req));
      return json(await rescreenCdd(enquiryId(params.id), input, staff));
    },
  },
  '/api/contact-requests/:id/cdd/sanctions-resolution': {
    POST: async (req, { params }) => {
      const staff = await staffWithKey(req);
      const input = parseSanctionsResolution(await readJson(req));
      return json(await resolveSanctionsMatch(enquiryId(params.id), input, staff));
    },
  },
  '/api/contact-requests/:id/close': {
    POST: async (req, { params }) => {
      const staff = await staffWithKey(req);
      const input = parseClose(await readJson(req));
      return json(await closeMatter(enquiryId(params.id), input, staff));
    },
  },
});
