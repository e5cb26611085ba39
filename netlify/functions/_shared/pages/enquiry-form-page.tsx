/**
 * An enquiry form posted without JavaScript that the contact function refused: the same
 * form again, as the visitor filled it, with only the fields that failed marked and their
 * messages listed at the top. The values travel in this page's body, never in an address,
 * and the page posts to the same place as the form on the landing page. Pure function of
 * its props, rendered once per request by `renderPage` (document.tsx); no JavaScript.
 */
import { ENQUIRY_ACTION, ENQUIRY_FORMS, type EnquiryFormName } from '#src/shared/enquiry-outcome.ts';
import type { EnquiryField } from '#src/shared/schemas/enquiry.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import { Button, buttonClass } from '#src/ui/Button.tsx';
import { ContactEnquiryFields, enquirySummaryItems, HeroEnquiryFields } from '#src/ui/EnquiryFields.tsx';
import { ErrorSummary } from '#src/ui/ErrorSummary.tsx';
import { Honeypot } from '#src/ui/Honeypot.tsx';
import { PrivacyNotice } from '#src/ui/PrivacyNotice.tsx';
import { PageDocument, renderPage } from './document.tsx';

/** Each form as the landing page shows it: its heading, its button and its fields. */
const FORMS = {
  hero: { title: 'Get your free quote', submit: 'Get My Free Quote', Fields: HeroEnquiryFields },
  contact: { title: 'Send us an enquiry', submit: 'Send Enquiry', Fields: ContactEnquiryFields },
} as const;

export interface EnquiryFormPageProps {
  form: EnquiryFormName;
  /** What was posted, as the browser sent it. */
  values: Record<string, string>;
  /** The schema's messages, by field: only the fields that failed. */
  fieldErrors: FieldErrors;
  practice: { name: string; phone: { display: string; href: string } };
}

export function EnquiryFormPage({ form, values, fieldErrors, practice }: EnquiryFormPageProps) {
  const { title, submit, Fields } = FORMS[form];
  const idPrefix = `retry-${form}`;
  const error = (field: EnquiryField) => fieldErrors[field]?.[0];
  return (
    // The form posts to /api/contact, which refuses `Origin: null` (no-referrer's): nothing
    // in this page's address is secret.
    <PageDocument
      title={`Please check your enquiry | ${practice.name}`}
      practiceName={practice.name}
      referrer="same-origin"
    >
      <h1>Please check your enquiry</h1>
      <p className="lead">Your enquiry has not been sent yet. Please fix the following, then send it again:</p>
      <ErrorSummary items={enquirySummaryItems(idPrefix, error)} />
      <form method="post" action={ENQUIRY_ACTION} noValidate aria-labelledby="retry-form-title">
        <h2 id="retry-form-title">{title}</h2>
        <p className="meta text-sm">Fields marked * are required.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Fields idPrefix={idPrefix} bind={(field) => ({ defaultValue: values[field] ?? '' })} error={error} />
        </div>
        {/* The spam trap, empty as on the landing page (a filled one never gets this page). */}
        <Honeypot inputRef={null} idPrefix={idPrefix} />
        <Button type="submit" className="mt-5 w-full sm:w-auto">
          {submit}
        </Button>
        <div className="mt-3">
          <PrivacyNotice />
        </div>
      </form>
      <p className="mt-6">
        If everything looks right, please try again in a moment, or call us on{' '}
        <a href={practice.phone.href}>{practice.phone.display}</a>.
      </p>
      <p>
        <a className={buttonClass('outline')} href={ENQUIRY_FORMS[form].href}>
          Back to the home page
        </a>
      </p>
    </PageDocument>
  );
}

export const enquiryFormPage = (props: EnquiryFormPageProps): string => renderPage(<EnquiryFormPage {...props} />);
