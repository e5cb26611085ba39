/** GET /api/audit?limit=&before=: the staff portal's audit log, newest first. */
import type { Config } from '@netlify/functions';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '../../src/shared/schemas/staff.ts';
import { requireStaff } from './_shared/http/auth.ts';
import { HttpError, handle, json } from './_shared/http/http.ts';
import { AUDIT_ID_PATTERN, listAuditPage } from './_shared/repositories/audit-store.ts';

export const config: Config = { path: '/api/audit' };

export default handle(config, {
  '/api/audit': {
    GET: async (req) => {
      await requireStaff(req);
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
      return json(await listAuditPage(limit, before));
    },
  },
});
