/**
 * 'Email me this quote', under the estimate: a name and an address and the button, or,
 * once sent, where the quote went; the call back link either way. The send is POST
 * /api/contact (`form: 'quote'`) with the quote as the calculator reads it. Its fields and
 * button belong to the calculator's form (`form=`), so without JavaScript they post with it;
 * with it, that form's submit asks this block to send (`ref`); a send refused (no price, no
 * address) shows the error summary at the block's top, focused.
 */
import { useEffect, useImperativeHandle, useRef, useState, type Ref, type RefObject } from 'react';
import { apiRequest, ApiError } from '#src/lib/api.ts';
import { ENQUIRY_ACTION } from '#src/shared/enquiry-outcome.ts';
// Types only: /quote loads no zod (decision 011), so the declaration's schemas stay out of its bundle.
import type { AnswerOf, BodyOf } from '#src/shared/api/contract.ts';
import type { enquiryIntakeRoutes } from '#src/shared/api/enquiry-intake.ts';

type QuoteEmailRoute = typeof enquiryIntakeRoutes.submit;
import { QUOTE_EMAIL_FIELDS, QUOTE_EMAIL_FORM, QUOTE_PRICE_FIELD } from '#src/shared/enquiry-labels.ts';
import type { QuoteInput } from '#src/shared/quote.ts';
import {
  CALL_BACK_HREF,
  QUOTE_EMAIL_OUTCOMES,
  quoteEmailOutcomeText,
  type QuoteEmailOutcome,
} from '#src/shared/quote-email.ts';
import { ErrorSummary } from '#src/ui/ErrorSummary.tsx';
import { Field } from '#src/ui/Field.tsx';

/** What the calculator's form asks of this block when it is submitted from it. */
export interface QuoteEmailHandle {
  send: () => Promise<void>;
}

/** An address as far as the page can tell; the server's check (the spec's rule) decides. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `quote`: the calculator's input, null while a field stops it (then a send is refused for
 * the price, `${idPrefix}-price`). `idPrefix`: the island's, whose form is `${idPrefix}-form`.
 * `honeypotRef`: the form's spam trap, sent as it is. `phone`: the practice's.
 */
export function QuoteEmail({
  ref,
  quote,
  idPrefix,
  honeypotRef,
  phone,
}: {
  ref: Ref<QuoteEmailHandle>;
  quote: QuoteInput | null;
  idPrefix: string;
  honeypotRef: RefObject<HTMLInputElement | null>;
  phone: string;
}) {
  const formId = `${idPrefix}-form`;
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  const [nameText, setNameText] = useState('');
  const [emailText, setEmailText] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  // A send refused for the price (the calculator's field) or the address: the error
  // summary's lines, and its key, so each refusal attaches (and focuses) it anew.
  const [priceRefused, setPriceRefused] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ outcome: QuoteEmailOutcome; email: string } | null>(null);

  // Someone may type before the island hydrates: take over what the fields show.
  useEffect(() => {
    setNameText(nameRef.current?.value ?? '');
    setEmailText(emailRef.current?.value ?? '');
  }, []);
  // The confirmation is what the person reads next: focus moves to it once it is shown.
  useEffect(() => {
    if (sent) statusRef.current?.focus();
  }, [sent]);

  async function send() {
    if (sending) return;
    const refuse = () => setRefusals((count) => count + 1);
    setPriceRefused(!quote);
    if (!quote) {
      refuse();
      return;
    }
    // Read from the controls: text typed before the island hydrated is there, not in state.
    const email = (emailRef.current?.value ?? emailText).trim();
    const name = nameRef.current?.value ?? nameText;
    if (!LOOKS_LIKE_EMAIL.test(email)) {
      setEmailError(QUOTE_EMAIL_FIELDS.email.message);
      refuse();
      return;
    }
    setEmailError(null);
    setSendError(null);
    setSending(true);
    try {
      const body: BodyOf<QuoteEmailRoute> = {
        form: QUOTE_EMAIL_FORM,
        name,
        email,
        quote,
        website: honeypotRef.current?.value ?? '',
      };
      const answer = await apiRequest<AnswerOf<QuoteEmailRoute>>('POST', ENQUIRY_ACTION, body);
      const outcome = QUOTE_EMAIL_OUTCOMES.find((value) => value === answer?.email) ?? 'sent';
      setSent({ outcome, email });
    } catch (error) {
      const fieldError = error instanceof ApiError ? error.fieldErrors?.email?.[0] : undefined;
      if (fieldError) {
        setEmailError(fieldError);
        refuse();
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

  useImperativeHandle(ref, () => ({ send }));

  return (
    <div className="mt-6 border-t border-white/15 pt-5" data-quote-email>
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
          <ErrorSummary
            key={refusals}
            items={[
              ...(priceRefused && !quote ? [{ message: QUOTE_PRICE_FIELD.message, field: `${idPrefix}-price` }] : []),
              ...(emailError ? [{ message: emailError, field: `${idPrefix}-email` }] : []),
            ]}
          />
          <p className="text-sm text-brand-100">
            We e-mail you this quote at once and keep it, so we can answer your questions about it.
          </p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <Field id={`${idPrefix}-name`} name="name" label={QUOTE_EMAIL_FIELDS.name.label} tone="dark">
              {(props) => (
                <input
                  {...props}
                  ref={nameRef}
                  form={formId}
                  type="text"
                  autoComplete="name"
                  value={nameText}
                  onChange={(event) => setNameText(event.currentTarget.value)}
                />
              )}
            </Field>
            <Field
              id={`${idPrefix}-email`}
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
                  form={formId}
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
            form={formId}
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
  );
}
