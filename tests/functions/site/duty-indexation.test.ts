/**
 * The yearly duty indexation (Duties Act 1997 s 33AC): principals add a year's ratio, the
 * table follows by the Act's rule, the site is rebuilt, and every server figure (an
 * enquiry's stored quote, an engagement's disclosure) uses the year of the contract date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import dutyIndexation from '#functions/duty-indexation.ts';
import engagements from '#functions/engagements.ts';
import enquiries from '#functions/enquiries.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { readBuildState } from '#server/repositories/site-builds-store.ts';
import { resetClock, setClockTo } from '#src/shared/clock.ts';
import { STALE_DUTY_NOTICE } from '#src/shared/engagement-document.ts';
import { ENQUIRY } from '../fixtures/builders.ts';
import { aQuote } from '../fixtures/quote.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let principal: { cookie: string; username: string };
let member: { cookie: string };
beforeAll(async () => {
  // 26 November 2026 in Sydney: the 2026-27 year has begun.
  setClockTo(Date.parse('2026-11-25T23:00:00Z'));
  principal = await signedInStaff('principal');
  member = await signedInStaff('staff');
});
afterAll(() => resetClock());

const list = (cookie: string) => call(dutyIndexation, 'GET', '/api/duty-indexation', { cookie });
const put = (cookie: string, year: string | number, body: unknown) =>
  call(dutyIndexation, 'PUT', `/api/duty-indexation/${year}`, { cookie, body });
const withdraw = (cookie: string, year: number) =>
  call(dutyIndexation, 'DELETE', `/api/duty-indexation/${year}`, { cookie });

const NOTICE_2026 = 'Notice of Adjusted Amounts under Section 33AF of Duties Act 1997 (2026)';
const TABLE_2026 = {
  effective: '2026-07-01',
  ranges: [
    { from: 0, base: 0, centsPer100: 125 },
    { from: 18_000, base: 225, centsPer100: 150 },
    { from: 38_000, base: 525, centsPer100: 175 },
    { from: 102_000, base: 1_645, centsPer100: 350 },
    { from: 383_000, base: 11_480, centsPer100: 450 },
    { from: 1_276_000, base: 51_665, centsPer100: 550 },
  ],
  premium: { from: 3_830_000, base: 192_135, centsPer100: 700 },
  source: NOTICE_2026,
};

/** An enquiry with a quote for a contract of `contractDate`: its stored figures. */
let enquiriesMade = 0;
/** A new enquiry each time (its own message: the same one again within minutes is a repeat). */
async function storedFigures(contractDate: string) {
  const made = await call(contact, 'POST', '/api/contact', {
    body: { ...ENQUIRY, message: `Duty enquiry ${++enquiriesMade}`, quote: aQuote({ contractDate }) },
  });
  expect(made.status, made.text).toBe(201);
  const rows = (await call(enquiries, 'GET', '/api/contact-requests', { cookie: principal.cookie })).json as {
    id: string;
    quote: { figures: Record<string, any> };
  }[];
  return { id: made.json.id as string, figures: rows.find((row) => row.id === made.json.id)!.quote.figures };
}

/** What staff would send for the enquiry: the disclosure and figures, nothing stored. */
async function preview(enquiryId: string) {
  const answer = await call(engagements, 'POST', `/api/contact-requests/${enquiryId}/engagement/preview`, {
    cookie: principal.cookie,
    body: {},
  });
  expect(answer.status, answer.text).toBe(200);
  const view = answer.json.view as { figures: Record<string, any>; disclosure: { paragraphs: string[] }[] };
  return { figures: view.figures, text: view.disclosure.flatMap((section) => section.paragraphs).join('\n') };
}

describe('who may', () => {
  it('is principals only: staff get 403, the signed-out 401, and nothing is stored', async () => {
    expect((await list(member.cookie)).status).toBe(403);
    expect((await put(member.cookie, 2026, { ratio: '1.260', source: NOTICE_2026 })).status).toBe(403);
    expect((await withdraw(member.cookie, 2026)).status).toBe(403);
    expect((await call(dutyIndexation, 'GET', '/api/duty-indexation')).status).toBe(401);
    expect((await list(principal.cookie)).json.years.map((row: { year: number }) => row.year)).toEqual([2025, 2024]);
  });
});

describe('before the 2026-27 indexation is added', () => {
  it('lists the shipped years and names the missing one', async () => {
    const answer = await list(principal.cookie);
    expect(answer.status).toBe(200);
    expect(answer.json.missing).toBe('2026-27');
    expect(answer.json.years[0]).toMatchObject({
      year: 2025,
      label: '2025-26',
      ratio: '1.224',
      shipped: true,
      effective: '2025-07-01',
      premium: { from: 3_721_000, base: 186_667, centsPer100: 700 },
    });
  });

  it('estimates a 2026-27 contract on last year’s thresholds, and the disclosure says so', async () => {
    const { id, figures } = await storedFigures('2026-11-25');
    expect(figures).toMatchObject({
      ratesEffective: '2025-07-01',
      ratesCurrent: false,
      transferDuty: { total: 30_412 },
    });
    const shown = await preview(id);
    expect(shown.figures).toMatchObject({ ratesEffective: '2025-07-01', ratesCurrent: false });
    expect(shown.text).toContain(STALE_DUTY_NOTICE);
  });
});

describe('PUT /api/duty-indexation/{year}', () => {
  it('refuses a ratio not written d.ddd, with the field named', async () => {
    for (const ratio of ['1.26', '1.2600', '1,260', 'abc', '', 1.26]) {
      const answer = await put(principal.cookie, 2026, { ratio, source: NOTICE_2026 });
      expect(answer.status, String(ratio)).toBe(400);
      expect(answer.json.fieldErrors.ratio, String(ratio)).toBeDefined();
    }
    const noSource = await put(principal.cookie, 2026, { ratio: '1.260', source: '  ' });
    expect(noSource.status).toBe(400);
    expect(noSource.json.fieldErrors.source).toBeDefined();
  });

  it('refuses a ratio below the previous year’s', async () => {
    const answer = await put(principal.cookie, 2026, { ratio: '1.223', source: NOTICE_2026 });
    expect(answer.status).toBe(400);
    expect(answer.json.fieldErrors.ratio).toEqual(['The ratio cannot be below 2025-26’s (1.224)']);
  });

  it('refuses a shipped year, a year past next 1 July’s, and a year whose previous one is not in', async () => {
    expect((await put(principal.cookie, 2025, { ratio: '1.300', source: NOTICE_2026 })).status).toBe(400);
    const early = await put(principal.cookie, 2028, { ratio: '1.300', source: NOTICE_2026 });
    expect(early.status).toBe(400);
    expect(early.json.error).toMatch(/latest year that can be is 2027-28/);
    const gap = await put(principal.cookie, 2027, { ratio: '1.300', source: NOTICE_2026 });
    expect(gap.status).toBe(400);
    expect(gap.json.error).toBe('Please add the 2026-27 duty indexation first');
    expect((await put(principal.cookie, 'next', { ratio: '1.300', source: NOTICE_2026 })).status).toBe(404);
    expect((await list(principal.cookie)).json.missing).toBe('2026-27');
  });

  it('adds 2026 at 1.260: answers its table, audits it and asks for a rebuild', async () => {
    const before = (await readBuildState()).state.changedAt;
    const answer = await put(principal.cookie, 2026, { ratio: '1.260', source: NOTICE_2026 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual(TABLE_2026);
    expect((await readBuildState()).state.changedAt).not.toBe(before);
    expect((await listAudit()).filter((event) => event.action.startsWith('duty-indexation'))).toEqual([
      expect.objectContaining({ by: principal.username, action: 'duty-indexation.save', target: '2026' }),
    ]);
    const listed = await list(principal.cookie);
    expect(listed.json.missing).toBeNull();
    expect(listed.json.years.map((row: { year: number }) => row.year)).toEqual([2026, 2025, 2024]);
    expect(listed.json.years[0]).toEqual({
      ...TABLE_2026,
      year: 2026,
      label: '2026-27',
      ratio: '1.260',
      shipped: false,
      addedAt: expect.stringMatching(/^2026-11-25T23:/),
      addedBy: principal.username,
    });
  });

  it('then uses 2026-27 for a contract dated 25 November 2026, and not for one dated 30 June 2026', async () => {
    const later = await storedFigures('2026-11-25');
    // $800,000: $11,480 + 4,170 × $4.50.
    expect(later.figures).toMatchObject({
      ratesEffective: '2026-07-01',
      ratesCurrent: true,
      transferDuty: { total: 30_245 },
    });
    const shown = await preview(later.id);
    expect(shown.figures).toMatchObject({ ratesEffective: '2026-07-01', ratesCurrent: true });
    expect(shown.text).toContain('$30,245.00');
    expect(shown.text).not.toContain(STALE_DUTY_NOTICE);

    const earlier = await storedFigures('2026-06-30');
    expect(earlier.figures).toMatchObject({
      ratesEffective: '2025-07-01',
      ratesCurrent: true,
      transferDuty: { total: 30_412 },
    });
  });

  it('holds a later year to its ratio: the year before cannot be raised above it', async () => {
    expect((await put(principal.cookie, 2027, { ratio: '1.290', source: 'Notice 2027' })).status).toBe(200);
    const above = await put(principal.cookie, 2026, { ratio: '1.300', source: NOTICE_2026 });
    expect(above.status).toBe(400);
    expect(above.json.fieldErrors.ratio).toEqual(['The ratio cannot be above 2027-28’s (1.290)']);
  });
});

describe('DELETE /api/duty-indexation/{year}', () => {
  it('withdraws the newest added year only, and never a shipped one', async () => {
    expect((await withdraw(principal.cookie, 2026)).status).toBe(409);
    expect((await withdraw(principal.cookie, 2025)).status).toBe(400);
    expect((await withdraw(principal.cookie, 2027)).status).toBe(204);
    expect((await withdraw(principal.cookie, 2027)).status).toBe(404);
    expect((await withdraw(principal.cookie, 2026)).status).toBe(204);
    expect((await list(principal.cookie)).json.missing).toBe('2026-27');
    expect((await listAudit()).filter((event) => event.action === 'duty-indexation.withdraw')).toHaveLength(2);
  });
});
