/**
 * Tab 5: for principals the suspicious-matter register first, then the desk's metrics
 * against the targets, above the static lead-handling guide.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { DEFAULT_CLAIMS } from '#src/content/practice.ts';
import { callApi } from '#src/lib/api.ts';
import { settingsRoutes } from '#src/shared/api/settings.ts';
import { $session } from '#src/stores/session.ts';
import { SuspicionRegister } from '../compliance/SuspicionRegister.tsx';
import { CashRegister } from '../compliance/CashRegister.tsx';
import { LEAD_GUIDE, type PriceLine } from '#src/content/lead-guide.ts';
import { LeadMetricsPanel } from './LeadMetricsPanel.tsx';
import { TabHeading } from '../kit/parts.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';

/** The typical settlement as saved in Settings (the shipped figure until it loads, or if it cannot). */
function useTypicalSettlement(): string {
  const [figure, setFigure] = useState<string>(DEFAULT_CLAIMS.typicalSettlement);
  useEffect(() => {
    callApi(settingsRoutes.read).then(
      (settings) => setFigure(settings.claims.typicalSettlement.value),
      () => {},
    );
  }, []);
  return figure;
}

const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
const cardTitle = 'mb-3 text-lg font-semibold text-brand-900';

function Price({ line, strong }: { line: PriceLine; strong?: boolean }) {
  return (
    <div
      className={`flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2 ${strong ? 'font-semibold text-brand-900' : ''}`}
    >
      <dt>
        {line.label}
        {line.note && line.note !== 'typically' ? (
          <span className="font-normal text-slate-700"> ({line.note})</span>
        ) : null}
      </dt>
      <dd className="tabular-nums">
        {line.note === 'typically' ? 'typically ' : ''}
        {line.amount}
      </dd>
    </div>
  );
}

export default function LeadManagementTab() {
  const { callScript, pricing, faqs, tips, targets, aiIdeas } = LEAD_GUIDE;
  const session = useStore($session);
  const typicalSettlement = useTypicalSettlement();
  // The server refuses the register to staff (403); the tab does not offer it to them.
  const isPrincipal = session.status === 'signed-in' && session.user.role === 'principal';
  return (
    <div className="space-y-6">
      {isPrincipal ? <SuspicionRegister /> : null}
      {isPrincipal ? <CashRegister /> : null}
      <section aria-labelledby="lead-metrics-title" className="space-y-3">
        <h2 id="lead-metrics-title" className="text-xl font-semibold text-brand-900">
          How we are doing
        </h2>
        <LeadMetricsPanel />
      </section>

      <TabHeading title={LEAD_GUIDE.title}>{LEAD_GUIDE.intro}</TabHeading>

      <section aria-labelledby="lead-targets" className={card}>
        <h3 id="lead-targets" className={cardTitle}>
          {targets.title}
        </h3>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {targets.items.map((target) => (
            <div key={target.label} className="rounded-lg bg-brand-50 p-3">
              <dt className="text-sm text-slate-700">{target.label}</dt>
              <dd className="font-semibold text-brand-900">{target.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="lead-script" className={card}>
        <h3 id="lead-script" className={cardTitle}>
          {callScript.title}
        </h3>
        <ol className="space-y-3">
          {callScript.steps.map((step, index) => (
            <li key={step.stage} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white"
              >
                {index + 1}
              </span>
              <div>
                <p className="font-semibold text-slate-900">{step.stage}</p>
                <p className="text-slate-800">“{step.script}”</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="lead-pricing" className={card}>
        <h3 id="lead-pricing" className={cardTitle}>
          {pricing.title}
        </h3>
        <dl className="divide-y divide-slate-200">
          <Price line={pricing.baseFee} />
          <Price line={pricing.disbursements} />
          <Price line={pricing.totalEstimate} strong />
        </dl>
        <h4 className="mt-4 mb-1 font-semibold text-slate-900">Extras</h4>
        <dl className="divide-y divide-slate-200">
          {pricing.extras.map((extra) => (
            <Price key={extra.label} line={extra} />
          ))}
        </dl>
      </section>

      <section aria-labelledby="lead-faqs" className={card}>
        <h3 id="lead-faqs" className={cardTitle}>
          {faqs.title}
        </h3>
        <dl className="space-y-3">
          {faqs.items(typicalSettlement).map((faq) => (
            <div key={faq.question}>
              <dt className="font-semibold text-slate-900">{faq.question}</dt>
              <dd className="text-slate-800">{faq.answer}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="lead-tips" className={card}>
        <h3 id="lead-tips" className={cardTitle}>
          {tips.title}
        </h3>
        <ul className="ml-5 list-disc space-y-1 text-slate-800">
          {tips.items.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="lead-ai" className={card}>
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <h3 id="lead-ai" className="text-lg font-semibold text-brand-900">
            {aiIdeas.title}
          </h3>
          <StatusBadge tone="neutral">Coming soon</StatusBadge>
        </div>
        <ul className="space-y-2">
          {aiIdeas.items.map((idea) => (
            <li key={idea.title}>
              <span className="font-semibold text-slate-900">{idea.title}</span>{' '}
              <span className="text-slate-800">– {idea.description}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
