/** POST /api/contact: an enquiry from either public form. */
import type { Config } from '@netlify/functions';
import { enquirySchemaFor, HONEYPOT_FIELD } from '../../src/shared/schemas/enquiry.ts';
import { json, readJson, router, validate } from './_shared/http.ts';
import { newId } from './_shared/blobs.ts';
import { createContactRequest } from './_shared/repositories/contact-requests.ts';
import { computeQuote } from '../../src/shared/quote.ts';

export default router({
  'POST /api/contact': async (req) => {
    const body = await readJson(req);
    const { [HONEYPOT_FIELD]: honeypot, quote, ...enquiry } = validate(enquirySchemaFor(body), body);
    // A filled honeypot is a bot: answer as if stored, store nothing.
    if (honeypot) return json({ id: newId() }, 201);
    // The schema kept only the quote's inputs: the figures are ours, never the browser's.
    const { id } = await createContactRequest(quote ? { ...enquiry, quote: { inputs: quote, figures: computeQuote(quote) } } : enquiry);
    return json({ id }, 201);
  },
});

export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
