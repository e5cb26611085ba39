/**
 * Staff: how the practice does against the 5-minute callback and 30% conversion targets.
 * Declared in src/shared/api/lead-desk.ts.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { Config } from '@netlify/functions';
import { leadMetricsRoutes } from '#src/shared/api/lead-desk.ts';
import { HttpError, handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { DESK_LIMITS } from '#src/shared/schemas/lead-desk.ts';
import { searchCounts } from './_shared/desk/filters.ts';
import { leadMetrics } from './_shared/desk/metrics.ts';
import { statusCounts } from './_shared/repositories/enquiries-store.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const config: Config = { path: '/api/lead-metrics' };

export default handle(
  config,
  declared(leadMetricsRoutes, {
    read: async ({ query }) => {
      // The desk's status filter: all-time counts, kept as enquiries change (no enquiry read),
      // or, under a search, the counts of what it matches (which reads, as the search does).
      if (query.only === 'counts') {
        const q = query.q?.trim().slice(0, DESK_LIMITS.search);
        return q ? await searchCounts(q) : await statusCounts();
      }
      const to = query.to || sydneyToday(currentTime());
      const from = query.from || '2000-01-01';
      for (const [name, value] of [
        ['from', from],
        ['to', to],
      ] as const) {
        if (!DATE.test(value) || Number.isNaN(Date.parse(value)))
          throw new HttpError(400, `${name} must be a date (YYYY-MM-DD)`);
      }
      if (from > to) throw new HttpError(400, 'from must not be after to');
      return leadMetrics(from, to);
    },
  }),
);
