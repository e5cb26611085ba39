/**
 * /quote without JavaScript. 'See my estimate': the calculator again with every figure the
 * visitor entered, the estimate for them, and 'Email me this quote', which sends that
 * estimate. 'Email me this quote': the confirmation (where the quote went, the figures, a
 * call back one tap away), or, when a field must be fixed, the request again with only that
 * field marked and everything else kept. The calculator's
 * choices travel in this page's body (hidden fields), never in an address. Pure functions of
 * their props, rendered by `renderPage` (document.tsx); no JavaScript.
 */
import {
  ESTIMATE_INTENT,
  INTENT_FIELD,
  QUOTE_EMAIL_FIELDS,
  QUOTE_EMAIL_FORM,
  QUOTE_PRICE_FIELD,
} from '#src/shared/enquiry-labels.ts';
import { ENQUIRY_ACTION } from '#src/shared/enquiry-outcome.ts';
import { CALL_BACK_HREF, quoteEmailOutcomeText, type QuoteEmailOutcome } from '#src/shared/quote-email.ts';
import { contractDateLine, describeQuoteInput, quoteLines, type StoredQuote } from '#src/shared/quote.ts';
import { PROPERTY_TYPES, QUOTE_ROLES, type QuoteFormValues } from '#src/shared/quote-options.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import { Button, buttonClass } from '#src/ui/Button.tsx';
import { ErrorSummary } from '#src/ui/ErrorSummary.tsx';
import { Field } from '#src/ui/Field.tsx';
import { Honeypot } from '#src/ui/Honeypot.tsx';
import { PrivacyNotice } from '#src/ui/PrivacyNotice.tsx';
import { QuoteInputs } from '#src/ui/QuoteInputs.tsx';
import { PageDocument, renderPage } from './document.tsx';

export const QUOTE_PAGE = '/quote/';

interface Practice {
  name: string;
  phone: { display: string; href: string };
}

/** The calculator's controls the request carries besides the address and the name. */
const QUOTE_CONTROLS = [
  'price',
  'role',
  'propertyType',
  'firstHomeBuyer',
  'foreignPurchaser',
  'foreignShare',
  'rush',
  'contractDate',
] as const;

/** What the quote is for, and its figures. */
function QuoteFigures({ quote, today }: { quote: StoredQuote; today: string }) {
  return (
    <>
      <p>
        {describeQuoteInput(quote.inputs)}, worked out {contractDateLine(quote.inputs.contractDate ?? today, today)}.
      </p>
      <dl data-quote-outputs>
        {quoteLines(quote.figures).map((line) => (
          <div key={line.label}>
            <dt className="font-semibold">{line.label}</dt>
            <dd className="mb-2 ml-0">{line.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The calculator's controls as they were posted, for the controls to start with. */
/** The end of both quote forms: the spam trap, the send button and the privacy notice. */
function EmailQuoteEnd({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <Honeypot inputRef={null} idPrefix={idPrefix} />
      <Button type="submit" className="mt-5 w-full sm:w-auto">
        Email me this quote
      </Button>
      <div className="mt-3">
        <PrivacyNotice />
      </div>
    </>
  );
}

/** The way to talk instead, under both quote forms. */
function RatherTalk({ practice }: { practice: Practice }) {
  return (
    <p className="mt-6">
      Rather talk? <a href={CALL_BACK_HREF}>Request a call back</a> or call us on{' '}
      <a href={practice.phone.href}>{practice.phone.display}</a>.
    </p>
  );
}

export function postedQuoteValues(fields: Record<string, string>): QuoteFormValues {
  const ticked = (name: string) => (fields[name] ?? '') !== '';
  return {
    price: fields.price ?? '',
    role: QUOTE_ROLES.find((option) => option.value === fields.role)?.value ?? 'buying',
    propertyType: PROPERTY_TYPES.find((option) => option.value === fields.propertyType)?.value ?? 'established',
    firstHomeBuyer: ticked('firstHomeBuyer'),
    foreignPurchaser: ticked('foreignPurchaser'),
    foreignShare: fields.foreignShare ?? '100',
    rush: ticked('rush'),
    contractDate: fields.contractDate ?? '',
  };
}

export interface QuoteEstimatePageProps {
  /** What was posted, as the browser sent it. */
  fields: Record<string, string>;
  /** The estimate for it; null when a figure must be fixed first. */
  quote: StoredQuote | null;
  /** The quote's messages by path (`quote.price`…), when `quote` is null. */
  fieldErrors: FieldErrors;
  today: string;
  practice: Practice;
}

const ESTIMATE_ID = 'estimate';
const SHARE_MESSAGE = 'Please enter a percentage from 1 to 100';

/**
 * 'See my estimate' without JavaScript: one form, as on /quote, with every control as it was
 * posted, the estimate for it, and the address fields; 'See my estimate' posts it again, and
 * 'Email me this quote' sends the estimate shown. A figure the estimate cannot be worked out
 * from is marked, and listed first in the error summary.
 */
export function QuoteEstimatePage({ fields, quote, fieldErrors, today, practice }: QuoteEstimatePageProps) {
  const values = postedQuoteValues(fields);
  const priceError = fieldErrors['quote.price'] !== undefined;
  const shareError = fieldErrors['quote.foreignShare'] !== undefined;
  const otherError = !quote && !priceError && !shareError;
  const items = [
    ...(priceError ? [{ message: QUOTE_PRICE_FIELD.message, field: `${ESTIMATE_ID}-price` }] : []),
    ...(shareError ? [{ message: SHARE_MESSAGE, field: `${ESTIMATE_ID}-share` }] : []),
  ];
  return (
    <PageDocument
      title={`${quote ? 'Your estimate' : 'Please check your figures'} | ${practice.name}`}
      practiceName={practice.name}
      referrer="same-origin"
    >
      <h1>Your estimate</h1>
      <form method="post" action={ENQUIRY_ACTION} noValidate aria-labelledby={`${ESTIMATE_ID}-title`}>
        <ErrorSummary
          message={otherError ? 'Some of the calculator’s choices did not arrive: please check them.' : undefined}
          items={items}
        />
        {quote ? (
          <section className="summary mt-0 mb-6" aria-labelledby={`${ESTIMATE_ID}-result`} data-quote-estimate>
            <h2 id={`${ESTIMATE_ID}-result`}>The estimate for your figures</h2>
            <QuoteFigures quote={quote} today={today} />
          </section>
        ) : null}
        <input type="hidden" name="form" value={QUOTE_EMAIL_FORM} />
        <h2 id={`${ESTIMATE_ID}-title`}>Your property</h2>
        <QuoteInputs idPrefix={ESTIMATE_ID} values={values} priceError={priceError} shareError={shareError} />
        <Button type="submit" variant="secondary" name={INTENT_FIELD} value={ESTIMATE_INTENT} className="mt-6">
          See my estimate
        </Button>
        <h2>Email me this quote</h2>
        <p>We e-mail you this quote at once and keep it, so we can answer your questions about it.</p>
        <div className="grid gap-4">
          <Field id={`${ESTIMATE_ID}-name`} name="name" label={QUOTE_EMAIL_FIELDS.name.label}>
            {(props) => <input {...props} type="text" autoComplete="name" defaultValue={fields.name ?? ''} />}
          </Field>
          <Field id={`${ESTIMATE_ID}-email`} name="email" label={QUOTE_EMAIL_FIELDS.email.label} required>
            {(props) => <input {...props} type="email" autoComplete="email" defaultValue={fields.email ?? ''} />}
          </Field>
        </div>
        <EmailQuoteEnd idPrefix={ESTIMATE_ID} />
      </form>
      <RatherTalk practice={practice} />
    </PageDocument>
  );
}

export interface QuoteEmailSentPageProps {
  email: string;
  outcome: QuoteEmailOutcome;
  quote: StoredQuote;
  /** Sydney's date now, for "today" in the contract date line. */
  today: string;
  practice: Practice;
}

export function QuoteEmailSentPage({ email, outcome, quote, today, practice }: QuoteEmailSentPageProps) {
  const heading = outcome === 'sent' ? 'Your quote is on its way' : 'We have your quote';
  return (
    <PageDocument title={`${heading} | ${practice.name}`} practiceName={practice.name} referrer="same-origin">
      <h1>{heading}</h1>
      <p className="lead" role="status" data-quote-email-status>
        {quoteEmailOutcomeText(outcome, email, practice.phone.display)}
      </p>
      <h2>Your quote</h2>
      <QuoteFigures quote={quote} today={today} />
      <p className="mt-6 flex flex-wrap gap-3">
        <a className={buttonClass('primary')} href={CALL_BACK_HREF}>
          Request a call back
        </a>
        <a className={buttonClass('outline')} href={QUOTE_PAGE}>
          Back to the calculator
        </a>
      </p>
      <p>
        Or call us on <a href={practice.phone.href}>{practice.phone.display}</a>.
      </p>
    </PageDocument>
  );
}

export interface QuoteEmailFormPageProps {
  /** What was posted, as the browser sent it. */
  values: Record<string, string>;
  /** The schema's messages by path (`email`, `quote.price`…): only what failed. */
  fieldErrors: FieldErrors;
  practice: Practice;
}

const ID = 'retry-quote';

export function QuoteEmailFormPage({ values, fieldErrors, practice }: QuoteEmailFormPageProps) {
  const emailError = fieldErrors.email?.[0];
  const nameError = fieldErrors.name?.[0];
  const priceError = fieldErrors['quote.price'] ? QUOTE_PRICE_FIELD.message : undefined;
  // Any other part of the quote can only be wrong if the request was not made by the page.
  const otherQuoteError = Object.keys(fieldErrors).some((key) => key.startsWith('quote') && key !== 'quote.price');
  const items = [
    ...(priceError ? [{ message: priceError, field: `${ID}-price` }] : []),
    ...(nameError ? [{ message: nameError, field: `${ID}-name` }] : []),
    ...(emailError ? [{ message: emailError, field: `${ID}-email` }] : []),
  ];
  return (
    <PageDocument
      title={`Please check your e-mail address | ${practice.name}`}
      practiceName={practice.name}
      referrer="same-origin"
    >
      <h1>Please check your request</h1>
      <p className="lead">Your quote has not been sent yet. Please fix the following, then send it again:</p>
      <ErrorSummary
        message={
          otherQuoteError
            ? 'Some of the calculator’s choices did not arrive: please start again from the calculator.'
            : undefined
        }
        items={items}
      />
      <form method="post" action={ENQUIRY_ACTION} noValidate aria-labelledby={`${ID}-title`}>
        <h2 id={`${ID}-title`}>Email me this quote</h2>
        <input type="hidden" name="form" value={QUOTE_EMAIL_FORM} />
        {QUOTE_CONTROLS.filter((name) => name !== 'price' || !priceError).map((name) =>
          values[name] === undefined ? null : <input key={name} type="hidden" name={name} value={values[name]} />,
        )}
        <div className="mt-4 grid gap-4">
          {priceError ? (
            <Field id={`${ID}-price`} name="price" label={QUOTE_PRICE_FIELD.label} required error={priceError}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={values.price ?? ''}
                />
              )}
            </Field>
          ) : null}
          <Field id={`${ID}-name`} name="name" label={QUOTE_EMAIL_FIELDS.name.label} error={nameError}>
            {(props) => <input {...props} type="text" autoComplete="name" defaultValue={values.name ?? ''} />}
          </Field>
          <Field id={`${ID}-email`} name="email" label={QUOTE_EMAIL_FIELDS.email.label} required error={emailError}>
            {(props) => <input {...props} type="email" autoComplete="email" defaultValue={values.email ?? ''} />}
          </Field>
        </div>
        {/* The spam trap, empty as on /quote (a filled one is answered as if sent, never with this page). */}
        <EmailQuoteEnd idPrefix={ID} />
      </form>
      <RatherTalk practice={practice} />
      <p>
        <a className={buttonClass('outline')} href={QUOTE_PAGE}>
          Back to the calculator
        </a>
      </p>
    </PageDocument>
  );
}

export const quoteEstimatePage = (props: QuoteEstimatePageProps): string =>
  renderPage(<QuoteEstimatePage {...props} />);
export const quoteEmailSentPage = (props: QuoteEmailSentPageProps): string =>
  renderPage(<QuoteEmailSentPage {...props} />);
export const quoteEmailFormPage = (props: QuoteEmailFormPageProps): string =>
  renderPage(<QuoteEmailFormPage {...props} />);
