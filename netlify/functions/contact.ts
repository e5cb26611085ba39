/**
 * POST /api/contact: an enquiry from either public form. Islands send JSON and get
 * `201 { id }`; a plain HTML form post (no JavaScript yet, or none at all) is read
 * form-encoded with the same schema, honeypot and limits, and answered with a 303 to a
 * page, or, when a field must be fixed, with the form again as the visitor filled it, so a
 * browser never shows a JSON body.
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
import { toFieldErrors, type FieldErrors } from '../../src/shared/schemas/fields.ts';
import { enquiryErrorUrl, THANKS_PATH, type EnquiryFormName } from '../../src/shared/enquiry-outcome.ts';
import { practiceView } from '../../src/shared/practice-view.ts';
import { handle, HttpError, json, mediaType, readForm, readJson, seeOther, validate } from './_shared/http/http.ts';
import { newId } from './_shared/repositories/blobs.ts';
import { computeQuote } from '../../src/shared/quote.ts';
import { sydneyToday } from '../../src/shared/sydney-time.ts';
import { deliverAlert, storeEnquiryWithAlert } from './_shared/mail/staff-alerts.ts';
import { linkOrigin } from './_shared/platform/link-origin.ts';
import { acknowledgeEnquiry } from './_shared/mail/acknowledgement.ts';
import { dutyTables } from './_shared/site/duty-years.ts';
import { mergeRepeat, rememberEnquiry } from './_shared/desk/repeat-enquiries.ts';
import { enquiryFormPage } from './_shared/pages/enquiry-form-page.tsx';
import { page } from './_shared/engagement/link.ts';
import { getSettings } from './_shared/repositories/settings-store.ts';
import type { RouteContext } from './_shared/http/http.ts';

type Submission = Enquiry & { [HONEYPOT_FIELD]?: string };

/** Stores a valid enquiry; a filled honeypot is a bot, answered as if stored. */
async function accept(
  { [HONEYPOT_FIELD]: honeypot, quote, ...enquiry }: Submission,
  req: Request,
  context: RouteContext,
): Promise<string> {
  if (honeypot) return newId();
  // The schema kept only the quote's inputs: the figures are ours, never the browser's. The
  // contract date is stored even when the person left it to today, so the figures stay explained.
  const inputs = quote ? { ...quote, contractDate: quote.contractDate ?? sydneyToday(currentTime()) } : undefined;
  // The duty is the contract date's year as the practice has it (an added indexation too).
  const figures = inputs ? computeQuote(inputs, { tables: await dutyTables() }) : undefined;
  const data = inputs && figures ? { ...enquiry, quote: { inputs, figures } } : enquiry;
  // Sent again within minutes: the visitor is answered as before, staff keep one lead (and
  // one alert, one acknowledgement), and its timeline says it came twice.
  const repeated = await mergeRepeat(data);
  if (repeated) return repeated.id;
  const { record, alert } = await storeEnquiryWithAlert(data, linkOrigin(req));
  await rememberEnquiry(record);
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
  // The form again, as filled, with what to fix: the values travel in the page, never in an address.
  if (!result.success) return refusedForm(form, body, toFieldErrors(result.error));
  try {
    await accept(result.data, req, context);
  } catch (error) {
    // The visitor gets a page that says so and gives the phone, not a JSON 500.
    console.error(`[api] ${req.method} ${req.url} form post failed:`, error);
    return seeOther(enquiryErrorUrl({ form, reason: 'unavailable' }));
  }
  return seeOther(THANKS_PATH);
}

async function refusedForm(form: EnquiryFormName, values: Record<string, string>, fieldErrors: FieldErrors) {
  let practice;
  try {
    practice = practiceView(await getSettings());
  } catch (error) {
    // Without the practice's details the page cannot say whom to call: the static page can.
    console.error('[api] practice settings unreadable for a refused form post:', error);
    return seeOther(enquiryErrorUrl({ form, fields: Object.keys(fieldErrors) }));
  }
  const html = enquiryFormPage({
    form,
    values,
    fieldErrors,
    practice: { name: practice.name, phone: practice.phone },
  });
  const response = page(html, 400);
  // Not an engagement link's `no-referrer`: the page posts to this route, whose origin check
  // refuses the `Origin: null` a browser sends under it (the page's meta says the same).
  response.headers.set('Referrer-Policy', 'same-origin');
  return response;
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
      return json({ id: await accept(validate(enquirySchemaFor(body), body), req, context) }, 201);
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
