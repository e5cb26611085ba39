/** The contact-section enquiry form. */
import { contactEnquirySchema } from '../shared/schemas/enquiry.ts';
import { ENQUIRY_ACTION } from '../shared/enquiry-outcome.ts';
import { fieldsOf, useEnquiryForm } from './enquiry-form.ts';
import { ContactEnquiryFields, enquirySummaryItems } from '../ui/EnquiryFields.tsx';
import { EnquirySubmit } from '../ui/EnquirySubmit.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';

const INITIAL = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  serviceType: '',
  propertyAddress: '',
  message: '',
};
type Key = keyof typeof INITIAL;

/** `phone`: the practice's phone from Settings, for the failure message. */
export default function ContactForm({ phone }: { phone: string }) {
  const form = useEnquiryForm<Key>({ initial: INITIAL, schema: contactEnquirySchema, phone });
  const { pending, honeypot, onSubmit, refusals } = form;
  const fields = fieldsOf(form);

  return (
    // A real form: without JavaScript (or if the island's code cannot load) the browser
    // posts it form-encoded and lands on a page. A submit before the island has hydrated
    // waits for it (src/directives/interaction.ts); once hydrated, onSubmit takes over.
    <form
      method="post"
      action={ENQUIRY_ACTION}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      {/* After a refused submit: what to fix, first, focused and in view. */}
      <ErrorSummary key={refusals} items={enquirySummaryItems('contact', fields.error)} />
      <h3 id="contact-form-title" className="text-xl font-bold text-brand-900">
        Send us an enquiry
      </h3>
      <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <ContactEnquiryFields idPrefix="contact" {...fields} />
      </div>
      <EnquirySubmit
        idPrefix="contact"
        honeypot={honeypot}
        pending={pending}
        label="Send Enquiry"
        buttonClassName="mt-5 w-full sm:w-auto"
      />
    </form>
  );
}
