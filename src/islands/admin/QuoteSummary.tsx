/**
 * The instant quote an enquiry carries (issue 9), as staff read it: what the person chose
 * and the figures the server worked out when the enquiry arrived (never the browser's).
 * Presentational, so any enquiry view can show it.
 */
import { describeQuoteInput, quoteLines, type StoredQuote } from '../../shared/quote.ts';
import { formatAud } from '../../shared/money.ts';

const ratesDate = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

export function QuoteSummary({ quote }: { quote: StoredQuote }) {
  const { inputs, figures } = quote;
  const extras = figures.feeItems.filter((item) => item.key !== 'base');
  return (
    <section aria-label="Instant quote" className="rounded-lg border border-slate-200 bg-slate-50 p-3" data-quote-summary>
      <p className="font-medium text-slate-900">{describeQuoteInput(inputs)}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {quoteLines(figures).map((line) => (
          <div key={line.label} className="contents">
            <dt className="text-slate-700">{line.label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        {extras.length > 0
          ? `Fee includes ${extras.map((item) => `${item.label.toLowerCase()} +${formatAud(item.amount)}`).join(', ')}. `
          : ''}
        Worked out by the site with the duty rates effective {ratesDate(figures.ratesEffective)}.
      </p>
    </section>
  );
}
