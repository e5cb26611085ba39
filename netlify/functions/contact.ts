/**
 * POST /api/contact: an enquiry from either public form. Islands send JSON and get
 * `201 { id }`; a plain HTML form post (no JavaScript yet, or none at all) is read
 * form-encoded with the same schema, honeypot and limits, and answered with a 303 to a
 * page, so a browser never shows a JSON body.
 */
import { now as currentTime } from '../../src/shared/clock.ts';
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
import { handle, HttpError, json, mediaType, readForm, readJson, seeOther, validate } from './_shared/http/http.ts';
import { newId } from './_shared/repositories/blobs.ts';
import { computeQuote } from '../../src/shared/quote.ts';
import { sydneyToday } from '../../src/shared/sydney-time.ts';
import { deliverAlert, storeEnquiryWithAlert } from './_shared/mail/staff-alerts.ts';
import { acknowledgeEnquiry } from './_shared/mail/acknowledgement.ts';
import { dutyTables } from './_shared/site/duty-years.ts';
import type { RouteContext } from './_shared/http/http.ts';

type Submission = Enquiry & { [HONEYPOT_FIELD]?: string };

/** Stores a valid enquiry; a filled honeypot is a bot, answered as if stored. */
async function accept(
  { [HONEYPOT_FIELD]: honeypot, quote, ...enquiry }: Submission,
  context: RouteContext,
): Promise<string> {
  if (honeypot) return newId();
  // The schema kept only the quote's inputs: the figures are ours, never the browser's. The
  // contract date is stored even when the person left it to today, so the figures stay explained.
  const inputs = quote ? { ...quote, contractDate: quote.contractDate ?? sydneyToday(currentTime()) } : undefined;
  // The duty is the contract date's year as the practice has it (an added indexation too).
  const figures = inputs ? computeQuote(inputs, { tables: await dutyTables() }) : undefined;
  const { record, alert } = await storeEnquiryWithAlert(
    inputs && figures ? { ...enquiry, quote: { inputs, figures } } : enquiry,
  );
  // The alert's intent was stored with the enquiry; its delivery never delays the visitor.
  if (alert) {
    const delivery = deliverAlert(record.id).catch(logAlertError);
    context.waitUntil(delivery);
  }
  // So is the acknowledgement to the person, queued and sent after the answer.
  context.waitUntil(acknowledgeEnquiry(record).catch(logAcknowledgementError));
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
  rateLimit: {
    windowLimit: 10,
    windowSize: 60,
    aggregateBy: ['ip', 'domain'],
    action: 'rewrite',
    to: '/api/contact-limited',
  },
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

/** A failed delivery must not turn a stored enquiry into an error page: the retry has it. */
const logAlertError = (error: unknown) => {
  console.error('[alert] could not deliver an alert:', error);
};

/** Nor a failed acknowledgement: the enquiry is stored, and a queued message is retried. */
const logAcknowledgementError = (error: unknown) => {
  console.error('[acknowledgement] could not acknowledge an enquiry:', error);
};
