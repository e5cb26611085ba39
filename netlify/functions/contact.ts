/**
 * POST /api/contact, the route (declared in src/shared/api/enquiry-intake.ts): it reads the
 * request and answers it; the intake itself (what is stored, merged, alerted and
 * acknowledged) is _shared/enquiries/intake.ts.
 *
 * An enquiry from either public form, or /quote's 'Email me this quote'
 * (`form: 'quote'`: an address, a name perhaps, and the quote), which e-mails the quote at
 * once and files the request as a quote lead, through the same path (repeat merge, alert,
 * the acknowledgements' limits, the rate limit). Islands send JSON and get `201 { id }`
 * (a quote also `{ email }`: whether it is on its way); a plain HTML form post (no JavaScript yet, or none at all) is read
 * form-encoded with the same schema, honeypot and limits, and answered with a 303 to a
 * page, or, when a field must be fixed, with the form again as the visitor filled it, so a
 * browser never shows a JSON body.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { Config } from '@netlify/functions';
import {
  enquirySchemaFor,
  formToEnquiry,
  formToQuoteEmail,
  heroEnquirySchema,
  QUOTE_EMAIL_FORM,
  quoteEmailSchema,
} from '#src/shared/schemas/enquiry.ts';
import { toFieldErrors, type FieldErrors } from '#src/shared/schemas/fields.ts';
import { quoteInputSchema } from '#src/shared/schemas/quote.ts';
import { ESTIMATE_INTENT, INTENT_FIELD } from '#src/shared/enquiry-labels.ts';
import { enquiryErrorUrl, THANKS_PATH, type EnquiryFormName } from '#src/shared/enquiry-outcome.ts';
import { practiceView } from '#src/shared/practice-view.ts';
import { handle, htmlPage, HttpError, readForm, refusalStatus, seeOther } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { enquiryIntakeRoutes } from '#src/shared/api/enquiry-intake.ts';
import { newId, StorageUnavailable } from './_shared/repositories/blobs.ts';
import { ENQUIRY_MESSAGES, PRACTICE } from '#src/content/practice.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { acceptEnquiry, acceptQuoteEmail, storedQuote } from './_shared/enquiries/intake.ts';
import { quoteEmailFormPage, quoteEmailSentPage, quoteEstimatePage } from './_shared/pages/quote-email-page.tsx';
import { enquiryFormPage } from './_shared/pages/enquiry-form-page.tsx';
import { getSettings } from './_shared/repositories/settings-store.ts';
import type { RouteContext } from './_shared/http/http.ts';

/** /quote's form posted without JavaScript: the confirmation, or the form again with what to fix. */
async function quoteFromForm(fields: Record<string, string>, req: Request, context: RouteContext): Promise<Response> {
  if (fields[INTENT_FIELD] === ESTIMATE_INTENT) return estimateFromForm(fields);
  const result = quoteEmailSchema.safeParse(formToQuoteEmail(fields));
  const practice = await practiceOrNull();
  if (!result.success) {
    const fieldErrors = toFieldErrors(result.error, { paths: true });
    if (!practice) return seeOther(enquiryErrorUrl({ fields: Object.keys(fieldErrors) }));
    return samePageResponse(quoteEmailFormPage({ values: fields, fieldErrors, practice }), 400);
  }
  let filed;
  try {
    filed = await acceptQuoteEmail(result.data, req, context);
  } catch (error) {
    console.error(`[api] ${req.method} ${req.url} quote form post failed:`, error);
    return seeOther(enquiryErrorUrl({ reason: 'unavailable' }));
  }
  if (!practice) return seeOther(THANKS_PATH);
  const quote = filed.record?.quote ?? (await storedQuote(result.data.quote));
  return samePageResponse(
    quoteEmailSentPage({
      email: result.data.email,
      outcome: filed.email,
      quote,
      today: sydneyToday(currentTime()),
      practice,
    }),
    200,
  );
}

/**
 * /quote's 'See my estimate' posted without JavaScript: the estimate for the figures posted,
 * with them in the form again. Nothing is stored and nothing is sent.
 */
async function estimateFromForm(fields: Record<string, string>): Promise<Response> {
  const practice = await practiceOrNull();
  if (!practice) return seeOther(enquiryErrorUrl({ reason: 'unavailable' }));
  const result = quoteInputSchema.safeParse(formToQuoteEmail(fields).quote);
  const today = sydneyToday(currentTime());
  if (!result.success) {
    const fieldErrors = toFieldErrors(result.error, { paths: true });
    const quoteErrors = Object.fromEntries(
      Object.entries(fieldErrors).map(([path, messages]) => [`quote.${path}`, messages]),
    );
    return samePageResponse(quoteEstimatePage({ fields, quote: null, fieldErrors: quoteErrors, today, practice }), 400);
  }
  const quote = await storedQuote(result.data);
  return samePageResponse(quoteEstimatePage({ fields, quote, fieldErrors: {}, today, practice }), 200);
}

async function fromForm(req: Request, context: RouteContext): Promise<Response> {
  let body: Record<string, string>;
  try {
    body = formToEnquiry(await readForm(req));
  } catch (error) {
    if (refusalStatus(error) === 413) return seeOther(enquiryErrorUrl({ reason: 'too-large' }));
    throw error;
  }
  if (body.form === QUOTE_EMAIL_FORM) return quoteFromForm(body, req, context);
  const schema = enquirySchemaFor(body);
  const form = schema === heroEnquirySchema ? 'hero' : 'contact';
  const result = schema.safeParse(body);
  // The form again, as filled, with what to fix: the values travel in the page, never in an address.
  if (!result.success) return refusedForm(form, body, toFieldErrors(result.error));
  try {
    await acceptEnquiry(result.data, req, context);
  } catch (error) {
    // The visitor gets a page that says so and gives the phone, not a JSON 500.
    console.error(`[api] ${req.method} ${req.url} form post failed:`, error);
    return seeOther(enquiryErrorUrl({ form, reason: 'unavailable' }));
  }
  return seeOther(THANKS_PATH);
}

/** The practice's name and phone for a page, or null (logged) when the settings cannot be read. */
async function practiceOrNull(): Promise<{ name: string; phone: { display: string; href: string } } | null> {
  try {
    const practice = practiceView(await getSettings());
    return { name: practice.name, phone: practice.phone };
  } catch (error) {
    // Without the practice's details a page cannot say whom to call: the static pages can.
    console.error('[api] practice settings unreadable for a form post:', error);
    return null;
  }
}

/**
 * A page this route renders. Not an engagement link's `no-referrer`: the page posts to this
 * route, whose origin check refuses the `Origin: null` a browser sends under it (the page's
 * meta says the same).
 */
function samePageResponse(html: string, status: number): Response {
  return htmlPage(html, status, { 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex, nofollow' });
}

async function refusedForm(form: EnquiryFormName, values: Record<string, string>, fieldErrors: FieldErrors) {
  const practice = await practiceOrNull();
  if (!practice) return seeOther(enquiryErrorUrl({ form, fields: Object.keys(fieldErrors) }));
  return samePageResponse(enquiryFormPage({ form, values, fieldErrors, practice }), 400);
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

export default handle(
  config,
  declared(
    enquiryIntakeRoutes,
    {
      submit: async ({ req, context, body }) => {
        try {
          if ('form' in body) {
            const { record, email } = await acceptQuoteEmail(body, req, context);
            return { id: record?.id ?? newId(), email };
          }
          return { id: await acceptEnquiry(body, req, context) };
        } catch (error) {
          if (!(error instanceof StorageUnavailable)) throw error;
          // Never a 2xx for an enquiry that is not stored: the spec's failure words, with the phone.
          const phone = (await practiceOrNull())?.phone.display ?? PRACTICE.phone.display;
          throw new HttpError(503, ENQUIRY_MESSAGES.failureDescription(phone), {
            headers: { 'Retry-After': '5' },
          });
        }
      },
    },
    { submit: async ({ req, context }) => fromForm(req, context) },
  ),
);
