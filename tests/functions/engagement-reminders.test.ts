/**
 * The hourly engagement job: reminders after 2 and 5 NSW business days (each once, with a
 * new link, the old one ended), none when switched off, and links marked expired after 14
 * days. Real handlers, a real local Blobs server and a real local SMTP server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import contact from '../../netlify/functions/contact.ts';
import engage from '../../netlify/functions/engage.ts';
import engagements from '../../netlify/functions/engagements.ts';
import { sendEngagementLink } from '../../netlify/functions/_shared/mail/engagement-mail.ts';
import { reminderDueAt, runEngagementJobs } from '../../netlify/functions/_shared/engagement/workflow.ts';
import { getEngagement } from '../../netlify/functions/_shared/repositories/engagements-store.ts';
import { listActivity } from '../../netlify/functions/_shared/repositories/enquiry-activity-store.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from './harness.ts';
import { useSmtp } from './smtp.ts';

useBlobs();

const { mails: received } = useSmtp();

let staff: { cookie: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

let count = 0;
async function sent(body: Record<string, unknown> = {}) {
  const email = `remind-${++count}@example.com`;
  const enquiry = await call(contact, 'POST', '/api/contact', {
    body: {
      firstName: 'Rem',
      lastName: 'Inder',
      email,
      phone: '0400 111 222',
      serviceType: 'residential-purchase',
      quote: { price: 700000, role: 'buying', propertyType: 'established' },
    },
  });
  const response = await call(engagements, 'POST', `/api/contact-requests/${enquiry.json.id}/engagement`, {
    cookie: staff.cookie,
    body,
  });
  expect(response.status).toBe(201);
  expect(response.json.emailed).toBe(true);
  return { id: response.json.id as string, email, token: new URL(response.json.url).pathname.split('/').pop()! };
}

const linkIn = (raw: string) => /\/engage\/([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
const mailsTo = (email: string) => received.filter((mail) => mail.to.includes(email));
let network = 0;
const open = (token: string) =>
  call(engage, 'GET', `/api/engage/${token}`, { context: { ip: `198.18.0.${++network}` } });
const run = (at: number) => runEngagementJobs(ORIGIN, sendEngagementLink, true, at);

describe('engagement reminders and expiry', () => {
  it('reminds after 2 and after 5 NSW business days, once each, with a new link that ends the old', async () => {
    const { id, email, token } = await sent();
    const { record } = (await getEngagement(id))!;
    const first = (await reminderDueAt(record.linkIssuedAt, 0))!;
    const second = (await reminderDueAt(record.linkIssuedAt, 1))!;
    expect(second).toBeGreaterThan(first);
    expect(first - Date.parse(record.linkIssuedAt)).toBeGreaterThanOrEqual(2 * 86_400_000);

    expect((await run(first - 60_000)).reminded).toBe(0);
    // Two runs at once (two instances of the job): one reminder.
    const [a, b] = await Promise.all([run(first), run(first)]);
    expect(a.reminded + b.reminded).toBe(1);
    const reminder = mailsTo(email).at(-1)!;
    expect(reminder.raw).toContain('Reminder');
    const newToken = linkIn(reminder.raw)!;
    expect(newToken).not.toBe(token);
    expect((await open(token)).status).toBe(410);
    expect((await open(newToken)).status).toBe(200);

    expect((await run(first + 3_600_000)).reminded).toBe(0);
    expect((await run(second)).reminded).toBe(1);
    expect((await run(second + 3_600_000)).reminded).toBe(0);
    expect(mailsTo(email).filter((mail) => mail.raw.includes('Reminder'))).toHaveLength(2);
    const texts = (await listActivity((await getEngagement(id))!.record.enquiryId)).map((entry) => entry.text);
    expect(texts).toContain('Reminder 1 sent to the client with a new link');
    expect(texts).toContain('Reminder 2 sent to the client with a new link');
  });

  it('sends none when staff switched reminders off', async () => {
    const { id, email } = await sent({ reminders: false });
    const { record } = (await getEngagement(id))!;
    const before = mailsTo(email).length;
    expect((await run((await reminderDueAt(record.linkIssuedAt, 1))!)).reminded).toBe(0);
    expect(mailsTo(email)).toHaveLength(before);
  });

  it('marks a link expired after 14 days, once, and the link answers 410', async () => {
    const { id, token } = await sent({ reminders: false });
    const { record } = (await getEngagement(id))!;
    const after = Date.parse(record.expiresAt) + 1000;
    const first = await run(after);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect((await getEngagement(id))!.record.status).toBe('expired');
    expect((await open(token)).status).toBe(410);
    const texts = (await listActivity(record.enquiryId)).map((entry) => entry.text);
    expect(texts.filter((text) => text === 'Engagement link expired without acceptance')).toHaveLength(1);
  });
});
