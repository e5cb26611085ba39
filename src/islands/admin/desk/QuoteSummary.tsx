/**
 * The instant quote an enquiry carries, as staff read it: what the person chose
 * and the figures the server worked out when the enquiry arrived (never the browser's).
 * Presentational, so any enquiry view can show it.
 */
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { describeQuoteInput, quoteLines, type FirstHomeRule, type StoredQuote } from '#src/shared/quote.ts';
import { formatAud } from '#src/content/money.ts';
import { formatDate } from '../kit/format.ts';

const RULE: Record<FirstHomeRule, string> = {
  exemption: 'full exemption (Duties Act s 78A(1))',
  concession: 'concessional rate (Duties Act s 78A(2))',
  none: 'none: full duty',
};

/**
 * A named group, not a region: a list of enquiries shows many quotes, and landmarks must
 * have unique names (axe: landmark-unique) while groups need not.
 */
export function QuoteSummary({ quote, label = 'Instant quote' }: { quote: StoredQuote; label?: string }) {
  const { inputs, figures } = quote;
  const extras = figures.feeItems.filter((item) => item.key !== 'base');
  return (
    <div
      role="group"
      aria-label={label}
      className="rounded-lg border border-slate-200 bg-slate-50 p-3"
      data-quote-summary
    >
      <p className="font-medium text-slate-900">{describeQuoteInput(inputs)}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {quoteLines(figures).map((line) => (
          <div key={line.label} className="contents">
            <dt className="text-slate-700">{line.label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
      {figures.transferDuty?.firstHomeRule ? (
        <p className="mt-2 text-slate-800" data-first-home-rule={figures.transferDuty.firstHomeRule}>
          First home buyer rule: {RULE[figures.transferDuty.firstHomeRule]}
          {figures.transferDuty.firstHomeRule === 'concession'
            ? `; concessional duty ${formatAud(figures.transferDuty.general)}`
            : ''}
          .
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-600">
        {extras.length > 0
          ? `Fee includes ${extras.map((item) => `${item.label.toLowerCase()} +${formatAud(item.amount)}`).join(', ')}. `
          : ''}
        Worked out by the site with the duty rates effective {formatDate(figures.ratesEffective)}
        {!figures.ratesCurrent ? ", not the contract date's own (its thresholds were not in yet)" : ''}.
      </p>
    </div>
  );
}

/**
 * Marks a quote lead (/quote's 'Email me this quote'): the quote was e-mailed to the person,
 * who gave an address and perhaps a name, but no phone.
 */
export function QuoteLeadBadge() {
  return (
    <StatusBadge testId="quote-lead" tone="info">
      Quote lead
    </StatusBadge>
  );
}
