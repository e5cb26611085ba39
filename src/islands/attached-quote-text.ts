/**
 * What the contact form shows and prefills for an attached quote. Its own chunk: the quote
 * module (pricing, the duty table) loads only when someone arrives from /quote with a quote,
 * not for every visitor of the landing page.
 */
import type { DutyIndexation } from '../content/transferDuty.ts';
import { dutyTablesFrom } from '../shared/duty-tables.ts';
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

/**
 * The attachment for whatever was stored, or null when it is not a valid quote. Its figures
 * use `indexations`, the duty years the build read, as /quote and the server do.
 */
export function attachmentFrom(stored: unknown, indexations: readonly DutyIndexation[]): Attachment | null {
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
      ...quoteLines(computeQuote(input, { tables: dutyTablesFrom(indexations) })).map(
        (line) => `${line.label}: ${line.value}`,
      ),
    ].join('\n'),
  };
}
