/**
 * Enquiries: the hero quote form, the contact-section form, and what the API stores.
 * One schema per form; `POST /api/contact` picks the right one from the payload's shape.
 */
import * as z from 'zod/mini';
import { dateInRange, isIsoDate, optionalText, requiredText, withoutControlCharacters } from './fields.ts';
import { quoteInputSchema } from './quote.ts';
import { parsePrice } from '../quote.ts';
import { QUOTE_EMAIL_OUTCOMES } from '../quote-email.ts';
import { ENQUIRY_FIELDS, HONEYPOT_FIELD, LIMITS, QUOTE_EMAIL_FORM, type EnquiryField } from '../enquiry-labels.ts';

export const HERO_SERVICE_OPTIONS = [
  { value: 'residential-conveyancing', label: 'Residential Conveyancing' },
  { value: 'commercial-property', label: 'Commercial Property' },
  { value: 'contract-review', label: 'Contract Review' },
  { value: 'off-plan-purchases', label: 'Off-the-Plan Purchases' },
  { value: 'property-settlements', label: 'Property Settlements' },
] as const;

export const CONTACT_SERVICE_OPTIONS = [
  { value: 'residential-purchase', label: 'Residential Purchase' },
  { value: 'residential-sale', label: 'Residential Sale' },
  { value: 'commercial', label: 'Commercial Property' },
  { value: 'contract-review', label: 'Contract Review' },
  { value: 'off-the-plan', label: 'Off-the-Plan' },
  { value: 'other', label: 'Other' },
] as const;

export const CALLBACK_TIMES = ['Morning', 'Afternoon', 'Evening'] as const;

type Options = readonly { value: string; label: string }[];
const values = <T extends Options>(options: T) =>
  options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]];

export { ENQUIRY_FIELDS, HONEYPOT_FIELD, LIMITS, QUOTE_EMAIL_FIELDS, QUOTE_EMAIL_FORM } from '../enquiry-labels.ts';
export type { EnquiryField } from '../enquiry-labels.ts';
const MESSAGE = (field: EnquiryField) => ENQUIRY_FIELDS[field].message;

/** Every form's e-mail address: one rule, one message (the spec's). */
const emailField = z
  .string(MESSAGE('email'))
  .check(withoutControlCharacters(), z.trim(), z.maxLength(LIMITS.email, MESSAGE('email')), z.email(MESSAGE('email')));

const personFields = {
  firstName: requiredText(MESSAGE('firstName'), LIMITS.name),
  lastName: requiredText(MESSAGE('lastName'), LIMITS.name),
  email: emailField,
  phone: requiredText(MESSAGE('phone'), LIMITS.phone),
  message: optionalText(LIMITS.message, { multiline: true }),
  /** A quote's inputs sent with an enquiry (the API takes one; the server recomputes the figures). */
  quote: z.optional(quoteInputSchema),
  [HONEYPOT_FIELD]: z.optional(z.string()),
};

const serviceType = <T extends Options>(options: T) => z.enum(values(options), { error: MESSAGE('serviceType') });

export const heroEnquirySchema = z.object({
  ...personFields,
  serviceType: serviceType(HERO_SERVICE_OPTIONS),
  callbackDate: z.optional(
    z.pipe(
      z.string().check(
        z.trim(),
        dateInRange(),
        z.refine((value) => value === '' || isIsoDate(value), MESSAGE('callbackDate')),
      ),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
  ),
  callbackTime: z.optional(
    z.pipe(
      z.union([z.enum(CALLBACK_TIMES, { error: MESSAGE('callbackTime') }), z.literal('')]),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
  ),
});

export const contactEnquirySchema = z.object({
  ...personFields,
  serviceType: serviceType(CONTACT_SERVICE_OPTIONS),
  propertyAddress: optionalText(LIMITS.address),
});

/**
 * /quote's 'Email me this quote': an address (a name optional) and the calculator's inputs.
 * The `form` field tells `POST /api/contact` which form it is; the server works the figures
 * out again, e-mails them and files the request as a quote lead.
 */
export const quoteEmailSchema = z.object({
  form: z.literal(QUOTE_EMAIL_FORM),
  name: optionalText(LIMITS.name),
  email: emailField,
  quote: quoteInputSchema,
  [HONEYPOT_FIELD]: z.optional(z.string()),
});
export type QuoteEmailInput = z.input<typeof quoteEmailSchema>;

/** What `POST /api/contact` answers once an enquiry is stored: its id, and for a quote what became of its e-mail. */
export const enquiryAcceptedSchema = z.object({
  id: z.string(),
  email: z.optional(z.enum(QUOTE_EMAIL_OUTCOMES)),
});
export type QuoteEmailRequest = z.output<typeof quoteEmailSchema>;

export type HeroEnquiryInput = z.input<typeof heroEnquirySchema>;
export type ContactEnquiryInput = z.input<typeof contactEnquirySchema>;
export type Enquiry = z.output<typeof heroEnquirySchema> | z.output<typeof contactEnquirySchema>;

const heroOnly = new Set<string>(values(HERO_SERVICE_OPTIONS));
/**
 * Which form a payload came from: hero payloads carry callback fields or a hero-only
 * service; everything else is judged by the contact form's rules. The body is not parsed
 * yet, so it is only looked at, never converted: `String()` of a posted `{ "toString": 1 }`
 * throws.
 */
export const enquirySchemaFor = (body: Record<string, unknown>) =>
  'propertyAddress' in body
    ? contactEnquirySchema
    : 'callbackDate' in body ||
        'callbackTime' in body ||
        (typeof body.serviceType === 'string' && heroOnly.has(body.serviceType))
      ? heroEnquirySchema
      : contactEnquirySchema;

/**
 * An HTML form post's fields as the schemas' input. Every enquiry field is text, so the
 * only coercion a form needs is one value per name: the first, as a browser sends it.
 */
export const formToEnquiry = (form: URLSearchParams): Record<string, string> => {
  const fields = new Map<string, string>();
  for (const [name, value] of form) if (!fields.has(name)) fields.set(name, value);
  return Object.fromEntries(fields);
};

/** What a person sent, as stored: its schema lives apart, so the public forms never load it. */
export type { SubmittedEnquiry } from './enquiry-record.ts';

/** The human label for a stored service value, falling back to the value itself. */
export const serviceLabel = (value: string): string =>
  [...HERO_SERVICE_OPTIONS, ...CONTACT_SERVICE_OPTIONS].find((option) => option.value === value)?.label ?? value;

/**
 * /quote's form posted without JavaScript, as `quoteEmailSchema` reads it: the calculator's
 * controls arrive as text (the price as typed, "800,000"; a ticked box as "on"), and are
 * turned into the quote's values here. A price that does not read as one stays text, so the
 * schema refuses it with its own message.
 */
export function formToQuoteEmail(fields: Record<string, string>): Record<string, unknown> {
  const { price = '', foreignShare = '', contractDate = '', name, email, [HONEYPOT_FIELD]: honeypot } = fields;
  const ticked = (field: string) => fields[field] !== undefined && fields[field] !== '';
  const share = Number(foreignShare.replace('%', '').trim());
  return {
    form: QUOTE_EMAIL_FORM,
    name,
    email: email ?? '',
    ...(honeypot === undefined ? {} : { [HONEYPOT_FIELD]: honeypot }),
    quote: {
      price: parsePrice(price) ?? price,
      role: fields.role,
      propertyType: fields.propertyType,
      firstHomeBuyer: ticked('firstHomeBuyer'),
      foreignPurchaser: ticked('foreignPurchaser'),
      ...(foreignShare.trim() === '' || !Number.isFinite(share) ? {} : { foreignShare: share }),
      rush: ticked('rush'),
      ...(contractDate.trim() === '' ? {} : { contractDate: contractDate.trim() }),
    },
  };
}
