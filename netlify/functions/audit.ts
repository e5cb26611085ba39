/**
 * GET /api/audit?limit=&before=&by=&action=&from=&to=: the staff portal's audit log, newest
 * first, narrowed to one person, one action (or its family) and Sydney days.
 */
import type { Config } from '@netlify/functions';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, auditFilterSchema } from '../../src/shared/schemas/staff.ts';
import { sydneyDayStart } from '../../src/shared/sydney-time.ts';
import { requireStaff } from './_shared/http/auth.ts';
import { HttpError, handle, json, validate } from './_shared/http/http.ts';
import { AUDIT_ID_PATTERN, listAuditPage } from './_shared/repositories/audit-store.ts';

export const config: Config = { path: '/api/audit' };

export default handle(config, {
  '/api/audit': {
    GET: async (req) => {
      const staff = await requireStaff(req);
      const url = new URL(req.url);
      const limitText = url.searchParams.get('limit');
      const limit = limitText === null ? AUDIT_PAGE_DEFAULT : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_PAGE_MAX) {
        throw new HttpError(400, `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}`);
      }
      const before = url.searchParams.get('before') ?? undefined;
      // It is compared with storage keys: only a well-formed one gets that far.
      if (before !== undefined && !AUDIT_ID_PATTERN.test(before))
        throw new HttpError(400, 'before must be an audit entry id');
      // An empty parameter is no filter (a form's empty select sends one).
      const given = (name: string) => url.searchParams.get(name) || undefined;
      const filter = validate(auditFilterSchema, {
        by: given('by'),
        action: given('action'),
        from: given('from'),
        to: given('to'),
      });
      return json(
        await listAuditPage(limit, before, {
          by: filter.by,
          action: filter.action,
          fromMs: filter.from === undefined ? undefined : sydneyDayStart(filter.from),
          toMs: filter.to === undefined ? undefined : sydneyDayStart(filter.to, 1),
          // The register is for principals (s 123): left out before the page is cut.
          withoutRegister: staff.role !== 'principal',
        }),
      );
    },
  },
});
