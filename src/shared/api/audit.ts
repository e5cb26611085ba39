/**
 * The staff portal's audit log (decision 054): newest first, a page at a time, narrowed to one
 * person, one action (or its family) and Sydney days. The suspicious-matter register's entries
 * are for principals only (s 123).
 */
import { auditPageSchema, auditQueryRefusal, auditQuerySchema } from '../schemas/staff.ts';
import { route } from './contract.ts';

export const auditRoutes = {
  list: route({
    method: 'GET',
    path: '/api/audit',
    summary: 'A page of the audit log, newest first, older than `before`, narrowed by person, action and days',
    access: 'staff',
    query: auditQuerySchema,
    queryRefusal: auditQueryRefusal,
    output: auditPageSchema,
    refusals: [400, 401, 403, 503],
  }),
} as const;
