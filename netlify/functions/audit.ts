/**
 * GET /api/audit?limit=&before=&by=&action=&from=&to=: the staff portal's audit log, newest
 * first, narrowed to one person, one action (or its family) and Sydney days. Declared in
 * src/shared/api/audit.ts.
 */
import type { Config } from '@netlify/functions';
import { auditRoutes } from '#src/shared/api/audit.ts';
import { AUDIT_PAGE_DEFAULT } from '#src/shared/schemas/staff.ts';
import { sydneyDayStart } from '#src/shared/sydney-time.ts';
import { handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { listAuditPage } from './_shared/repositories/audit-store.ts';

export const config: Config = { path: '/api/audit' };

export default handle(
  config,
  declared(auditRoutes, {
    list: async ({ query: { limit = AUDIT_PAGE_DEFAULT, before, ...filter }, user: staff }) =>
      listAuditPage(limit, before, {
        by: filter.by,
        action: filter.action,
        fromMs: filter.from === undefined ? undefined : sydneyDayStart(filter.from),
        toMs: filter.to === undefined ? undefined : sydneyDayStart(filter.to, 1),
        // The register is for principals (s 123): left out before the page is cut.
        withoutRegister: staff.role !== 'principal',
      }),
  }),
);
