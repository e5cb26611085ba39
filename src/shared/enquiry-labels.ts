/**
 * What each enquiry field is called and the message its rule gives, once, without zod: the
 * schemas (schemas/enquiry.ts, which re-exports these), the islands, the /quote calculator
 * (which must not load zod, decision 011) and the no-JavaScript pages all read them here.
 */

/**
 * Name of the hidden honeypot field. People never see it; bots that fill every
 * input do, and their submission is answered as a success without being stored.
 */
export const HONEYPOT_FIELD = 'website';

export const LIMITS = { name: 100, email: 254, phone: 40, address: 300, message: 5000 } as const;

/**
 * What each field is called on both forms and the message its rule gives, once:
 * the schemas, the islands and the no-JavaScript error page all read them from here.
 */
export const ENQUIRY_FIELDS = {
  firstName: { label: 'First name', message: 'First name is required' },
  lastName: { label: 'Last name', message: 'Last name is required' },
  email: { label: 'Email', message: 'Please enter a valid email address' },
  phone: { label: 'Phone', message: 'Phone number is required' },
  serviceType: { label: 'Service', message: 'Please select a service' },
  callbackDate: { label: 'Preferred callback date', message: 'Please choose a valid date' },
  callbackTime: { label: 'Preferred callback time', message: 'Please choose Morning, Afternoon or Evening' },
  propertyAddress: { label: 'Property address', message: `Please keep this under ${LIMITS.address} characters` },
  message: { label: 'Message', message: `Please keep this under ${LIMITS.message} characters` },
} as const;
export type EnquiryField = keyof typeof ENQUIRY_FIELDS;

/** The `form` value that makes a `POST /api/contact` /quote's 'Email me this quote'. */
export const QUOTE_EMAIL_FORM = 'quote';

/**
 * /quote's property price, as the calculator asks for it and as the page that answers a
 * plain 'Email me this quote' post asks for it again when it was refused.
 */
export const QUOTE_PRICE_FIELD = {
  label: 'Property price',
  message: 'Please enter a price in dollars, like 800,000',
} as const;

/** /quote's 'Email me this quote' fields: the e-mail address is the enquiry forms' (the spec's label and message). */
export const QUOTE_EMAIL_FIELDS = {
  name: { label: 'Name (optional)', message: `Please keep this under ${LIMITS.name} characters` },
  email: ENQUIRY_FIELDS.email,
} as const;

/**
 * /quote's 'See my estimate' button, when the form posts without JavaScript: the contact
 * function answers with the estimate for the figures posted (no e-mail, nothing stored).
 */
export const INTENT_FIELD = 'intent';
export const ESTIMATE_INTENT = 'estimate';
