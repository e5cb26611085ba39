/**
 * Staff alerts against a real local SMTP server (smtp-server) and a real HTTP receiver:
 * both channels within the request's after-work, none for the honeypot, a failed webhook
 * kept in the outbox and delivered by the scheduled retry.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import leadAlerts from '#functions/lead-alerts.ts';
import { alertEmail, retryDueAlerts } from '#server/mail/staff-alerts.ts';
import { saveSettings } from '#server/repositories/settings-store.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import { PROFESSIONAL_STANDARDS } from '#src/content/practice.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { listAlerts } from '#server/repositories/alert-outbox-store.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { readMail, useSmtp } from '../smtp.ts';

useBlobs();

const DESK = 'desk@example-conveyancing.com.au';
const { mails: received, refuse: refuseMail } = useSmtp({ alertsTo: DESK });
/** The staff alerts only (raw): the acknowledgement to the person is tested apart. */
const alerts = () => received.filter((mail) => mail.to.includes(DESK)).map((mail) => mail.raw);

interface Hook {
  body: Record<string, any>;
  idempotencyKey: string | undefined;
  respond: (status: number) => void;
}
const hooks: Hook[] = [];
/** How the receiver answers the next requests; `hold` keeps a request open until told. */
let plan: (number | 'hold')[] = [];
const onHook: ((hook: Hook) => void)[] = [];
const receiver: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const key = req.headers['idempotency-key'];
    const hook: Hook = {
      body: JSON.parse(raw),
      idempotencyKey: Array.isArray(key) ? key.join() : key,
      respond: (status) => res.writeHead(status).end(),
    };
    hooks.push(hook);
    const step = plan.shift() ?? 200;
    if (step !== 'hold') hook.respond(step);
    onHook.splice(0).forEach((listener) => listener(hook));
  });
});

let staff: { cookie: string };
beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  process.env.ALERT_WEBHOOK_URL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  process.env.SITE_URL = 'https://conveyancing.example';
  resetLeadDeskEnv();
  staff = await signedInStaff();
});

afterAll(async () => {
  for (const name of ['ALERT_WEBHOOK_URL', 'SITE_URL']) delete process.env[name];
  resetLeadDeskEnv();
  receiver.close();
});

beforeEach(() => {
  hooks.length = 0;
  plan = [];
});

const enquiry = {
  firstName: 'Harriet',
  lastName: 'Quoll',
  email: 'harriet.private@example.com',
  phone: '0499 888 777',
  serviceType: 'residential-conveyancing',
  message: 'Secret message about my finances',
};

let submitted = 0;
/**
 * Posts an enquiry the way Netlify runs the function, collecting its after-work. Each is a
 * new enquiry (the same form again within minutes would be merged as a repeat).
 */
async function submit(body: Record<string, unknown> = { ...enquiry, message: `${enquiry.message} (${++submitted})` }) {
  const pending: Promise<unknown>[] = [];
  const response = await call(contact, 'POST', '/api/contact', {
    body,
    context: { waitUntil: (promise) => void pending.push(promise) },
  });
  return { response, afterWork: () => Promise.all(pending) };
}

const activityOf = async (id: string) =>
  (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: staff.cookie })).json.activity.filter(
    (entry: { type: string }) => entry.type === 'alert',
  );

/** Undoes quoted-printable soft breaks and escapes, as a mail client would. */
const decoded = (mail: string) =>
  !/Content-Transfer-Encoding: quoted-printable/i.test(mail)
    ? mail
    : mail
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('staff alerts', () => {
  it('alerts by e-mail and webhook after answering, with no contact details in either', async () => {
    plan = ['hold'];
    const webhookArrived = new Promise<Hook>((resolve) => onHook.push(resolve));
    const { response, afterWork } = await submit();
    // The visitor has the answer while the webhook is still waiting for its receiver.
    expect(response.status).toBe(201);
    const held = await webhookArrived;
    expect(held.body).toBeDefined();
    held.respond(200);
    await afterWork();

    const id = response.json.id;
    const adminUrl = `https://conveyancing.example/admin?enquiry=${id}`;
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.body).toEqual({
      text: expect.stringContaining('Harriet Quoll'),
      enquiry: {
        id,
        name: 'Harriet Quoll',
        serviceType: 'residential-conveyancing',
        createdAt: expect.any(String),
        adminUrl,
      },
      deliveryId: `enquiry-alert-${id}`,
    });
    expect(hooks[0]!.idempotencyKey).toBe(`enquiry-alert-${id}`);
    expect(hooks[0]!.body.text).toContain(adminUrl);

    expect(alerts()).toHaveLength(1);
    const mail = decoded(alerts()[0]!);
    expect(mail).toContain('To: desk@example-conveyancing.com.au');
    expect(mail).toContain('Harriet Quoll');
    expect(mail).toContain('Residential Conveyancing');
    expect(mail).toContain(adminUrl);
    for (const secret of [enquiry.email, enquiry.phone, enquiry.message]) {
      expect(mail).not.toContain(secret);
      expect(JSON.stringify(hooks[0]!.body)).not.toContain(secret);
    }

    const activity = await activityOf(id);
    expect(activity.map((entry: { text: string }) => entry.text).sort()).toEqual([
      'E-mail alert delivered (attempt 1)',
      'Webhook alert delivered (attempt 1)',
    ]);
    expect(await listAlerts()).toEqual([]);
  });

  it('never lets a right-to-left override in a name reach the alert, the desk or the CSV', async () => {
    const { response, afterWork } = await submit({
      ...enquiry,
      firstName: 'Ann\u202Egnp.exe',
      lastName: 'Spoof\u200B',
      email: 'ann.spoof@example.com',
    });
    expect(response.status).toBe(201);
    await afterWork();
    const id = response.json.id as string;

    expect(alerts()).toHaveLength(1);
    const { subject, text } = await readMail(received.find((mail) => mail.to.includes(DESK))!);
    expect(subject).toBe('New enquiry: Anngnp.exe Spoof – Residential Conveyancing');
    expect(`${subject}${text}${JSON.stringify(hooks[0]!.body)}`).not.toMatch(/[\u202E\u200B]/);

    const detail = await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: staff.cookie });
    expect(detail.json).toMatchObject({ firstName: 'Anngnp.exe', lastName: 'Spoof' });
    expect(detail.text).not.toMatch(/[\u202E\u200B]/);
    const csv = await call(enquiries, 'GET', '/api/contact-requests/export.csv', { cookie: staff.cookie });
    expect(csv.text).toContain(',Anngnp.exe,Spoof,');
    expect(csv.text).not.toMatch(/[\u202E\u200B]/);
  });

  it('reaches the webhook with the Markdown and link syntax of a name neutralised, the portal link whole', async () => {
    const { response, afterWork } = await submit({
      ...enquiry,
      firstName: '[Open the enquiry](https://evil.example/x)',
      lastName: '<https://evil.example/y|Here> *now* _please_ `x` ~y~',
      email: 'markup@example.com',
    });
    expect(response.status).toBe(201);
    await afterWork();
    const text: string = hooks[0]!.body.text;
    expect(text).toContain('(Open the enquiry)(https://evil.example/x)');
    for (const markup of ['[', ']', '<', '>', '*', '`', '~', '|'])
      expect(text.replace(/https?:\/\/\S+/g, ''), markup).not.toContain(markup);
    expect(text).not.toContain('_please_');
    expect(text).toContain(`/admin?enquiry=${encodeURIComponent(response.json.id)}`);
  });

  it('sends nothing for the honeypot', async () => {
    const { response, afterWork } = await submit({ ...enquiry, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    await afterWork();
    expect(alerts()).toEqual([]);
    expect(hooks).toEqual([]);
    expect(await listAlerts()).toEqual([]);
  });

  it('keeps a failed webhook in the outbox and delivers it on the scheduled retry', async () => {
    plan = [500];
    const { response, afterWork } = await submit();
    await afterWork();
    const id = response.json.id;
    expect(alerts()).toHaveLength(1);
    const [queued] = await listAlerts();
    expect(queued).toMatchObject({ enquiryId: id, pending: ['webhook'], attempts: 1 });

    // Not due yet: the backoff keeps the scheduler away.
    expect(await retryDueAlerts(new Date())).toBe(0);
    expect(hooks).toHaveLength(1);

    expect(await retryDueAlerts(new Date(Date.parse(queued!.nextAttemptAt) + 1))).toBe(1);
    expect(hooks).toHaveLength(2);
    expect(hooks[1]!.body.enquiry.id).toBe(id);
    // The receiver had the first (it answered 500): the retry says it is the same alert.
    expect(hooks[0]!.body.deliveryId).toBe(`enquiry-alert-${id}`);
    expect(hooks.map((hook) => [hook.body.deliveryId, hook.idempotencyKey])).toEqual([
      [`enquiry-alert-${id}`, `enquiry-alert-${id}`],
      [`enquiry-alert-${id}`, `enquiry-alert-${id}`],
    ]);
    expect(alerts()).toHaveLength(1);
    expect(await listAlerts()).toEqual([]);
    expect((await activityOf(id)).map((entry: { text: string }) => entry.text)).toEqual([
      expect.stringMatching(/^(E-mail alert delivered|Webhook alert failed) \(attempt 1\)$/),
      expect.stringMatching(/^(E-mail alert delivered|Webhook alert failed) \(attempt 1\)$/),
      'Webhook alert delivered (attempt 2)',
    ]);
  });

  it("gives the e-mail the alert's delivery id as its Message-ID, the same on the retry", async () => {
    refuseMail(1);
    const { response, afterWork } = await submit();
    await afterWork();
    const id = response.json.id;
    expect(alerts()).toHaveLength(0);
    const [queued] = await listAlerts();
    expect(queued).toMatchObject({ enquiryId: id, pending: ['email'] });
    expect(await retryDueAlerts(new Date(Date.parse(queued!.nextAttemptAt) + 1))).toBe(1);
    const [mail] = alerts();
    expect((await readMail({ raw: mail!, from: '', to: [] })).messageId).toBe(
      `<enquiry-alert-${id}@example-conveyancing.com.au>`,
    );
    expect(hooks.map((hook) => hook.body.deliveryId)).toEqual([`enquiry-alert-${id}`]);
  });

  it('gives up after 24 hours of failures and says so on the enquiry', async () => {
    plan = [503, 503];
    const { response, afterWork } = await submit();
    await afterWork();
    const id = response.json.id;
    expect(await retryDueAlerts(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(1);
    expect(await listAlerts()).toEqual([]);
    const texts = (await activityOf(id)).map((entry: { text: string }) => entry.text);
    expect(texts.at(-1)).toBe('Gave up on the webhook alert after 24 hours');
  });

  it('tells staff which channels are configured', async () => {
    const answer = await call(leadAlerts, 'GET', '/api/lead-alerts', { cookie: staff.cookie });
    expect(answer.json).toEqual({ email: true, webhook: true });
    expect((await call(leadAlerts, 'GET', '/api/lead-alerts')).status).toBe(401);
  });

  it('ends the sent e-mail with the Professional Standards line as switched in Settings', async () => {
    for (const enabled of [true, false]) {
      const saved = await saveSettings(
        { ...defaultPracticeSettings(), professionalStandards: enabled },
        undefined,
        'tests',
      );
      expect(saved.ok).toBe(true);
      received.length = 0;
      const { afterWork } = await submit();
      await afterWork();
      expect(alerts()).toHaveLength(1);
      expect(decoded(alerts()[0]!).includes(PROFESSIONAL_STANDARDS.text), `switched ${enabled ? 'on' : 'off'}`).toBe(
        enabled,
      );
    }
  });

  const summary = {
    id: 'x',
    name: 'A B',
    serviceType: 'other',
    createdAt: new Date().toISOString(),
    adminUrl: 'https://x/admin',
  };

  it('ends the e-mail with the Professional Standards line only when it is switched on', () => {
    const line = 'Liability limited by a scheme approved under Professional Standards Legislation.';
    expect(alertEmail(summary, { enabled: true, text: line }).text.endsWith(line)).toBe(true);
    expect(alertEmail(summary, { enabled: false, text: line }).text).not.toContain(line);
  });

  it('asks for a call back within 5 minutes, or for a quote lead (no phone) a reply by e-mail', () => {
    expect(alertEmail(summary).text).toContain('Open it in the staff portal to call back within 5 minutes:');
    const quoteLead = alertEmail({ ...summary, quoteLead: true }).text;
    expect(quoteLead).toContain('Open it in the staff portal to reply by e-mail about the quote:');
    expect(quoteLead).not.toContain('call back');
  });
});

describe('without alert configuration', () => {
  it('logs instead, queues nothing, and the desk can say alerts are off', async () => {
    const saved = { smtp: process.env.ALERT_SMTP_URL, hook: process.env.ALERT_WEBHOOK_URL };
    delete process.env.ALERT_SMTP_URL;
    delete process.env.ALERT_WEBHOOK_URL;
    resetLeadDeskEnv();
    try {
      const logged: string[] = [];
      const spy = vi
        .spyOn(console, 'info')
        .mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
      const { response, afterWork } = await submit().finally(() => spy.mockRestore());
      await afterWork();
      expect(response.status).toBe(201);
      // The log names the enquiry by id only: nothing of the person outlives an erasure there.
      expect(logged.join('\n')).toContain(response.json.id);
      for (const value of Object.values(enquiry)) expect(logged.join('\n')).not.toContain(value);
      expect(await listAlerts()).toEqual([]);
      expect(alerts()).toEqual([]);
      const answer = await call(leadAlerts, 'GET', '/api/lead-alerts', { cookie: staff.cookie });
      expect(answer.json).toEqual({ email: false, webhook: false });
    } finally {
      process.env.ALERT_SMTP_URL = saved.smtp;
      process.env.ALERT_WEBHOOK_URL = saved.hook;
      resetLeadDeskEnv();
    }
  });
});
