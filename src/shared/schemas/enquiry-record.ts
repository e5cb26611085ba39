/**
 * What a person sent in an enquiry, as stored and as the staff list shows it and as every read parses it: a
 * record that does not fit (its quote included) is logged and skipped.
 */
import * as z from 'zod/mini';
import { storedQuoteSchema } from './quote.ts';

export const submittedEnquirySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  serviceType: z.string(),
  propertyAddress: z.optional(z.string()),
  message: z.optional(z.string()),
  callbackDate: z.optional(z.string()),
  callbackTime: z.optional(z.string()),
  /** The instant quote the person asked us to email: their inputs and the server's figures. */
  quote: z.optional(storedQuoteSchema),
  /**
   * 'quote': a quote lead, from /quote's 'Email me this quote' (an address and the quote,
   * a name perhaps, no phone); absent for the enquiry forms.
   */
  source: z.optional(z.literal('quote')),
  createdAt: z.string(),
});

export type SubmittedEnquiry = z.output<typeof submittedEnquirySchema>;
