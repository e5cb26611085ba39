/**
 * An enquiry's intake, for POST /api/contact (contact.ts, which reads the request and
 * answers it): a valid submission stored with its alert's intent, merged into one sent
 * within minutes (repeat-enquiries.ts), acknowledged to the person after the answer; and
 * /quote's 'Email me this quote', filed as a quote lead whose quote e-mail is queued before
 * the answer. The enquiries room (decision 055): above mail, which it alerts and acknowledges
 * through, below every room that reads an enquiry.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { HONEYPOT_FIELD, type Enquiry, type QuoteEmailRequest } from '#src/shared/schemas/enquiry.ts';
import { computeQuote, contactServiceFor, type QuoteInput } from '#src/shared/quote.ts';
import type { QuoteEmailOutcome } from '#src/shared/quote-email.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import type { RouteContext } from '../http/http.ts';
import { acknowledgeEnquiry, acknowledgementId, queueAcknowledgement } from '../mail/acknowledgement.ts';
import { deliverClientMail } from '../mail/client-mail.ts';
import { deliverAlert, queueAlert } from '../mail/staff-alerts.ts';
import { crashPoint } from '../platform/crash-point.ts';
import { linkOrigin } from '../platform/link-origin.ts';
import { deleteAlert } from '../repositories/alert-outbox-store.ts';
import { NEW_KEY_ATTEMPTS, newId } from '../repositories/blobs.ts';
import {
  insertStoredEnquiry,
  newStoredEnquiry,
  type NewEnquiry,
  type StoredEnquiry,
} from '../repositories/enquiries-store.ts';
import { dutyTables } from '../site/duty-years.ts';
import { mergeRepeat, rememberEnquiry } from './repeat-enquiries.ts';

export type Submission = Enquiry & { [HONEYPOT_FIELD]?: string };

/**
 * The stored quote for `quote`: the inputs as the person gave them and the figures as we
 * work them out, never the browser's, with the contract date's duty year as the practice has
 * it. A contract date left empty stays empty (no contract is signed yet): the figures are for
 * a contract signed on the day the enquiry was received, which its `receivedAt` says, and
 * no later document may date a contract that does not exist.
 */
export async function storedQuote(quote: QuoteInput) {
  return {
    inputs: quote,
    figures: computeQuote(quote, { today: sydneyToday(currentTime()), tables: await dutyTables() }),
  };
}

/**
 * Files an enquiry: a repeat of one sent within minutes is merged into it (staff keep one
 * lead, one alert, one acknowledgement, and its timeline says it came twice); a new one is
 * stored with its alert's intent, whose delivery never delays the visitor.
 */
async function fileEnquiry(
  data: NewEnquiry,
  req: Request,
  context: Pick<RouteContext, 'waitUntil'>,
): Promise<{ record: StoredEnquiry; repeated: boolean }> {
  const repeated = await mergeRepeat(data);
  if (repeated) return { record: repeated, repeated: true };
  const { record, alert } = await storeEnquiryWithAlert(data, linkOrigin(req));
  await rememberEnquiry(record);
  if (alert) {
    const delivery = deliverAlert(record.id).catch(logAlertError);
    context.waitUntil(delivery);
  }
  return { record, repeated: false };
}

/** Stores a valid enquiry; a filled honeypot is a bot, answered as if stored. */
export async function acceptEnquiry(
  { [HONEYPOT_FIELD]: honeypot, quote, ...enquiry }: Submission,
  req: Request,
  context: Pick<RouteContext, 'waitUntil'>,
): Promise<string> {
  if (honeypot) return newId();
  const data = quote ? { ...enquiry, quote: await storedQuote(quote) } : enquiry;
  const { record, repeated } = await fileEnquiry(data, req, context);
  // The acknowledgement to the person is queued and sent after the answer.
  if (!repeated) context.waitUntil(acknowledgeEnquiry(record).catch(logAcknowledgementError));
  return record.id;
}

/**
 * 'Email me this quote': files a quote lead and queues its quote e-mail (the enquiry's
 * acknowledgement, under the same limits) before answering, so the page can say whether the
 * quote is on its way; delivery runs after the answer. A repeat within minutes is the
 * first request again, answered as it was: the quote went then.
 */
export async function acceptQuoteEmail(
  { [HONEYPOT_FIELD]: honeypot, name, email, quote }: QuoteEmailRequest,
  req: Request,
  context: Pick<RouteContext, 'waitUntil'>,
): Promise<{ record: StoredEnquiry | null; email: QuoteEmailOutcome }> {
  if (honeypot) return { record: null, email: 'sent' };
  // One box for a name: its first word greets the person, the rest is the last name.
  const [firstName = '', ...rest] = (name ?? '').split(' ').filter(Boolean);
  const stored = await storedQuote(quote);
  const data: NewEnquiry = {
    firstName,
    lastName: rest.join(' '),
    email,
    phone: '',
    serviceType: contactServiceFor(stored.inputs),
    quote: stored,
    source: 'quote',
  };
  const { record, repeated } = await fileEnquiry(data, req, context);
  if (repeated) return { record, email: 'sent' };
  let queued;
  try {
    queued = await queueAcknowledgement(record);
  } catch (error) {
    // The lead is stored and staff are alerted: the page says the quote was not sent.
    logAcknowledgementError(error);
    return { record, email: 'not-sent' };
  }
  if (queued === 'queued') {
    context.waitUntil(deliverClientMail(acknowledgementId(record.id)).catch(logAcknowledgementError));
    return { record, email: 'sent' };
  }
  return { record, email: queued === 'repeat' ? 'already-sent' : 'not-sent' };
}

/**
 * Stores a new enquiry, its alert's intent first: a crash between the two writes leaves an
 * intent without an enquiry (the visitor got no answer; the retry drops it), never an
 * enquiry nobody is told about. A failed intent write fails the whole, so the visitor is
 * told to call instead. `alert`: whether there is an alert to deliver.
 */
export async function storeEnquiryWithAlert(
  data: NewEnquiry,
  /** Where the alert's link points: linkOrigin() of the visitor's request. */
  origin: string,
): Promise<{ record: StoredEnquiry; alert: boolean }> {
  // A key taken by another instance in the same instant: take a new one.
  for (let attempt = 0; attempt < NEW_KEY_ATTEMPTS; attempt++) {
    const record = newStoredEnquiry(data);
    const queued = await queueAlert(record, origin);
    if (queued === 'taken') continue;
    crashPoint('enquiry:after-alert-intent');
    // A write that failed (StorageUnavailable) leaves the intent in place: the failure may
    // have come after the enquiry landed, and the retry alerts it if it did, else drops it.
    if (await insertStoredEnquiry(record)) {
      crashPoint('enquiry:stored');
      return { record, alert: queued === 'queued' };
    }
    if (queued === 'queued') await deleteAlert(record.id);
  }
  throw new Error('Could not find a free key for a new enquiry');
}

/** A failed delivery must not turn a stored enquiry into an error page: the retry has it. */
const logAlertError = (error: unknown) => {
  console.error('[alert] could not deliver an alert:', error);
};

/** Nor a failed acknowledgement: the enquiry is stored, and a queued message is retried. */
const logAcknowledgementError = (error: unknown) => {
  console.error('[acknowledgement] could not acknowledge an enquiry:', error);
};
