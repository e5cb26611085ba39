/**
 * Every enquiry is acknowledged by e-mail to the person who sent it, through the client
 * mail outbox and a real local SMTP server: after the answer, once a day per mailbox (any
 * case, any `+tag`), never for the honeypot, not when staff switch it off, never past the
 * day's ceiling (staff told once), with nothing the sender typed but a plain first name,
 * and with SMTP down the visitor still gets their answer and the message is retried.
 */
import { describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import { openStore } from '#server/repositories/blobs.ts';
import { retryDueClientMails } from '#server/mail/client-mail.ts';
import { acknowledgeEnquiry, greetingName, mailboxOf } from '#server/mail/acknowledgement.ts';
import { listKeys } from '#server/repositories/blobs.ts';
import { getStoredEnquiry } from '#server/repositories/enquiries-store.ts';
import { listActivity } from '#server/repositories/enquiry-activity-store.ts';
import { countOnce, listMails } from '#server/repositories/mail-outbox-store.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { getSettings, saveSettings } from '#server/repositories/settings-store.ts';
import { CALLBACK_PROMISE_HOURS } from '#src/content/practice.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import { call, useBlobs } from '../harness.ts';
import { aQuote } from '../fixtures/quote.ts';
import { readableText, readMail, useSmtp } from '../smtp.ts';
import { FOLLOW_MATTER_LATER } from '#src/content/client-matter.ts';

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
    // Before instruction there is no matter to follow yet: the client is told they will be able to (issue 34).
    expect(mail).toContain(FOLLOW_MATTER_LATER);
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
    expect(settings.acknowledgementsPerDay).toBe(200);
  });
});

describe('what a stranger can make the practice send', () => {
  it('carries no text the sender typed: a first name that is not plainly a name gets the neutral greeting', async () => {
    const spam = {
      ...person(),
      firstName: 'Win $500 at http://spam.example now',
      lastName: 'Visit spam.example',
    };
    const { afterWork } = await submit(spam);
    await afterWork();
    expect(mails).toHaveLength(1);
    const text = await readableText(mails[0]!);
    expect(text).toMatch(/^Hello,$/m);
    expect(text).not.toContain('spam.example');
    expect(text).not.toContain(spam.message);
    expect(text).toContain('Thank you for your enquiry to Hills District Conveyancing');
    expect(text).toContain('you can ignore this e-mail');

    expect(greetingName("Mary-Jane O'Neil")).toBe("Mary-Jane O'Neil");
    expect(greetingName('Zoë')).toBe('Zoë');
    expect(greetingName('A'.repeat(41))).toBeNull();
    expect(greetingName('Ann2')).toBeNull();
    expect(greetingName('www.x.com')).toBeNull();
  });

  it('sends one a day to a mailbox whatever its case or +tag, and keeps dots apart except at Gmail', async () => {
    const base = `tagged.${++people}`;
    for (const email of [`${base}+a@example.com`, `${base.toUpperCase()}+b@Example.COM`, `${base}@example.com`]) {
      const { response, afterWork } = await submit({ ...person(), email });
      expect(response.status).toBe(201);
      await afterWork();
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([`${base}+a@example.com`]);

    expect(mailboxOf('A.Nn+x@Example.com')).toBe('a.nn@example.com');
    expect(mailboxOf('a.nn+x@googlemail.com')).toBe('ann@gmail.com');
    expect(mailboxOf('A.N.N@gmail.com')).toBe('ann@gmail.com');
  });

  it('stops for the day at the ceiling in Settings, and tells staff once through the alerts', async () => {
    const desk = 'desk@example-conveyancing.com.au';
    process.env.ALERT_EMAIL_TO = desk;
    resetLeadDeskEnv();
    // Earlier tests marked some addresses today already: two more may go.
    const today = sydneyToday(Date.now());
    const ceiling = (await countOnce(today)) + 2;
    await saveSettings({ ...defaultPracticeSettings(), acknowledgementsPerDay: ceiling }, undefined, 'tests');
    try {
      const ids: string[] = [];
      for (let n = 0; n < 4; n++) {
        const { response, afterWork } = await submit(person());
        expect(response.status).toBe(201);
        await afterWork();
        ids.push(response.json.id);
      }
      const timeline = (await listActivity(ids[3]!)).map((entry) => entry.text);
      expect(timeline).toContain("No acknowledgement sent: today's ceiling in Settings was reached");
      const toPeople = mails.filter((mail) => !mail.to.includes(desk));
      expect(toPeople).toHaveLength(2);
      const notices = await Promise.all(
        mails.filter((mail) => mail.to.includes(desk)).map(async (mail) => (await readMail(mail)).subject),
      );
      expect(notices.filter((subject) => subject?.startsWith('New enquiry:'))).toHaveLength(4);
      expect(notices.filter((subject) => subject?.startsWith('Enquiry acknowledgements stopped'))).toEqual([
        `Enquiry acknowledgements stopped for today (${today})`,
      ]);
    } finally {
      delete process.env.ALERT_EMAIL_TO;
      resetLeadDeskEnv();
      await saveSettings(defaultPracticeSettings(), undefined, 'tests');
    }
  });
});
