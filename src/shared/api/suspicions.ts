/**
 * The suspicious-matter register (AML/CTF Act s 41; decision 054): any member of staff records a
 * suspicion about an enquiry; principals read the register and record each report to AUSTRAC.
 * Without `CDD_ENCRYPTION_KEY` every route answers 503.
 */
import * as z from 'zod/mini';
import { now } from '../clock.ts';
import {
  suspicionInputSchema,
  suspicionRecordedSchema,
  suspicionReportSchema,
  suspicionRowSchema,
} from '../schemas/suspicion.ts';
import { sydneyToday } from '../sydney-time.ts';
import { route } from './contract.ts';

export const suspicionsRoutes = {
  record: route({
    method: 'POST',
    path: '/api/contact-requests/:id/suspicion',
    summary: 'Records a suspicion about an enquiry and starts its report clock',
    access: 'staff',
    // Judged when the body is read: a suspicion cannot be formed, nor reported, in the future.
    input: suspicionInputSchema(now),
    output: suspicionRecordedSchema,
    status: 201,
    refusals: [400, 401, 403, 404, 413, 415, 503],
  }),
  register: route({
    method: 'GET',
    path: '/api/suspicions',
    summary: 'The suspicious-matter register, each entry with its report clock (read audited)',
    access: 'principal',
    output: z.array(suspicionRowSchema),
    refusals: [401, 403, 503],
  }),
  report: route({
    method: 'PATCH',
    path: '/api/suspicions/:id',
    summary: 'Records the report of a suspicious matter made to AUSTRAC',
    access: 'principal',
    input: suspicionReportSchema(() => sydneyToday(now())),
    output: suspicionRowSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
} as const;
