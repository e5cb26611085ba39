/**
 * /quote's 'Email me this quote' posted without JavaScript: the confirmation (where the
 * quote went, the figures, a call back one tap away), or, when a field must be fixed, the
 * request again with only that field marked and everything else kept. The calculator's
 * choices travel in this page's body (hidden fields), never in an address. Pure functions of
 * their props, rendered by `renderPage` (document.tsx); no JavaScript.
 */
import { QUOTE_EMAIL_FIELDS, QUOTE_EMAIL_FORM, QUOTE_PRICE_FIELD } from '../../../../src/shared/enquiry-labels.ts';
import { ENQUIRY_ACTION } from '../../../../src/shared/enquiry-outcome.ts';
import { CALL_BACK_HREF, quoteEmailOutcomeText, type QuoteEmailOutcome } from '../../../../src/shared/quote-email.ts';
import { contractDateLine, describeQuoteInput, quoteLines, type StoredQuote } from '../../../../src/shared/quote.ts';
import type { FieldErrors } from '../../../../src/shared/schemas/fields.ts';
import { Button, buttonClass } from '../../../../src/ui/Button.tsx';
import { ErrorSummary } from '../../../../src/ui/ErrorSummary.tsx';
import { Field } from '../../../../src/ui/Field.tsx';
import { Honeypot } from '../../../../src/ui/Honeypot.tsx';
import { PrivacyNotice } from '../../../../src/ui/PrivacyNotice.tsx';
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
        <Honeypot inputRef={null} idPrefix={ID} />
        <Button type="submit" className="mt-5 w-full sm:w-auto">
          Email me this quote
        </Button>
        <div className="mt-3">
          <PrivacyNotice />
        </div>
      </form>
      <p className="mt-6">
        Rather talk? <a href={CALL_BACK_HREF}>Request a call back</a> or call us on{' '}
        <a href={practice.phone.href}>{practice.phone.display}</a>.
      </p>
      <p>
        <a className={buttonClass('outline')} href={QUOTE_PAGE}>
          Back to the calculator
        </a>
      </p>
    </PageDocument>
  );
}

export const quoteEmailSentPage = (props: QuoteEmailSentPageProps): string =>
  renderPage(<QuoteEmailSentPage {...props} />);
export const quoteEmailFormPage = (props: QuoteEmailFormPageProps): string =>
  renderPage(<QuoteEmailFormPage {...props} />);
