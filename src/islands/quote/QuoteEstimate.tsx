/**
 * The estimate: the figures for the calculator's input, worked out with the duty tables the
 * build read for Sydney's today, and shown: what they are for, the fee, disbursements,
 * transfer duty (with the contract date, first home relief, the surcharge and when it is
 * due), cooling-off and the total, a notice when the rates are not this year's, and the
 * total for screen readers.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { Children, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { COOLING_OFF } from '#src/content/conveyancing-law.ts';
import { formatAud, formatAudRange } from '#src/content/money.ts';
import { SURCHARGE, type DutyIndexation } from '#src/content/transfer-duty.ts';
import { dutyTablesFrom } from '#src/shared/duty-tables.ts';
import {
  computeQuote,
  contractDateLine,
  describeDutyDue,
  describeQuoteInput,
  firstHomeSaving,
  quoteLines,
  ratesNotice,
  type QuoteInput,
  type QuoteRole,
} from '#src/shared/quote.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';

/**
 * `role`: the person's
 * choice (a seller has no duty row, even before a price). `input`: the quote's, null while
 * a field stops it. `indexations`: the duty years the build read. `builtOn`: Sydney's date
 * when the page was built, which the estimate is for until the island reads today's.
 */
export function QuoteEstimate({
  role,
  input,
  indexations,
  builtOn,
}: {
  role: QuoteRole;
  input: QuoteInput | null;
  indexations: readonly DutyIndexation[];
  builtOn: string;
}) {
  const tables = useMemo(() => dutyTablesFrom(indexations), [indexations]);
  // The page may be days old: once live, the estimate is for Sydney's today in this browser.
  // Until then `today` is unknown, and the date line names the build's day without "today".
  const today = useSyncExternalStore(
    noSubscription,
    () => sydneyToday(currentTime()),
    () => null,
  );
  const figures = input ? computeQuote(input, { tables, today: today ?? builtOn }) : null;
  const feeExtras = figures?.feeItems.filter((item) => item.key !== 'base') ?? [];
  const duty = figures?.transferDuty;
  const saving = duty ? firstHomeSaving(duty) : null;
  const announced = useAnnounced(
    figures
      ? `Estimated total ${quoteLines(figures).find((line) => line.label === 'Estimated total')?.value ?? '–'}`
      : 'Enter a property price to see the estimate',
  );

  return (
    <>
      <p className="mt-1 text-sm text-brand-100">{input ? describeQuoteInput(input) : 'Enter a property price'}</p>
      <dl className="mt-5 divide-y divide-white/15" data-quote-outputs>
        <Output label="Professional fee" value={figures ? formatAud(figures.professionalFee) : '–'}>
          Including GST
          {feeExtras.length > 0
            ? `; includes ${feeExtras.map((item) => `${item.label.toLowerCase()} +${formatAud(item.amount)}`).join(', ')}`
            : ''}
          .
        </Output>
        <Output label="Disbursements" value={figures ? `typically ${formatAudRange(figures.disbursements)}` : '–'}>
          Including GST; searches and registration fees, passed on at cost.
        </Output>
        {role !== 'selling' ? (
          <Output label="Transfer duty" value={duty?.total != null ? formatAud(duty.total) : '–'}>
            {duty ? (
              <span className="block font-medium text-white" data-contract-date-line>
                {capitalise(contractDateLine(input?.contractDate ?? today ?? builtOn, today ?? ''))}.{' '}
              </span>
            ) : null}
            {duty?.firstHomeRule === 'exemption' ? 'No duty: first home buyer exemption. ' : null}
            {duty?.firstHomeRule === 'concession' && duty.general !== null
              ? `First home buyer concession: ${formatAud(duty.general)} instead of the full duty. `
              : null}
            {saving ? (
              <span className="block" data-first-home-saving>
                Full duty {formatAud(saving.fullDuty)}: you save {formatAud(saving.saving)}.{' '}
              </span>
            ) : null}
            {duty?.firstHomeRule === 'none'
              ? input?.propertyType === 'commercial'
                ? 'The first home scheme does not cover commercial property. '
                : 'No first home buyer relief at this price: full duty. '
              : null}
            {/* A surcharge means a foreign purchaser whose share the calculator has read. */}
            {duty && input && duty.surcharge > 0
              ? `Includes ${formatAud(duty.surcharge)} foreign purchaser surcharge (${SURCHARGE.percent}% of ${input.foreignShare < 100 ? `the foreign buyers' ${input.foreignShare}% share of ` : ''}the price). `
              : null}
            {duty ? describeDutyDue(duty) : null}
          </Output>
        ) : null}
        {figures?.coolingOffBusinessDays ? (
          <Output label="Cooling-off" value={`${figures.coolingOffBusinessDays} business days`}>
            {input?.propertyType === 'off-the-plan'
              ? `An off-the-plan contract gives ${COOLING_OFF.offThePlanBusinessDays} business days to cool off, not ${COOLING_OFF.businessDays}. `
              : null}
            {`For a residential purchase only: ${COOLING_OFF.exceptions}.`}
          </Output>
        ) : null}
        <Output label="Estimated total" value={figures ? formatAudRange(figures.estimatedTotal) : '–'} strong>
          Including GST.
        </Output>
      </dl>
      {figures?.ratesCurrent === false ? (
        <p className="mt-3 rounded-lg bg-accent-100 p-3 text-sm text-slate-900" data-rates-notice>
          {ratesNotice(figures.ratesEffective)}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
    </>
  );
}

/** Screen readers hear the new total once the person pauses, not on every keystroke. */
function useAnnounced(summary: string) {
  const [announced, setAnnounced] = useState(summary);
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(summary), 700);
    return () => clearTimeout(timer);
  }, [summary]);
  return announced;
}

/** Sydney's date is read when the page renders; nothing announces its change. */
const noSubscription = () => () => undefined;

const capitalise = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/** One labelled output: the label, the figure, and an optional note under both. */
function Output({
  label,
  value,
  strong,
  children,
}: {
  label: string;
  value: string;
  strong?: boolean;
  children?: ReactNode;
}) {
  const note = Children.toArray(children).length > 0;
  return (
    <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 py-3">
      <dt className={strong ? 'text-lg font-bold' : 'font-medium'}>{label}</dt>
      <dd
        className={`text-right font-semibold tabular-nums ${strong ? 'text-xl font-extrabold text-accent-500' : 'text-lg'}`}
      >
        {value}
      </dd>
      {note ? <dd className="col-span-2 mt-1 text-sm text-brand-100">{children}</dd> : null}
    </div>
  );
}
