/**
 * The deadline engine against the cases and the edges around them: weekends, NSW
 * public holidays, off the plan, commercial property, a waived or absent cooling-off period.
 */
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  deadlineEnds,
  matterDeadlines,
  type Deadline,
  type DeadlineFacts,
} from '#src/shared/matter-deadlines.ts';

const facts = (over: Partial<DeadlineFacts> = {}): DeadlineFacts => ({
  side: 'purchase',
  propertyType: 'established',
  coolingOff: 'standard',
  dates: [],
  overrides: [],
  confirmed: [],
  ...over,
});

const byKey = (deadlines: Deadline[]) => Object.fromEntries(deadlines.map((deadline) => [deadline.key, deadline]));
const dates = async (over: Partial<DeadlineFacts>) =>
  Object.fromEntries((await matterDeadlines(facts(over))).map((d) => [d.key, d.time ? `${d.date} ${d.time}` : d.date]));

describe('the deadline engine', () => {
  it('works out the issue’s contract of 25 November 2026 for an established home', async () => {
    expect(await dates({ contractDate: '2026-11-25' })).toEqual({
      'cooling-off': '2026-12-02 17:00',
      settlement: '2027-01-06',
      // 3 months would be 25 February; settlement comes first.
      duty: '2027-01-06',
    });
  });

  it('gives an off the plan contract 10 business days of cooling-off', async () => {
    const off = await dates({ contractDate: '2026-11-25', propertyType: 'off-the-plan' });
    expect(off['cooling-off']).toBe('2026-12-09 17:00');
  });

  it('skips Christmas and Boxing Day’s Monday substitute (issue: contract 21 December 2026)', async () => {
    expect(await dates({ contractDate: '2026-12-21' })).toMatchObject({
      'cooling-off': '2026-12-30 17:00',
      settlement: '2027-02-01',
    });
  });

  it('puts duty at 3 months when the entered settlement is later', async () => {
    expect((await dates({ contractDate: '2026-11-25', settlementDate: '2027-04-30' })).duty).toBe('2027-02-25');
    // 30 November plus 3 months: February has no 30th, so its last day, Sunday 28 February
    // 2027, which is not a business day: the last day to pay is Monday 1 March (s 36(2)).
    expect((await dates({ contractDate: '2026-11-30', settlementDate: '2027-06-30' })).duty).toBe('2027-03-01');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
  });

  it('lets an off the plan owner-occupier who is an individual pay duty by settlement or 15 months (s 49A)', async () => {
    const later = { contractDate: '2026-11-25', propertyType: 'off-the-plan' as const, settlementDate: '2028-06-30' };
    expect((await dates({ ...later, ownerOccupier: true })).duty).toBe('2028-02-25');
    expect((await dates({ ...later, ownerOccupier: false })).duty).toBe('2027-02-25');
    // A company or trust customer gets 3 months, whatever the owner-occupier box says.
    expect((await dates({ ...later, ownerOccupier: true, entityPurchaser: true })).duty).toBe('2027-02-25');
    expect((await dates({ ...later, ownerOccupier: true, settlementDate: '2027-09-01' })).duty).toBe('2027-09-01');
  });

  it('has no cooling-off for commercial property, a s 66W waiver or an auction; a sale shows the purchaser’s', async () => {
    for (const over of [
      { propertyType: 'commercial' as const },
      { coolingOff: 'waived' as const },
      { coolingOff: 'none' as const },
    ]) {
      const keys = Object.keys(await dates({ contractDate: '2026-11-25', ...over }));
      expect(keys).toEqual(['settlement', 'duty']);
    }
    // The vendor pays no duty; the cooling-off period on a sale is the purchaser's.
    const sale = byKey(await matterDeadlines(facts({ contractDate: '2026-11-25', side: 'sale' })));
    expect(Object.keys(sale)).toEqual(['cooling-off', 'settlement']);
    expect(sale['cooling-off']).toMatchObject({
      date: '2026-12-02',
      time: '17:00',
      label: 'Purchaser’s cooling-off period ends',
    });
    expect(sale['cooling-off']!.basis).toContain('The purchaser’s cooling-off period');
    // A sale has no "cooling-off ended" milestone: the purchaser's period is met once it passes.
    expect(sale['cooling-off']!.milestone).toBeUndefined();
    for (const coolingOff of ['waived', 'none'] as const) {
      expect(Object.keys(await dates({ contractDate: '2026-11-25', side: 'sale', coolingOff }))).toEqual([
        'settlement',
      ]);
    }
    // Vacant land for a home is residential property (s 66Q(1)(b)).
    expect((await dates({ contractDate: '2026-11-25', propertyType: 'vacant-land' }))['cooling-off']).toBe(
      '2026-12-02 17:00',
    );
  });

  it('leaves the Bank Holiday out of cooling-off, settlement and duty', async () => {
    // Friday 31 July 2026: 5 business days skip Monday 3 August (the Bank Holiday).
    expect((await dates({ contractDate: '2026-07-31' }))['cooling-off']).toBe('2026-08-10 17:00');
    // Off the plan, 20 July 2026: 10 business days end on Tuesday 4 August.
    expect(
      (await dates({ contractDate: '2026-07-20', propertyType: 'off-the-plan', ownerOccupier: true }))['cooling-off'],
    ).toBe('2026-08-04 17:00');
    // Monday 22 June 2026: the 42nd day is the Bank Holiday, so settlement and duty are Tuesday 4 August.
    expect(await dates({ contractDate: '2026-06-22' })).toMatchObject({ settlement: '2026-08-04', duty: '2026-08-04' });
    expect((await dates({ contractDate: '2027-06-21' })).settlement).toBe('2027-08-03');
  });

  it('moves a duty date that is not a business day to the next one, and says why (s 36)', async () => {
    // 3 July 2026 plus 3 months is Saturday 3 October; Monday 5 October is Labour Day.
    const duty = byKey(
      await matterDeadlines(facts({ contractDate: '2026-07-03', settlementDate: '2026-11-20' })),
    ).duty!;
    expect(duty.date).toBe('2026-10-06');
    expect(duty.basis).toContain('Saturday 3 October 2026, which is not a business day');
    expect(duty.basis).toContain('Interpretation Act 1987 (NSW) s 36(2)');
    // A business day stays, and the basis says nothing of moving.
    const plain = byKey(
      await matterDeadlines(facts({ contractDate: '2026-11-25', settlementDate: '2027-04-30' })),
    ).duty!;
    expect(plain.date).toBe('2027-02-25');
    expect(plain.basis).not.toContain('s 36');
    // Good Friday 2026, from a contract of Saturday 3 January: Tuesday 7 April.
    expect((await dates({ contractDate: '2026-01-03', settlementDate: '2026-06-30' })).duty).toBe('2026-04-07');
    // Settlement before the moved day still comes first.
    expect((await dates({ contractDate: '2026-07-03', settlementDate: '2026-10-05' })).duty).toBe('2026-10-05');
  });

  it('moves a default settlement off weekends and public holidays, never an entered one', async () => {
    // 28 Nov 2026 (a Saturday) + 42 days is Saturday 9 January: Monday 11th.
    expect((await dates({ contractDate: '2026-11-28' })).settlement).toBe('2027-01-11');
    // 15 Dec 2026 + 42 days is Australia Day (Tuesday 26 January 2027): the 27th.
    expect((await dates({ contractDate: '2026-12-15' })).settlement).toBe('2027-01-27');
    expect((await dates({ contractDate: '2026-12-15', settlementDate: '2027-01-26' })).settlement).toBe('2027-01-26');
  });

  it('counts cooling-off from a weekend contract and over Easter', async () => {
    expect((await dates({ contractDate: '2026-11-28' }))['cooling-off']).toBe('2026-12-04 17:00');
    // Good Friday 26 March and Easter Monday 29 March 2027 are not business days.
    expect((await dates({ contractDate: '2027-03-24' }))['cooling-off']).toBe('2027-04-02 17:00');
  });

  it('waits for the contract date, but shows a settlement date staff entered', async () => {
    expect(await dates({})).toEqual({});
    expect(await dates({ settlementDate: '2027-03-01' })).toEqual({ settlement: '2027-03-01' });
  });

  it('gives each deadline its basis, an estimate until confirmed, and staff dates as entered', async () => {
    const deadlines = byKey(
      await matterDeadlines(
        facts({
          contractDate: '2026-11-25',
          confirmed: ['cooling-off'],
          dates: [
            { key: 'finance', label: 'Finance approval', date: '2026-12-16' },
            { key: 'building-report', label: 'Building report', date: '2026-12-01' },
          ],
        }),
      ),
    );
    expect(deadlines['cooling-off']).toMatchObject({ confirmed: true, milestone: 'cooling-off-ended' });
    expect(deadlines['cooling-off']!.basis).toContain('s 66S');
    expect(deadlines.settlement).toMatchObject({ confirmed: false, milestone: 'settled' });
    expect(deadlines.duty!.basis).toContain('s 153');
    expect(deadlines.finance).toMatchObject({ date: '2026-12-16', confirmed: true, milestone: 'finance-approved' });
    expect(deadlines['building-report']).not.toHaveProperty('milestone');
  });

  it('keeps the computed date beside staff’s own, and recomputes what depends on it', async () => {
    const list = await matterDeadlines(
      facts({ contractDate: '2026-11-25', overrides: [{ key: 'settlement', date: '2027-01-04' }] }),
    );
    const deadlines = byKey(list);
    expect(deadlines.settlement).toMatchObject({
      date: '2027-01-04',
      confirmed: true,
      computed: { date: '2027-01-06' },
    });
    // Duty follows the settlement staff set.
    expect(deadlines.duty!.date).toBe('2027-01-04');
    // Soonest first.
    expect(list.map((deadline) => deadline.key)).toEqual(['cooling-off', 'settlement', 'duty']);
  });

  it('says when a deadline passes: at its time, or at the end of its day (Sydney)', () => {
    expect(new Date(deadlineEnds({ date: '2026-12-02', time: '17:00' })).toISOString()).toBe(
      '2026-12-02T06:00:00.000Z',
    );
    expect(new Date(deadlineEnds({ date: '2027-06-30' })).toISOString()).toBe('2027-06-30T14:00:00.000Z');
  });
});
