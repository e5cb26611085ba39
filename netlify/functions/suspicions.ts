/**
 * The suspicious-matter register (AML/CTF Act s 41): any member of staff records a suspicion
 * about an enquiry; principals read the register (audited) and record each report to
 * AUSTRAC. Entries are sealed like due-diligence records: without `CDD_ENCRYPTION_KEY` the
 * routes answer 503 (after the session check, so a stranger learns nothing about the key, and
 * before the body is judged). Declared in src/shared/api/suspicions.ts.
 */
import type { Config } from '@netlify/functions';
import { suspicionsRoutes } from '#src/shared/api/suspicions.ts';
import { keyBeforeBody, requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import { readRegister, recordReport, recordSuspicion, SUSPICION_NOT_FOUND } from './_shared/desk/suspicious-matters.ts';
import { NOT_FOUND } from './_shared/enquiries/pipeline.ts';
import { handle, HttpError } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';
import { isSuspicionId } from './_shared/repositories/suspicions-store.ts';

export const config: Config = {
  path: ['/api/contact-requests/:id/suspicion', '/api/suspicions', '/api/suspicions/:id'],
};

export default handle(
  config,
  keyBeforeBody(
    declared(suspicionsRoutes, {
      record: async ({ body, params, user: staff }) => {
        requireCddKey();
        if (!isEnquiryId(params.id)) throw new HttpError(404, NOT_FOUND);
        return recordSuspicion(params.id, body, staff);
      },
      register: async ({ user: principal }) => {
        requireCddKey();
        return readRegister(principal);
      },
      report: async ({ body, params, user: principal }) => {
        requireCddKey();
        if (!isSuspicionId(params.id)) throw new HttpError(404, SUSPICION_NOT_FOUND);
        return recordReport(params.id, body, principal);
      },
    }),
  ),
);
