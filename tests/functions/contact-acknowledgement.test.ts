/**
 * Every enquiry is acknowledged by e-mail to the person who sent it, through the client
 * mail outbox and a real local SMTP server: after the answer, once a day per address (any
 * case), never for the honeypot, not when staff switch it off, and with SMTP down the
 * visitor still gets their answer and the message is retried.
 */
import { describe, expect, it } from 'vitest';
import contact from '../../netlify/functions/contact.ts';
import { openStore } from '../../netlify/functions/_shared/repositories/blobs.ts';
import { retryDueClientMails } from '../../netlify/functions/_shared/mail/client-mail.ts';
import { acknowledgeEnquiry } from '../../netlify/functions/_shared/mail/acknowledgement.ts';
import { listKeys } from '../../netlify/functions/_shared/repositories/blobs.ts';
import { getStoredEnquiry } from '../../netlify/functions/_shared/repositories/enquiries-store.ts';
import { listActivity } from '../../netlify/functions/_shared/repositories/enquiry-activity-store.ts';
import { listMails } from '../../netlify/functions/_shared/repositories/mail-outbox-store.ts';
import { getSettings, saveSettings } from '../../netlify/functions/_shared/repositories/settings-store.ts';
import { CALLBACK_PROMISE_HOURS } from '../../src/content/practice.ts';
import { defaultPracticeSettings } from '../../src/shared/schemas/settings.ts';
import { call, useBlobs } from './harness.ts';
import { aQuote } from './fixtures/quote.ts';
import { readableText, useSmtp } from './smtp.ts';

useBlobs();

const smtp = useSmtp();
const { mails } = smtp;

let people = 0;
/** A person no earlier test has written from. */
const person = () => ({
  firstName: 'Harriet',
  lastName: 'Quoll',
  email: `harriet.${++people}@example.com`,
  phone: '0499 888 777',
  serviceType: 'residential-purchase',
  message: 'Secret message about my finances',
});
const quote = aQuote();

/** Posts an enquiry the way Netlify runs the function, collecting its after-work. */
async function submit(body: Record<string, unknown>) {
  const pending: Promise<unknown>[] = [];
  const response = await call(contact, 'POST', '/api/contact', {
    body,
    context: { waitUntil: (promise) => void pending.push(promise) },
  });
  return { response, afterWork: () => Promise.all(pending) };
}

describe('enquiry acknowledgements', () => {
  it('sends one after the answer, with the promise, the quote and the phone, and notes it on the enquiry', async () => {
    const sender = person();
    const { response, afterWork } = await submit({ ...sender, quote });
    expect(response.status).toBe(201);
    // Nothing is sent before the visitor has the answer.
    expect(mails).toEqual([]);
    await afterWork();

    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([sender.email]);
    const mail = await readableText(mails[0]!);
    expect(mails[0]!.raw).toMatch(/^Subject: =\?UTF-8\?Q\?We_have_your_enquiry/m);
    expect(mail).toContain('Dear Harriet,');
    expect(mail).toContain(`we will call you within ${CALLBACK_PROMISE_HOURS} hours during our business hours`);
    expect(mail).toContain('Buying an established home at $800,000');
    expect(mail).toContain('Professional fee: $1,850 including GST');
    expect(mail).toContain('Estimated total:');
    expect(mail).toContain('call us on (02) 5550 0123');
    // Their own message stays in the practice's store.
    expect(mail).not.toContain(sender.message);

    const activity = (await listActivity(response.json.id)).filter((entry) => entry.type === 'email');
    expect(activity.map((entry) => entry.text)).toEqual([
      'E-mail to the client delivered: We have your enquiry – Hills District Conveyancing',
    ]);
    expect(await listMails()).toEqual([]);
  });

  it('sends none for a second enquiry from the same address on the same day, in any case', async () => {
    const sender = person();
    const first = await submit(sender);
    await first.afterWork();
    expect(mails).toHaveLength(1);
    const second = await submit({ ...sender, email: sender.email.toUpperCase() });
    await second.afterWork();
    expect(second.response.status).toBe(201);
    expect(mails).toHaveLength(1);
    // Both enquiries are stored all the same.
    expect(await getStoredEnquiry(second.response.json.id)).not.toBeNull();
  });

  it('sends one again the next day in Sydney, and keys its marks without the address', async () => {
    const sender = person();
    const { response, afterWork } = await submit(sender);
    await afterWork();
    const { record } = (await getStoredEnquiry(response.json.id))!;
    expect(await acknowledgeEnquiry(record)).toBe('repeat');
    expect(await acknowledgeEnquiry(record, new Date(Date.now() + 24 * 3600_000))).toBe('delivered');
    expect(mails).toHaveLength(2);
    const keys = await listKeys(openStore('mail-outbox'));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toContain('example.com');
  });

  it('sends none for the honeypot', async () => {
    const { response, afterWork } = await submit({ ...person(), website: 'http://spam.example' });
    expect(response.status).toBe(201);
    await afterWork();
    expect(mails).toEqual([]);
    expect(await listMails()).toEqual([]);
  });

  it('sends none while staff have switched acknowledgements off', async () => {
    expect(
      (await saveSettings({ ...defaultPracticeSettings(), acknowledgeEnquiries: false }, undefined, 'tests')).ok,
    ).toBe(true);
    try {
      const sender = person();
      const { response, afterWork } = await submit(sender);
      await afterWork();
      expect(response.status).toBe(201);
      expect(mails).toEqual([]);
      expect(await listMails()).toEqual([]);
    } finally {
      await saveSettings({ ...defaultPracticeSettings(), acknowledgeEnquiries: true }, undefined, 'tests');
    }
  });

  it('answers the visitor while SMTP is down, and the retry delivers the acknowledgement', async () => {
    smtp.refuse(2);
    const json = await submit(person());
    const form = await call(contact, 'POST', '/api/contact', {
      raw: new URLSearchParams({ ...person(), website: '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(json.response.status).toBe(201);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/thanks/');
    await json.afterWork();
    expect(mails).toEqual([]);

    const queued = await listMails();
    expect(queued).toHaveLength(2);
    expect(queued.every((entry) => entry.attempts === 1)).toBe(true);
    const due = new Date(Math.max(...queued.map((entry) => Date.parse(entry.nextAttemptAt))) + 1);
    expect(await retryDueClientMails(due)).toBe(2);
    expect(mails).toHaveLength(2);
    expect(await listMails()).toEqual([]);
    const texts = (await listActivity(json.response.json.id)).map((entry) => entry.text);
    expect(texts).toContain(
      'E-mail to the client failed (attempt 1): We have your enquiry – Hills District Conveyancing',
    );
    expect(texts).toContain('E-mail to the client delivered: We have your enquiry – Hills District Conveyancing');
  });

  it('reads settings saved before the switch existed as switched on', async () => {
    const { acknowledgeEnquiries: _dropped, ...older } = defaultPracticeSettings();
    await openStore('settings').setJSON('practice', { ...older, version: 'old', updatedAt: '2026-01-01T00:00:00Z' });
    const settings = await getSettings();
    expect(settings.version).toBe('old');
    expect(settings.acknowledgeEnquiries).toBe(true);
  });
});
