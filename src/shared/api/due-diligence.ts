/**
 * An enquiry's customer due diligence, the staff side (AML/CTF Act; decision 054): read
 * (audited), verify and rate, approve a high rating (a second person), reject, re-screen a
 * verified matter, resolve a possible sanctions match, and close the matter. Without
 * `CDD_ENCRYPTION_KEY` every route answers 503. Field errors are keyed by the whole path
 * (`verification.0.documents.0.last4`), and the dates are judged against Sydney's today when a
 * body is read.
 */
import * as z from 'zod/mini';
import { cddFieldErrors } from '../schemas/cdd.ts';
import { cddStaffViewSchema } from '../schemas/cdd-record.ts';
import {
  cddApproveSchema,
  cddCloseSchema,
  cddClosedSchema,
  cddDecisionSchema,
  cddRejectSchema,
  cddRescreenSchema,
  cddSanctionsResolutionSchema,
  cddVerifySchema,
} from '../schemas/cdd-verification.ts';
import { route } from './contract.ts';

/** Every write's refusals: its body, the caller, the enquiry, the record's state or version, the key. */
const WRITE_REFUSALS = [400, 401, 403, 404, 409, 413, 415, 503] as const;

export const dueDiligenceRoutes = {
  read: route({
    method: 'GET',
    path: '/api/contact-requests/:id/cdd',
    summary: 'An enquiry’s due diligence as staff review it (every read audited)',
    access: 'staff',
    output: cddStaffViewSchema,
    refusals: [401, 403, 404, 503],
  }),
  verify: route({
    method: 'POST',
    path: '/api/contact-requests/:id/cdd/verify',
    summary: 'Records how each individual was verified and screened, and rates the risk',
    access: 'staff',
    // No date in the context: each body is judged against Sydney's today when it is read.
    input: cddVerifySchema(),
    fieldErrors: cddFieldErrors,
    output: cddDecisionSchema,
    refusals: WRITE_REFUSALS,
  }),
  approve: route({
    method: 'POST',
    path: '/api/contact-requests/:id/cdd/approve',
    summary: 'A second person’s approval of a rating that waits for one (a principal)',
    access: 'staff',
    // The note is optional in the body (a lowered rating); a high rating's approval needs one.
    input: z.optional(cddApproveSchema),
    fieldErrors: cddFieldErrors,
    output: cddDecisionSchema,
    refusals: WRITE_REFUSALS,
  }),
  reject: route({
    method: 'POST',
    path: '/api/contact-requests/:id/cdd/reject',
    summary: 'Rejects the client’s details, saying why (they may correct and resubmit)',
    access: 'staff',
    input: cddRejectSchema,
    fieldErrors: cddFieldErrors,
    output: cddDecisionSchema,
    refusals: WRITE_REFUSALS,
  }),
  rescreen: route({
    method: 'POST',
    path: '/api/contact-requests/:id/cdd/rescreen',
    summary: 'Records a later sanctions screening of a verified matter (ongoing due diligence)',
    access: 'staff',
    input: cddRescreenSchema(),
    fieldErrors: cddFieldErrors,
    output: cddDecisionSchema,
    refusals: WRITE_REFUSALS,
  }),
  resolveSanctionsMatch: route({
    method: 'POST',
    path: '/api/contact-requests/:id/cdd/sanctions-resolution',
    summary: 'Resolves an individual’s possible sanctions match as a false positive or a true match',
    access: 'staff',
    input: cddSanctionsResolutionSchema,
    fieldErrors: cddFieldErrors,
    output: cddDecisionSchema,
    refusals: WRITE_REFUSALS,
  }),
  close: route({
    method: 'POST',
    path: '/api/contact-requests/:id/close',
    summary: 'Closes the matter on the day the business relationship ended (its records’ 7 years start)',
    access: 'staff',
    input: cddCloseSchema(),
    fieldErrors: cddFieldErrors,
    output: cddClosedSchema,
    refusals: WRITE_REFUSALS,
  }),
} as const;
