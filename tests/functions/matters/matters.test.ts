/**
 * A client's matter, staff's side: opened only for verified due diligence and once per
 * enquiry; deadlines worked out from the rules through the API (the cases), confirmed
 * or overridden with the computed date kept beside; milestones that follow the records or are
 * ticked by staff, each change e-mailing the client; the daily reminders and overdue alerts,
 * once each.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enquiryRetention from '#functions/enquiry-retention.ts';
import matters from '#functions/matters.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { sendMatterNotices } from '#server/matters/matter-mail.ts';
import { resetClock, setClockTo } from '#src/shared/clock.ts';
import { sydneyInstant } from '#src/shared/sydney-time.ts';
import {
  aSubmittedDueDiligence,
  aVerifiedDueDiligence,
  anAcceptedEngagement,
  ENQUIRY,
  IN_PERSON_VERIFICATION,
} from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { readableText, useSmtp } from '../smtp.ts';
import { sendDigestsNow } from '../fixtures/digests.ts';

useBlobs();
const STAFF_INBOX = 'desk@example-conveyancing.com.au';
const smtp = useSmtp({ alertsTo: STAFF_INBOX });

useCddKey();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff('staff');
});
/** Moves the clock and signs in again: a session is only good for 8 hours of the clock's time. */
const clockAt = async (instant: number) => {
  setClockTo(instant);
  staff = await signedInStaff('staff');
};
afterEach(async () => {
  resetClock();
  staff = await signedInStaff('staff');
});

const open = (enquiryId: string, body: unknown) =>
  call(matters, 'POST', `/api/contact-requests/${enquiryId}/matter`, { cookie: staff.cookie, body });
const patch = (id: string, body: unknown) =>
  call(matters, 'PATCH', `/api/matters/${id}`, { cookie: staff.cookie, body });
const read = (id: string) => call(matters, 'GET', `/api/matters/${id}`, { cookie: staff.cookie });
const list = () => call(matters, 'GET', '/api/matters', { cookie: staff.cookie });
const tick = (id: string, key: string, body: unknown) =>
  call(matters, 'POST', `/api/matters/${id}/milestones/${key}`, { cookie: staff.cookie, body });

/** A verified client's matter, opened with `body`; answers the matter. */
async function aMatter(body: Record<string, unknown> = {}, enquiry: Record<string, unknown> = {}) {
  const { enquiryId } = await aVerifiedDueDiligence(staff, { enquiry });
  const opened = await open(enquiryId, { side: 'purchase', propertyType: 'established', ...body });
  expect(opened.status, opened.text).toBe(201);
  return opened.json;
}

type Deadline = { key: string; date: string; time?: string };
const datesOf = (matter: { deadlines: Deadline[] }) =>
  Object.fromEntries(matter.deadlines.map((d) => [d.key, d.time ? `${d.date} ${d.time}` : d.date]));

/** Sydney at a wall-clock time, as the test clock takes it. */
const sydneyAt = (date: string, hhmm = '10:00') => {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = hhmm.split(':').map(Number);
  return sydneyInstant(y!, m!, d!, hh!, mm!);
};

describe('opening a matter', () => {
  it('waits for verified due diligence: 409 "due diligence not verified" before, 201 after, 409 again', async () => {
    const accepted = await anAcceptedEngagement(staff);
    const early = await open(accepted.enquiryId, { side: 'purchase', propertyType: 'established' });
    expect(early.status).toBe(409);
    expect(early.json.error).toBe('due diligence not verified');

    const submitted = await aSubmittedDueDiligence(staff);
    expect((await open(submitted.enquiryId, { side: 'purchase', propertyType: 'established' })).json.error).toBe(
      'due diligence not verified',
    );

    const { enquiryId } = await aVerifiedDueDiligence(staff, {
      send: { propertyAddress: '9 Engagement Ave, Kellyville NSW 2155', solicitor: undefined },
    });
    const opened = await open(enquiryId, { side: 'purchase', propertyType: 'established' });
    expect(opened.status, opened.text).toBe(201);
    expect(opened.json).toMatchObject({
      enquiryId,
      side: 'purchase',
      coolingOff: 'standard',
      client: { name: 'Ada Client', email: ENQUIRY.email },
      // The engagement's address, not the enquiry's.
      property: '9 Engagement Ave, Kellyville NSW 2155',
      deadlines: [],
      next: null,
      updateRequests: 0,
    });
    const again = await open(enquiryId, { side: 'sale', propertyType: 'established' });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This enquiry already has a matter');
  });

  it('refuses a signed-out caller (401), bad input (400 by field) and an unknown enquiry (404)', async () => {
    const { enquiryId } = await aVerifiedDueDiligence(staff);
    const anonymous = await call(matters, 'POST', `/api/contact-requests/${enquiryId}/matter`, {
      body: { side: 'purchase', propertyType: 'established' },
    });
    expect(anonymous.status).toBe(401);
    expect((await call(matters, 'GET', '/api/matters')).status).toBe(401);

    const bad = await open(enquiryId, {
      side: 'lease',
      propertyType: 'castle',
      contractDate: '2026-02-30',
      coolingOff: 'maybe',
      dates: [{ label: 'Settlement', date: '2027-01-01' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(
      ['contractDate', 'coolingOff', 'dates', 'propertyType', 'side'].sort(),
    );
    expect(bad.json.fieldErrors.contractDate[0]).toContain('not a real day');

    expect((await open('00000000000zzzzzzzzzzzzzzzz', { side: 'purchase', propertyType: 'established' })).status).toBe(
      404,
    );
  });
});

describe('deadlines through the API (the issue’s cases)', () => {
  it('works out cooling-off, settlement and duty, and again on every change', async () => {
    const matter = await aMatter({ contractDate: '2026-11-25' });
    expect(datesOf(matter)).toEqual({
      'cooling-off': '2026-12-02 17:00',
      settlement: '2027-01-06',
      duty: '2027-01-06',
    });
    expect(matter.deadlines.every((d: { confirmed: boolean; basis: string }) => !d.confirmed && d.basis)).toBe(true);

    const offThePlan = await patch(matter.id, { propertyType: 'off-the-plan' });
    expect(offThePlan.status, offThePlan.text).toBe(200);
    expect(datesOf(offThePlan.json)['cooling-off']).toBe('2026-12-09 17:00');

    const christmas = await patch(matter.id, { propertyType: 'established', contractDate: '2026-12-21' });
    expect(datesOf(christmas.json)).toMatchObject({ 'cooling-off': '2026-12-30 17:00', settlement: '2027-02-01' });

    const later = await patch(matter.id, { contractDate: '2026-11-25', settlementDate: '2027-04-30' });
    expect(datesOf(later.json)).toMatchObject({ settlement: '2027-04-30', duty: '2027-02-25' });

    const commercial = await patch(matter.id, { propertyType: 'commercial' });
    expect(Object.keys(datesOf(commercial.json)).sort()).toEqual(['duty', 'settlement']);
    const waived = await patch(matter.id, { propertyType: 'established', coolingOff: 'waived' });
    expect(Object.keys(datesOf(waived.json)).sort()).toEqual(['duty', 'settlement']);
    const none = await patch(matter.id, { coolingOff: 'none' });
    expect(Object.keys(datesOf(none.json)).sort()).toEqual(['duty', 'settlement']);
  });

  it('counts the Bank Holiday out, moves duty to a business day and shows a sale the purchaser’s cooling-off (issue 31)', async () => {
    type Full = Deadline & { basis: string; label: string; milestone?: string };
    const opened = async (body: Record<string, unknown>) => {
      const matter = await aMatter(body);
      // What the API keeps: the matter read back gives the same deadlines.
      const again = await read(matter.id);
      expect(again.status).toBe(200);
      expect(again.json.deadlines).toEqual(matter.deadlines);
      return {
        dates: datesOf(again.json),
        byKey: Object.fromEntries(again.json.deadlines.map((d: Full) => [d.key, d])),
      };
    };
    // Residential, established, exchanged Friday 31 July 2026 (a past date is accepted).
    await clockAt(sydneyAt('2026-11-30'));
    expect((await opened({ contractDate: '2026-07-31' })).dates['cooling-off']).toBe('2026-08-10 17:00');
    // Off the plan, an individual owner-occupier, exchanged 20 July 2026: 10 business days.
    const offThePlan = await opened({ propertyType: 'off-the-plan', ownerOccupier: true, contractDate: '2026-07-20' });
    expect(offThePlan.dates['cooling-off']).toBe('2026-08-04 17:00');
    // Exchanged 22 June 2026, no settlement date: day 42 is the Bank Holiday.
    expect(await opened({ contractDate: '2026-06-22' })).toMatchObject({
      dates: { settlement: '2026-08-04', duty: '2026-08-04' },
    });
    // Exchanged 3 July 2026, settling 20 November: duty moves from Saturday 3 October past Labour Day.
    const moved = await opened({ contractDate: '2026-07-03', settlementDate: '2026-11-20' });
    expect(moved.dates.duty).toBe('2026-10-06');
    expect(moved.byKey.duty.basis).toMatch(/Saturday 3 October 2026, which is not a business day.*s 36\(2\)/);
    // A sale, residential, exchanged 25 November 2026: the purchaser's cooling-off.
    const sale = await opened({ side: 'sale', contractDate: '2026-11-25' });
    expect(sale.dates).toEqual({ 'cooling-off': '2026-12-02 17:00', settlement: '2027-01-06' });
    expect(`${sale.byKey['cooling-off'].label} ${sale.byKey['cooling-off'].basis}`).toMatch(/purchaser’s/i);
    for (const coolingOff of ['waived', 'none']) {
      expect(Object.keys((await opened({ side: 'sale', contractDate: '2026-11-25', coolingOff })).dates)).toEqual([
        'settlement',
      ]);
    }
  });

  it('defers off the plan duty only for an individual: a company customer pays within 3 months', async () => {
    const { enquiryId } = await aVerifiedDueDiligence(staff, {
      record: {
        parties: [
          {
            type: 'company',
            name: 'Quarrie Holdings Pty Ltd',
            acnOrAbn: '123 456 789',
            registeredAddress: '1 George St, Sydney NSW 2000',
            principalPlace: '1 George St, Sydney NSW 2000',
            directors: ['Olive Owner'],
            owners: [
              {
                fullName: 'Olive Owner',
                dateOfBirth: '1965-01-02',
                address: '3 Other Rd, Bowral NSW 2576',
                phone: '0400 333 444',
                email: 'obf@example.com',
              },
            ],
          },
        ],
      },
      verification: [{ ...IN_PERSON_VERIFICATION[0]!, party: '0.owners.0' }],
    });
    const body = {
      side: 'purchase',
      propertyType: 'off-the-plan',
      ownerOccupier: true,
      contractDate: '2026-11-25',
      settlementDate: '2028-06-30',
    };
    const company = await open(enquiryId, body);
    expect(company.status, company.text).toBe(201);
    expect(datesOf(company.json).duty).toBe('2027-02-25');
    // The same contract for an individual owner-occupier waits for 15 months.
    expect(datesOf(await aMatter(body)).duty).toBe('2028-02-25');
  });

  it('keeps the computed date beside staff’s own, confirms, and refuses a deadline it does not have', async () => {
    const matter = await aMatter({
      contractDate: '2026-11-25',
      dates: [{ label: 'Finance approval', date: '2026-12-16' }],
    });
    const changed = await patch(matter.id, {
      deadlines: [
        { key: 'settlement', date: '2027-01-04' },
        { key: 'cooling-off', confirmed: true },
      ],
    });
    expect(changed.status, changed.text).toBe(200);
    const byKey = Object.fromEntries(changed.json.deadlines.map((d: Deadline) => [d.key, d]));
    expect(byKey.settlement).toMatchObject({ date: '2027-01-04', confirmed: true, computed: { date: '2027-01-06' } });
    expect(byKey['cooling-off']).toMatchObject({ date: '2026-12-02', confirmed: true });
    expect(byKey.duty).toMatchObject({ date: '2027-01-04', confirmed: false });
    expect(byKey.finance).toMatchObject({
      label: 'Finance approval',
      date: '2026-12-16',
      milestone: 'finance-approved',
    });

    const back = await patch(matter.id, { deadlines: [{ key: 'settlement', date: null }] });
    expect(back.json.deadlines.find((d: Deadline) => d.key === 'settlement')).toMatchObject({
      date: '2027-01-06',
      confirmed: false,
    });
    const unknown = await patch(matter.id, { deadlines: [{ key: 'probate', date: '2027-01-01' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors.deadlines[0]).toContain('probate');
    // Read back: the same as the last answer, with the changes on the timeline.
    const again = await read(matter.id);
    expect(again.json.deadlines).toEqual(back.json.deadlines);
    expect(again.json.timeline.map((entry: { text: string }) => entry.text)).toContain(
      'Changed: settlement back to the computed date',
    );
  });
});

describe('milestones', () => {
  it('follows the records for engaged and identity verified, and e-mails the client each change staff make', async () => {
    const matter = await aMatter();
    const recorded = matter.milestones.filter((m: { recorded?: boolean }) => m.recorded);
    expect(recorded.map((m: { key: string; done: boolean }) => [m.key, m.done])).toEqual([
      ['engaged', true],
      ['identity-verified', true],
    ]);
    expect((await tick(matter.id, 'engaged', { done: false })).status).toBe(409);
    expect((await tick(matter.id, 'discharge-ordered', { done: true })).status).toBe(404);
    // Exchange is dated by the contract.
    const early = await tick(matter.id, 'exchanged', { done: true });
    expect(early.status).toBe(409);
    await patch(matter.id, { contractDate: '2026-11-25' });
    smtp.mails.length = 0;

    const ticked = await tick(matter.id, 'exchanged', { done: true, note: 'Deposit received by the agent.' });
    expect(ticked.status, ticked.text).toBe(200);
    expect(ticked.json.milestones.find((m: { key: string }) => m.key === 'exchanged')).toEqual({
      key: 'exchanged',
      label: 'Contracts exchanged',
      done: true,
      doneAt: '2026-11-25',
      note: 'Deposit received by the agent.',
    });
    // The e-mail waits 2 minutes for the changes that follow (milestone-digest.ts).
    expect(smtp.mails).toHaveLength(0);
    expect(await sendDigestsNow()).toBe(1);
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0]!.to).toEqual([ENQUIRY.email]);
    const text = await readableText(smtp.mails[0]!);
    expect(text).toContain('Contracts exchanged');
    expect(text).toContain('Deposit received by the agent.');
    expect(text).toContain('Your next deadline is Cooling-off period ends: Wednesday 2 December 2026 at 5:00 pm');
    expect(text.trimEnd()).toMatch(
      /We will never send you new bank details by e-mail: before you transfer money, call us on \(02\) 5550 0123$/,
    );

    // The same again changes nothing and sends nothing.
    await tick(matter.id, 'exchanged', { done: true, note: 'Deposit received by the agent.' });
    expect(await sendDigestsNow()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(1);

    // No contract date, no exchange.
    const cleared = await patch(matter.id, { contractDate: null });
    expect(cleared.json.milestones.find((m: { key: string }) => m.key === 'exchanged').done).toBe(false);

    const actions = (await listAudit()).filter((event) => event.target.startsWith(matter.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['matter.open', 'matter.change', 'matter.milestone']));
  });
});

describe('the staff list', () => {
  it('lists open matters soonest next deadline first, counts what is overdue, and leaves settled ones out', async () => {
    await clockAt(sydneyAt('2026-12-10'));
    const overdue = await aMatter({ contractDate: '2026-11-25' }, { firstName: 'Olive', lastName: 'Overdue' });
    const later = await aMatter({ contractDate: '2027-01-20' }, { firstName: 'Larry', lastName: 'Later' });
    const settled = await aMatter({ contractDate: '2026-11-25' }, { firstName: 'Sam', lastName: 'Settled' });
    await tick(settled.id, 'settled', { done: true });

    const rows = (await list()).json as { id: string; client: string; next: unknown; overdue: number }[];
    const mine = rows.filter((row) => [overdue.id, later.id, settled.id].includes(row.id));
    expect(mine.map((row) => row.client)).toEqual(['Olive Overdue', 'Larry Later']);
    // Cooling-off ended on 2 December with its milestone not ticked: overdue, and still next.
    expect(mine[0]).toMatchObject({
      next: { key: 'cooling-off', label: 'Cooling-off period ends', date: '2026-12-02', time: '17:00' },
      overdue: 1,
      updateRequests: 0,
      property: ENQUIRY.propertyAddress,
      side: 'purchase',
    });
    expect(Object.keys(mine[0]!).sort()).toEqual(
      ['client', 'enquiryId', 'id', 'next', 'overdue', 'property', 'side', 'updateRequests'].sort(),
    );
    await tick(overdue.id, 'cooling-off-ended', { done: true });
    const after = ((await list()).json as typeof rows).find((row) => row.id === overdue.id)!;
    expect(after).toMatchObject({ next: { key: 'settlement', date: '2027-01-06' }, overdue: 0 });
  });
});

describe('the daily reminders', () => {
  it('reminds the client and staff 2 business days before, on the day for cooling-off, once each, and alerts an overdue deadline', async () => {
    await clockAt(sydneyAt('2026-11-25', '09:00'));
    const RITA = 'rita@example.com';
    const matter = await aMatter(
      { contractDate: '2026-11-25' },
      { firstName: 'Rita', lastName: 'Reminded', email: RITA },
    );
    // Other tests' matters have reminders of their own: only Rita's count here.
    const mine = async () => {
      const texts = await Promise.all(
        smtp.mails.map(async (mail) => ({ to: mail.to, text: await readableText(mail) })),
      );
      return texts.filter((mail) => mail.to.includes(RITA) || mail.text.includes('for Rita Reminded'));
    };

    // Friday 27 November: 2 business days before cooling-off ends is Friday (Mon 30, Tue 1, Wed 2).
    setClockTo(sydneyAt('2026-11-27'));
    smtp.mails.length = 0;
    await sendMatterNotices();
    await expect.poll(async () => (await mine()).length).toBe(0);

    setClockTo(sydneyAt('2026-11-30'));
    await sendMatterNotices();
    await expect.poll(async () => (await mine()).length).toBe(2);
    const [first, second] = await mine();
    const client = [first, second].find((mail) => mail!.to.includes(RITA))!;
    const desk = [first, second].find((mail) => mail!.to.includes(STAFF_INBOX))!;
    expect(client.text).toContain('Coming up: Cooling-off period ends');
    expect(client.text).toContain('s 66S');
    expect(client.text).toContain('estimate until your conveyancer confirms it');
    expect(client.text.trimEnd()).toMatch(/call us on \(02\) 5550 0123$/);
    expect(desk.text).toContain('Cooling-off period ends for Rita Reminded');

    // Once each: the same day again sends nothing.
    smtp.mails.length = 0;
    await enquiryRetention();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mine()).toHaveLength(0);

    // On the day: cooling-off once more.
    setClockTo(sydneyAt('2026-12-02', '10:00'));
    await sendMatterNotices();
    await expect.poll(async () => (await mine()).length).toBe(2);
    expect((await mine()).some((mail) => mail.text.includes('Today: Cooling-off period ends'))).toBe(true);

    // The next day, not ticked: staff are alerted it is overdue, the client is not.
    smtp.mails.length = 0;
    setClockTo(sydneyAt('2026-12-03', '10:00'));
    await sendMatterNotices();
    await expect.poll(async () => (await mine()).length).toBe(1);
    const [alert] = await mine();
    expect(alert!.to).toEqual([STAFF_INBOX]);
    expect(alert!.text).toContain('Overdue: Cooling-off period ends for Rita Reminded');

    await clockAt(sydneyAt('2026-12-03', '10:05'));
    const timeline = (await read(matter.id)).json.timeline.map((entry: { text: string }) => entry.text);
    expect(timeline.filter((text: string) => text.startsWith('Reminder sent: Cooling-off'))).toHaveLength(2);
  });
});
