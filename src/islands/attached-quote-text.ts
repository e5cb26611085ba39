/**
 * What the contact form shows and prefills for an attached quote. Its own chunk: the quote
 * module (pricing, the duty table) loads only when someone arrives from /quote with a quote,
 * not for every visitor of the landing page.
 */
import { quoteInputSchema } from '../shared/schemas/quote.ts';
import { computeQuote, contactServiceFor, describeQuoteInput, quoteLines, type QuoteInput } from '../shared/quote.ts';

export interface Attachment {
  input: QuoteInput;
  /** One line: what was asked, e.g. "Buying an established home for $800,000". */
  description: string;
  /** The service the enquiry form preselects. */
  serviceType: string;
  /** The enquiry text the message starts with. */
  message: string;
}

/** The attachment for whatever was stored, or null when it is not a valid quote. */
export function attachmentFrom(stored: unknown): Attachment | null {
  const parsed = quoteInputSchema.safeParse(stored);
  if (!parsed.success) return null;
  const input = parsed.data;
  return {
    input,
    description: describeQuoteInput(input),
    serviceType: contactServiceFor(input),
    message: [
      'Please email me this quote.',
      describeQuoteInput(input),
      ...quoteLines(computeQuote(input)).map((line) => `${line.label}: ${line.value}`),
    ].join('\n'),
  };
}
