/**
 * The lead desk's figures (decision 054): how the practice does against the 5-minute callback
 * and 30% conversion targets, the status filter's counts, and which alert channels the site has.
 */
import * as z from 'zod/mini';
import { ENQUIRY_STATUSES } from '../schemas/lead-desk.ts';
import { route } from './contract.ts';

const byStatus = z.record(z.enum(ENQUIRY_STATUSES), z.number());

/** `GET /api/lead-metrics?only=counts`: the status filter's counts (all-time, or of a search's matches). */
export const statusCountsSchema = z.object({ total: z.number(), byStatus });

/** `GET /api/lead-metrics?from=&to=`: the figures of the enquiries received in those days. */
export const leadMetricsSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number(),
  byStatus,
  byService: z.record(z.string(), z.number()),
  firstContact: z.object({
    measured: z.number(),
    medianMinutes: z.nullable(z.number()),
    p90Minutes: z.nullable(z.number()),
    within5Minutes: z.number(),
    targetMinutes: z.number(),
  }),
  conversion: z.object({
    instructed: z.number(),
    lost: z.number(),
    rate: z.nullable(z.number()),
    target: z.number(),
  }),
});

export const leadMetricsRoutes = {
  read: route({
    method: 'GET',
    path: '/api/lead-metrics',
    summary:
      'The lead figures from `from` to `to` (Sydney days; all time to today unless given), or with `only=counts` the status counts (of what `q` matches)',
    access: 'staff',
    query: z.object({
      only: z.optional(z.string()),
      q: z.optional(z.string()),
      from: z.optional(z.string()),
      to: z.optional(z.string()),
    }),
    output: z.union([leadMetricsSchema, statusCountsSchema]),
    refusals: [400, 401, 403, 503],
  }),
} as const;

export const leadAlertsRoutes = {
  channels: route({
    method: 'GET',
    path: '/api/lead-alerts',
    summary: 'Which alert channels (email, webhook) this site has, so the desk can say when nobody is told',
    access: 'staff',
    output: z.object({ email: z.boolean(), webhook: z.boolean() }),
    refusals: [401, 403, 503],
  }),
} as const;
