/**
 * Messages to clients through the outbox, against a real local SMTP server (smtp-server)
 * and the real Blobs server: delivered with the attachment's bytes intact and the practice's
 * details, retried after a failure, sent once however many deliveries race, given up after
 * 24 hours, each attempt on the enquiry's activity without the address.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import * as clientMail from '#server/mail/client-mail.ts';
import { openStore } from '#server/repositories/blobs.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { createStoredEnquiry } from '#server/repositories/enquiries-store.ts';
import { listActivity } from '#server/repositories/enquiry-activity-store.ts';
import { listMails } from '#server/repositories/mail-outbox-store.ts';
import { saveSettings } from '#server/repositories/settings-store.ts';
import { PROFESSIONAL_STANDARDS } from '#src/content/practice.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import everyMinute from '#functions/every-minute.ts';
import { useBlobs } from '../harness.ts';
import { readMail, useSmtp, type Received } from '../smtp.ts';

const { clientMailConfigured, clientMailText, deliverClientMail, queueClientMail, retryDueClientMails } = clientMail;

useBlobs();

const smtp = useSmtp();
const { mails } = smtp;

const CLIENT = 'harriet.private@example.com';

const newEnquiry = () =>
  createStoredEnquiry({
    firstName: 'Harriet',
    lastName: 'Quoll',
    email: CLIENT,
    phone: '0499 888 777',
    serviceType: 'residential-conveyancing',
  });

const emailActivity = async (enquiryId: string) =>
  (await listActivity(enquiryId)).filter((entry) => entry.type === 'email');

const textOf = async (mail: Received) => (await readMail(mail)).text ?? '';

describe('client mail', () => {
  it('is configured by ALERT_SMTP_URL and ALERT_EMAIL_FROM alone', () => {
    expect(clientMailConfigured()).toBe(true);
    const saved = process.env.ALERT_EMAIL_FROM;
    delete process.env.ALERT_EMAIL_FROM;
    resetLeadDeskEnv();
    try {
      expect(clientMailConfigured()).toBe(false);
    } finally {
      process.env.ALERT_EMAIL_FROM = saved;
      resetLeadDeskEnv();
    }
  });

  it('delivers a queued message with its attachment read from Blobs, byte for byte, and notes it on the enquiry', async () => {
    const enquiry = await newEnquiry();
    const document = new Uint8Array(randomBytes(64 * 1024));
    await openStore('client-mail-test').set('docs/signed.pdf', document.buffer);

    const message = {
      id: `test/${enquiry.id}/signed`,
      enquiryId: enquiry.id,
      to: CLIENT,
      subject: 'Your signed costs agreement',
      text: 'Dear Harriet,\n\nYour signed costs agreement is attached.',
      attachment: {
        filename: 'costs-agreement.pdf',
        contentType: 'application/pdf',
        store: 'client-mail-test',
        key: 'docs/signed.pdf',
      },
    };
    expect(await queueClientMail(message)).toBe(true);
    // The id is the caller's idempotency key.
    expect(await queueClientMail(message)).toBe(false);
    // The outbox keeps a reference to the attachment, never its bytes.
    const [queued] = await listMails();
    expect(queued!.attachment).toEqual(message.attachment);
    expect(JSON.stringify(queued).length).toBeLessThan(2000);

    expect(await deliverClientMail(message.id)).toBe(true);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual([CLIENT]);
    expect(mail!.from).toBe('website@example-conveyancing.com.au');
    expect(mail!.raw).toMatch(/^Subject: Your signed costs agreement$/m);
    expect(mail!.raw).toMatch(/^Reply-To: hello@example-conveyancing\.com\.au$/m);
    expect(mail!.raw).toMatch(/^Auto-Submitted: auto-generated$/m);

    const text = await textOf(mail!);
    expect(text).toContain('Your signed costs agreement is attached.');
    expect(text).toContain('Hills District Conveyancing');
    expect(text).toContain('Suite 1, 10 Example Street, Castle Hill NSW 2154');
    expect(text).toContain('(02) 5550 0123');
    expect(text).toContain('hello@example-conveyancing.com.au');

    const attachment = (await readMail(mail!)).attachments.find((part) => part.filename === 'costs-agreement.pdf');
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.content.equals(document)).toBe(true);
    expect(attachment!.content.length).toBe(64 * 1024);

    expect(await listMails()).toEqual([]);
    const activity = await emailActivity(enquiry.id);
    expect(activity).toEqual([
      expect.objectContaining({ by: 'system', text: 'E-mail to the client delivered: Your signed costs agreement' }),
    ]);
    expect(JSON.stringify(await listActivity(enquiry.id))).not.toContain(CLIENT);
    // Delivered once: asking again sends nothing.
    expect(await deliverClientMail(message.id)).toBe(false);
    expect(mails).toHaveLength(1);
  });

  it('keeps a failed message and delivers it when its retry is due', async () => {
    const enquiry = await newEnquiry();
    smtp.refuse(1);
    const id = `test/${enquiry.id}/retry`;
    await queueClientMail({ id, enquiryId: enquiry.id, to: CLIENT, subject: 'Retry me', text: 'Hello' });
    expect(await deliverClientMail(id)).toBe(false);
    expect(mails).toEqual([]);
    const [queued] = await listMails();
    expect(queued).toMatchObject({ id, attempts: 1 });

    // Not due yet: the backoff keeps the scheduler away.
    expect(await retryDueClientMails(new Date())).toBe(0);
    expect(await retryDueClientMails(new Date(Date.parse(queued!.nextAttemptAt) + 1))).toBe(1);
    expect(mails).toHaveLength(1);
    expect(await listMails()).toEqual([]);
    expect((await emailActivity(enquiry.id)).map((entry) => entry.text)).toEqual([
      'E-mail to the client failed (attempt 1): Retry me',
      'E-mail to the client delivered: Retry me',
    ]);
  });

  it('sends a message once when deliveries from two instances race', async () => {
    // A second copy of the module, as another function instance would have.
    vi.resetModules();
    const other = (await import('#server/mail/client-mail.ts')) as typeof clientMail;
    expect(other.deliverClientMail).not.toBe(deliverClientMail);

    for (let round = 0; round < 3; round++) {
      mails.length = 0;
      const id = `test/race-${round}`;
      await queueClientMail({ id, to: CLIENT, subject: `Race ${round}`, text: 'Once only' });
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => deliverClientMail(id)),
        ...Array.from({ length: 4 }, () => other.deliverClientMail(id)),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(mails).toHaveLength(1);
    }
    expect(await listMails()).toEqual([]);
  });

  it('gives up after 24 hours of failures and says so on the enquiry', async () => {
    const enquiry = await newEnquiry();
    smtp.refuse(100);
    const start = new Date();
    const id = `test/${enquiry.id}/never`;
    await queueClientMail({ id, enquiryId: enquiry.id, to: CLIENT, subject: 'Never arrives', text: 'Hello' }, start);
    expect(await deliverClientMail(id, { now: start })).toBe(false);
    // Twelve hours on, still trying.
    expect(await retryDueClientMails(new Date(start.getTime() + 12 * 3600_000))).toBe(1);
    expect(await listMails()).toHaveLength(1);
    expect(await retryDueClientMails(new Date(start.getTime() + 25 * 3600_000))).toBe(1);
    expect(await listMails()).toEqual([]);
    expect(mails).toEqual([]);
    expect((await emailActivity(enquiry.id)).map((entry) => entry.text)).toEqual([
      'E-mail to the client failed (attempt 1): Never arrives',
      'E-mail to the client failed (attempt 2): Never arrives',
      'E-mail to the client failed (attempt 3): Never arrives',
      'Gave up on the e-mail to the client after 24 hours: Never arrives',
    ]);
  });

  it('is retried by the every-minute function', async () => {
    const id = 'test/scheduled';
    // Queued two minutes ago and never delivered (the instance that queued it stopped).
    await queueClientMail({ id, to: CLIENT, subject: 'Scheduled', text: 'Hello' }, new Date(Date.now() - 120_000));
    const response = await everyMinute();
    expect(response.status).toBe(204);
    expect(mails).toHaveLength(1);
    expect(await listMails()).toEqual([]);
  });

  it('drops a message whose enquiry has been erased', async () => {
    const id = 'test/erased';
    await queueClientMail({ id, enquiryId: 'zzzzzzzzzzzzzzzzzzzzzzzzzz', to: CLIENT, subject: 'Gone', text: 'Hello' });
    expect(await deliverClientMail(id)).toBe(false);
    expect(mails).toEqual([]);
    expect(await listMails()).toEqual([]);
  });

  it('ends every message with the practice as saved in Settings, and the Professional Standards line only when it is on', async () => {
    const practice = { ...defaultPracticeSettings(), name: 'Quoll & Co Conveyancing', phone: '(02) 5550 0999' };
    for (const enabled of [true, false]) {
      expect((await saveSettings({ ...practice, professionalStandards: enabled }, undefined, 'tests')).ok).toBe(true);
      mails.length = 0;
      const id = `test/standards-${enabled}`;
      await queueClientMail({ id, to: CLIENT, subject: 'Details', text: 'Hello' });
      expect(await deliverClientMail(id)).toBe(true);
      const text = await textOf(mails[0]!);
      expect(text).toContain('Quoll & Co Conveyancing');
      expect(text).toContain('Phone: (02) 5550 0999');
      expect(text.includes(PROFESSIONAL_STANDARDS.text), `switched ${enabled ? 'on' : 'off'}`).toBe(enabled);
    }
    const signed = clientMailText('Body', { ...practice, professionalStandards: true });
    expect(signed.startsWith('Body\n')).toBe(true);
    expect(signed.endsWith(PROFESSIONAL_STANDARDS.text)).toBe(true);
  });
});
