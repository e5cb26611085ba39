/** POST /api/contact: an enquiry from either public form. */
import type { Config } from '@netlify/functions';
import { enquirySchemaFor, HONEYPOT_FIELD } from '../../src/shared/schemas/enquiry.ts';
import { json, readJson, router, validate } from './_shared/http.ts';
import { newId } from './_shared/blobs.ts';
import { createContactRequest } from './_shared/repositories/contact-requests.ts';
import { deliverAlert, queueAlert } from './_shared/alerts.ts';

export default router({
  'POST /api/contact': async (req, _params, context) => {
    const body = await readJson(req);
    const { [HONEYPOT_FIELD]: honeypot, ...enquiry } = validate(enquirySchemaFor(body), body);
    // A filled honeypot is a bot: answer as if stored, store nothing.
    if (honeypot) return json({ id: newId() }, 201);
    const record = await createContactRequest(enquiry);
    // The alert's intent is stored before the answer; its delivery never delays the visitor.
    if (await queueAlert(record).catch(logAlertError)) {
      const delivery = deliverAlert(record.id).catch(logAlertError);
      if (context.waitUntil) context.waitUntil(delivery);
    }
    return json({ id: record.id }, 201);
  },
});

/** A lost alert must not turn a stored enquiry into an error page: the lead is safe. */
const logAlertError = (error: unknown) => {
  console.error('[alert] could not queue or deliver an alert:', error);
  return false;
};

export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
