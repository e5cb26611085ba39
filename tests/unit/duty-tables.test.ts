/**
 * The Duties Act's indexation rule (ss 32, 32A, 33AC, 33AD): each year's table made from the
 * 2019 amounts and one ratio reproduces the published tables to the dollar.
 */
import { describe, expect, it } from 'vitest';
import { SHIPPED_DUTY_INDEXATIONS, type DutyIndexation, type TransferDutyTable } from '#src/content/transfer-duty.ts';
import {
  adjustedAmount,
  dutyTableFor,
  dutyTablesFrom,
  dutyYearOf,
  financialYearLabel,
  missingDutyYear,
  ratioInThousandths,
  toDollarsHalfDown,
  TRANSFER_DUTY_TABLES,
} from '#src/shared/duty-tables.ts';
import { computeQuote, type QuoteInput } from '#src/shared/quote.ts';

const year = (y: number, ratio: string): DutyIndexation => ({ year: y, ratio, source: 'test', checked: '2026-11-26' });
const ranges = (table: TransferDutyTable) =>
  table.general.map(({ from, base, centsPer100 }) => [from, base, centsPer100]);

const RATES = [125, 150, 175, 350, 450, 550];

describe('the published tables, from their ratios', () => {
  it('2024-25 (ratio 1.196): every threshold, base amount and the premium', () => {
    const table = TRANSFER_DUTY_TABLES.find((candidate) => candidate.effective === '2024-07-01')!;
    expect(table.ratio).toBe('1.196');
    expect(ranges(table)).toEqual(
      [
        [0, 0],
        [17_000, 212],
        [36_000, 497],
        [97_000, 1_564],
        [364_000, 10_909],
        [1_212_000, 49_069],
      ].map(([from, base], index) => [from, base, RATES[index]]),
    );
    // Revenue NSW publishes $182,390: the unrounded sum, rounded once (s 32A(2)).
    expect(table.premium).toEqual({ from: 3_636_000, base: 182_390, centsPer100: 700 });
    expect(table.minimumDuty).toBe(20);
  });

  it('2025-26 (ratio 1.224): every threshold, base amount and the premium', () => {
    const table = TRANSFER_DUTY_TABLES[0]!;
    expect(table).toMatchObject({ effective: '2025-07-01', ratio: '1.224' });
    expect(ranges(table)).toEqual(
      [
        [0, 0],
        [17_000, 212],
        [37_000, 512],
        [99_000, 1_597],
        [372_000, 11_152],
        [1_240_000, 50_212],
      ].map(([from, base], index) => [from, base, RATES[index]]),
    );
    expect(table.premium).toEqual({ from: 3_721_000, base: 186_667, centsPer100: 700 });
  });

  it('2026-27 at a ratio of 1.260', () => {
    const [table] = dutyTablesFrom([...SHIPPED_DUTY_INDEXATIONS, year(2026, '1.260')]);
    expect(table!.effective).toBe('2026-07-01');
    expect(ranges(table!)).toEqual(
      [
        [0, 0],
        [18_000, 225],
        [38_000, 525],
        [102_000, 1_645],
        [383_000, 11_480],
        [1_276_000, 51_665],
      ].map(([from, base], index) => [from, base, RATES[index]]),
    );
    expect(table!.premium).toEqual({ from: 3_830_000, base: 192_135, centsPer100: 700 });
  });
});

describe('the rounding the Act prescribes', () => {
  it('reads the ratio as thousandths, and only as d.ddd', () => {
    expect(ratioInThousandths('1.224')).toBe(1_224);
    for (const bad of ['1.22', '1.2240', '12.240', '1,224', ' 1.224', '1.2e3']) {
      expect(() => ratioInThousandths(bad), bad).toThrow(RangeError);
    }
  });

  it('rounds thresholds to the nearest $1,000 with $500 up (s 33AC(3))', () => {
    // 1,000 × 1.500 = 1,500: exactly $500 over, up.
    expect(adjustedAmount(1_000, 1_500)).toBe(2_000);
    // 1,000 × 1.499 = 1,499: down.
    expect(adjustedAmount(1_000, 1_499)).toBe(1_000);
    // A product that floating point would get wrong: 304,000 × 1.196 = 363,584 exactly.
    expect(adjustedAmount(304_000, 1_196)).toBe(364_000);
  });

  it('never lets a threshold fall below last year’s (s 33AC(4))', () => {
    expect(adjustedAmount(14_000, 1_196, 18_000)).toBe(18_000);
    const [lower, higher] = dutyTablesFrom([year(2025, '1.260'), year(2026, '1.200')]);
    // 2026's own ratio gives $17,000/$36,000…; the floor keeps 2025's $18,000/$38,000…
    expect(lower!.general.map((range) => range.from)).toEqual(higher!.general.map((range) => range.from));
    expect(lower!.premium.from).toBe(higher!.premium.from);
  });

  it('rounds base amounts to the nearest dollar with 50 cents down (s 33AD(3))', () => {
    expect(toDollarsHalfDown(21_250)).toBe(212);
    expect(toDollarsHalfDown(21_251)).toBe(213);
    expect(toDollarsHalfDown(21_249)).toBe(212);
    expect(toDollarsHalfDown(21_200)).toBe(212);
    expect(toDollarsHalfDown(0)).toBe(0);
  });
});

describe('the year of a contract date', () => {
  const tables = dutyTablesFrom([...SHIPPED_DUTY_INDEXATIONS, year(2026, '1.260')]);
  const buying = (contractDate: string): QuoteInput => ({
    price: 800_000,
    role: 'buying',
    propertyType: 'established',
    firstHomeBuyer: false,
    foreignPurchaser: false,
    foreignShare: 100,
    rush: false,
    contractDate,
  });

  it('is the year whose 1 July is on or before it', () => {
    expect(dutyYearOf('2026-06-30')).toBe(2025);
    expect(dutyYearOf('2026-07-01')).toBe(2026);
    expect(dutyYearOf('2027-01-15')).toBe(2026);
    expect(financialYearLabel(2026)).toBe('2026-27');
    expect(financialYearLabel(2099)).toBe('2099-00');
  });

  it('uses 2026-27 for a contract of 25 November 2026, and 2025-26 for one of 30 June 2026', () => {
    expect(dutyTableFor('2026-11-25', tables)).toMatchObject({ table: { effective: '2026-07-01' }, current: true });
    expect(dutyTableFor('2026-06-30', tables)).toMatchObject({ table: { effective: '2025-07-01' }, current: true });
    // $800,000: 11,480 + 4,170 × $4.50 = $30,245 on 2026-27; $30,412 on 2025-26.
    expect(computeQuote(buying('2026-11-25'), { tables })).toMatchObject({
      ratesEffective: '2026-07-01',
      ratesCurrent: true,
      transferDuty: { total: 30_245 },
    });
    expect(computeQuote(buying('2026-06-30'), { tables })).toMatchObject({
      ratesEffective: '2025-07-01',
      ratesCurrent: true,
      transferDuty: { total: 30_412 },
    });
  });

  it('falls back to the latest year, saying so, until the year is added', () => {
    expect(dutyTableFor('2026-11-25')).toMatchObject({ table: { effective: '2025-07-01' }, current: false });
    expect(missingDutyYear('2026-11-25', TRANSFER_DUTY_TABLES)).toBe('2026-27');
    expect(missingDutyYear('2026-06-30', TRANSFER_DUTY_TABLES)).toBeNull();
    expect(missingDutyYear('2026-11-25', tables)).toBeNull();
    expect(missingDutyYear('2027-07-01', tables)).toBe('2027-28');
  });
});
