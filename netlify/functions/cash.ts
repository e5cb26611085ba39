/**
 * The cash register (AML/CTF Act s 43): while the practice accepts cash (Settings › Cash, a
 * principal's choice), any member of staff records cash received on an enquiry; principals
 * read the register (audited) with each threshold transaction report's clock, and record each
 * report made to AUSTRAC. Receipts are sealed like due-diligence records: without
 * `CDD_ENCRYPTION_KEY` the routes answer 503 (after the session check, so a stranger learns
 * nothing about the key, and before the body is judged). Declared in src/shared/api/cash.ts.
 */
import type { Config } from '@netlify/functions';
import { cashRoutes } from '#src/shared/api/cash.ts';
import {
  CASH_RECEIPT_NOT_FOUND,
  readCashRegister,
  recordCashReceipt,
  recordCashReport,
} from './_shared/desk/cash-register.ts';
import { keyBeforeBody, requireCddKey } from './_shared/due-diligence/require-cdd-key.ts';
import { NOT_FOUND } from './_shared/enquiries/pipeline.ts';
import { handle, HttpError } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { isCashReceiptId } from './_shared/repositories/cash-receipts-store.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';

export const config: Config = {
  path: ['/api/contact-requests/:id/cash', '/api/cash', '/api/cash/:id'],
};

export default handle(
  config,
  keyBeforeBody(
    declared(cashRoutes, {
      record: async ({ body, params, user: staff }) => {
        requireCddKey();
        if (!isEnquiryId(params.id)) throw new HttpError(404, NOT_FOUND);
        return recordCashReceipt(params.id, body, staff);
      },
      register: async ({ user: principal }) => {
        requireCddKey();
        return readCashRegister(principal);
      },
      report: async ({ body, params, user: principal }) => {
        requireCddKey();
        if (!isCashReceiptId(params.id)) throw new HttpError(404, CASH_RECEIPT_NOT_FOUND);
        return recordCashReport(params.id, body, principal);
      },
    }),
  ),
);
