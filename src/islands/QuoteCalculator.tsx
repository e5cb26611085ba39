/**
 * The /quote calculator: fee, disbursements, NSW transfer duty and the total,
 * updated as the person types. Pre-rendered with a typical price so the page shows a real
 * estimate before (or without) JavaScript. No zod and no stores: React plus the quote module.
 */
import { Children, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { SHIPPED_DUTY_INDEXATIONS, SURCHARGE, type DutyIndexation } from '../content/transferDuty.ts';
import { dutyTablesFrom } from '../shared/duty-tables.ts';
import { COOLING_OFF } from '../content/conveyancingLaw.ts';
import {
  computeQuote,
  describeDutyDue,
  describeQuoteInput,
  parsePrice,
  PROPERTY_TYPES,
  QUOTE_ROLES,
  quoteLines,
  ratesNotice,
  type PropertyType,
  type QuoteInput,
  type QuoteRole,
} from '../shared/quote.ts';
import { formatAud, formatAudRange } from '../content/money.ts';
import { attachQuote } from '../lib/quoteAttachment.ts';
import { CONTROL_CLASS } from '../ui/Field.tsx';

/** The example the page is pre-rendered with. */
export const DEFAULT_PRICE = 800_000;

const CHECK_CLASS = 'size-5 shrink-0 rounded border-slate-400 accent-brand-700';

/**
 * `indexations`: the transfer duty years the build read (shipped and added by principals),
 * so the page's figures are the ones the server stores for the same contract date.
 */
export default function QuoteCalculator({
  indexations = SHIPPED_DUTY_INDEXATIONS,
}: {
  indexations?: readonly DutyIndexation[];
}) {
  const id = useId();
  const tables = useMemo(() => dutyTablesFrom(indexations), [indexations]);
  const [priceText, setPriceText] = useState(formatAud(DEFAULT_PRICE).replace('$', ''));
  const [role, setRole] = useState<QuoteRole>('buying');
  const [propertyType, setPropertyType] = useState<PropertyType>('established');
  const [firstHomeBuyer, setFirstHomeBuyer] = useState(false);
  const [foreignPurchaser, setForeignPurchaser] = useState(false);
  const [foreignShareText, setForeignShareText] = useState('100');
  const [rush, setRush] = useState(false);
  // Empty means today (in Sydney): the page is pre-rendered, so no fixed date can be its default.
  const [contractDate, setContractDate] = useState('');

  const price = parsePrice(priceText);
  const foreignShare = parseShare(foreignShareText);
  const shareError = foreignPurchaser && foreignShare === null;
  const input: QuoteInput | null =
    price === null || shareError
      ? null
      : {
          price,
          role,
          propertyType,
          firstHomeBuyer,
          foreignPurchaser,
          foreignShare: foreignShare ?? 100,
          rush,
          ...(/^\d{4}-\d{2}-\d{2}$/.test(contractDate) ? { contractDate } : {}),
        };
  const figures = input ? computeQuote(input, { tables }) : null;
  const lines = figures ? quoteLines(figures) : [];
  const value = (label: string) => lines.find((line) => line.label === label)?.value ?? '–';
  const feeExtras = figures?.feeItems.filter((item) => item.key !== 'base') ?? [];
  const duty = figures?.transferDuty;
  const priceError = priceText.trim() !== '' && price === null;

  // Screen readers hear the new total once the person pauses, not on every keystroke.
  const summary = figures
    ? `Estimated total ${value('Estimated total')}`
    : 'Enter a property price to see the estimate';
  const [announced, setAnnounced] = useState(summary);
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(summary), 700);
    return () => clearTimeout(timer);
  }, [summary]);

  const field = (name: string) => `${id}-${name}`;

  // Someone may type or tick before the island hydrates: take over what the controls show.
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const controls = formRef.current?.elements;
    if (!controls) return;
    const control = <T extends Element>(name: string) => controls.namedItem(name) as T | null;
    const box = (name: string) => control<HTMLInputElement>(name)?.checked ?? false;
    setPriceText(control<HTMLInputElement>('price')?.value ?? '');
    const checkedRole = QUOTE_ROLES.find(
      (option) =>
        formRef.current?.querySelector<HTMLInputElement>(`input[name="role"][value="${option.value}"]`)?.checked,
    );
    if (checkedRole) setRole(checkedRole.value);
    const type = PROPERTY_TYPES.find((option) => option.value === control<HTMLSelectElement>('propertyType')?.value);
    if (type) setPropertyType(type.value);
    setFirstHomeBuyer(box('firstHomeBuyer'));
    setForeignPurchaser(box('foreignPurchaser'));
    setForeignShareText(control<HTMLInputElement>('foreignShare')?.value ?? '100');
    setRush(box('rush'));
    setContractDate(control<HTMLInputElement>('contractDate')?.value ?? '');
  }, []);

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_1.1fr]">
      <form
        ref={formRef}
        aria-labelledby={field('title')}
        onSubmit={(event) => {
          // The estimate follows every change already; the button takes you to it (below the
          // form on a phone) and says so to a screen reader.
          event.preventDefault();
          resultRef.current?.focus();
        }}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id={field('title')} className="text-xl font-bold text-brand-900">
          Your property
        </h2>
        <div className="mt-4 space-y-5">
          <div>
            <label htmlFor={field('price')} className="mb-1 block text-sm font-medium text-slate-800">
              Property price
            </label>
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600"
              >
                $
              </span>
              <input
                id={field('price')}
                name="price"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={priceText}
                onChange={(event) => setPriceText(event.currentTarget.value)}
                aria-invalid={priceError || undefined}
                aria-describedby={`${field('price-hint')}${priceError ? ` ${field('price-error')}` : ''}`}
                className={`${CONTROL_CLASS} pl-7 ${priceError ? 'border-destructive' : 'border-slate-400'}`}
              />
            </div>
            <p id={field('price-hint')} className="mt-1 text-sm text-slate-600">
              In Australian dollars, e.g. 800,000. Buying and selling: the price of the one you are buying.
            </p>
            {priceError ? (
              <p id={field('price-error')} className="mt-1 text-sm font-medium text-destructive">
                Please enter a price in dollars, like 800,000
              </p>
            ) : null}
          </div>

          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-slate-800">I am</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {QUOTE_ROLES.map((option) => (
                <label key={option.value} className="flex min-h-11 items-center gap-2 text-slate-900">
                  <input
                    type="radio"
                    name="role"
                    value={option.value}
                    checked={role === option.value}
                    onChange={() => setRole(option.value)}
                    className="size-5 accent-brand-700"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>

          <div>
            <label htmlFor={field('type')} className="mb-1 block text-sm font-medium text-slate-800">
              Property type
            </label>
            <select
              id={field('type')}
              name="propertyType"
              value={propertyType}
              onChange={(event) => setPropertyType(event.currentTarget.value as PropertyType)}
              className={`${CONTROL_CLASS} border-slate-400`}
            >
              {PROPERTY_TYPES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>

          <fieldset>
            <legend className="sr-only">About you and the settlement</legend>
            <div className="space-y-1">
              {(
                [
                  ['First home buyer', 'firstHomeBuyer', firstHomeBuyer, setFirstHomeBuyer],
                  ['Foreign purchaser', 'foreignPurchaser', foreignPurchaser, setForeignPurchaser],
                  ['Settlement in under 2 weeks', 'rush', rush, setRush],
                ] as const
              ).map(([label, name, checked, set]) => (
                <label key={name} className="flex min-h-11 items-center gap-3 text-slate-900">
                  <input
                    type="checkbox"
                    name={name}
                    checked={checked}
                    onChange={(event) => set(event.currentTarget.checked)}
                    className={CHECK_CLASS}
                  />
                  {label}
                </label>
              ))}
            </div>
            <p className="mt-1 text-sm text-slate-600">
              First home buyer and foreign purchaser change the transfer duty, which only buyers pay.
            </p>
          </fieldset>

          {foreignPurchaser ? (
            <div>
              <label htmlFor={field('share')} className="mb-1 block text-sm font-medium text-slate-800">
                Foreign buyers' share of the property (%)
              </label>
              <input
                id={field('share')}
                name="foreignShare"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={foreignShareText}
                onChange={(event) => setForeignShareText(event.currentTarget.value)}
                aria-invalid={shareError || undefined}
                aria-describedby={`${field('share-hint')}${shareError ? ` ${field('share-error')}` : ''}`}
                className={`${CONTROL_CLASS} ${shareError ? 'border-destructive' : 'border-slate-400'}`}
              />
              <p id={field('share-hint')} className="mt-1 text-sm text-slate-600">
                The surcharge is charged on the foreign buyers' share only, e.g. 50 when one of two equal buyers is
                foreign.
              </p>
              {shareError ? (
                <p id={field('share-error')} className="mt-1 text-sm font-medium text-destructive">
                  Please enter a percentage from 1 to 100
                </p>
              ) : null}
            </div>
          ) : null}

          <div>
            <label htmlFor={field('date')} className="mb-1 block text-sm font-medium text-slate-800">
              Contract date (optional)
            </label>
            <input
              id={field('date')}
              name="contractDate"
              type="date"
              value={contractDate}
              onChange={(event) => setContractDate(event.currentTarget.value)}
              aria-describedby={field('date-hint')}
              className={`${CONTROL_CLASS} border-slate-400`}
            />
            <p id={field('date-hint')} className="mt-1 text-sm text-slate-600">
              Duty thresholds change every 1 July; leave empty for today.
            </p>
          </div>
        </div>
        <button type="submit" className="btn btn-secondary mt-6 w-full sm:w-auto">
          See my estimate
        </button>
      </form>

      <section
        ref={resultRef}
        tabIndex={-1}
        aria-labelledby={field('result')}
        className="rounded-2xl bg-brand-900 p-5 text-white sm:p-6"
      >
        <h2 id={field('result')} className="text-xl font-bold">
          Your estimate
        </h2>
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
              {duty?.firstHomeRule === 'exemption' ? 'No duty: first home buyer exemption. ' : null}
              {duty?.firstHomeRule === 'concession' && duty.general !== null
                ? `First home buyer concession: ${formatAud(duty.general)} instead of the full duty. `
                : null}
              {duty?.firstHomeRule === 'none'
                ? propertyType === 'commercial'
                  ? 'The first home scheme does not cover commercial property. '
                  : 'No first home buyer relief at this price: full duty. '
                : null}
              {duty && duty.surcharge > 0
                ? `Includes ${formatAud(duty.surcharge)} foreign purchaser surcharge (${SURCHARGE.percent}% of ${foreignShare !== null && foreignShare < 100 ? `the foreign buyers' ${foreignShare}% share of ` : ''}the price). `
                : null}
              {duty ? describeDutyDue(duty) : null}
            </Output>
          ) : null}
          {figures?.coolingOffBusinessDays ? (
            <Output label="Cooling-off" value={`${figures.coolingOffBusinessDays} business days`}>
              {propertyType === 'off-the-plan'
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
        {/* data-after-hydration: clicked before the island is live, the link waits for it
            (src/directives/interaction.ts), so the quote is stored before it navigates. */}
        <a
          href="/#contact"
          data-after-hydration
          onClick={() => {
            if (input) attachQuote(input);
          }}
          className="btn btn-primary mt-5 w-full sm:w-auto"
        >
          Email me this quote
        </a>
      </section>
    </div>
  );
}

/** "50", "50%", "33.5" → the percentage; null outside 1 to 100. */
function parseShare(text: string): number | null {
  const match = /^\s*(\d{1,3}(?:\.\d{1,2})?)\s*%?\s*$/.exec(text);
  const value = match ? Number(match[1]) : NaN;
  return value >= 1 && value <= 100 ? value : null;
}

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
