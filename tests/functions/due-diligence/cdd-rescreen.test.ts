/**
 * Ongoing due diligence (AML/CTF Act s 30), through the real handlers over a real local
 * Blobs: re-screening a verified matter (history by account id, a possible match sends it
 * back for a principal's approval at high risk), the matters due for re-screening (the
 * desk's `cdd=rescreen`, the daily notice by id and link), and a matter closed before the
 * client gave anything, whose link then takes nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import cdd from '#functions/due-diligence.ts';
import contact from '#functions/contact.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import enquiries from '#functions/enquiries.ts';
import matters from '#functions/matters.ts';
import { alertScreeningsDue, screeningsDue } from '#server/due-diligence/screening-due.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { getCdd, getCddMeta, type CddRecord } from '#server/repositories/due-diligence-store.ts';
import { ENHANCED_REQUIRED } from '#src/shared/schemas/cdd-verification.ts';
import {
  CDD_CLOSED,
  MATTER_CLOSED_NO_RESCREEN,
  PRINCIPAL_APPROVER_REQUIRED,
  SECOND_APPROVER_REQUIRED,
} from '#src/shared/states/due-diligence.ts';
import { addCalendarDays, sydneyToday } from '#src/shared/sydney-time.ts';
import { resetClock } from '#src/shared/clock.ts';
import { anAcceptedEngagement, aSubmittedDueDiligence } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { readableText, useSmtp } from '../smtp.ts';

useBlobs();
const STAFF_INBOX = 'desk@example-conveyancing.com.au';
const { mails } = useSmtp({ alertsTo: STAFF_INBOX });

useCddKey();
afterEach(() => resetClock());

type Signed = Awaited<ReturnType<typeof signedInStaff>>;
/** Alice and Bob are principals; Carol is staff. */
let alice: Signed;
let bob: Signed;
let carol: Signed;
beforeAll(async () => {
  [alice, bob, carol] = [await signedInStaff(), await signedInStaff(), await signedInStaff('staff')];
  process.env.SITE_URL = 'https://conveyancing.example';
  resetLeadDeskEnv();
});
afterAll(() => {
  delete process.env.SITE_URL;
  resetLeadDeskEnv();
});

const CLIENT_NAME = 'Marguerite Oyelaran-Thistlewood';
const client = (email = 'rescreen@example.com') => ({
  enquiry: { firstName: 'Marguerite', email },
  acceptance: { fullName: CLIENT_NAME },
});

const today = () => sydneyToday();
/** The fixture's record (one individual, path "0") as the client submitted it, version 1. */
const withSubmitted = async (record: Partial<CddRecord> = {}, email?: string) =>
  aSubmittedDueDiligence(alice, {
    ...client(email),
    record: { parties: [{ type: 'individual', ...individual }], ...record },
  });
const individual = {
  fullName: CLIENT_NAME,
  dateOfBirth: '1974-06-09',
  address: '14 Improbable Lane, Kellyville NSW 2155',
  phone: '0411 222 999',
  email: 'mot@example.com',
};
const ENHANCED = {
  sourceOfWealth: 'Salary as a surgeon over twenty years',
  sourceOfFunds: 'Savings and an offset account',
  notes: 'Name differs in date of birth from the listed person; checked the passport in person',
};

const post = (path: string, who: { cookie: string }, body: unknown = {}) =>
  call(cdd, 'POST', path, { cookie: who.cookie, body });
const read = async (id: string) =>
  (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie })).json;
const rescreen = (id: string, who: { cookie: string }, body: Record<string, unknown>) =>
  post(`/api/contact-requests/${id}/cdd/rescreen`, who, body);

/** A matter verified low risk through the route by Alice, screened on `checkedOn`. */
async function verifiedMatter(checkedOn = today(), email?: string): Promise<{ id: string; token: string }> {
  const { enquiryId: id, token } = await withSubmitted({}, email);
  const verified = await post(`/api/contact-requests/${id}/cdd/verify`, alice, {
    verification: [
      {
        party: '0',
        method: 'in-person',
        documents: [{ type: 'Passport', issuer: 'Australia', last4: '7788' }],
        sanctionsCheckedAt: checkedOn,
        sanctionsResult: 'no-match',
        pepResult: 'not-pep',
      },
    ],
    version: 1,
    risk: { rating: 'low', reason: 'Long-standing client, funds from savings' },
  });
  expect(verified.json).toEqual({ status: 'verified' });
  return { id, token };
}

describe('POST /api/contact-requests/:id/cdd/rescreen', () => {
  it('records a no-match re-screen as history (account id and username), keeps the matter verified, and moves the last screening', async () => {
    const { id, token } = await verifiedMatter('2026-11-20');
    expect(await getCddMeta(id)).toMatchObject({ screenedOn: '2026-11-20' });
    const version = (await read(id)).version;

    // Any member of staff re-screens (not only principals).
    const done = await rescreen(id, carol, { checkedAt: today(), result: 'no-match', version });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ status: 'verified' });

    expect(await getCddMeta(id)).toMatchObject({ status: 'verified', screenedOn: today() });
    const view = await read(id);
    expect(view.screening.lastScreenedOn).toBe(today());
    expect(view.screening.rescreens).toEqual([
      { checkedAt: today(), result: 'no-match', byId: carol.id, by: carol.username, at: expect.any(String) },
    ]);
    // The rating stands: nothing to approve again.
    expect(view.ratings).toHaveLength(1);
    expect(view.approvals.verifiedBy).toBe(alice.username);

    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).json;
    expect(detail.activity.at(-1).text).toBe(
      `Sanctions re-screened by ${carol.username} (checked ${today()}): no match; still verified`,
    );
    expect((await listAudit()).filter((event) => event.action === 'cdd.rescreen').at(-1)).toMatchObject({
      by: carol.username,
      target: `${id} (no-match)`,
    });
    // The re-screen's result is sealed with the rest (not in the plain part).
    expect(JSON.stringify(await getCddMeta(id))).not.toContain('no-match');
    // The client's link still shows nothing of the details.
    const clientView = await call(engageCdd, 'GET', `/api/engage/${token}/cdd`, { context: { ip: '198.51.100.41' } });
    expect(clientView.json).toMatchObject({ status: 'verified', parties: [] });
  });

  it('sends a possible match back to awaiting approval at high risk: enhanced due diligence required, then a principal other than the re-screener approves', async () => {
    const { id, token } = await verifiedMatter('2026-11-20');
    const version = (await read(id)).version;

    const bare = await rescreen(id, alice, { checkedAt: today(), result: 'possible-match', version });
    expect(bare.status).toBe(400);
    expect(bare.json.fieldErrors.enhanced).toEqual([ENHANCED_REQUIRED]);
    expect((await getCddMeta(id))?.status).toBe('verified');

    const flagged = await rescreen(id, alice, {
      checkedAt: today(),
      result: 'possible-match',
      party: '0',
      version,
      enhanced: ENHANCED,
    });
    expect(flagged.status).toBe(200);
    expect(flagged.json).toEqual({ status: 'awaiting-approval' });
    expect(await getCddMeta(id)).toMatchObject({
      status: 'awaiting-approval',
      riskRating: 'high',
      screenedOn: today(),
    });
    const view = await read(id);
    expect(view.ratings).toHaveLength(2);
    expect(view.ratings.at(-1)).toMatchObject({
      rating: 'high',
      reason: `Re-screening on ${today()} found a possible match on the sanctions list`,
      enhanced: ENHANCED,
      byId: alice.id,
      by: alice.username,
    });
    // The first rating keeps its approval history; the record's approval is for the new one.
    expect(view.approvals.approvedBy).toBeUndefined();
    expect(view.screening.rescreens.at(-1)).toMatchObject({ result: 'possible-match', byId: alice.id });

    // The second-person rule applies again: not a staff account, not the re-screener.
    const byStaff = await post(`/api/contact-requests/${id}/cdd/approve`, carol);
    expect(byStaff.status).toBe(403);
    expect(byStaff.json.error).toBe(PRINCIPAL_APPROVER_REQUIRED);
    const byRater = await post(`/api/contact-requests/${id}/cdd/approve`, alice);
    expect(byRater.status).toBe(403);
    expect(byRater.json.error).toBe(SECOND_APPROVER_REQUIRED);
    // Awaiting approval is not verified: it is neither re-screened again nor due.
    expect((await rescreen(id, bob, { checkedAt: today(), result: 'no-match', version: view.version })).status).toBe(
      409,
    );

    // Meanwhile the client's link shows no details and takes no changes.
    const link = { context: { ip: '198.51.100.42' } };
    expect((await call(engageCdd, 'GET', `/api/engage/${token}/cdd`, link)).json).toMatchObject({
      status: 'awaiting-approval',
      parties: [],
    });
    expect(
      (await call(engageCdd, 'PUT', `/api/engage/${token}/cdd`, { ...link, body: { parties: [], declarations: {} } }))
        .status,
    ).toBe(409);

    // The match is resolved first (cdd-sanctions.test.ts): Carol records the false positive.
    const resolved = await post(`/api/contact-requests/${id}/cdd/sanctions-resolution`, carol, {
      party: '0',
      outcome: 'false-positive',
      evidence: 'The listed person was born in 1951; the client in 1974 (passport sighted)',
      version: view.version,
    });
    expect(resolved.json).toEqual({ status: 'awaiting-approval' });
    const byOther = await post(`/api/contact-requests/${id}/cdd/approve`, bob, {
      note: 'Checked the list entry: a different date of birth',
    });
    expect(byOther.status).toBe(200);
    expect((await read(id)).ratings.at(-1)).toMatchObject({ rating: 'high', approvedById: bob.id });
  });

  it('stops a true match: staff reject the matter waiting for approval, with the reason', async () => {
    const { id } = await verifiedMatter('2026-11-20');
    const { version } = await read(id);
    await rescreen(id, alice, {
      checkedAt: today(),
      result: 'possible-match',
      party: '0',
      version,
      enhanced: ENHANCED,
    });
    const rejected = await post(`/api/contact-requests/${id}/cdd/reject`, bob, {
      reason: 'True match on the Consolidated List: we cannot act',
      version: version + 1,
    });
    expect(rejected.json).toEqual({ status: 'rejected' });
    // The high rating stays on record, marked rejected.
    expect((await read(id)).ratings.at(-1)).toMatchObject({ rating: 'high', rejectedById: bob.id });
  });

  it('answers 400 for bad input: no version, an unknown result, a future day, or a day before the last screening', async () => {
    const { id } = await verifiedMatter('2026-11-20');
    const { version } = await read(id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ checkedAt: today(), result: 'no-match' }, 'version', 'Please send the version of the details you checked'],
      [{ checkedAt: today(), result: 'clear', version }, 'result', 'Please record the result of the sanctions check'],
      [
        { checkedAt: addCalendarDays(today(), 1), result: 'no-match', version },
        'checkedAt',
        'The sanctions check cannot be dated in the future',
      ],
      [
        { checkedAt: '2026-11-19', result: 'no-match', version },
        'checkedAt',
        'The last screening on record is dated 2026-11-20',
      ],
      [{ result: 'no-match', version }, 'checkedAt', 'Please enter the date of the sanctions check'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await rescreen(id, alice, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.fieldErrors[field][0]).toContain(message);
    }
    expect((await read(id)).screening.rescreens).toEqual([]);
  });

  it('answers 409 unless the matter is verified and open, and for details changed since they were read', async () => {
    const { enquiryId: submitted } = await withSubmitted();
    const notVerified = await rescreen(submitted, alice, { checkedAt: today(), result: 'no-match', version: 1 });
    expect(notVerified.status).toBe(409);
    expect(notVerified.json.error).toBe('This due diligence is submitted: it cannot be re-screened now');

    const { enquiryId: nothing } = await anAcceptedEngagement(alice, client());
    expect((await rescreen(nothing, alice, { checkedAt: today(), result: 'no-match', version: 0 })).status).toBe(409);

    const { id } = await verifiedMatter('2026-11-20');
    const { version } = await read(id);
    expect((await rescreen(id, alice, { checkedAt: today(), result: 'no-match', version: version - 1 })).status).toBe(
      409,
    );
    expect((await post(`/api/contact-requests/${id}/close`, alice, { endedAt: today() })).status).toBe(200);
    const closed = await rescreen(id, alice, { checkedAt: today(), result: 'no-match', version: version + 1 });
    expect(closed.status).toBe(409);
    expect(closed.json.error).toBe(MATTER_CLOSED_NO_RESCREEN);
  });

  it('answers 401 signed out and 503 without the key', async () => {
    const { id } = await verifiedMatter();
    expect((await call(cdd, 'POST', `/api/contact-requests/${id}/cdd/rescreen`, { body: {} })).status).toBe(401);
    process.env.CDD_ENCRYPTION_KEY = '';
    resetCddKeyEnv();
    expect((await rescreen(id, alice, { checkedAt: today(), result: 'no-match', version: 2 })).status).toBe(503);
  });
});

describe('matters due for re-screening', () => {
  it('lists verified open matters last screened more than 90 days ago on the desk (cdd=rescreen), each with its clock, and a re-screen takes one off', async () => {
    const ninetyOne = addCalendarDays(today(), -91);
    const ninety = addCalendarDays(today(), -90);
    const { id: due } = await verifiedMatter(ninetyOne);
    const { id: notYet } = await verifiedMatter(ninety);
    // Verified before the screening day was kept in plain: due at once.
    const { enquiryId: unrecorded } = await withSubmitted({ status: 'verified' });
    const { id: closed } = await verifiedMatter(ninetyOne);
    await post(`/api/contact-requests/${closed}/close`, alice, { endedAt: today() });

    const ids = (await screeningsDue()).map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([due, unrecorded]));
    expect(ids).not.toContain(notYet);
    expect(ids).not.toContain(closed);

    const desk = await call(enquiries, 'GET', '/api/contact-requests?cdd=rescreen', { cookie: carol.cookie });
    expect(desk.status).toBe(200);
    const listed = desk.json.map((item: { id: string }) => item.id);
    expect(listed).toEqual(expect.arrayContaining([due, unrecorded]));
    expect(listed).not.toContain(notYet);
    expect(listed).not.toContain(closed);
    const summary = (id: string) => desk.json.find((item: { id: string }) => item.id === id).cdd;
    expect(summary(due)).toEqual({
      status: 'verified',
      screening: { lastScreenedOn: ninetyOne, dueOn: today(), reason: 'interval', due: true },
    });
    expect(summary(unrecorded).screening).toEqual({
      lastScreenedOn: null,
      dueOn: null,
      reason: 'unrecorded',
      due: true,
    });

    // The one enquiry's detail says when it was screened and when it is next due.
    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${notYet}`, { cookie: carol.cookie })).json;
    expect(detail.cdd.screening).toEqual({
      lastScreenedOn: ninety,
      dueOn: addCalendarDays(today(), 1),
      reason: 'interval',
      due: false,
    });
    expect(
      (await call(enquiries, 'GET', `/api/contact-requests/${closed}`, { cookie: carol.cookie })).json.cdd,
    ).toEqual({
      status: 'verified',
      closedAt: today(),
    });

    const { version } = await read(due);
    expect((await rescreen(due, carol, { checkedAt: today(), result: 'no-match', version })).status).toBe(200);
    expect((await screeningsDue()).map((item) => item.id)).not.toContain(due);
  });

  it("brings a matter's screening forward to the week before its settlement, from its matter's dates", async () => {
    // Screened 30 days ago: not due by the 90-day rule. Its matter settles in 5 days.
    const { id } = await verifiedMatter(addCalendarDays(today(), -30), 'settling-soon@example.com');
    expect((await screeningsDue()).map((item) => item.id)).not.toContain(id);
    const opened = await call(matters, 'POST', `/api/contact-requests/${id}/matter`, {
      cookie: carol.cookie,
      body: { side: 'purchase', propertyType: 'established', settlementDate: addCalendarDays(today(), 5) },
    });
    expect(opened.status).toBe(201);
    const due = (await screeningsDue()).find((item) => item.id === id);
    expect(due).toMatchObject({ reason: 'settlement', dueOn: addCalendarDays(today(), -2) });
    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: carol.cookie })).json;
    expect(detail.cdd.screening).toMatchObject({ reason: 'settlement', due: true });
  });

  it('tells staff daily of the matters due, by id and link only', async () => {
    const { id } = await verifiedMatter(addCalendarDays(today(), -120), 'daily-rescreen@example.com');
    const notices = () => mails.filter((mail) => /Subject: Sanctions re-screening due/.test(mail.raw));
    const before = notices().length;
    const due = await alertScreeningsDue();
    expect(due.map((item) => item.id)).toContain(id);
    await vi.waitFor(() => expect(notices().length).toBe(before + 1), { timeout: 15_000 });
    const mail = notices().at(-1)!;
    expect(mail.to).toEqual([STAFF_INBOX]);
    const body = await readableText(mail);
    expect(body).toContain(`- ${id}: https://conveyancing.example/admin?enquiry=${id}`);
    for (const personal of [CLIENT_NAME, 'Marguerite', 'daily-rescreen@example.com', 'Improbable Lane', '1974-06-09'])
      expect(body).not.toContain(personal);
  });
});

describe('a matter closed before the client gave anything', () => {
  it('makes the client’s link refuse to start a record (409 with the message), and the staff view says the matter is closed', async () => {
    const { enquiryId: id, token } = await anAcceptedEngagement(alice, client('closed-first@example.com'));
    const closed = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: today() });
    expect(closed.json).toEqual({ retainUntil: null });

    const link = { context: { ip: '198.51.100.43' } };
    const saved = await call(engageCdd, 'PUT', `/api/engage/${token}/cdd`, {
      ...link,
      body: { parties: [{ type: 'individual', fullName: 'Late Starter' }], declarations: {} },
    });
    expect(saved.status).toBe(409);
    expect(saved.json.error).toBe(CDD_CLOSED);
    const submitted = await call(engageCdd, 'POST', `/api/engage/${token}/cdd/submit`, {
      ...link,
      body: { parties: [{ type: 'individual', ...individual }], declarations: {} },
    });
    expect(submitted.status).toBe(409);
    expect(submitted.json.error).toBe(CDD_CLOSED);
    // The page says the matter has ended and offers no form.
    const page = await call(engageCdd, 'GET', `/engage/${token}/identity`, link);
    expect(page.text).toContain('Your matter has ended');
    expect(page.text).not.toContain('<form');

    const stored = await getCdd(id);
    expect(stored?.record).toMatchObject({ status: 'not-started', parties: [], closedAt: today() });
    expect(stored?.record.retainUntil).toBeUndefined();
    expect(await read(id)).toMatchObject({ status: 'not-started', parties: [], closedAt: today() });
    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).json;
    expect(detail.cdd).toEqual({ status: 'not-started', closedAt: today() });
    expect(detail.activity.at(-1).text).toBe(
      `Matter closed (ended ${today()}); no due diligence records to keep, and the client’s link takes none now`,
    );

    // Closing again still keeps nothing under s 111.
    const again = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: today() });
    expect(again.json).toEqual({ retainUntil: null });
    expect((await getCddMeta(id))?.retainUntil).toBeUndefined();
  });

  it('holds nothing back: an erasure deletes such an enquiry with its empty record', async () => {
    const email = 'closed-nothing@example.com';
    const id = (
      await call(contact, 'POST', '/api/contact', {
        body: { firstName: 'C', lastName: 'N', email, phone: '0400 123 987', serviceType: 'residential-sale' },
      })
    ).json.id;
    expect((await post(`/api/contact-requests/${id}/close`, alice, { endedAt: today() })).json).toEqual({
      retainUntil: null,
    });
    const erased = await call(enquiries, 'POST', '/api/contact-requests/erase', {
      cookie: alice.cookie,
      body: { email },
    });
    expect(erased.json).toEqual({ deleted: 1, kept: [] });
    expect(await getCddMeta(id)).toBeNull();
  });
});
