/** Staff: the lead desk over the stored enquiries (list, one, pipeline changes, notes, CSV, erasure). */
import { now as currentTime } from '../../src/shared/clock.ts';
import type { Config } from '@netlify/functions';
import {
  ENQUIRY_STATUSES,
  enquiryNoteSchema,
  enquiryPatchSchema,
  erasureSchema,
  type EnquiryStatus,
} from '../../src/shared/schemas/lead-desk.ts';
import type { SessionUser } from '../../src/shared/schemas/login.ts';
import { requireStaff } from './_shared/http/auth.ts';
import { BASE_HEADERS, handle, HttpError, json, noContent, readJson, validate } from './_shared/http/http.ts';
import { exportTarget, toCsv } from './_shared/desk/csv-export.ts';
import { enquiryDetail } from './_shared/desk/enquiry-detail.ts';
import { deleteEnquiry, eraseByEmail } from './_shared/desk/erasure.ts';
import { listDeskEnquiries, listEnquiries, type DeskFilters } from './_shared/desk/filters.ts';
import { addNote } from './_shared/desk/notes.ts';
import { NOT_FOUND, updateEnquiry } from './_shared/enquiries/pipeline.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const CDD_FILTERS = ['pending', 'rescreen', 'approval'] as const;

function filtersFrom(url: URL, withDates: boolean, caller: SessionUser): DeskFilters {
  const params = url.searchParams;
  const filters: DeskFilters = { caller };
  const status = params.get('status');
  if (status) {
    if (!(ENQUIRY_STATUSES as readonly string[]).includes(status)) {
      throw new HttpError(400, `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}`);
    }
    filters.status = status as EnquiryStatus;
  }
  const cdd = params.get('cdd');
  if (cdd) {
    if (!(CDD_FILTERS as readonly string[]).includes(cdd)) {
      throw new HttpError(400, `cdd must be one of: ${CDD_FILTERS.join(', ')}`);
    }
    filters.cdd = cdd as (typeof CDD_FILTERS)[number];
  }
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 100);
  if (withDates) {
    for (const name of ['from', 'to'] as const) {
      const value = params.get(name);
      if (!value) continue;
      if (!DATE.test(value) || Number.isNaN(Date.parse(value)))
        throw new HttpError(400, `${name} must be a date (YYYY-MM-DD)`);
      filters[name] = value;
    }
  }
  return filters;
}

function pageFrom(url: URL): { limit?: number; before?: string } {
  const page: { limit?: number; before?: string } = {};
  const limit = url.searchParams.get('limit');
  if (limit !== null) {
    const value = Number(limit);
    if (!Number.isInteger(value) || value < 1 || value > 1000)
      throw new HttpError(400, 'limit must be a whole number from 1 to 1000');
    page.limit = value;
  }
  const before = url.searchParams.get('before');
  if (before !== null) {
    if (!isEnquiryId(before)) throw new HttpError(400, 'before must be an enquiry id');
    page.before = before;
  }
  return page;
}

const checkedId = (id: string | undefined) => {
  if (!id || !isEnquiryId(id)) throw new HttpError(404, NOT_FOUND);
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

export default handle(config, {
  '/api/contact-requests': {
    GET: async (req) => {
      const staff = await requireStaff(req);
      const url = new URL(req.url);
      return json(await listDeskEnquiries({ ...filtersFrom(url, true, staff), caller: staff }, pageFrom(url)));
    },
  },
  '/api/contact-requests/export.csv': {
    GET: async (req) => {
      const staff = await requireStaff(req);
      const url = new URL(req.url);
      const filters = filtersFrom(url, true, staff);
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
  },
  '/api/contact-requests/erase': {
    POST: async (req) => {
      const staff = await requireStaff(req);
      const { email } = validate(erasureSchema, await readJson(req));
      return json(await eraseByEmail(email, staff));
    },
  },
  '/api/contact-requests/:id': {
    GET: async (req, { params: { id } }) => {
      const staff = await requireStaff(req);
      return json(await enquiryDetail(checkedId(id), staff));
    },
    PATCH: async (req, { params: { id } }) => {
      const staff = await requireStaff(req);
      const patch = validate(enquiryPatchSchema, await readJson(req));
      return json(await updateEnquiry(checkedId(id), patch, staff));
    },
    DELETE: async (req, { params: { id } }) => {
      const staff = await requireStaff(req);
      await deleteEnquiry(checkedId(id), staff);
      return noContent();
    },
  },
  '/api/contact-requests/:id/notes': {
    POST: async (req, { params: { id } }) => {
      const staff = await requireStaff(req);
      const note = validate(enquiryNoteSchema, await readJson(req));
      return json(await addNote(checkedId(id), note, staff), 201);
    },
  },
});
