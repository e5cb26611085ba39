/**
 * The /quote calculator: fee, disbursements, NSW transfer duty and the total,
 * updated as the person types, for a contract date it names; and 'Email me this quote',
 * which sends the quote to an address at once and files it with the practice (POST
 * /api/contact, `form: 'quote'`). Pre-rendered with a typical price so the page shows a real
 * estimate before (or without) JavaScript; without it, 'See my estimate' and 'Email me this
 * quote' post the form and the contact function answers with a page (the estimate for the
 * figures posted, or where the quote went). No zod and no stores: React plus the
 * quote module.
 *
 * This root lays out the form and the estimate and decides what a submit does; its parts
 * are in ./quote/: the calculator's state (useQuoteForm) and controls (QuoteInputs),
 * the estimate (QuoteEstimate), and 'Email me this quote' (QuoteEmail).
 */
import { useId, useRef, type SubmitEvent } from 'react';
import { SHIPPED_DUTY_INDEXATIONS, type DutyIndexation } from '../content/transfer-duty.ts';
import { ENQUIRY_ACTION } from '../shared/enquiry-outcome.ts';
import { ESTIMATE_INTENT, INTENT_FIELD, QUOTE_EMAIL_FORM } from '../shared/enquiry-labels.ts';
import { Honeypot } from '../ui/Honeypot.tsx';
import { QuoteEmail, type QuoteEmailHandle } from './quote/QuoteEmail.tsx';
import { QuoteEstimate } from './quote/QuoteEstimate.tsx';
import { QuoteInputs } from '../ui/QuoteInputs.tsx';
import { useQuoteForm } from './quote/useQuoteForm.ts';

export { DEFAULT_PRICE } from './quote/useQuoteForm.ts';

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
  const field = (name: string) => `${id}-${name}`;
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<QuoteEmailHandle>(null);
  const { values, change, input, priceError, shareError } = useQuoteForm(formRef);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // 'Email me this quote', or Enter in its fields, sends the quote. Anything else (the
    // estimate button, Enter in the calculator's fields) takes the person to the estimate,
    // which follows every change already (below the form on a phone).
    // Both the button and the block around the fields carry `data-quote-email`.
    const submitter = event.nativeEvent.submitter;
    const fromEmail =
      submitter?.dataset.quoteEmail !== undefined || document.activeElement?.closest('[data-quote-email]') != null;
    if (fromEmail) void emailRef.current?.send();
    else resultRef.current?.focus();
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_1.1fr]">
      {/* Posts without JavaScript: 'Email me this quote' (in the estimate, tied to this form
          by its id) sends the calculator's controls with the address, and the contact
          function answers with a page. The estimate button posts them too (INTENT_FIELD), and the
          function answers with the estimate for them, the controls as they were posted. */}
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
        <QuoteInputs
          idPrefix={id}
          values={values}
          onChange={change}
          priceError={priceError}
          shareError={shareError}
          priceRef={priceRef}
        />
        {/* The spam trap, empty; a filled one is answered as sent and nothing is stored. */}
        <Honeypot inputRef={honeypotRef} idPrefix={field('quote')} />
        {/* First in the form, so Enter in a field means this button (onSubmit decides). */}
        <button
          type="submit"
          name={INTENT_FIELD}
          value={ESTIMATE_INTENT}
          className="btn btn-secondary mt-6 w-full sm:w-auto"
        >
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
        <QuoteEstimate role={values.role} input={input} indexations={indexations} builtOn={builtOn} />
        <QuoteEmail ref={emailRef} quote={input} idPrefix={id} honeypotRef={honeypotRef} phone={phone} />
      </section>
    </div>
  );
}
