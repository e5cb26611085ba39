/**
 * The cash register (AML/CTF Act s 43): while the practice accepts cash (Settings › Cash, a
 * principal's choice), any member of staff records cash received on an enquiry; principals
 * read the register (audited) with each threshold transaction report's clock, and record each
 * report made to AUSTRAC. Receipts are sealed like due-diligence records: without
 * `CDD_ENCRYPTION_KEY` the routes answer 503 (after the session check, so a stranger learns
 * nothing about the key).
 */
import type { Config } from '@netlify/functions';
import {
  CASH_RECEIPT_NOT_FOUND,
  parseCashReceipt,
  parseCashReport,
  readCashRegister,
  recordCashReceipt,
  recordCashReport,
} from './_shared/desk/cash-register.ts';
import { requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import { NOT_FOUND } from './_shared/desk/pipeline.ts';
import { requirePrincipal, requireStaff } from './_shared/http/auth.ts';
import { handle, HttpError, json, readJson } from './_shared/http/http.ts';
import { isCashReceiptId } from './_shared/repositories/cash-receipts-store.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';

export const config: Config = {
  path: ['/api/contact-requests/:id/cash', '/api/cash', '/api/cash/:id'],
};

export default handle(config, {
  '/api/contact-requests/:id/cash': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      requireCddKey();
      const input = parseCashReceipt(await readJson(req));
      if (!params.id || !isEnquiryId(params.id)) throw new HttpError(404, NOT_FOUND);
      return json(await recordCashReceipt(params.id, input, staff), 201);
    },
  },
  '/api/cash': {
    GET: async (req) => {
      const principal = await requirePrincipal(req);
      requireCddKey();
      return json(await readCashRegister(principal));
    },
  },
  '/api/cash/:id': {
    PATCH: async (req, { params }) => {
      const principal = await requirePrincipal(req);
      requireCddKey();
      const input = parseCashReport(await readJson(req));
      if (!params.id || !isCashReceiptId(params.id)) throw new HttpError(404, CASH_RECEIPT_NOT_FOUND);
      return json(await recordCashReport(params.id, input, principal));
    },
  },
});
