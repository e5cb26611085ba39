/**
 * The /quote calculator: fee, disbursements, NSW transfer duty and the total,
 * updated as the person types, for a contract date it names; and 'Email me this quote',
 * which sends the quote to an address at once and files it with the practice (POST
 * /api/contact, `form: 'quote'`). Pre-rendered with a typical price so the page shows a real
 * estimate before (or without) JavaScript; without it, 'Email me this quote' posts the
 * form and the contact function answers with a page. No zod and no stores: React plus the
 * quote module.
 */
import {
  Children,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type SubmitEvent,
} from 'react';
import { SHIPPED_DUTY_INDEXATIONS, SURCHARGE, type DutyIndexation } from '../content/transferDuty.ts';
import { dutyTablesFrom } from '../shared/duty-tables.ts';
import { COOLING_OFF } from '../content/conveyancingLaw.ts';
import {
  computeQuote,
  contractDateLine,
  describeDutyDue,
  firstHomeSaving,
  groupPriceTyping,
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
import { apiRequest, ApiError } from '../lib/api.ts';
import { ENQUIRY_ACTION } from '../shared/enquiry-outcome.ts';
import { QUOTE_EMAIL_FIELDS, QUOTE_EMAIL_FORM } from '../shared/enquiry-labels.ts';
import {
  CALL_BACK_HREF,
  QUOTE_EMAIL_OUTCOMES,
  quoteEmailOutcomeText,
  type QuoteEmailOutcome,
} from '../shared/quote-email.ts';
import { sydneyToday } from '../shared/sydney-time.ts';
import { CONTROL_CLASS, Field } from '../ui/Field.tsx';
import { Honeypot } from '../ui/Honeypot.tsx';

/** The example the page is pre-rendered with. */
export const DEFAULT_PRICE = 800_000;

const CHECK_CLASS = 'size-5 shrink-0 rounded border-slate-400 accent-brand-700';

/** An address as far as the page can tell; the server's check (the spec's rule) decides. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `indexations`: the transfer duty years the build read (shipped and added by principals),
 * so the page's figures are the ones the server stores for the same contract date.
 * `builtOn`: Sydney's date when the page was built, which the pre-rendered estimate is for
 * until the island reads today's. `phone`: the practice's, for a send that fails.
 */
export default function QuoteCalculator({
  indexations = SHIPPED_DUTY_INDEXATIONS,
  builtOn,
  phone,
}: {
  indexations?: readonly DutyIndexation[];
  builtOn: string;
  phone: string;
}) {
  const id = useId();
  const tables = useMemo(() => dutyTablesFrom(indexations), [indexations]);
  // The page may be days old: once live, the estimate is for Sydney's today in this browser.
  // Until then `today` is unknown, and the date line names the build's day without "today".
  const today = useSyncExternalStore(
    noSubscription,
    () => sydneyToday(Date.now()),
    () => null,
  );
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
  const dutyDate = input?.contractDate ?? today ?? builtOn;
  const figures = input ? computeQuote(input, { tables, today: today ?? builtOn }) : null;
  const lines = figures ? quoteLines(figures) : [];
  const value = (label: string) => lines.find((line) => line.label === label)?.value ?? '–';
  const feeExtras = figures?.feeItems.filter((item) => item.key !== 'base') ?? [];
  const duty = figures?.transferDuty;
  const saving = duty ? firstHomeSaving(duty) : null;
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
  const priceRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const emailBlockRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);

  const [emailText, setEmailText] = useState('');
  const [nameText, setNameText] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ outcome: QuoteEmailOutcome; email: string } | null>(null);
  // The confirmation is what the person reads next: focus moves to it once it is shown.
  useEffect(() => {
    if (sent) statusRef.current?.focus();
  }, [sent]);

  async function sendQuote() {
    if (sending) return;
    if (!input) {
      priceRef.current?.focus();
      return;
    }
    // Read from the controls: text typed before the island hydrated is there, not in state.
    const email = (emailRef.current?.value ?? emailText).trim();
    const name = formRef.current?.elements.namedItem('name');
    const nameValue = name instanceof HTMLInputElement ? name.value : nameText;
    if (!LOOKS_LIKE_EMAIL.test(email)) {
      setEmailError(QUOTE_EMAIL_FIELDS.email.message);
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    setSendError(null);
    setSending(true);
    try {
      const answer = await apiRequest<{ email?: string }>('POST', ENQUIRY_ACTION, {
        form: QUOTE_EMAIL_FORM,
        name: nameValue,
        email,
        quote: input,
        website: honeypotRef.current?.value ?? '',
      });
      const outcome = QUOTE_EMAIL_OUTCOMES.find((value) => value === answer?.email) ?? 'sent';
      setSent({ outcome, email });
    } catch (error) {
      const fieldError = error instanceof ApiError ? error.fieldErrors?.email?.[0] : undefined;
      if (fieldError) {
        setEmailError(fieldError);
        emailRef.current?.focus();
      } else {
        // A 429 says what happened in its own words; anything else gets ours.
        setSendError(
          error instanceof ApiError && error.status === 429
            ? error.message
            : `We could not send your quote just now. Please try again, or call us on ${phone}.`,
        );
      }
    } finally {
      setSending(false);
    }
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // 'Email me this quote', or Enter in its fields, sends the quote. Anything else (the
    // estimate button, Enter in the calculator's fields) takes the person to the estimate,
    // which follows every change already (below the form on a phone).
    const submitter = event.nativeEvent.submitter;
    const fromEmail =
      submitter?.dataset.quoteEmail !== undefined || emailBlockRef.current?.contains(document.activeElement) === true;
    if (fromEmail) void sendQuote();
    else resultRef.current?.focus();
  };

  const onPriceChange = (target: HTMLInputElement) => {
    const grouped = groupPriceTyping(target.value, target.selectionStart ?? target.value.length);
    setPriceText(grouped.text);
    // After React writes the grouped text, put the caret back after the digit it followed.
    requestAnimationFrame(() => {
      if (document.activeElement === target) target.setSelectionRange(grouped.caret, grouped.caret);
    });
  };
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
    setNameText(control<HTMLInputElement>('name')?.value ?? '');
    setEmailText(control<HTMLInputElement>('email')?.value ?? '');
  }, []);

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_1.1fr]">
      {/* Posts without JavaScript: 'Email me this quote' (in the estimate, tied to this form
          by its id) sends the calculator's controls with the address, and the contact
          function answers with a page. The estimate button reloads the page, as it always did. */}
      <form
        ref={formRef}
        id={field('form')}
        method="post"
        action={ENQUIRY_ACTION}
        noValidate
        aria-labelledby={field('title')}
        onSubmit={onSubmit}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <input type="hidden" name="form" value={QUOTE_EMAIL_FORM} />
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
                ref={priceRef}
                id={field('price')}
                name="price"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={priceText}
                onChange={(event) => onPriceChange(event.currentTarget)}
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
        {/* The spam trap, empty; a filled one is answered as sent and nothing is stored. */}
        <Honeypot inputRef={honeypotRef} idPrefix={field('quote')} />
        {/* First in the form, so Enter in a field means this button (onSubmit decides). */}
        <button type="submit" formMethod="get" formAction="/quote/" className="btn btn-secondary mt-6 w-full sm:w-auto">
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
              {duty ? (
                <span className="block font-medium text-white" data-contract-date-line>
                  {capitalise(contractDateLine(dutyDate, today ?? ''))}.{' '}
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
        <div ref={emailBlockRef} className="mt-6 border-t border-white/15 pt-5" data-quote-email>
          {sent ? (
            <div
              ref={statusRef}
              role="status"
              tabIndex={-1}
              className="rounded-lg bg-white p-4 text-slate-900"
              data-quote-email-status
            >
              <p className="font-bold text-brand-900">
                {sent.outcome === 'sent' ? 'Your quote is on its way' : 'We have your quote'}
              </p>
              <p className="mt-1">{quoteEmailOutcomeText(sent.outcome, sent.email, phone)}</p>
              <button
                type="button"
                onClick={() => setSent(null)}
                className="mt-2 min-h-11 font-semibold text-brand-700 underline underline-offset-2"
              >
                E-mail it to another address
              </button>
            </div>
          ) : (
            <>
              <p className="text-sm text-brand-100">
                We e-mail you this quote at once and keep it, so we can answer your questions about it.
              </p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <Field id={field('name')} name="name" label={QUOTE_EMAIL_FIELDS.name.label} tone="dark">
                  {(props) => (
                    <input
                      {...props}
                      form={field('form')}
                      type="text"
                      autoComplete="name"
                      value={nameText}
                      onChange={(event) => setNameText(event.currentTarget.value)}
                    />
                  )}
                </Field>
                <Field
                  id={field('email')}
                  name="email"
                  label={QUOTE_EMAIL_FIELDS.email.label}
                  required
                  tone="dark"
                  error={emailError ?? undefined}
                >
                  {(props) => (
                    <input
                      {...props}
                      ref={emailRef}
                      form={field('form')}
                      type="email"
                      autoComplete="email"
                      value={emailText}
                      onChange={(event) => {
                        setEmailText(event.currentTarget.value);
                        setEmailError(null);
                      }}
                    />
                  )}
                </Field>
              </div>
              {sendError ? (
                <p role="alert" className="mt-3 rounded-lg bg-white p-3 text-sm font-medium text-destructive">
                  {sendError}
                </p>
              ) : null}
              <button
                type="submit"
                form={field('form')}
                data-quote-email=""
                disabled={sending}
                aria-busy={sending || undefined}
                className="btn btn-primary mt-4 w-full sm:w-auto"
              >
                Email me this quote
              </button>
            </>
          )}
          <p className="mt-4 text-sm text-brand-100">
            Rather talk it through?{' '}
            <a href={CALL_BACK_HREF} className="inline-flex min-h-11 items-center font-semibold text-white underline">
              Request a call back
            </a>
          </p>
        </div>
      </section>
    </div>
  );
}

/** Sydney's date is read when the page renders; nothing announces its change. */
const noSubscription = () => () => undefined;

const capitalise = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

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
