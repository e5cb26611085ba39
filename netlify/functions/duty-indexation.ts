/**
 * Principals: the yearly transfer duty indexation (Duties Act 1997 s 33AC). Adding a year's
 * ratio makes its table by the Act's rule; the site is rebuilt so /quote uses it, and every
 * server figure from then on takes it for contracts of that year. Declared in
 * src/shared/api/duty-indexation.ts.
 */
import type { Config } from '@netlify/functions';
import { dutyIndexationRoutes } from '#src/shared/api/duty-indexation.ts';
import { handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { listDutyYears, parseDutyYear, saveDutyYear, withdrawDutyYear } from './_shared/site/duty-years.ts';
import { rebuildAfterChange } from './_shared/site/rebuild.ts';

export const config: Config = { path: ['/api/duty-indexation', '/api/duty-indexation/:year'] };

export default handle(
  config,
  declared(dutyIndexationRoutes, {
    list: () => listDutyYears(),
    // The body first, as every write does: a bad body is 400 whatever the year in the path.
    save: async ({ params, body, user: principal, context }) => {
      const year = parseDutyYear(params.year);
      const table = await saveDutyYear(year, body, principal);
      await recordAudit({ by: principal, action: 'duty-indexation.save', target: String(year) });
      context.waitUntil(rebuildAfterChange());
      return table;
    },
    withdraw: async ({ params, user: principal, context }) => {
      const year = parseDutyYear(params.year);
      await withdrawDutyYear(year);
      await recordAudit({ by: principal, action: 'duty-indexation.withdraw', target: String(year) });
      context.waitUntil(rebuildAfterChange());
      return undefined;
    },
  }),
);
