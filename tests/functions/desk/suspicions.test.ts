/**
 * The suspicious-matter register (AML/CTF Act s 41, s 123): any member of staff records a
 * suspicion, principals read the register with its clock and record the report; entries are
 * sealed, kept 7 years with the enquiry they name, audited on every read, announced to
 * principals when due, and change nothing the client can see.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import audit from '#functions/audit.ts';
import engage from '#functions/engage.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import enquiries from '#functions/enquiries.ts';
import enquiryRetention from '#functions/enquiry-retention.ts';
import suspicions from '#functions/suspicions.ts';
import { alertDueReports, deleteExpiredSuspicions, reportDueBy } from '#server/desk/suspicious-matters.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { openStore } from '#server/repositories/blobs.ts';
import { listMails } from '#server/repositories/mail-outbox-store.ts';
import { listSuspicions } from '#server/repositories/suspicions-store.ts';
import { resetClock, setClockTo } from '#src/shared/clock.ts';
import { aSubmittedDueDiligence, anEnquiry, ENQUIRY } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { readableText, useSmtp } from '../smtp.ts';

const blobs = useBlobs();
const STAFF_INBOX = 'desk@example-conveyancing.com.au';
const smtp = useSmtp({ alertsTo: STAFF_INBOX });

const KEY = randomBytes(32).toString('base64');
const useKey = (key: string) => {
  process.env.CDD_ENCRYPTION_KEY = key;
  resetCddKeyEnv();
};
beforeEach(() => useKey(KEY));
afterEach(() => {
  resetClock();
  vi.restoreAllMocks();
});

let principal: { cookie: string; username: string };
let member: { cookie: string; username: string };
beforeAll(async () => {
  principal = await signedInStaff('principal');
  member = await signedInStaff('staff');
});

// Grounds that appear nowhere else, so any leak of them is found.
const GROUNDS = 'Funds wired from Quixotic Holdings Zarovia, refused to explain the third party payer';

const record = (cookie: string, enquiryId: string, body: unknown = { kind: 'money-laundering', grounds: GROUNDS }) =>
  call(suspicions, 'POST', `/api/contact-requests/${enquiryId}/suspicion`, { cookie, body });
const register = (cookie: string) => call(suspicions, 'GET', '/api/suspicions', { cookie });
const report = (cookie: string, id: string, body: unknown) =>
  call(suspicions, 'PATCH', `/api/suspicions/${id}`, { cookie, body });

describe('recording a suspicion', () => {
  it('is open to any member of staff: 201 with its id and when the report is due', async () => {
    const enquiryId = await anEnquiry();
    const before = Date.now();
    const made = await record(member.cookie, enquiryId, { kind: 'terrorism-financing', grounds: GROUNDS });
    expect(made.status, made.text).toBe(201);
    expect(Object.keys(made.json).sort()).toEqual(['id', 'reportDueBy']);
    // Terrorism financing: 24 hours (s 41(2)(a)).
    const due = Date.parse(made.json.reportDueBy);
    expect(due - before).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(due - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('refuses a signed-out caller (401), a bad body (400 by field) and an unknown enquiry (404)', async () => {
    const enquiryId = await anEnquiry();
    expect((await call(suspicions, 'POST', `/api/contact-requests/${enquiryId}/suspicion`, { body: {} })).status).toBe(
      401,
    );
    const bad = await record(member.cookie, enquiryId, { kind: 'gossip', grounds: '  ' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['grounds', 'kind']);
    expect((await record(member.cookie, '00000000000000000000000000x')).status).toBe(404);
    expect((await record(member.cookie, 'mzzzzzzzzzz0000aaaaaaaaaaaa')).status).toBe(404);
  });

  it('answers 503 without CDD_ENCRYPTION_KEY, and stores nothing', async () => {
    const enquiryId = await anEnquiry();
    const count = (await listSuspicions()).length;
    useKey('');
    const refused = await record(member.cookie, enquiryId);
    expect(refused.status).toBe(503);
    useKey(KEY);
    expect((await listSuspicions()).length).toBe(count);
  });
});

describe('the report clock (s 41(2))', () => {
  it('gives other suspicions to the end of the 3rd NSW business day after, skipping weekends and holidays', async () => {
    // Friday 27 November 2026, 3 pm Sydney: Mon 30, Tue 1, Wed 2 December; due by midnight.
    const friday = Date.parse('2026-11-27T04:00:00Z');
    expect(await reportDueBy('money-laundering', friday)).toBe('2026-12-02T13:00:00.000Z');
    expect(await reportDueBy('other', friday)).toBe('2026-12-02T13:00:00.000Z');
    // Thursday 24 December 2026: Christmas, Boxing Day (a Saturday, so Monday 28 too) are not business days.
    expect(await reportDueBy('money-laundering', Date.parse('2026-12-24T01:00:00Z'))).toBe('2026-12-31T13:00:00.000Z');
    expect(await reportDueBy('terrorism-financing', friday)).toBe('2026-11-28T04:00:00.000Z');
  });
});

describe('the register', () => {
  it('is for principals only (403 for staff), with the clock, and every read is audited by ids only', async () => {
    const enquiryId = await anEnquiry();
    const made = await record(member.cookie, enquiryId);
    const refused = await register(member.cookie);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: 'Only a principal of the practice can do that' });

    const listed = await register(principal.cookie);
    expect(listed.status).toBe(200);
    const row = listed.json.find((entry: any) => entry.id === made.json.id);
    expect(row).toMatchObject({
      enquiryId,
      kind: 'money-laundering',
      grounds: GROUNDS,
      reportDueBy: made.json.reportDueBy,
      overdue: false,
      report: null,
      recordedBy: { username: member.username },
    });
    expect(row.retainUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(row.retainUntil.slice(0, 4)) - Number(row.recordedAt.slice(0, 4))).toBe(7);

    const log = (await call(audit, 'GET', '/api/audit?limit=100', { cookie: principal.cookie })).json.entries as any[];
    const reads = log.filter((entry) => entry.action === 'suspicion.read');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0].target).toContain(made.json.id);
    expect(log.some((entry) => entry.action === 'suspicion.record' && entry.target === made.json.id)).toBe(true);
    expect(JSON.stringify(log)).not.toContain('Quixotic');
  });

  it('records the report once: principals only, date and reference required, not in the future', async () => {
    const made = await record(member.cookie, await anEnquiry());
    const id = made.json.id;
    const body = { reportedAt: '2026-11-20', reference: 'SMR-0001234' };
    expect((await report(member.cookie, id, body)).status).toBe(403);
    const missing = await report(principal.cookie, id, { reportedAt: '2026-11-20' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fieldErrors)).toEqual(['reference']);
    expect((await report(principal.cookie, id, { ...body, reportedAt: '2999-01-01' })).status).toBe(400);
    expect((await report(principal.cookie, 'mzzzzzzzzzz0000aaaaaaaaaaaa', body)).status).toBe(404);

    const done = await report(principal.cookie, id, body);
    expect(done.status, done.text).toBe(200);
    expect(done.json.report).toMatchObject({ ...body, recordedBy: { username: principal.username } });
    expect(done.json.overdue).toBe(false);
    const again = await report(principal.cookie, id, { ...body, reference: 'SMR-9' });
    expect(again.status).toBe(409);
    const row = ((await register(principal.cookie)).json as any[]).find((entry) => entry.id === id);
    expect(row.report.reference).toBe('SMR-0001234');
  });
});

/** Every file under a directory, read as text. */
function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [readFileSync(full, 'latin1')];
  });
}

describe('at rest', () => {
  it('seals the grounds and the reference: no blob on disk holds them', async () => {
    const made = await record(member.cookie, await anEnquiry());
    await report(principal.cookie, made.json.id, { reportedAt: '2026-11-20', reference: 'ZQREF-778899' });
    const everything = filesUnder(blobs.directory()).join('\n');
    expect(everything).not.toContain('Quixotic');
    expect(everything).not.toContain('ZQREF-778899');
  });

  it('binds each entry to its id: sealed grounds moved to another entry do not open', async () => {
    const first = (await record(member.cookie, await anEnquiry())).json.id;
    const second = (await record(member.cookie, await anEnquiry(), { kind: 'other', grounds: 'Other grounds' })).json
      .id;
    const store = openStore('suspicions');
    const a = (await store.get(first, { type: 'json' })) as any;
    const b = (await store.get(second, { type: 'json' })) as any;
    await store.setJSON(second, { ...b, sealed: a.sealed });
    const listed = await register(principal.cookie);
    expect(listed.status).toBe(500);
    await store.setJSON(second, b);
    expect((await register(principal.cookie)).status).toBe(200);
  });
});

describe('kept 7 years with the enquiry it names', () => {
  it('keeps the enquiry through an erasure (listed under kept with the reason) and a deletion by hand', async () => {
    const email = `kept-${Date.now()}@example.com`;
    const enquiryId = await anEnquiry({ email });
    const other = await anEnquiry({ email });
    const made = await record(member.cookie, enquiryId);
    const erased = await call(enquiries, 'POST', '/api/contact-requests/erase', {
      cookie: principal.cookie,
      body: { email },
    });
    expect(erased.status, erased.text).toBe(200);
    const row = ((await register(principal.cookie)).json as any[]).find((entry) => entry.id === made.json.id);
    expect(erased.json).toEqual({
      deleted: 1,
      kept: [{ id: enquiryId, reason: 'AML/CTF Act 2006 s 111 (suspicious matter register)', until: row.retainUntil }],
    });
    const gone = await call(enquiries, 'GET', `/api/contact-requests/${other}`, { cookie: principal.cookie });
    expect(gone.status).toBe(404);

    const deleted = await call(enquiries, 'DELETE', `/api/contact-requests/${enquiryId}`, { cookie: principal.cookie });
    expect(deleted.status).toBe(409);
    expect(deleted.json.error).toContain('suspicious matter register');
    expect(
      (await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: principal.cookie })).status,
    ).toBe(200);
    expect((await listSuspicions()).some((entry) => entry.id === made.json.id)).toBe(true);
  });

  it('keeps it through the privacy retention, and lets the entry go only after its 7 years', async () => {
    const enquiryId = await anEnquiry();
    const made = await record(member.cookie, enquiryId);
    // Three years on: the enquiry is long past 730 idle days, the entry is not past 7 years.
    const threeYears = Date.now() + 3 * 365 * 24 * 3600_000;
    setClockTo(threeYears);
    await enquiryRetention();
    resetClock();
    expect(
      (await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: principal.cookie })).status,
    ).toBe(200);
    expect(await deleteExpiredSuspicions(threeYears)).not.toContain(made.json.id);
    // Past retainUntil: the entry goes.
    const eightYears = Date.now() + 8 * 366 * 24 * 3600_000;
    expect(await deleteExpiredSuspicions(eightYears)).toContain(made.json.id);
    expect((await listSuspicions()).some((entry) => entry.id === made.json.id)).toBe(false);
  });
});

describe('the daily notice to principals', () => {
  it('names reports due within a business day by id and link only, never grounds or the enquiry', async () => {
    const enquiryId = await anEnquiry();
    const made = await record(member.cookie, enquiryId, { kind: 'terrorism-financing', grounds: GROUNDS });
    smtp.mails.length = 0;
    const due = await alertDueReports();
    expect(due.map((item) => item.id)).toContain(made.json.id);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual([STAFF_INBOX]);
    const text = await readableText(smtp.mails[0]!);
    expect(text).toContain(made.json.id);
    expect(text).toContain(`/admin?suspicion=${made.json.id}`);
    expect(text).not.toContain('Quixotic');
    expect(text).not.toContain(enquiryId);
    expect(text).not.toContain(ENQUIRY.email);
  });

  it('links to the address the daily function was called at (no SITE_URL: another port)', async () => {
    const made = await record(member.cookie, await anEnquiry(), { kind: 'terrorism-financing', grounds: 'z' });
    smtp.mails.length = 0;
    await enquiryRetention(new Request('http://localhost:8931/.netlify/functions/enquiry-retention'));
    const notice = smtp.mails.find((mail) => mail.to.includes(STAFF_INBOX) && mail.raw.includes('AUSTRAC'));
    expect(notice).toBeDefined();
    expect(await readableText(notice!)).toContain(`http://localhost:8931/admin?suspicion=${made.json.id}`);
  });

  it('leaves out what is reported and what is due later than the next business day', async () => {
    const reported = (await record(member.cookie, await anEnquiry(), { kind: 'terrorism-financing', grounds: 'x' }))
      .json.id;
    await report(principal.cookie, reported, { reportedAt: '2026-11-20', reference: 'SMR-1' });
    const later = (await record(member.cookie, await anEnquiry(), { kind: 'other', grounds: 'y' })).json.id;
    const ids = (await alertDueReports()).map((item) => item.id);
    expect(ids).not.toContain(reported);
    expect(ids).not.toContain(later);
  });
});

describe('tipping off (s 123): a suspicion changes nothing the client can see', () => {
  it('leaves every answer of the link, the enquiry and the mail byte for byte as they were', async () => {
    // A client who has given their identity details: the link shows the record's status.
    const engagement = await aSubmittedDueDiligence(principal);
    const { token, enquiryId } = engagement;
    const clientView = async () => {
      const answers = [];
      for (const [handler, pathname] of [
        [engage, `/engage/${token}`],
        [engage, `/api/engage/${token}`],
        [engageCdd, `/engage/${token}/identity`],
        [engageCdd, `/api/engage/${token}/cdd`],
      ] as const) {
        const answer = await call(handler, 'GET', pathname);
        answers.push({ pathname, status: answer.status, body: answer.text });
      }
      const enquiry = await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: principal.cookie });
      const outbox = (await listMails()).filter((mail) => JSON.stringify(mail).includes(enquiryId));
      return { answers, enquiry: { status: enquiry.status, body: enquiry.text }, outbox: JSON.stringify(outbox) };
    };
    // The first views mark the link viewed; from then on a view changes nothing.
    await clientView();
    smtp.mails.length = 0;
    const before = await clientView();
    const made = await record(member.cookie, enquiryId, { kind: 'money-laundering', grounds: GROUNDS });
    expect(made.status).toBe(201);
    // The daily job runs too (the notice goes to staff only).
    await enquiryRetention();
    const after = await clientView();
    expect(after).toStrictEqual(before);
    for (const answer of before.answers) expect(answer.status).toBe(200);
    for (const mail of smtp.mails) expect(mail.to).not.toContain(engagement.email);
  });
});

describe('the clock runs out', () => {
  it('shows an unreported suspicion past its clock as overdue, first', async () => {
    const enquiryId = await anEnquiry();
    const made = await record(member.cookie, enquiryId, { kind: 'terrorism-financing', grounds: GROUNDS });
    // The server's clock a second past the due time; sessions run on it too, so sign in then.
    setClockTo(Date.parse(made.json.reportDueBy) + 1000);
    const later = await signedInStaff('principal');
    const listed = (await register(later.cookie)).json as any[];
    resetClock();
    const row = listed.find((entry) => entry.id === made.json.id);
    expect(row.overdue).toBe(true);
    expect(listed[0].report).toBeNull();
  });
});
