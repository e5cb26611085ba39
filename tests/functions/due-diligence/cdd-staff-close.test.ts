/**
 * Customer due diligence after the review: closing the matter, the desk's list field and
 * filter, retention, erasure with retention, and the daily reminder over a real local SMTP
 * server (cdd-staff-kit.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import cdd from '#functions/due-diligence.ts';
import contact from '#functions/contact.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import enquiries from '#functions/enquiries.ts';
import enquiryRetention from '#functions/enquiry-retention.ts';
import { alertPendingCdd } from '#server/due-diligence/cdd-pending-alert.ts';
import { deleteExpiredCdd } from '#server/due-diligence/cdd-retention.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { applyRetention } from '#server/desk/erasure.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { getCddMeta, insertCdd } from '#server/repositories/due-diligence-store.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { resetClock, setClockTo } from '#src/shared/clock.ts';
import { retainUntil } from '#src/content/amlctf.ts';
import { aSubmittedDueDiligence } from '../fixtures/builders.ts';
import { call, signedInStaff } from '../harness.ts';
import { readableText, useSmtp } from '../smtp.ts';
import {
  CLIENT_NAME,
  KEY,
  type Signed,
  alice,
  client,
  instructedEnquiry,
  post,
  submitted,
  submittedFields,
  useCddStaff,
  useKey,
  verifyBody,
  withSubmitted,
} from './cdd-staff-kit.ts';

useCddStaff();

describe('closing the matter', () => {
  it('keeps the records 7 years from the day it ended; refuses a day in the future, before the enquiry, or a shorter keeping', async () => {
    const id = await withSubmitted();
    const future = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.json.fieldErrors.endedAt).toEqual(['The matter cannot end in the future']);
    // A mistyped year (2016 for 2026) would have the records deleted the next day.
    const early = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: '2016-11-20' });
    expect(early.status).toBe(400);
    expect(early.json.fieldErrors.endedAt[0]).toMatch(/before the enquiry arrived/);

    const today = sydneyToday();
    // Seven years on, the same day (s 111), written out rather than asked of retainUntil;
    // a 29 February has none seven years on, and the record is kept to 1 March.
    const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)];
    const until = `${year + 7}-${monthDay === '02-29' ? '03-01' : monthDay}`;
    const closed = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: today });
    expect(closed.status).toBe(200);
    expect(closed.json).toEqual({ retainUntil: until });
    expect(await getCddMeta(id)).toMatchObject({ closedAt: today, retainUntil: until });
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie })).json;
    expect(view.retainUntil).toBe(until);
    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).json;
    expect(detail.activity.at(-1).text).toBe(
      `Matter closed (ended ${today}); due diligence records kept until ${until} (AML/CTF Act 2006 s 111)`,
    );
  });

  it('closes an enquiry without records: nothing to keep under s 111, only the close itself', async () => {
    const id = await instructedEnquiry();
    const closed = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: sydneyToday() });
    expect(closed.json).toEqual({ retainUntil: null });
    const meta = await getCddMeta(id);
    expect(meta).toMatchObject({ status: 'not-started', closedAt: sydneyToday() });
    expect(meta?.retainUntil).toBeUndefined();
  });
});

describe('the desk list', () => {
  it('shows each enquiry’s due diligence status, and cdd=pending finds instructed enquiries not verified', async () => {
    const notStarted = await instructedEnquiry();
    const waiting = await withSubmitted();
    const done = await withSubmitted();
    expect((await post(`/api/contact-requests/${done}/cdd/verify`, alice, verifyBody('medium'))).status).toBe(200);
    const notInstructed = (
      await call(contact, 'POST', '/api/contact', {
        body: {
          firstName: 'Only',
          lastName: 'Asking',
          email: 'asking@example.com',
          phone: '0400 555 666',
          serviceType: 'residential-purchase',
        },
      })
    ).json.id;

    const all = (await call(enquiries, 'GET', '/api/contact-requests', { cookie: alice.cookie })).json;
    const cddOf = (id: string) => all.find((item: { id: string }) => item.id === id).cdd;
    expect(cddOf(notStarted)).toBeNull();
    expect(cddOf(waiting)).toEqual({ status: 'submitted' });
    expect(cddOf(done)).toMatchObject({ status: 'verified' });
    expect(cddOf(notInstructed)).toBeNull();

    const pending = (await call(enquiries, 'GET', '/api/contact-requests?cdd=pending', { cookie: alice.cookie })).json;
    const ids = pending.map((item: { id: string }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([notStarted, waiting]));
    expect(ids).not.toContain(done);
    expect(ids).not.toContain(notInstructed);
    expect(pending.every((item: { status: string }) => item.status === 'instructed')).toBe(true);
    const wrong = await call(enquiries, 'GET', '/api/contact-requests?cdd=all', { cookie: alice.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('cdd must be one of: pending, rescreen, approval');
  });
});

describe('retention and erasure', () => {
  afterAll(() => {
    delete process.env.ENQUIRY_RETENTION_DAYS;
    resetLeadDeskEnv();
  });

  it('deletes records past retainUntil daily, and never deletes an enquiry that still has records', async () => {
    // Engaged in 2017: its accepted costs agreement, kept with the record, is past 7 years too.
    setClockTo(Date.parse('2017-12-01T00:00:00Z'));
    const expired = await withSubmitted({ status: 'verified', closedAt: '2018-01-01', retainUntil: '2025-01-01' });
    resetClock();
    const kept = await withSubmitted({ status: 'verified', closedAt: '2026-11-01', retainUntil: '2033-11-01' });
    const open = await withSubmitted({ status: 'verified' });

    // Every enquiry is past the privacy retention (1 day, seen from 2 days on).
    process.env.ENQUIRY_RETENTION_DAYS = '1';
    resetLeadDeskEnv();
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await deleteExpiredCdd(later.getTime())).toEqual([expired]);
    await applyRetention(later);
    expect(await getCddMeta(expired)).toBeNull();
    const exists = async (id: string) =>
      (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).status;
    expect(await exists(expired)).toBe(404);
    expect(await exists(kept)).toBe(200);
    expect(await exists(open)).toBe(200);
    expect(await getCddMeta(kept)).not.toBeNull();
    expect((await listAudit()).find((event) => event.action === 'cdd.retention')).toMatchObject({
      by: 'system',
      target: `${expired} (kept until 2025-01-01)`,
    });

    // The scheduled function runs the same steps (nothing left past its date now).
    expect((await enquiryRetention()).status).toBe(204);
    expect(await exists(kept)).toBe(200);
    // Staff cannot delete it by hand either.
    const manual = await call(enquiries, 'DELETE', `/api/contact-requests/${kept}`, { cookie: alice.cookie });
    expect(manual.status).toBe(409);
    expect(manual.json.error).toMatch(/s 111\) until 2033-11-01/);
  });

  it('keeps a closed matter’s record and its enquiry whatever the status was: the client’s link cannot empty it, erasure and deletion keep both', async () => {
    const email = 'closed-then-erased@example.com';
    const { enquiryId: id, token } = await aSubmittedDueDiligence(alice, {
      ...client(email),
      record: submittedFields({ status: 'in-progress' }),
    });
    const closed = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: sydneyToday() });
    expect(closed.status).toBe(200);
    const until = closed.json.retainUntil;

    const link = { context: { ip: '198.51.100.77' } };
    const emptied = await call(engageCdd, 'PUT', `/api/engage/${token}/cdd`, {
      ...link,
      body: { parties: [], declarations: {} },
    });
    expect(emptied.status).toBe(409);
    expect(emptied.json.error).toMatch(/can no longer be changed here/);
    expect((await call(engageCdd, 'POST', `/api/engage/${token}/cdd/submit`, link)).status).toBe(409);
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie })).json;
    expect(view.parties).toHaveLength(2);

    const erased = await call(enquiries, 'POST', '/api/contact-requests/erase', {
      cookie: alice.cookie,
      body: { email },
    });
    expect(erased.json).toEqual({ deleted: 0, kept: [{ id, reason: 'AML/CTF Act 2006 s 111', until }] });
    const manual = await call(enquiries, 'DELETE', `/api/contact-requests/${id}`, { cookie: alice.cookie });
    expect(manual.status).toBe(409);
    expect((await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).status).toBe(200);
    expect(await getCddMeta(id)).toMatchObject({ status: 'in-progress', retainUntil: until });
  });

  it('erases what it may and says what is kept, why and until when', async () => {
    const email = 'erase-but-keep@example.com';
    const plain = (
      await call(contact, 'POST', '/api/contact', {
        body: { firstName: 'E', lastName: 'K', email, phone: '0400 777 888', serviceType: 'residential-purchase' },
      })
    ).json.id;
    const closed = await instructedEnquiry(email);
    await insertCdd(submitted(closed, { status: 'verified', closedAt: '2026-11-02', retainUntil: '2033-11-02' }));
    const open = await instructedEnquiry(email);
    await insertCdd(submitted(open));
    // A draft the client never submitted is no record of an identification; but its
    // enquiry has an accepted costs agreement, which is kept (and the enquiry with it).
    const draft = await instructedEnquiry(email);
    await insertCdd(submitted(draft, { status: 'in-progress' }));

    const erased = await call(enquiries, 'POST', '/api/contact-requests/erase', {
      cookie: alice.cookie,
      body: { email },
    });
    expect(erased.status).toBe(200);
    // The draft's enquiry has an accepted costs agreement: kept 7 years from its acceptance.
    expect(erased.json).toEqual({
      deleted: 1,
      kept: expect.arrayContaining([
        { id: closed, reason: 'AML/CTF Act 2006 s 111', until: '2033-11-02' },
        { id: open, reason: 'AML/CTF Act 2006 s 111', until: null },
        {
          id: draft,
          reason: 'AML/CTF Act 2006 s 111 (accepted costs agreement)',
          until: retainUntil(sydneyToday(Date.now())),
        },
      ]),
    });
    expect(erased.json.kept).toHaveLength(3);
    const status = async (id: string) =>
      (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).status;
    expect(await status(plain)).toBe(404);
    expect(await status(draft)).toBe(200);
    expect(await status(closed)).toBe(200);
    expect(
      (await call(enquiries, 'GET', `/api/contact-requests/${closed}`, { cookie: alice.cookie })).json.engagement,
    ).not.toBeNull();
    expect((await listAudit()).at(-1)).toMatchObject({
      action: 'enquiry.erase',
      target: '1 enquiries; 3 kept (AML/CTF Act 2006 s 111)',
    });
  });
});

describe('the daily reminder', () => {
  /*
   * These matters are instructed at a known instant, and when they fall due is written out,
   * worked out by hand from the NSW business-day rule (decision 019: weekends and NSW public
   * holidays are not business days):
   * - instructed Friday 20 November 2026, 10:00 in Sydney (AEDT, UTC+11);
   * - Saturday 21 and Sunday 22 are the weekend; business day 1 is Monday 23, day 2 Tuesday
   *   24 November: pending until that day ends, overdue from Wednesday 25.
   * The other tests' matters were instructed at the real time, later than that, so none of
   * them is due yet at these instants. Only Date is faked, moving on from there in real time.
   */
  const INSTRUCTED = Date.parse('2026-11-19T23:00:00.000Z');
  const LAST_DAY_LATE = Date.parse('2026-11-24T12:00:00.000Z'); // Tuesday 24 November, 23:00 in Sydney
  const NEXT_MORNING = Date.parse('2026-11-24T19:00:00.000Z'); // Wednesday 25 November, 06:00 in Sydney
  const { mails } = useSmtp({ alertsTo: 'desk@example-conveyancing.com.au' });
  let staff: Signed;
  let waiting: string;
  let fresh: string;
  let done: string;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: INSTRUCTED, shouldAdvanceTime: true });
    useKey(KEY); // beforeEach's, which has not run yet when this block runs alone
    // Signed in on the faked clock, so the session is live at its time.
    staff = await signedInStaff();
    waiting = await withSubmitted({}, staff);
    done = await withSubmitted({ status: 'verified' }, staff);
    process.env.SITE_URL = 'https://conveyancing.example';
    resetLeadDeskEnv();
  });
  afterAll(async () => {
    vi.useRealTimers();
    delete process.env.SITE_URL;
    resetLeadDeskEnv();
  });

  const reminders = () => mails.filter((mail) => /Subject: Due diligence pending/.test(mail.raw));

  it('lists by id and link the instructed enquiries pending more than 2 NSW business days, nothing personal', async () => {
    fresh = await withSubmitted({}, staff);
    expect(await alertPendingCdd(LAST_DAY_LATE)).toEqual([]);
    expect(reminders()).toHaveLength(0);

    const pending = await alertPendingCdd(NEXT_MORNING);
    const ids = pending.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([waiting, fresh]));
    expect(ids).not.toContain(done);
    await vi.waitFor(() => expect(reminders()).toHaveLength(1), { timeout: 15_000 });
    const [mail] = reminders();
    expect(mail!.to).toEqual(['desk@example-conveyancing.com.au']);
    const body = await readableText(mail!);
    expect(body).toContain(`https://conveyancing.example/admin?enquiry=${waiting}`);
    expect(body).toContain(`${fresh}: instructed 2026-11-20`);
    for (const personal of [CLIENT_NAME, 'Philippa', 'client@example.com', '0400 111 222', 'Castle Hill'])
      expect(body).not.toContain(personal);
  });
});
