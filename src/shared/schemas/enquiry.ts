/**
 * Enquiries: the hero quote form, the contact-section form, and what the API stores.
 * One schema per form; `POST /api/contact` picks the right one from the payload's shape.
 */
import * as z from 'zod/mini';
import { dateInRange, isIsoDate, optionalText, requiredText, withoutControlCharacters } from './fields.ts';
import { quoteInputSchema } from './quote.ts';

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

/**
 * Name of the hidden honeypot field. People never see it; bots that fill every
 * input do, and their submission is answered as a success without being stored.
 */
export const HONEYPOT_FIELD = 'website';

type Options = readonly { value: string; label: string }[];
const values = <T extends Options>(options: T) =>
  options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]];

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
const MESSAGE = (field: EnquiryField) => ENQUIRY_FIELDS[field].message;

const personFields = {
  firstName: requiredText(MESSAGE('firstName'), LIMITS.name),
  lastName: requiredText(MESSAGE('lastName'), LIMITS.name),
  email: z
    .string(MESSAGE('email'))
    .check(
      withoutControlCharacters(),
      z.trim(),
      z.maxLength(LIMITS.email, MESSAGE('email')),
      z.email(MESSAGE('email')),
    ),
  phone: requiredText(MESSAGE('phone'), LIMITS.phone),
  message: optionalText(LIMITS.message, { multiline: true }),
  /** From /quote's 'Email me this quote': the calculator's inputs; the server recomputes the figures. */
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
