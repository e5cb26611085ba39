/**
 * The lead desk over the stored enquiries (decision 054): the list (filtered, a page at a
 * time), one enquiry with its activity, pipeline changes, notes, deletion, the CSV export and
 * the erasure of an address's enquiries. The spec names them contact requests, hence the paths.
 */
import * as z from 'zod/mini';
import {
  deskEnquiryDetailSchema,
  deskEnquirySchema,
  deskFiltersQuerySchema,
  deskListQuerySchema,
  deskQueryRefusal,
  enquiryNoteSchema,
  enquiryPatchSchema,
  erasureResultSchema,
  erasureSchema,
} from '../schemas/lead-desk.ts';
import { route } from './contract.ts';
import { madeResponse } from './made-response.ts';

export const enquiriesRoutes = {
  list: route({
    method: 'GET',
    path: '/api/contact-requests',
    summary: 'Enquiries, newest first, filtered, a page at a time (older than `before`)',
    access: 'staff',
    query: deskListQuerySchema,
    queryRefusal: deskQueryRefusal,
    output: z.array(deskEnquirySchema),
    refusals: [400, 401, 403],
  }),
  export: route({
    method: 'GET',
    path: '/api/contact-requests/export.csv',
    summary: 'The filtered enquiries as a CSV attachment (the export audited)',
    access: 'staff',
    query: deskFiltersQuerySchema,
    queryRefusal: deskQueryRefusal,
    output: madeResponse,
    answerType: 'text/csv',
    refusals: [400, 401, 403],
  }),
  erase: route({
    method: 'POST',
    path: '/api/contact-requests/erase',
    summary: 'Deletes every enquiry from an address, but those the law keeps (which it lists)',
    access: 'staff',
    input: erasureSchema,
    output: erasureResultSchema,
    refusals: [400, 401, 403, 413, 415],
  }),
  read: route({
    method: 'GET',
    path: '/api/contact-requests/:id',
    summary: 'An enquiry with its activity, its engagement and the versions it varies',
    access: 'staff',
    output: deskEnquiryDetailSchema,
    refusals: [401, 403, 404],
  }),
  change: route({
    method: 'PATCH',
    path: '/api/contact-requests/:id',
    summary: 'Moves an enquiry along the pipeline, or assigns it',
    access: 'staff',
    input: enquiryPatchSchema,
    output: deskEnquirySchema,
    refusals: [400, 401, 403, 404, 409, 413, 415],
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/contact-requests/:id',
    summary: 'Deletes an enquiry the law does not keep (409 saying why when it does)',
    access: 'staff',
    output: z.undefined(),
    status: 204,
    refusals: [401, 403, 404, 409],
  }),
  addNote: route({
    method: 'POST',
    path: '/api/contact-requests/:id/notes',
    summary: 'Adds a note, call or e-mail to an enquiry’s activity',
    access: 'staff',
    input: enquiryNoteSchema,
    output: deskEnquiryDetailSchema,
    status: 201,
    refusals: [400, 401, 403, 404, 413, 415],
  }),
} as const;
