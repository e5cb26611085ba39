/**
 * The client's customer due diligence through their engagement link (decision 054), once the
 * engagement is accepted: the identity page, server-rendered and posting a plain form (it works
 * without JavaScript), and the JSON API beside it (read, save a draft, submit). The link is the
 * credential (`public`: no session is read); an unknown link answers 404 (429 past the guesses
 * a network may make), an ended one 410, and every call 503 while the due-diligence key is not
 * set. The URL words (`identity`, `cdd`) are the spec's.
 */
import * as z from 'zod/mini';
import { cddDraftBodyFor, cddDraftBodySchema } from '../schemas/cdd-draft.ts';
import { cddClientReadSchema, cddClientViewSchema } from '../schemas/cdd-record.ts';
import { cddFieldErrors } from '../schemas/cdd.ts';
import { route } from './contract.ts';
import { madeResponse } from './made-response.ts';

export const engagementDueDiligenceRoutes = {
  page: route({
    method: 'GET',
    path: '/engage/:token/identity',
    summary: 'The client’s identity page: the form, their draft, or what became of their submission',
    access: 'public',
    output: madeResponse,
    answerType: 'text/html',
    // Unknown, ended and throttled links, and a missing key, are pages in the client's words.
    refusals: [],
  }),
  postPage: route({
    method: 'POST',
    path: '/engage/:token/identity',
    summary:
      'A press of one of the identity form’s buttons: the draft saved, then the button’s step (add, remove, submit)',
    access: 'public',
    output: madeResponse,
    answerType: 'text/html',
    formPost: true,
    // The form again as a 400 or 409 page; a body that is not a form, or too large, as JSON.
    refusals: [413, 415],
  }),
  read: route({
    method: 'GET',
    path: '/api/engage/:token/cdd',
    summary: 'The client’s due diligence as their link shows it, with the collection notice',
    access: 'public',
    output: cddClientReadSchema,
    refusals: [404, 410, 429, 503],
  }),
  save: route({
    method: 'PUT',
    path: '/api/engage/:token/cdd',
    summary: 'Saves the client’s draft (the whole draft: a save replaces it)',
    access: 'public',
    input: cddDraftBodySchema,
    inputFor: cddDraftBodyFor,
    // Each field's whole path (`parties.0.dateOfBirth`): the form names its fields so.
    fieldErrors: cddFieldErrors,
    output: cddClientViewSchema,
    refusals: [400, 404, 409, 410, 413, 415, 429, 503],
  }),
  submit: route({
    method: 'POST',
    path: '/api/engage/:token/cdd/submit',
    summary: 'Submits the stored draft, or the one sent (saved as it is submitted), checked whole',
    access: 'public',
    input: z.optional(cddDraftBodySchema),
    inputFor: cddDraftBodyFor,
    fieldErrors: cddFieldErrors,
    output: z.object({ status: z.literal('submitted') }),
    refusals: [400, 404, 409, 410, 413, 415, 429, 503],
  }),
} as const;
