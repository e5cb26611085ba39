/**
 * What the law keeps, kept: an accepted costs agreement (its record and signed PDF) stays
 * with its enquiry through an erasure, a deletion by hand and the privacy retention, until
 * 7 years after the acceptance (or as long as the due-diligence record beside it), and an
 * erasure lists it under `kept` with the reason. An engagement never accepted goes.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import engagements from '../../netlify/functions/engagements.ts';
import enquiries from '../../netlify/functions/enquiries.ts';
import enquiryRetention from '../../netlify/functions/enquiry-retention.ts';
import { resetCddKeyEnv } from '../../netlify/functions/_shared/crypto/cdd-keys.ts';
import { retainUntil } from '../../src/content/amlctf.ts';
import { resetClock, setClockTo } from '../../src/shared/clock.ts';
import { sydneyToday } from '../../src/shared/sydney-time.ts';
import { anAcceptedEngagement, aSentEngagement, aSubmittedDueDiligence } from './fixtures/builders.ts';
import { call, signedInStaff, useBlobs } from './harness.ts';

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
