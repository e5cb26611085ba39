/**
 * The hourly engagement job: reminders after 2 and 5 NSW business days (each once, with a
 * new link, the old one ended), none when switched off, and links marked expired after 14
 * days. Real handlers, a real local Blobs server and a real local SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import engage from '#functions/engage.ts';
import { sendEngagementLink } from '#server/mail/engagement-mail.ts';
import { reminderDueAt, runEngagementJobs } from '#server/engagement/engagement-reminders.ts';
import { getEngagement } from '#server/repositories/engagements-store.ts';
import { listActivity } from '#server/repositories/enquiry-activity-store.ts';
import { aSentEngagement } from '../fixtures/builders.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';
import { readMail, useSmtp, type Received } from '../smtp.ts';

useBlobs();

const { mails: received } = useSmtp();

/*
 * Every link in this file is sent at one known instant, so the times the job must act at
 * are written out here, worked out by hand from the NSW business-day rule (decision 019:
 * weekends and NSW public holidays are not business days; a reminder falls at the same
 * time of day as the link was sent, that many business days on):
 * - sent Thursday 24 December 2026, 10:00 in Sydney (AEDT, UTC+11);
 * - Friday 25 is Christmas Day; Saturday 26 (Boxing Day) and Sunday 27 are the weekend;
 *   Monday 28 is the additional day NSW gives when Boxing Day falls on a Saturday;
 * - business day 1 is Tuesday 29, day 2 Wednesday 30 December: the first reminder;
 * - day 3 Thursday 31; Friday 1 January 2027 is New Year's Day, then a weekend; day 4
 *   Monday 4, day 5 Tuesday 5 January: the second reminder;
 * - the link ends 14 days after it was sent: Thursday 7 January 2027, 10:00.
 * No change of daylight saving falls in between (AEDT runs October to April).
 * Only Date is faked, and it stands still: timers and sockets run in real time.
 */
const SENT = '2026-12-23T23:00:00.000Z';
const FIRST_REMINDER = Date.parse('2026-12-29T23:00:00.000Z');
const SECOND_REMINDER = Date.parse('2027-01-04T23:00:00.000Z');
const LINK_ENDS = Date.parse('2027-01-06T23:00:00.000Z');
const HOUR = 3_600_000;

let staff: { cookie: string };
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(SENT) });
  // Signed in at the same instant, so the session is live when the links are sent.
  staff = await signedInStaff();
});
afterAll(() => {
  vi.useRealTimers();
});

let count = 0;
async function sent(send: Record<string, unknown> = {}) {
  const engagement = await aSentEngagement(staff, {
    enquiry: { firstName: 'Rem', lastName: 'Inder', email: `remind-${++count}@example.com` },
    send,
  });
  expect(engagement.emailed).toBe(true);
  return engagement;
}

const linkIn = async (mail: Received) => /\/engage\/([A-Za-z0-9_-]{43})/.exec((await readMail(mail)).text ?? '')?.[1];
const mailsTo = (email: string) => received.filter((mail) => mail.to.includes(email));
let network = 0;
const open = (token: string) =>
  call(engage, 'GET', `/api/engage/${token}`, { context: { ip: `198.18.0.${++network}` } });
const run = (at: number) => runEngagementJobs(ORIGIN, sendEngagementLink, true, at);

describe('engagement reminders and expiry', () => {
  it('reminds after 2 and after 5 NSW business days, once each, with a new link that ends the old', async () => {
    const { id, email, token } = await sent();
    const { record } = (await getEngagement(id))!;
    expect(record.linkIssuedAt).toBe(SENT);
    expect(await reminderDueAt(record.linkIssuedAt, 0)).toBe(FIRST_REMINDER);
    expect(await reminderDueAt(record.linkIssuedAt, 1)).toBe(SECOND_REMINDER);
    expect(await reminderDueAt(record.linkIssuedAt, 2)).toBeNull();

    expect((await run(FIRST_REMINDER - 60_000)).reminded).toBe(0);
    // Two runs at once (two instances of the job): one reminder.
    const [a, b] = await Promise.all([run(FIRST_REMINDER), run(FIRST_REMINDER)]);
    expect(a.reminded + b.reminded).toBe(1);
    const reminder = mailsTo(email).at(-1)!;
    expect(reminder.raw).toContain('Reminder');
    const newToken = (await linkIn(reminder))!;
    expect(newToken).not.toBe(token);
    expect((await open(token)).status).toBe(410);
    expect((await open(newToken)).status).toBe(200);

    expect((await run(FIRST_REMINDER + HOUR)).reminded).toBe(0);
    expect((await run(SECOND_REMINDER - 60_000)).reminded).toBe(0);
    expect((await run(SECOND_REMINDER)).reminded).toBe(1);
    expect((await run(SECOND_REMINDER + HOUR)).reminded).toBe(0);
    expect(mailsTo(email).filter((mail) => mail.raw.includes('Reminder'))).toHaveLength(2);
    const texts = (await listActivity((await getEngagement(id))!.record.enquiryId)).map((entry) => entry.text);
    expect(texts).toContain('Reminder 1 sent to the client with a new link');
    expect(texts).toContain('Reminder 2 sent to the client with a new link');
  });

  it('sends none when staff switched reminders off', async () => {
    const { email } = await sent({ reminders: false });
    const before = mailsTo(email).length;
    expect((await run(SECOND_REMINDER)).reminded).toBe(0);
    expect(mailsTo(email)).toHaveLength(before);
  });

  it('marks a link expired after 14 days, once, and the link answers 410', async () => {
    const { id, token } = await sent({ reminders: false });
    const { record } = (await getEngagement(id))!;
    expect(Date.parse(record.expiresAt)).toBe(LINK_ENDS);
    expect((await run(LINK_ENDS - 1000)).expired).toBe(0);
    const first = await run(LINK_ENDS + 1000);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect((await getEngagement(id))!.record.status).toBe('expired');
    expect((await open(token)).status).toBe(410);
    const texts = (await listActivity(record.enquiryId)).map((entry) => entry.text);
    expect(texts.filter((text) => text === 'Engagement link expired without acceptance')).toHaveLength(1);
  });
});
