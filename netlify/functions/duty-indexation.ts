/**
 * Principals: the yearly transfer duty indexation (Duties Act 1997 s 33AC). Adding a year's
 * ratio makes its table by the Act's rule; the site is rebuilt so /quote uses it, and every
 * server figure from then on takes it for contracts of that year.
 */
import type { Config } from '@netlify/functions';
import { dutyIndexationInputSchema } from '../../src/shared/schemas/duty-indexation.ts';
import { requirePrincipal } from './_shared/http/auth.ts';
import { handle, json, noContent, readJson, validate } from './_shared/http/http.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { listDutyYears, parseDutyYear, saveDutyYear, withdrawDutyYear } from './_shared/site/duty-years.ts';
import { rebuildAfterChange } from './_shared/site/rebuild.ts';

export const config: Config = { path: ['/api/duty-indexation', '/api/duty-indexation/:year'] };

export default handle(config, {
  '/api/duty-indexation': {
    GET: async (req) => {
      await requirePrincipal(req);
      return json(await listDutyYears());
    },
  },
  '/api/duty-indexation/:year': {
    PUT: async (req, context) => {
      const principal = await requirePrincipal(req);
      // The body first, as every write does: a bad body is 400 whatever the year in the path.
      const input = validate(dutyIndexationInputSchema, await readJson(req));
      const year = parseDutyYear(context.params.year);
      const table = await saveDutyYear(year, input, principal);
      await recordAudit({ by: principal, action: 'duty-indexation.save', target: String(year) });
      context.waitUntil(rebuildAfterChange());
      return json(table);
    },
    DELETE: async (req, context) => {
      const principal = await requirePrincipal(req);
      const year = parseDutyYear(context.params.year);
      await withdrawDutyYear(year);
      await recordAudit({ by: principal, action: 'duty-indexation.withdraw', target: String(year) });
      context.waitUntil(rebuildAfterChange());
      return noContent();
    },
  },
});
