/**
 * Staff: the lead desk over the stored enquiries (list, one, pipeline changes, notes, CSV,
 * erasure). Declared in src/shared/api/enquiries.ts.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { Config } from '@netlify/functions';
import { enquiriesRoutes } from '#src/shared/api/enquiries.ts';
import { BASE_HEADERS, handle, HttpError } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { exportTarget, toCsv } from './_shared/desk/csv-export.ts';
import { enquiryDetail } from './_shared/desk/enquiry-detail.ts';
import { deleteEnquiry, eraseByEmail } from './_shared/desk/erasure.ts';
import { listDeskEnquiries, listEnquiries } from './_shared/desk/filters.ts';
import { addNote } from './_shared/desk/notes.ts';
import { NOT_FOUND, updateEnquiry } from './_shared/enquiries/pipeline.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';

const checkedId = (id: string) => {
  if (!isEnquiryId(id)) throw new HttpError(404, NOT_FOUND);
  return id;
};

export const config: Config = {
  path: [
    '/api/contact-requests',
    '/api/contact-requests/export.csv',
    '/api/contact-requests/erase',
    '/api/contact-requests/:id',
    '/api/contact-requests/:id/notes',
  ],
};

export default handle(
  config,
  declared(enquiriesRoutes, {
    list: async ({ query: { limit, before, ...filters }, user: staff }) =>
      listDeskEnquiries({ ...filters, caller: staff }, { limit, before }),
    export: async ({ query, user: staff }) => {
      const filters = { ...query, caller: staff };
      const records = await listEnquiries(filters);
      // Personal details leave the practice's store: who took which ones, and when, is kept.
      await recordAudit({ by: staff, action: 'enquiry.export', target: exportTarget(filters, records.length) });
      const day = new Date(currentTime()).toISOString().slice(0, 10);
      // A BOM makes Excel read the file as UTF-8.
      return new Response(`\uFEFF${toCsv(records)}`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8; header=present',
          'Content-Disposition': `attachment; filename="enquiries-${day}.csv"`,
          ...BASE_HEADERS,
        },
      });
    },
    erase: async ({ body: { email }, user: staff }) => eraseByEmail(email, staff),
    read: async ({ params, user: staff }) => enquiryDetail(checkedId(params.id), staff),
    change: async ({ params, body, user: staff }) => updateEnquiry(checkedId(params.id), body, staff),
    delete: async ({ params, user: staff }) => {
      await deleteEnquiry(checkedId(params.id), staff);
      return undefined;
    },
    addNote: async ({ params, body, user: staff }) => addNote(checkedId(params.id), body, staff),
  }),
);
