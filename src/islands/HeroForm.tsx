/**
 * The hero quote form. Pulses while sending and vibrates
 * (medium on send, success, error) with a 300 ms visual fallback.
 */
import { useRef } from 'react';
import { heroEnquirySchema } from '../shared/schemas/enquiry.ts';
import { ENQUIRY_ACTION } from '../shared/enquiry-outcome.ts';
import { buzz, fieldsOf, useEnquiryForm, VIBRATION } from './enquiry-form.ts';
import { enquirySummaryItems, HeroEnquiryFields } from '../ui/EnquiryFields.tsx';
import { EnquirySubmit } from '../ui/EnquirySubmit.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';

const INITIAL = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  serviceType: '',
  callbackDate: '',
  callbackTime: '',
  message: '',
};
type Key = keyof typeof INITIAL;

/** `phone`: the practice's phone from Settings, for the failure message. */
export default function HeroForm({ phone }: { phone: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEnquiryForm<Key>({
    initial: INITIAL,
    schema: heroEnquirySchema,
    phone,
    onPhase: (phase) => buzz(formRef.current, VIBRATION[phase]),
  });
  const { pending, honeypot, onSubmit, refusals } = form;
  const fields = fieldsOf(form);

  return (
    // A real form: without JavaScript (or if the island's code cannot load) the browser
    // posts it form-encoded and lands on a page. A submit before the island has hydrated
    // waits for it (src/directives/interaction.ts); once hydrated, onSubmit takes over.
    <form
      ref={formRef}
      method="post"
      action={ENQUIRY_ACTION}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="hero-form-title"
      className={`rounded-2xl bg-white p-5 text-slate-900 shadow-xl sm:p-6 ${pending ? 'is-sending' : ''}`}
    >
      {/* After a refused submit: what to fix, first, focused and in view. */}
      <ErrorSummary key={refusals} items={enquirySummaryItems('hero', fields.error)} />
      <h2 id="hero-form-title" className="text-xl font-bold text-brand-900">
        Get your free quote
      </h2>
      <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <HeroEnquiryFields idPrefix="hero" {...fields} />
      </div>
      <EnquirySubmit
        idPrefix="hero"
        honeypot={honeypot}
        pending={pending}
        label="Get My Free Quote"
        buttonClassName="mt-5 w-full"
      />
    </form>
  );
}
