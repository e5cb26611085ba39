/**
 * A new enquiry (decision 054): either landing-page form, or /quote's 'Email me this quote'
 * (`form: 'quote'`), at the spec's `/api/contact`. Islands send JSON and get `201 { id }` (a
 * quote also `{ email }`: what became of its e-mail); a plain HTML form post (no JavaScript)
 * is read by the same schemas and answered with a page or a 303 to one. Past its rate limit
 * Netlify rewrites the request to contact-limited.ts, whose 429 says so in words.
 */
import * as z from 'zod/mini';
import {
  contactEnquirySchema,
  enquiryAcceptedSchema,
  enquirySchemaFor,
  heroEnquirySchema,
  QUOTE_EMAIL_FORM,
  quoteEmailSchema,
} from '../schemas/enquiry.ts';
import { ENQUIRY_ACTION } from '../enquiry-outcome.ts';
import { route } from './contract.ts';

export const enquiryIntakeRoutes = {
  submit: route({
    method: 'POST',
    path: ENQUIRY_ACTION,
    summary: 'Files an enquiry from the hero or contact form, or e-mails a quote from /quote and files it as a lead',
    access: 'public',
    input: z.union([quoteEmailSchema, heroEnquirySchema, contactEnquirySchema]),
    // The body's own keys say which form it is, so its field errors are that form's.
    inputFor: (body) => (body.form === QUOTE_EMAIL_FORM ? quoteEmailSchema : enquirySchemaFor(body)),
    formPost: true,
    output: enquiryAcceptedSchema,
    status: 201,
    // 429: Netlify's rate limit, answered by contact-limited.ts at this address; 503: not stored.
    refusals: [400, 413, 415, 429, 503],
  }),
} as const;
