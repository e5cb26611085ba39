/**
 * The cash register (AML/CTF Act s 43; decision 054): any member of staff records cash received
 * on an enquiry while the practice accepts cash; principals read the register and record each
 * threshold transaction report. Without `CDD_ENCRYPTION_KEY` every route answers 503.
 */
import * as z from 'zod/mini';
import { now } from '../clock.ts';
import {
  cashReceiptAnswerSchema,
  cashReceiptInputSchema,
  cashReceiptRowSchema,
  cashReportSchema,
} from '../schemas/cash.ts';
import { sydneyToday } from '../sydney-time.ts';
import { route } from './contract.ts';

/** The Sydney day when a body is read: no receipt or report may be dated after it. */
const today = () => sydneyToday(now());

export const cashRoutes = {
  record: route({
    method: 'POST',
    path: '/api/contact-requests/:id/cash',
    summary: 'Records cash received on an enquiry (409 while the practice accepts no cash)',
    access: 'staff',
    input: cashReceiptInputSchema(today),
    output: cashReceiptAnswerSchema,
    status: 201,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  register: route({
    method: 'GET',
    path: '/api/cash',
    summary: 'The cash register, each threshold transaction with its report clock (read audited)',
    access: 'principal',
    output: z.array(cashReceiptRowSchema),
    refusals: [401, 403, 503],
  }),
  report: route({
    method: 'PATCH',
    path: '/api/cash/:id',
    summary: 'Records the threshold transaction report made to AUSTRAC for a receipt',
    access: 'principal',
    input: cashReportSchema(today),
    output: cashReceiptRowSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
} as const;
