/**
 * The suspicious-matter register (AML/CTF Act s 41): any member of staff records a suspicion
 * about an enquiry; principals read the register (audited) and record each report to
 * AUSTRAC. Entries are sealed like due-diligence records: without `CDD_ENCRYPTION_KEY` the
 * routes answer 503 (after the session check, so a stranger learns nothing about the key).
 */
import type { Config } from '@netlify/functions';
import { requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import {
  parseReport,
  parseSuspicion,
  readRegister,
  recordReport,
  recordSuspicion,
  SUSPICION_NOT_FOUND,
} from './_shared/desk/suspicious-matters.ts';
import { NOT_FOUND } from './_shared/desk/pipeline.ts';
import { requirePrincipal, requireStaff } from './_shared/http/auth.ts';
import { handle, HttpError, json, readJson } from './_shared/http/http.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';
import { isSuspicionId } from './_shared/repositories/suspicions-store.ts';

export const config: Config = {
  path: ['/api/contact-requests/:id/suspicion', '/api/suspicions', '/api/suspicions/:id'],
};

export default handle(config, {
  '/api/contact-requests/:id/suspicion': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      requireCddKey();
      const input = parseSuspicion(await readJson(req));
      if (!params.id || !isEnquiryId(params.id)) throw new HttpError(404, NOT_FOUND);
      return json(await recordSuspicion(params.id, input, staff), 201);
    },
  },
  '/api/suspicions': {
    GET: async (req) => {
      const principal = await requirePrincipal(req);
      requireCddKey();
      return json(await readRegister(principal));
    },
  },
  '/api/suspicions/:id': {
    PATCH: async (req, { params }) => {
      const principal = await requirePrincipal(req);
      requireCddKey();
      const input = parseReport(await readJson(req));
      if (!params.id || !isSuspicionId(params.id)) throw new HttpError(404, SUSPICION_NOT_FOUND);
      return json(await recordReport(params.id, input, principal));
    },
  },
});
