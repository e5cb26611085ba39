/**
 * What the law keeps, kept: an accepted costs agreement (its record and signed PDF) stays
 * with its enquiry through an erasure, a deletion by hand and the privacy retention, until
 * 7 years after the acceptance (or as long as the due-diligence record beside it), and an
 * erasure lists it under `kept` with the reason. An engagement never accepted goes.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import engagements from '#functions/engagements.ts';
import enquiries from '#functions/enquiries.ts';
import enquiryRetention from '#functions/enquiry-retention.ts';
import leadMetrics from '#functions/lead-metrics.ts';
import { updateStoredEnquiry } from '#server/repositories/enquiries-store.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { retainUntil } from '#src/content/amlctf.ts';
import { resetClock, setClockTo } from '#src/shared/clock.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { anAcceptedEngagement, aSentEngagement, aSubmittedDueDiligence } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

beforeEach(() => {
  process.env.CDD_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  resetCddKeyEnv();
});
afterEach(() => resetClock());

let staff: { cookie: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

const REASON = 'AML/CTF Act 2006 s 111 (accepted costs agreement)';
let counter = 0;
const freshEmail = () => `keep-${++counter}-${Date.now()}@example.com`;

const enquiryStatus = async (id: string) =>
  (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: staff.cookie })).status;
const pdfStatus = async (engagementId: string) =>
  (await call(engagements, 'GET', `/api/engagements/${engagementId}/document.pdf`, { cookie: staff.cookie })).status;
const erase = (email: string) =>
  call(enquiries, 'POST', '/api/contact-requests/erase', { cookie: staff.cookie, body: { email } });

describe('an accepted engagement without due diligence records', () => {
  it('is kept through an erasure, listed under kept with the reason and until when', async () => {
    const email = freshEmail();
    const accepted = await anAcceptedEngagement(staff, { enquiry: { email } });
    const sentOnly = await aSentEngagement(staff, { enquiry: { email } });
    const erased = await erase(email);
    expect(erased.status, erased.text).toBe(200);
    const until = retainUntil(sydneyToday(Date.now()));
    expect(erased.json).toEqual({ deleted: 1, kept: [{ id: accepted.enquiryId, reason: REASON, until }] });
    // The agreement and its PDF are still there; the engagement never accepted went.
    expect(await enquiryStatus(accepted.enquiryId)).toBe(200);
    expect(await pdfStatus(accepted.id)).toBe(200);
    expect(await enquiryStatus(sentOnly.enquiryId)).toBe(404);
  });

  it('refuses a deletion by hand (409 naming the reason)', async () => {
    const accepted = await anAcceptedEngagement(staff, { enquiry: { email: freshEmail() } });
    const refused = await call(enquiries, 'DELETE', `/api/contact-requests/${accepted.enquiryId}`, {
      cookie: staff.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain('accepted costs agreement');
    expect(await pdfStatus(accepted.id)).toBe(200);
  });

  it('outlives the privacy retention, and goes with its enquiry 7 years after the acceptance', async () => {
    const accepted = await anAcceptedEngagement(staff, { enquiry: { email: freshEmail() } });
    const sentOnly = await aSentEngagement(staff, { enquiry: { email: freshEmail() } });
    // Three years idle: far past the 730 days, well within the 7 years.
    setClockTo(Date.now() + 3 * 365 * 24 * 3600_000);
    await enquiryRetention();
    resetClock();
    expect(await enquiryStatus(accepted.enquiryId)).toBe(200);
    expect(await pdfStatus(accepted.id)).toBe(200);
    expect(await enquiryStatus(sentOnly.enquiryId)).toBe(404);
    // Past the 7 years.
    setClockTo(Date.now() + 8 * 366 * 24 * 3600_000);
    await enquiryRetention();
    resetClock();
    expect(await enquiryStatus(accepted.enquiryId)).toBe(404);
  });
});

describe('with a due-diligence record', () => {
  it('is kept with the record, under its reason', async () => {
    const email = freshEmail();
    const submitted = await aSubmittedDueDiligence(staff, { enquiry: { email } });
    const erased = await erase(email);
    expect(erased.json.kept).toEqual([{ id: submitted.enquiryId, reason: 'AML/CTF Act 2006 s 111', until: null }]);
    expect(await pdfStatus(submitted.id)).toBe(200);
  });
});

describe('what the desk is told before a delete', () => {
  it('marks a kept enquiry in the list and the detail with its reason; others are not kept', async () => {
    const accepted = await anAcceptedEngagement(staff, { enquiry: { email: freshEmail(), firstName: 'Kept' } });
    const submitted = await aSubmittedDueDiligence(staff, { enquiry: { email: freshEmail(), firstName: 'Kept' } });
    const sentOnly = await aSentEngagement(staff, { enquiry: { email: freshEmail(), firstName: 'Kept' } });
    const list = await call(enquiries, 'GET', '/api/contact-requests?q=kept&limit=50', { cookie: staff.cookie });
    const keptOf = (id: string) => list.json.find((item: { id: string }) => item.id === id)?.kept;
    const until = retainUntil(sydneyToday(Date.now()));
    expect(keptOf(accepted.enquiryId)).toEqual({ what: 'engagement', section: REASON, until });
    expect(keptOf(submitted.enquiryId)).toEqual({ what: 'cdd', section: 'AML/CTF Act 2006 s 111', until: null });
    expect(keptOf(sentOnly.enquiryId)).toBeNull();
    const detail = await call(enquiries, 'GET', `/api/contact-requests/${accepted.enquiryId}`, {
      cookie: staff.cookie,
    });
    expect(detail.json.kept).toEqual({ what: 'engagement', section: REASON, until });
  });
});

describe("the time to first contact (staff's, not the client's)", () => {
  const measured = async () =>
    (await call(leadMetrics, 'GET', '/api/lead-metrics?from=2000-01-01&to=2100-01-01', { cookie: staff.cookie })).json
      .firstContact.measured;

  it("does not count a client's online acceptance as the first call, even one stored so before", async () => {
    const before = await measured();
    const accepted = await anAcceptedEngagement(staff, { enquiry: { email: freshEmail() } });
    const detail = await call(enquiries, 'GET', `/api/contact-requests/${accepted.enquiryId}`, {
      cookie: staff.cookie,
    });
    expect(detail.json.status).toBe('instructed');
    expect(detail.json.firstContactAt).toBeNull();
    expect(await measured()).toBe(before);

    // Stored before the fix: the first contact stamped at the acceptance itself.
    const acceptedAt: string = detail.json.engagement.acceptedAt;
    expect(acceptedAt).toEqual(expect.any(String));
    const stamp = (firstContactAt: string | null) =>
      updateStoredEnquiry(accepted.enquiryId, (record) => ({ ...record!, firstContactAt }), 'conflict');
    await stamp(acceptedAt);
    expect(await measured()).toBe(before);

    // Staff's own first call is measured.
    await stamp(null);
    const called = await call(enquiries, 'POST', `/api/contact-requests/${accepted.enquiryId}/notes`, {
      cookie: staff.cookie,
      body: { kind: 'call', text: 'Called' },
    });
    expect(called.status).toBe(201);
    expect(await measured()).toBe(before + 1);
  });
});
