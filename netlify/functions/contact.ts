/**
 * POST /api/contact: an enquiry from either public form. Islands send JSON and get
 * `201 { id }`; a plain HTML form post (no JavaScript yet, or none at all) is read
 * form-encoded with the same schema, honeypot and limits, and answered with a 303 to a
 * page, so a browser never shows a JSON body.
 */
import type { Config } from '@netlify/functions';
import {
  enquirySchemaFor,
  formToEnquiry,
  heroEnquirySchema,
  HONEYPOT_FIELD,
  type Enquiry,
} from '../../src/shared/schemas/enquiry.ts';
import { toFieldErrors } from '../../src/shared/schemas/fields.ts';
import { enquiryErrorUrl, THANKS_PATH } from '../../src/shared/enquiry-outcome.ts';
import { handle, HttpError, json, mediaType, readForm, readJson, seeOther, validate } from './_shared/http.ts';
import { newId } from './_shared/blobs.ts';
import { createContactRequest } from './_shared/repositories/contact-requests.ts';
import { computeQuote } from '../../src/shared/quote.ts';
import { deliverAlert, queueAlert } from './_shared/alerts.ts';
import type { RouteContext } from './_shared/http.ts';

type Submission = Enquiry & { [HONEYPOT_FIELD]?: string };

/** Stores a valid enquiry; a filled honeypot is a bot, answered as if stored. */
async function accept(
  { [HONEYPOT_FIELD]: honeypot, quote, ...enquiry }: Submission,
  context: RouteContext,
): Promise<string> {
  if (honeypot) return newId();
  // The schema kept only the quote's inputs: the figures are ours, never the browser's.
  const record = await createContactRequest(
    quote ? { ...enquiry, quote: { inputs: quote, figures: computeQuote(quote) } } : enquiry,
  );
  // The alert's intent is stored before the answer; its delivery never delays the visitor.
  if (await queueAlert(record).catch(logAlertError)) {
    const delivery = deliverAlert(record.id).catch(logAlertError);
    context.waitUntil(delivery);
  }
  return record.id;
}

async function fromForm(req: Request, context: RouteContext): Promise<Response> {
  let body: Record<string, string>;
  try {
    body = formToEnquiry(await readForm(req));
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) return seeOther(enquiryErrorUrl({ reason: 'too-large' }));
    throw error;
  }
  const schema = enquirySchemaFor(body);
  const form = schema === heroEnquirySchema ? 'hero' : 'contact';
  const result = schema.safeParse(body);
  // Field names only: the visitor's values never go into the address.
  if (!result.success) return seeOther(enquiryErrorUrl({ form, fields: Object.keys(toFieldErrors(result.error)) }));
  try {
    await accept(result.data, context);
  } catch (error) {
    // The visitor gets a page that says so and gives the phone, not a JSON 500.
    console.error(`[api] ${req.method} ${req.url} form post failed:`, error);
    return seeOther(enquiryErrorUrl({ form, reason: 'unavailable' }));
  }
  return seeOther(THANKS_PATH);
}

export const config: Config = {
  path: '/api/contact',
  // Past 10 a minute per address, Netlify rewrites the request to contact-limited.ts (a page
  // for a form post, `{ error }` for a script) instead of answering a bare 429.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rewrite', to: '/api/contact-limited' },
};

export default handle(config, {
  '/api/contact': {
    POST: async (req, context) => {
      if (mediaType(req) === 'application/x-www-form-urlencoded') return fromForm(req, context);
      const body = await readJson(req);
      return json({ id: await accept(validate(enquirySchemaFor(body), body), context) }, 201);
    },
  },
});

/** A lost alert must not turn a stored enquiry into an error page: the lead is safe. */
const logAlertError = (error: unknown) => {
  console.error('[alert] could not queue or deliver an alert:', error);
  return false;
};
