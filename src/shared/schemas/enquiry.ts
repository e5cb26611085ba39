/**
 * Enquiries: the hero quote form, the contact-section form, and what the API stores.
 * One schema per form; `POST /api/contact` picks the right one from the payload's shape.
 */
import * as z from 'zod/mini';
import { isIsoDate, optionalText, requiredText } from './fields.ts';
import { quoteInputSchema } from './quote.ts';
import type { StoredQuote } from '../quote.ts';

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

const personFields = {
  firstName: requiredText('First name is required', LIMITS.name),
  lastName: requiredText('Last name is required', LIMITS.name),
  email: z.string('Please enter a valid email address').check(
    z.trim(),
    z.maxLength(LIMITS.email, 'Please enter a valid email address'),
    z.email('Please enter a valid email address'),
  ),
  phone: requiredText('Phone number is required', LIMITS.phone),
  message: optionalText(LIMITS.message),
  /** From /quote's 'Email me this quote': the calculator's inputs; the server recomputes the figures. */
  quote: z.optional(quoteInputSchema),
  [HONEYPOT_FIELD]: z.optional(z.string()),
};

const serviceType = <T extends Options>(options: T) =>
  z.enum(values(options), { error: 'Please select a service' });

export const heroEnquirySchema = z.object({
  ...personFields,
  serviceType: serviceType(HERO_SERVICE_OPTIONS),
  callbackDate: z.optional(
    z.pipe(
      z.string().check(
        z.trim(),
        z.refine((value) => value === '' || isIsoDate(value), 'Please choose a valid date'),
      ),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
  ),
  callbackTime: z.optional(
    z.pipe(
      z.union([z.enum(CALLBACK_TIMES, { error: 'Please choose Morning, Afternoon or Evening' }), z.literal('')]),
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
 * service; everything else is judged by the contact form's rules.
 */
export const enquirySchemaFor = (body: Record<string, unknown>) =>
  'propertyAddress' in body
    ? contactEnquirySchema
    : 'callbackDate' in body || 'callbackTime' in body || heroOnly.has(String(body.serviceType))
      ? heroEnquirySchema
      : contactEnquirySchema;

/** A stored contact request, as the staff list shows it. */
export interface ContactRequest {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  serviceType: string;
  propertyAddress?: string;
  message?: string;
  callbackDate?: string;
  callbackTime?: string;
  /** The instant quote the person asked us to email: their inputs and the server's figures. */
  quote?: StoredQuote;
  createdAt: string;
}

/** The human label for a stored service value, falling back to the value itself. */
export const serviceLabel = (value: string): string =>
  [...HERO_SERVICE_OPTIONS, ...CONTACT_SERVICE_OPTIONS].find((option) => option.value === value)
    ?.label ?? value;
