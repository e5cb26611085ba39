/**
 * Staff: an enquiry's customer due diligence (AML/CTF Act): read (audited), verify and rate,
 * approve a high rating (a second person), reject, re-screen a verified matter (ongoing due
 * diligence), resolve a possible sanctions match, and close the matter. Every route needs a
 * staff session and then the encryption key: without `CDD_ENCRYPTION_KEY` they answer 503
 * (after the session check, so a stranger learns nothing about the key, and before the body is
 * judged). Declared in src/shared/api/due-diligence.ts.
 */
import type { Config } from '@netlify/functions';
import { dueDiligenceRoutes } from '#src/shared/api/due-diligence.ts';
import { keyBeforeBody, requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import { approveCdd, closeMatter, rejectCdd } from './_shared/due-diligence/staff-decisions.ts';
import { readCdd, verifyCdd } from './_shared/due-diligence/staff-review.ts';
import { rescreenCdd, resolveSanctionsMatch } from './_shared/due-diligence/staff-screening.ts';
import { handle, HttpError } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { confirmIdentityVerified } from './_shared/mail/cdd-mail.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';
import { NOT_FOUND } from './_shared/enquiries/pipeline.ts';

const enquiryId = (id: string) => {
  if (!isEnquiryId(id)) throw new HttpError(404, NOT_FOUND);
  return id;
};

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

export default handle(
  config,
  keyBeforeBody(
    declared(dueDiligenceRoutes, {
      read: async ({ params, user: staff }) => {
        const id = enquiryId(params.id);
        requireCddKey();
        return readCdd(id, staff);
      },
      verify: async ({ params, body, user: staff, context }) => {
        requireCddKey();
        const id = enquiryId(params.id);
        const result = await verifyCdd(id, body, staff);
        if (result.status === 'verified') await confirmIdentityVerified(id, context.waitUntil);
        return result;
      },
      approve: async ({ params, body, user: staff, context }) => {
        const id = enquiryId(params.id);
        requireCddKey();
        const result = await approveCdd(id, body ?? {}, staff);
        await confirmIdentityVerified(id, context.waitUntil);
        return result;
      },
      reject: async ({ params, body, user: staff }) => {
        requireCddKey();
        return rejectCdd(enquiryId(params.id), body, staff);
      },
      rescreen: async ({ params, body, user: staff }) => {
        requireCddKey();
        return rescreenCdd(enquiryId(params.id), body, staff);
      },
      resolveSanctionsMatch: async ({ params, body, user: staff }) => {
        requireCddKey();
        return resolveSanctionsMatch(enquiryId(params.id), body, staff);
      },
      close: async ({ params, body, user: staff }) => {
        requireCddKey();
        return closeMatter(enquiryId(params.id), body, staff);
      },
    }),
  ),
);
