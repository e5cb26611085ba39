/**
 * What the client will be shown, as the preview answers it: the practice and solicitor,
 * the matter, the figures, each section of the costs disclosure, the costs agreement terms
 * with their version and effective date, and the privacy notice. Presentational: it prints
 * the server's own text, so staff read exactly what the client will.
 */
import { formatAudCents } from '#src/content/money.ts';
import { costSummary } from '#src/shared/engagement-document.ts';
import { formatIsoDate } from '#src/shared/quote.ts';
import type { EngagementView } from '#src/shared/schemas/engagement.ts';
import { termsParagraphs } from './engagement-form.ts';
import { formatDateTime } from '../kit/format.ts';

export function EngagementPreview({ view, headingId }: { view: EngagementView; headingId: string }) {
  const summary = costSummary(view.figures);
  return (
    <div className="space-y-4 text-sm text-slate-800" data-testid="engagement-preview">
      <div>
        <p className="font-semibold text-slate-900">{view.practice.name}</p>
        <p>
          Responsible solicitor: {view.solicitor.name}
          {view.solicitor.role ? `, ${view.solicitor.role}` : ''}
        </p>
        {view.solicitor.practisingCertificate ? (
          <p>Practising certificate: {view.solicitor.practisingCertificate}</p>
        ) : null}
      </div>

      <section aria-labelledby={`${headingId}-matter`}>
        <h6 id={`${headingId}-matter`} className="font-semibold text-slate-900">
          The matter
        </h6>
        <p className="break-words">{view.matter.description}</p>
        {view.matter.propertyAddress ? <p className="break-words">Property: {view.matter.propertyAddress}</p> : null}
      </section>

      <section aria-labelledby={`${headingId}-figures`}>
        <h6 id={`${headingId}-figures`} className="font-semibold text-slate-900">
          The figures
        </h6>
        {/* The client page's summary, line for line: one estimated total, the disclosure's. */}
        <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {[...summary.lines, summary.total].map((line) => (
            <div key={line.label} className="contents">
              <dt className="text-slate-700">{line.label}</dt>
              <dd className="break-words text-slate-900">
                <span className="font-semibold tabular-nums">{formatAudCents(line.amount)}</span> {line.note}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {view.disclosure.map((section, index) => (
        <section key={`${index}-${section.heading}`} aria-labelledby={`${headingId}-disclosure-${index}`}>
          <h6 id={`${headingId}-disclosure-${index}`} className="font-semibold text-slate-900">
            {section.heading}
          </h6>
          {section.paragraphs.map((paragraph, line) => (
            <p key={line} className="mt-1 break-words">
              {paragraph}
            </p>
          ))}
        </section>
      ))}

      <section aria-labelledby={`${headingId}-terms`}>
        <h6 id={`${headingId}-terms`} className="font-semibold text-slate-900">
          Costs agreement terms
        </h6>
        <p className="text-slate-700" data-testid="engagement-terms-version">
          Version {view.terms.version}, effective {formatIsoDate(view.terms.effective)}
        </p>
        <div className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="engagement-terms">
          {termsParagraphs(view.terms.text).map((paragraph, index) => (
            <p key={index} className="mt-2 break-words whitespace-pre-line first:mt-0">
              {paragraph}
            </p>
          ))}
        </div>
      </section>

      <section aria-labelledby={`${headingId}-privacy`}>
        <h6 id={`${headingId}-privacy`} className="font-semibold text-slate-900">
          Privacy
        </h6>
        <p className="break-words whitespace-pre-line">{view.privacy}</p>
      </section>

      <p className="text-slate-700">
        The link will work until <time dateTime={view.expiresAt}>{formatDateTime(view.expiresAt)}</time> (Sydney time).
      </p>
    </div>
  );
}
