/**
 * How the practice does against the lead guide's two targets (first call within 5 business
 * minutes, 30% of enquiries instructed), over the last 30 and 90 days, with a bar per status.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { useEffect, useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { leadMetricsRoutes } from '#src/shared/api/lead-desk.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { ENQUIRY_STATUSES, STATUS_LABELS, type LeadMetrics } from '#src/shared/schemas/lead-desk.ts';
import { Spinner } from '#src/ui/Spinner.tsx';

const PERIODS = [30, 90] as const;

function range(days: number) {
  const to = new Date(currentTime());
  const from = new Date(to.getTime() - (days - 1) * 24 * 60 * 60 * 1000);
  return { from: sydneyToday(from), to: sydneyToday(to) };
}

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);
const minutes = (value: number | null) => (value === null ? '–' : `${value} min`);

function Period({ days, metrics }: { days: number; metrics: LeadMetrics }) {
  const { firstContact, conversion } = metrics;
  const onTime = firstContact.measured ? firstContact.within5Minutes / firstContact.measured : null;
  const medianMet = firstContact.medianMinutes !== null && firstContact.medianMinutes <= firstContact.targetMinutes;
  const conversionMet = conversion.rate !== null && conversion.rate >= conversion.target;
  const most = Math.max(1, ...ENQUIRY_STATUSES.map((status) => metrics.byStatus[status]));
  return (
    <section
      aria-labelledby={`metrics-${days}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={`metrics-${days}`} className="mb-3 text-lg font-semibold text-brand-900">
        Last {days} days
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="text-slate-700">Enquiries</dt>
          <dd className="text-xl font-semibold text-brand-900 tabular-nums">{metrics.total}</dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="text-slate-700">Median first call (target {firstContact.targetMinutes} min)</dt>
          <dd className={`text-xl font-semibold tabular-nums ${medianMet ? 'text-green-800' : 'text-red-800'}`}>
            {minutes(firstContact.medianMinutes)}
          </dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="text-slate-700">Called within {firstContact.targetMinutes} min</dt>
          <dd className="text-xl font-semibold text-brand-900 tabular-nums">
            {firstContact.within5Minutes} of {firstContact.measured} ({percent(onTime)})
          </dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="text-slate-700">Conversion (target {percent(conversion.target)})</dt>
          <dd className={`text-xl font-semibold tabular-nums ${conversionMet ? 'text-green-800' : 'text-red-800'}`}>
            {percent(conversion.rate)}
          </dd>
        </div>
      </dl>
      <h4 className="mt-4 mb-2 font-semibold text-slate-900">By status</h4>
      <ul className="space-y-1.5 text-sm">
        {ENQUIRY_STATUSES.map((status) => (
          <li key={status} className="grid grid-cols-[6rem_1fr_2.5rem] items-center gap-2">
            <span>{STATUS_LABELS[status]}</span>
            <span aria-hidden="true" className="h-3 rounded bg-slate-100">
              <span
                className="block h-3 rounded bg-brand-700"
                style={{ width: `${(metrics.byStatus[status] / most) * 100}%` }}
              />
            </span>
            <span className="text-right tabular-nums">{metrics.byStatus[status]}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-700">First-call minutes count opening hours only (Sydney time).</p>
    </section>
  );
}

export function LeadMetricsPanel() {
  const [metrics, setMetrics] = useState<LeadMetrics[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    Promise.all(
      PERIODS.map(async (days) => {
        const { from, to } = range(days);
        const answer = await callApi(leadMetricsRoutes.read, { query: { from, to } });
        // Asked with dates (not `only=counts`), the answer is the figures.
        if (!('conversion' in answer)) throw new Error('The lead metrics came without their figures');
        return answer;
      }),
    ).then(setMetrics, (caught: unknown) =>
      setError(caught instanceof Error ? caught.message : 'Something went wrong'),
    );
  }, []);
  if (error)
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
        We couldn't load the lead metrics: {error}
      </p>
    );
  if (!metrics) return <Spinner label="Loading the lead metrics…" className="py-6 text-brand-700" />;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="lead-metrics">
      {PERIODS.map((days, index) => (
        <Period key={days} days={days} metrics={metrics[index]!} />
      ))}
    </div>
  );
}
