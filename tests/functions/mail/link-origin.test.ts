/**
 * Where links in messages point (platform/link-origin.ts): the site's configured address
 * (SITE_URL, else Netlify's URL), else the address the request came to. A site served on
 * another port than 8888 links to that port, in the staff alert (built when the enquiry
 * arrives, delivered later from the outbox) as in the engagement link.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import engagements from '#functions/engagements.ts';
import { retryDueAlerts } from '#server/mail/staff-alerts.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { linkOrigin } from '#server/platform/link-origin.ts';
import { ENQUIRY } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { readableText, useSmtp } from '../smtp.ts';

useBlobs();
const DESK = 'desk@example-conveyancing.com.au';
const smtp = useSmtp({ alertsTo: DESK });
const OTHER_PORT = 'http://localhost:8931';

let staff: { cookie: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

function configure(name: 'SITE_URL' | 'URL', value: string) {
  process.env[name] = value;
  resetLeadDeskEnv();
}
afterEach(() => {
  delete process.env.SITE_URL;
  delete process.env.URL;
  resetLeadDeskEnv();
});

/** Each enquiry from its own address: the same one sent again within minutes is merged, not alerted. */
let sender = 0;
const emailOf = () => `origin-${++sender}@example.com`;

/** Posts an enquiry to the site at `base` and waits for its after-work (the alert's first attempt). */
async function enquire(base: string, email = emailOf()): Promise<string> {
  const pending: Promise<unknown>[] = [];
  const response = await call(contact, 'POST', '/api/contact', {
    base,
    body: { ...ENQUIRY, email },
    context: { waitUntil: (promise) => void pending.push(promise) },
  });
  expect(response.status, response.text).toBe(201);
  await Promise.all(pending);
  return response.json.id;
}

/** The text of the staff alert delivered so far in this test. */
async function alertText(): Promise<string> {
  const alert = smtp.mails.find((mail) => mail.to.includes(DESK));
  expect(alert, 'a staff alert was sent').toBeDefined();
  return readableText(alert!);
}

async function alertFor(base: string) {
  const id = await enquire(base);
  return { id, text: await alertText() };
}

describe('the origin links use', () => {
  it('is the configured address, else the request’s, else npm start’s', () => {
    const request = new Request(`${OTHER_PORT}/api/contact`);
    expect(linkOrigin(request)).toBe(OTHER_PORT);
    expect(linkOrigin()).toBe('http://localhost:8888');
    configure('URL', 'https://netlify-url.example/');
    expect(linkOrigin(request)).toBe('https://netlify-url.example');
    configure('SITE_URL', 'https://conveyancing.example');
    expect(linkOrigin(request)).toBe('https://conveyancing.example');
    expect(linkOrigin()).toBe('https://conveyancing.example');
  });

  it('links the staff alert to the port the enquiry came to', async () => {
    const { id, text } = await alertFor(OTHER_PORT);
    expect(text).toContain(`Open it in the staff portal`);
    expect(text).toContain(`${OTHER_PORT}/admin?enquiry=${id}`);
    expect(text).not.toContain('localhost:8888');
  });

  it('keeps the origin with the queued alert: a later retry links where the enquiry came to', async () => {
    smtp.refuse(1); // the alert's first attempt (it is sent before the acknowledgement)
    const id = await enquire(OTHER_PORT);
    expect(smtp.mails.some((mail) => mail.to.includes(DESK))).toBe(false);
    // The retry runs from the scheduler, with no request of the visitor's.
    await retryDueAlerts(new Date(Date.now() + 10 * 60_000));
    expect(await alertText()).toContain(`${OTHER_PORT}/admin?enquiry=${id}`);
  });

  it('prefers the configured address to the request’s', async () => {
    configure('SITE_URL', 'https://conveyancing.example');
    const { id, text } = await alertFor(OTHER_PORT);
    expect(text).toContain(`https://conveyancing.example/admin?enquiry=${id}`);
    expect(text).not.toContain(OTHER_PORT);
  });

  it('links the engagement e-mail to the port staff sent it from', async () => {
    const email = emailOf();
    const enquiryId = await enquire(OTHER_PORT, email);
    smtp.mails.length = 0;
    const sent = await call(engagements, 'POST', `/api/contact-requests/${enquiryId}/engagement`, {
      base: OTHER_PORT,
      cookie: staff.cookie,
      body: {},
    });
    expect(sent.status, sent.text).toBe(201);
    const toClient = smtp.mails.find((mail) => mail.to.includes(email));
    expect(toClient).toBeDefined();
    expect(await readableText(toClient!)).toMatch(new RegExp(`${OTHER_PORT}/engage/[A-Za-z0-9_-]{43}`));
  });
});
