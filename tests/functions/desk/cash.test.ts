/**
 * Cash (issue 31), through the real handlers: the practice's policy (`none` by default, a
 * principal's to change, shown in Settings), receipts recorded by staff only while it accepts
 * cash, the threshold transaction report's clock (the 10th NSW business day after, the Bank
 * Holiday counted out, none below $10,000 or before 1 July 2026), the principals' register
 * (403 for staff, every read audited by ids), the report recorded once, the principals told at
 * once of a threshold transaction and of receipts split below it, sealed at rest, kept 7
 * years, and what the costs disclosure and the client's matter page say.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import audit from '#functions/audit.ts';
import cash from '#functions/cash.ts';
import enquiries from '#functions/enquiries.ts';
import engage from '#functions/engage.ts';
import matters from '#functions/matters.ts';
import myMatters from '#functions/my-matters.ts';
import settings from '#functions/settings.ts';
import { deleteExpiredCashReceipts } from '#server/desk/cash-register.ts';
import { openStore } from '#server/repositories/blobs.ts';
import { setOwnEmail } from '#server/repositories/users-store.ts';
import { CASH_CLIENT_TEXT, CASH_NOT_ACCEPTED } from '#src/content/cash.ts';
import { clockOffsetMs, resetClock, setClockTo } from '#src/shared/clock.ts';
import { sydneyInstant } from '#src/shared/sydney-time.ts';
import { aSentEngagement, anEnquiry, aVerifiedDueDiligence } from '../fixtures/builders.ts';
import { call, cookieFrom, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { pageText } from '../html.ts';
import { readMail, useSmtp } from '../smtp.ts';

useBlobs();
const DESK = 'desk@example-conveyancing.com.au';
const smtp = useSmtp({ alertsTo: DESK });
useCddKey();

type Signed = Awaited<ReturnType<typeof signedInStaff>>;
let pia: Signed;
let sam: Signed;
const PIA_MAIL = 'pia.cash@example-conveyancing.com.au';
const SAM_MAIL = 'sam.cash@example-conveyancing.com.au';
const signIn = async () => {
  [pia, sam] = [await signedInStaff('principal'), await signedInStaff('staff')];
  await setOwnEmail(pia.username, pia.id, PIA_MAIL);
  await setOwnEmail(sam.username, sam.id, SAM_MAIL);
};
beforeAll(signIn);
/** Sessions run on the clock too: back at the real time, sign in again. */
afterEach(async () => {
  const moved = clockOffsetMs() !== 0;
  resetClock();
  if (moved) await signIn();
});

// A payer's name that appears nowhere else, so any leak of it is found.
const PAYER = 'Ozymandias Quennell';
const policy = (who: Signed, body: unknown) =>
  call(settings, 'PUT', '/api/settings/cash', { cookie: who.cookie, body });
const receive = (who: Signed | null, enquiryId: string, body: Record<string, unknown>) =>
  call(cash, 'POST', `/api/contact-requests/${enquiryId}/cash`, {
    cookie: who?.cookie,
    body: { receivedFrom: PAYER, ...body },
  });
const register = (who: Signed) => call(cash, 'GET', '/api/cash', { cookie: who.cookie });
const report = (who: Signed, id: string, body: unknown) =>
  call(cash, 'PATCH', `/api/cash/${id}`, { cookie: who.cookie, body });
const rowOf = async (id: string) => ((await register(pia)).json as any[]).find((row) => row.id === id);
const auditLog = async (family = 'cash') =>
  (await call(audit, 'GET', `/api/audit?limit=100&action=${family}`, { cookie: pia.cookie })).json.entries as any[];

describe('the cash policy', () => {
  it('is none by default, shown in Settings, and only a principal changes it (audited)', async () => {
    expect((await call(settings, 'GET', '/api/settings', { cookie: sam.cookie })).json.cash).toBe('none');
    expect((await call(settings, 'GET', '/api/settings/cash', { cookie: sam.cookie })).json).toEqual({ cash: 'none' });
    expect((await policy(sam, { cash: 'accepted' })).status).toBe(403);
    expect((await call(settings, 'PUT', '/api/settings/cash', { body: { cash: 'accepted' } })).status).toBe(401);
    const wrong = await policy(pia, { cash: 'sometimes' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.json.fieldErrors)).toEqual(['cash']);
    expect((await call(settings, 'GET', '/api/settings', { cookie: sam.cookie })).json.cash).toBe('none');

    const enquiryId = await anEnquiry();
    const refused = await receive(sam, enquiryId, { amount: 500, receivedAt: '2026-11-20' });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(CASH_NOT_ACCEPTED);

    const saved = await policy(pia, { cash: 'accepted' });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ cash: 'accepted' });
    expect((await call(settings, 'GET', '/api/settings', { cookie: sam.cookie })).json.cash).toBe('accepted');
    expect(
      (await auditLog('settings')).some((entry) => entry.action === 'settings.cash.accepted' && entry.byId === pia.id),
    ).toBe(true);
  });
});

describe('recording cash received', () => {
  beforeAll(async () => {
    expect((await policy(pia, { cash: 'accepted' })).status).toBe(200);
  });

  it('answers 201 with the clock for $10,000 or more, the 10th NSW business day after, the Bank Holiday counted out', async () => {
    setClockTo(sydneyInstant(2026, 11, 30, 10, 0));
    await signIn();
    const enquiryId = await anEnquiry();
    // Friday 24 July 2026: 27–31 July are 5, Mon 3 August is the Bank Holiday, then 4–7 and Mon 10 August.
    const made = await receive(sam, enquiryId, { amount: 12_000, receivedAt: '2026-07-24' });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toEqual({ id: made.json.id, amount: 12_000, receivedAt: '2026-07-24', ttrDueBy: '2026-08-10' });
    const exactly = await receive(sam, enquiryId, { amount: 10_000, receivedAt: '2026-11-20' });
    // Fri 20 Nov: 23–27 Nov, 30 Nov–4 Dec: the 10th is Fri 4 Dec.
    expect(exactly.json.ttrDueBy).toBe('2026-12-04');
    const below = await receive(sam, enquiryId, {
      amount: 9_999.99,
      receivedAt: '2026-11-20',
      receivedFrom: 'Someone Else',
    });
    expect(below.status).toBe(201);
    expect(below.json).toEqual({ id: below.json.id, amount: 9_999.99, receivedAt: '2026-11-20' });
    // Before conveyancers became reporting entities (1 July 2026) there is no report to make.
    const before = await receive(sam, enquiryId, {
      amount: 20_000,
      receivedAt: '2026-06-30',
      receivedFrom: 'Early Payer',
    });
    expect(before.json.ttrDueBy).toBeUndefined();
  });

  it('refuses what is not a receipt: a stranger, a future day, a bad amount, an unknown enquiry', async () => {
    setClockTo(sydneyInstant(2026, 11, 30, 10, 0));
    await signIn();
    const enquiryId = await anEnquiry();
    expect((await receive(null, enquiryId, { amount: 100, receivedAt: '2026-11-20' })).status).toBe(401);
    const future = await receive(sam, enquiryId, { amount: 100, receivedAt: '2026-12-01' });
    expect(future.status).toBe(400);
    expect(future.json.fieldErrors).toEqual({ receivedAt: ['Cash cannot be received in the future'] });
    const bad = await receive(sam, enquiryId, { amount: -5, receivedAt: '26/11/2026', receivedFrom: ' ' });
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['amount', 'receivedAt', 'receivedFrom']);
    expect((await receive(sam, enquiryId, { amount: 10.005, receivedAt: '2026-11-20' })).status).toBe(400);
    expect((await receive(sam, 'nosuchenquiry000000000000', { amount: 100, receivedAt: '2026-11-20' })).status).toBe(
      404,
    );
  });

  it('tells every principal at once of a threshold transaction (ids and a day only), never a staff account', async () => {
    const enquiryId = await anEnquiry({ email: 'cash-client@example.com' });
    smtp.mails.length = 0;
    const made = await receive(sam, enquiryId, { amount: 15_000, receivedAt: '2026-11-20' });
    expect(made.status).toBe(201);
    const to = smtp.mails.flatMap((mail) => mail.to);
    expect(to).toContain(PIA_MAIL);
    expect(to).not.toContain(SAM_MAIL);
    expect(to).not.toContain('cash-client@example.com');
    const mail = await readMail(smtp.mails.find((m) => m.to.includes(PIA_MAIL))!);
    expect(mail.subject).toBe('Cash of $10,000 or more received: threshold transaction report due');
    expect(mail.text).toContain(`due by the end of ${made.json.ttrDueBy}`);
    expect(mail.text).toContain(`/admin?cash=${made.json.id}`);
    expect(mail.text).not.toContain(PAYER);
    expect(mail.text).not.toContain('15,000');
    expect(mail.text).not.toContain(enquiryId);
  });
});

describe('the register', () => {
  beforeAll(async () => {
    expect((await policy(pia, { cash: 'accepted' })).status).toBe(200);
  });

  it('is for principals only, with the clock, sealed at rest, kept 7 years, every read audited by ids', async () => {
    const enquiryId = await anEnquiry();
    const made = await receive(sam, enquiryId, { amount: 11_000, receivedAt: '2026-11-20' });
    expect((await register(sam)).status).toBe(403);
    const row = await rowOf(made.json.id);
    expect(row).toMatchObject({
      enquiryId,
      amount: 11_000,
      receivedAt: '2026-11-20',
      receivedFrom: PAYER,
      recordedBy: { id: sam.id, username: sam.username },
      threshold: true,
      ttrDueBy: '2026-12-04',
      report: null,
      structuringWith: [],
      retainUntil: '2033-11-20',
    });
    const raw = JSON.stringify(await openStore('cash-receipts').get(made.json.id, { type: 'json' }));
    expect(raw).toContain('"amount":11000');
    expect(raw).not.toContain('Quennell');

    const log = await auditLog();
    expect(log.some((entry) => entry.action === 'cash.record' && entry.target === made.json.id)).toBe(true);
    expect(log.find((entry) => entry.action === 'cash.read').target).toContain(made.json.id);
    expect(JSON.stringify(log)).not.toContain('Quennell');

    // The enquiry it names is kept with it: no deletion by hand.
    const deleted = await call(enquiries, 'DELETE', `/api/contact-requests/${enquiryId}`, { cookie: pia.cookie });
    expect(deleted.status).toBe(409);
    expect(deleted.json.error).toBe(
      'This enquiry has cash receipts in the cash register, which the law requires us to keep (AML/CTF Act 2006 s 107 (transaction records)) until 2033-11-20.',
    );

    // Kept to the end of its 7th year, then deleted by the daily job (audited).
    expect(await deleteExpiredCashReceipts(sydneyInstant(2033, 11, 20, 12, 0))).not.toContain(made.json.id);
    expect(await deleteExpiredCashReceipts(sydneyInstant(2033, 11, 21, 12, 0))).toContain(made.json.id);
    expect(await rowOf(made.json.id)).toBeUndefined();
    expect((await auditLog()).some((entry) => entry.action === 'cash.retention')).toBe(true);
  });

  it('records the report once, by a principal, for a threshold transaction only', async () => {
    setClockTo(sydneyInstant(2026, 11, 30, 10, 0));
    await signIn();
    const enquiryId = await anEnquiry();
    const big = await receive(sam, enquiryId, { amount: 30_000, receivedAt: '2026-11-10' });
    const small = await receive(sam, enquiryId, { amount: 200, receivedAt: '2026-11-10', receivedFrom: 'Small Payer' });
    // Tue 10 Nov: the 10th business day after is Tue 24 Nov, so on 30 Nov it is overdue.
    expect((await rowOf(big.json.id)).overdue).toBe(true);
    const body = { reportedAt: '2026-11-27', reference: 'TTR-55120' };
    expect((await report(sam, big.json.id, body)).status).toBe(403);
    expect((await report(pia, small.json.id, body)).status).toBe(409);
    const early = await report(pia, big.json.id, { ...body, reportedAt: '2026-11-09' });
    expect(early.status).toBe(400);
    expect(Object.keys(early.json.fieldErrors)).toEqual(['reportedAt']);
    expect((await report(pia, big.json.id, { ...body, reportedAt: '2026-12-01' })).status).toBe(400);
    expect((await report(pia, '0000000000000000000000000ff', body)).status).toBe(404);
    const done = await report(pia, big.json.id, body);
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({
      id: big.json.id,
      overdue: false,
      report: { reportedAt: '2026-11-27', reference: 'TTR-55120', recordedBy: { id: pia.id, username: pia.username } },
    });
    expect((await report(pia, big.json.id, body)).status).toBe(409);
    expect((await rowOf(big.json.id)).report.reference).toBe('TTR-55120');
    expect((await auditLog()).some((entry) => entry.action === 'cash.report' && entry.target === big.json.id)).toBe(
      true,
    );
  });

  it('records one report when two principals record it at once (the conditional write decides)', async () => {
    const other = await signedInStaff('principal');
    const enquiryId = await anEnquiry();
    const made = await receive(sam, enquiryId, { amount: 10_500, receivedAt: '2026-11-20' });
    const answers = await Promise.all([
      report(pia, made.json.id, { reportedAt: '2026-11-24', reference: 'TTR-PIA' }),
      report(other as Signed, made.json.id, { reportedAt: '2026-11-25', reference: 'TTR-OTHER' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await rowOf(made.json.id)).report).toEqual(winner.json.report);
  });

  it('flags receipts split below $10,000 that together reach it (one matter, or one payer), and tells principals', async () => {
    const enquiryId = await anEnquiry();
    const first = await receive(sam, enquiryId, {
      amount: 6_000,
      receivedAt: '2026-11-02',
      receivedFrom: 'Split Payer',
    });
    expect((await rowOf(first.json.id)).structuringWith).toEqual([]);
    smtp.mails.length = 0;
    const second = await receive(sam, enquiryId, {
      amount: 4_000,
      receivedAt: '2026-11-09',
      receivedFrom: 'Another Hand',
    });
    expect(second.json.ttrDueBy).toBeUndefined();
    expect((await rowOf(first.json.id)).structuringWith).toEqual([second.json.id]);
    expect((await rowOf(second.json.id)).structuringWith).toEqual([first.json.id]);
    const notice = smtp.mails.find((mail) => mail.to.includes(PIA_MAIL));
    expect(notice, 'a notice to the principal').toBeTruthy();
    const read = await readMail(notice!);
    expect(read.subject).toBe('Cash receipts together reach $10,000: please look at them');
    expect(read.text).toContain(`/admin?cash=${second.json.id}`);
    expect(smtp.mails.flatMap((mail) => mail.to)).not.toContain(SAM_MAIL);

    // The same payer on another matter, spelt another way, counts too; one outside the window does not.
    const elsewhere = await anEnquiry();
    const third = await receive(sam, elsewhere, {
      amount: 9_500,
      receivedAt: '2026-11-05',
      receivedFrom: 'split  PAYER.',
    });
    expect((await rowOf(third.json.id)).structuringWith).toEqual([first.json.id]);
    const apart = await anEnquiry();
    const lone = await receive(sam, apart, { amount: 9_000, receivedAt: '2026-09-01', receivedFrom: 'Split Payer' });
    expect((await rowOf(lone.json.id)).structuringWith).toEqual([]);
  });
});

describe('what the client is told', () => {
  it('the costs disclosure says the practice takes no cash, or that $10,000 or more is reported', async () => {
    expect((await policy(pia, { cash: 'none' })).status).toBe(200);
    const paragraphs = async () => {
      const sent = await aSentEngagement(sam);
      const shown = await call(engage, 'GET', `/api/engage/${sent.token}`);
      return (shown.json.disclosure as { paragraphs: string[] }[]).flatMap((section) => section.paragraphs);
    };
    expect(await paragraphs()).toContain(CASH_CLIENT_TEXT.none);
    expect((await policy(pia, { cash: 'accepted' })).status).toBe(200);
    const accepted = await paragraphs();
    expect(accepted).toContain(CASH_CLIENT_TEXT.accepted);
    expect(accepted).not.toContain(CASH_CLIENT_TEXT.none);
  });

  it("the client's matter page says it too", async () => {
    const email = 'cash-page@example.com';
    const { enquiryId } = await aVerifiedDueDiligence(sam, { enquiry: { email } });
    const opened = await call(matters, 'POST', `/api/contact-requests/${enquiryId}/matter`, {
      cookie: sam.cookie,
      body: { side: 'purchase', propertyType: 'established', contractDate: '2026-11-25' },
    });
    expect(opened.status, opened.text).toBe(201);
    smtp.mails.length = 0;
    const asked = await call(myMatters, 'POST', '/api/matter-sign-in', {
      body: { email },
      context: { ip: '198.51.100.77' },
    });
    expect(asked.status).toBe(202);
    const { text } = await readMail(smtp.mails.find((mail) => mail.to.includes(email))!);
    const link = /http:\/\/localhost:8888(\/matter\/sign-in\/[A-Za-z0-9_-]{43})/.exec(text ?? '')![1]!;
    const cookie = cookieFrom((await call(myMatters, 'GET', link)).headers);
    const pageSays = async () => pageText((await call(myMatters, 'GET', '/matter/', { cookie })).text);

    expect((await policy(pia, { cash: 'none' })).status).toBe(200);
    expect(await pageSays()).toContain(CASH_CLIENT_TEXT.none);
    expect((await policy(pia, { cash: 'accepted' })).status).toBe(200);
    const accepted = await pageSays();
    expect(accepted).toContain(CASH_CLIENT_TEXT.accepted);
    expect(accepted).not.toContain(CASH_CLIENT_TEXT.none);
  });
});
