/** The instant quote: NSW transfer duty, fees, totals and price parsing. */
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  computeQuote,
  contactServiceFor,
  contractDateLine,
  describeQuoteInput,
  firstHomeSaving,
  groupPriceTyping,
  parsePrice,
  quoteLines,
  transferDuty as transferDutyOn,
  type QuoteInput,
} from '#src/shared/quote.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import type { TransferDutyTable } from '#src/content/transfer-duty.ts';
import { dutyTableFor, TRANSFER_DUTY, TRANSFER_DUTY_TABLES } from '#src/shared/duty-tables.ts';
import { LEAD_FIGURES, LEAD_GUIDE } from '#src/content/lead-guide.ts';
import { FAQ } from '#src/content/faq.ts';
import { DEMO_POSTS } from '#scripts/seed/demo-content.ts';
import { formatAud } from '#src/content/money.ts';
import { DEFAULT_CLAIMS } from '#src/content/practice.ts';

/** A contract date inside the 2025-26 table's year: every figure below is pinned to it. */
const CONTRACT = '2025-11-23';
const home = (price: number, extra: Partial<QuoteInput> = {}): QuoteInput => ({
  price,
  role: 'buying',
  propertyType: 'established',
  firstHomeBuyer: false,
  foreignPurchaser: false,
  foreignShare: 100,
  rush: false,
  contractDate: CONTRACT,
  ...extra,
});
const transferDuty = (input: QuoteInput, table: TransferDutyTable = TRANSFER_DUTY) => {
  const duty = transferDutyOn(input, table, CONTRACT);
  if (!duty) return duty;
  // The due dates have their own tests below.
  const { dueDate: _due, deferredDueDate: _deferred, ...figures } = duty;
  return figures;
};
const dutyOn = (input: QuoteInput) => transferDuty(input)?.total;

describe('transfer duty: known values', () => {
  it.each([
    ['$800,000 established home', home(800_000), 30_412],
    ['$1,000,000 home', home(1_000_000), 39_412],
    ['$1,500,000 home', home(1_500_000), 64_512],
    ['first home buyer at $750,000', home(750_000, { firstHomeBuyer: true }), 0],
    ['foreign purchaser at $800,000', home(800_000, { foreignPurchaser: true }), 102_412],
    ['$4,000,000 home (premium rate)', home(4_000_000), 206_197],
  ])('%s → %d', (_name, input, expected) => {
    expect(dutyOn(input)).toBe(expected);
  });

  it('prints whole dollars in en-AU currency', () => {
    expect(formatAud(dutyOn(home(800_000))!)).toBe('$30,412');
    expect(formatAud(dutyOn(home(800_000, { foreignPurchaser: true }))!)).toBe('$102,412');
  });
});

describe('transfer duty: every bracket boundary, per $100 or part', () => {
  it.each([
    // Up to $17,000: $1.25 per $100 or part, minimum $20.
    [1, 20],
    [1_600, 20],
    [1_601, 21.25],
    [17_000, 212.5],
    // $17,000 to $37,000: $212 + $1.50 per $100 or part over $17,000.
    [17_001, 213.5],
    [17_100, 213.5],
    [17_101, 215],
    [37_000, 512],
    // $37,000 to $99,000: $512 + $1.75.
    [37_001, 513.75],
    [99_000, 1_597],
    // $99,000 to $372,000: $1,597 + $3.50.
    [99_001, 1_600.5],
    [372_000, 11_152],
    // $372,000 to $1,240,000: $11,152 + $4.50.
    [372_001, 11_156.5],
    [1_240_000, 50_212],
    // Over $1,240,000: $50,212 + $5.50.
    [1_240_001, 50_217.5],
    [3_721_000, 186_667],
    // Residential premium over $3,721,000: $186,667 + $7.00.
    [3_721_001, 186_674],
    [3_721_100, 186_674],
    [3_721_101, 186_681],
  ])('a $%d home → $%d', (price, expected) => {
    expect(dutyOn(home(price))).toBe(expected);
  });

  it('charges commercial property the general rates only, without the premium', () => {
    expect(dutyOn(home(3_721_001, { propertyType: 'commercial' }))).toBe(186_672.5);
    expect(dutyOn(home(4_000_000, { propertyType: 'commercial' }))).toBe(202_012);
    expect(dutyOn(home(800_000, { propertyType: 'commercial' }))).toBe(30_412);
  });

  it('applies the premium to off-the-plan homes and vacant land too (residential)', () => {
    expect(dutyOn(home(4_000_000, { propertyType: 'off-the-plan' }))).toBe(206_197);
    expect(dutyOn(home(4_000_000, { propertyType: 'vacant-land' }))).toBe(206_197);
  });
});

describe('First Home Buyers Assistance Scheme', () => {
  const fhb = (price: number, propertyType: QuoteInput['propertyType'] = 'established') =>
    transferDuty(home(price, { firstHomeBuyer: true, propertyType }))!;

  it('charges no duty on a home up to $800,000 (s 78A(1))', () => {
    // The full duty it saves is kept, so the quote can show it (with the saving).
    expect(fhb(800_000)).toEqual({
      general: 0,
      surcharge: 0,
      total: 0,
      firstHomeRule: 'exemption',
      fullGeneral: 30_412,
    });
    expect(fhb(500_000, 'off-the-plan').total).toBe(0);
  });

  it('works out the concessional duty between $800,000 and $1,000,000 (s 78A(2)), to the cent', () => {
    // N - D x (1,000,000 - V) / 200,000 with D = $30,412, the full duty on $800,000.
    // $850,000: N = $32,662; 32,662 - 30,412 x 0.75 = $9,853.
    expect(fhb(850_000)).toEqual({
      general: 9_853,
      surcharge: 0,
      total: 9_853,
      firstHomeRule: 'concession',
      fullGeneral: 32_662,
    });
    // $900,000: N = $34,912; 34,912 - 30,412 x 0.5 = $19,706.
    expect(fhb(900_000)).toMatchObject({
      general: 19_706,
      total: 19_706,
      firstHomeRule: 'concession',
      fullGeneral: 34_912,
    });
    // $950,000: N = $37,162; 37,162 - 30,412 x 0.25 = $29,559.
    expect(fhb(950_000)).toMatchObject({
      general: 29_559,
      total: 29_559,
      firstHomeRule: 'concession',
      fullGeneral: 37_162,
    });
    // Just over the exemption: N = $30,416.50 ("or part" of $100); 30,416.50 - 30,412 x 199,999/200,000 = $4.65 (4.652...).
    expect(fhb(800_001).total).toBe(4.65);
    // Just under the limit: 39,412 - 30,412 x 1/200,000 = $39,411.85 (.8479...).
    expect(fhb(999_999).total).toBe(39_411.85);
  });

  it('matches the NSW Government’s published reduced rates for 2023-24 contracts', () => {
    // nsw.gov.au, First Home Buyers Assistance scheme, "Reduced transfer duty rates – for
    // transactions entered into on or after 1 July 2023" (homes: $850,000 $9,934; $900,000
    // $19,867; $950,000 $29,801; $990,000 $37,748. Vacant land: $370,000 $2,989; $390,000
    // $5,988; $410,000 $8,987; $430,000 $11,986). They use the 2023-24 thresholds; only the
    // two brackets those values reach are set here ($93,000: $1,500 + $3.50; $351,000:
    // $10,530 + $4.50). The page prints whole dollars: $9,933.75 shows as $9,934, $19,867.50 as $19,867.
    const fy2023: TransferDutyTable = {
      ...TRANSFER_DUTY,
      effective: '2023-07-01',
      general: [
        { from: 93_000, base: 1_500, centsPer100: 350 },
        { from: 351_000, base: 10_530, centsPer100: 450 },
      ],
    };
    const published = (price: number, propertyType: QuoteInput['propertyType']) =>
      transferDuty(home(price, { firstHomeBuyer: true, propertyType }), fy2023)!.total!;
    for (const [price, type, printed, exact] of [
      [850_000, 'established', 9_934, 9_933.75],
      [900_000, 'established', 19_867, 19_867.5],
      [950_000, 'established', 29_801, 29_801.25],
      [990_000, 'established', 37_748, 37_748.25],
      [370_000, 'vacant-land', 2_989, 2_989],
      [390_000, 'vacant-land', 5_988, 5_988],
      [410_000, 'vacant-land', 8_987, 8_987],
      [430_000, 'vacant-land', 11_986, 11_986],
    ] as const) {
      expect(published(price, type)).toBe(exact);
      expect(Math.abs(published(price, type) - printed)).toBeLessThanOrEqual(0.5);
    }
  });

  it('charges full duty from $1,000,000', () => {
    expect(fhb(1_000_000)).toMatchObject({ total: 39_412, firstHomeRule: 'none' });
  });

  it('uses the vacant land thresholds for land: none to $350,000, a concession below $450,000 (s 78A(2A))', () => {
    expect(fhb(350_000, 'vacant-land')).toMatchObject({ total: 0, firstHomeRule: 'exemption' });
    // $400,000: N = $12,412; D = $10,382 (full duty on $350,000); 12,412 - 10,382 x 0.5 = $7,221.
    expect(fhb(400_000, 'vacant-land')).toEqual({
      general: 7_221,
      surcharge: 0,
      total: 7_221,
      firstHomeRule: 'concession',
      fullGeneral: 12_412,
    });
    expect(fhb(449_999, 'vacant-land')).toMatchObject({ firstHomeRule: 'concession' });
    expect(fhb(450_000, 'vacant-land')).toMatchObject({ total: 14_662, firstHomeRule: 'none' });
    // A home's thresholds would have exempted $450,000 land.
    expect(fhb(450_000).total).toBe(0);
  });

  it('does not cover commercial property', () => {
    expect(fhb(500_000, 'commercial')).toMatchObject({ total: 16_912, firstHomeRule: 'none' });
  });
});

describe('foreign purchaser surcharge', () => {
  it('adds 9% of the price for residential property', () => {
    expect(transferDuty(home(800_000, { foreignPurchaser: true }))).toEqual({
      general: 30_412,
      surcharge: 72_000,
      total: 102_412,
    });
    expect(transferDuty(home(800_001, { foreignPurchaser: true }))!.surcharge).toBe(72_000.09);
    expect(dutyOn(home(400_000, { foreignPurchaser: true, propertyType: 'vacant-land' }))).toBe(12_412 + 36_000);
  });

  it('charges only the foreign buyers’ share (s 104U(2))', () => {
    // A couple, one foreign, half each: 9% of half of $800,000.
    expect(transferDuty(home(800_000, { foreignPurchaser: true, foreignShare: 50 }))).toEqual({
      general: 30_412,
      surcharge: 36_000,
      total: 66_412,
    });
    // 9% of 33.33% of $1,000,001 = $29,997.029997: to the nearest cent.
    expect(transferDuty(home(1_000_001, { foreignPurchaser: true, foreignShare: 33.33 }))!.surcharge).toBe(29_997.03);
    // The share means nothing without the box ticked.
    expect(transferDuty(home(800_000, { foreignShare: 50 }))!.surcharge).toBe(0);
  });

  it('is never reduced by the first-home scheme', () => {
    // Buyers who are all foreign persons: no citizen or permanent resident among them, so no
    // first-home exemption either (at least one must be, Revenue NSW's eligibility criteria).
    const general = transferDuty(home(750_000))!.general;
    expect(general).toBeGreaterThan(0);
    expect(transferDuty(home(750_000, { foreignPurchaser: true, firstHomeBuyer: true }))).toEqual({
      general,
      surcharge: 67_500,
      total: general + 67_500,
      firstHomeRule: 'none',
    });
    expect(transferDuty(home(900_000, { foreignPurchaser: true, foreignShare: 50, firstHomeBuyer: true }))).toEqual({
      general: 19_706,
      surcharge: 40_500,
      total: 60_206,
      firstHomeRule: 'concession',
      fullGeneral: 34_912,
    });
  });

  it('does not apply to commercial property', () => {
    expect(transferDuty(home(800_000, { foreignPurchaser: true, propertyType: 'commercial' }))!.surcharge).toBe(0);
  });
});

describe('dated duty tables', () => {
  const older: TransferDutyTable = {
    ...TRANSFER_DUTY,
    effective: '2024-07-01',
    general: [{ from: 0, base: 0, centsPer100: 100 }],
  };
  const tables = [TRANSFER_DUTY, older];

  it('uses the table in force on the contract date', () => {
    expect(dutyTableFor('2025-06-30', tables)).toEqual({ table: older, current: true });
    expect(dutyTableFor('2025-07-01', tables)).toEqual({ table: TRANSFER_DUTY, current: true });
    expect(computeQuote(home(800_000, { contractDate: '2025-06-30' }), { tables })).toMatchObject({
      ratesEffective: '2024-07-01',
      ratesCurrent: true,
      transferDuty: { total: 8_000 },
    });
    expect(computeQuote(home(800_000, { contractDate: '2025-07-01' }), { tables })).toMatchObject({
      ratesEffective: '2025-07-01',
      ratesCurrent: true,
      transferDuty: { total: 30_412 },
    });
  });

  it('says the rates are not current past the newest table’s financial year', () => {
    expect(TRANSFER_DUTY_TABLES[0]!.effective).toBe('2025-07-01');
    expect(dutyTableFor('2026-06-30').current).toBe(true);
    expect(dutyTableFor('2026-07-01')).toEqual({ table: TRANSFER_DUTY, current: false });
    const figures = computeQuote(home(800_000, { contractDate: '2026-11-23' }));
    expect(figures).toMatchObject({
      ratesEffective: '2025-07-01',
      ratesCurrent: false,
      transferDuty: { total: 30_412 },
    });
    expect(quoteLines(figures).at(-1)).toEqual({
      label: 'Rates',
      value:
        "This estimate uses last year's duty thresholds, in force from 1 July 2025: the thresholds for your contract date are not in this calculator yet, so the duty may differ.",
    });
    // Before the oldest table kept: no table is that day's either.
    expect(dutyTableFor('2024-06-30', tables)).toEqual({ table: older, current: false });
  });

  it('takes today in Sydney when no contract date is given', () => {
    const { contractDate: _none, ...undated } = home(800_000);
    expect(computeQuote(undated, { today: '2026-07-01' }).ratesCurrent).toBe(false);
    expect(computeQuote(undated, { today: '2026-06-30' }).ratesCurrent).toBe(true);
    // 30 June 2026 14:30 UTC is already 1 July 00:30 in Sydney (AEST, +10).
    expect(sydneyToday(Date.parse('2026-06-30T14:30:00Z'))).toBe('2026-07-01');
    expect(sydneyToday(Date.parse('2026-06-30T13:59:00Z'))).toBe('2026-06-30');
  });
});

describe('when duty is due, and cooling-off', () => {
  it('is 3 months after the contract (s 153), a short month taking its last day', () => {
    expect(transferDutyOn(home(800_000), TRANSFER_DUTY, '2025-11-23')).toMatchObject({ dueDate: '2026-02-23' });
    expect(transferDutyOn(home(800_000), TRANSFER_DUTY, '2025-11-30')).toMatchObject({ dueDate: '2026-02-28' });
    expect(transferDutyOn(home(800_000), TRANSFER_DUTY, '2025-11-30')).not.toHaveProperty('deferredDueDate');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
  });

  it('off the plan, may be deferred to 15 months for a buyer who will live there, not a foreign one (s 49A)', () => {
    const offThePlan = home(800_000, { propertyType: 'off-the-plan' });
    expect(transferDutyOn(offThePlan, TRANSFER_DUTY, '2025-11-23')).toMatchObject({
      dueDate: '2026-02-23',
      deferredDueDate: '2027-02-23',
    });
    expect(transferDutyOn({ ...offThePlan, foreignPurchaser: true }, TRANSFER_DUTY, '2025-11-23')).not.toHaveProperty(
      'deferredDueDate',
    );
    const lines = quoteLines(computeQuote(offThePlan));
    expect(lines.find((line) => line.label === 'Duty due')?.value).toBe(
      'If you are buying as an individual (not a company or trust) and will live in the home, duty falls due at the earliest of settlement, an assignment of the contract or 15 months after the contract (23 February 2027); otherwise due by 23 February 2026, 3 months after the contract, or at settlement if that is earlier.',
    );
    expect(lines.find((line) => line.label === 'Cooling-off')?.value).toBe(
      '10 business days after exchange (none at auction, on the same day as a passed-in auction, on exercising an option, or with a s 66W certificate)',
    );
  });

  it('gives a buyer 5 business days to cool off otherwise, and a seller none to show', () => {
    expect(computeQuote(home(800_000)).coolingOffBusinessDays).toBe(5);
    expect(computeQuote(home(800_000, { role: 'selling', propertyType: 'off-the-plan' }))).not.toHaveProperty(
      'coolingOffBusinessDays',
    );
  });
});

describe('professional fee, disbursements and total', () => {
  it('is the base fee, the disbursements range and the duty for a plain purchase', () => {
    const figures = computeQuote(home(800_000));
    expect(figures).toMatchObject({
      ratesEffective: '2025-07-01',
      ratesCurrent: true,
      professionalFee: 1_850,
      disbursements: { min: 800, max: 1_500 },
      estimatedTotal: { min: 33_062, max: 33_762 },
    });
    expect(quoteLines(figures)).toEqual([
      { label: 'Professional fee', value: '$1,850 including GST' },
      { label: 'Disbursements', value: 'typically $800 to $1,500 including GST' },
      { label: 'Transfer duty', value: '$30,412' },
      {
        label: 'Duty due',
        value: 'Due by 23 February 2026, 3 months after the contract, or at settlement if that is earlier.',
      },
      {
        label: 'Cooling-off',
        value:
          '5 business days after exchange (none at auction, on the same day as a passed-in auction, on exercising an option, or with a s 66W certificate)',
      },
      { label: 'Estimated total', value: '$33,062 to $33,762 including GST' },
    ]);
  });

  it('adds $500 for a simultaneous sale and purchase, $350 off the plan, $250 for a rush', () => {
    expect(computeQuote(home(800_000, { role: 'both' })).professionalFee).toBe(2_350);
    expect(computeQuote(home(800_000, { propertyType: 'off-the-plan' })).professionalFee).toBe(2_200);
    expect(computeQuote(home(800_000, { rush: true })).professionalFee).toBe(2_100);
    const all = computeQuote(home(800_000, { role: 'both', propertyType: 'off-the-plan', rush: true }));
    expect(all.professionalFee).toBe(2_950);
    expect(all.feeItems.map((item) => item.amount)).toEqual([1_850, 500, 350, 250]);
  });

  it('charges a seller no duty and no off-the-plan extra: the guide’s $2,650 to $3,350', () => {
    const figures = computeQuote(home(800_000, { role: 'selling', propertyType: 'off-the-plan' }));
    expect(figures.transferDuty).toBeNull();
    expect(figures.professionalFee).toBe(1_850);
    expect(figures.estimatedTotal).toEqual({ min: 2_650, max: 3_350 });
    expect(quoteLines(figures).map((line) => line.label)).toEqual([
      'Professional fee',
      'Disbursements',
      'Estimated total',
    ]);
  });

  it('charges duty when buying and selling', () => {
    expect(computeQuote(home(800_000, { role: 'both' })).transferDuty?.total).toBe(30_412);
  });

  it('adds the concessional duty into the total and names the rule', () => {
    const figures = computeQuote(home(900_000, { firstHomeBuyer: true }));
    expect(figures.estimatedTotal).toEqual({ min: 22_356, max: 23_056 });
    expect(quoteLines(figures)[2]).toEqual({
      label: 'Transfer duty',
      value: '$19,706 (first home buyer concession; full duty $34,912, you save $15,206)',
    });
    expect(quoteLines(computeQuote(home(700_000, { firstHomeBuyer: true })))[2]!.value).toBe(
      '$0 (first home buyer exemption; full duty $25,912, you save $25,912)',
    );
  });

  it('rounds duty cents only when printing', () => {
    const figures = computeQuote(home(17_000));
    expect(figures.transferDuty?.total).toBe(212.5);
    expect(figures.estimatedTotal.min).toBe(2_862.5);
    expect(quoteLines(figures)[2]!.value).toBe('$213');
    expect(computeQuote(home(800_000, { foreignPurchaser: true, foreignShare: 50 })).estimatedTotal.min).toBe(
      66_412 + 2_650,
    );
  });
});

describe('the lead guide reads the same prices', () => {
  it("states the guide's figures", () => {
    expect(LEAD_FIGURES).toMatchObject({
      baseFee: '$1,850',
      disbursements: '$800 to $1,500',
      totalEstimate: '$2,650 to $3,350',
      simultaneousSaleAndPurchase: '+$500',
      offThePlan: '+$350',
      rushService: '+$250',
    });
  });
});

describe('what the site says about GST, cooling-off and when duty is due', () => {
  const texts = [
    ...FAQ.map((item) => item.answer),
    ...DEMO_POSTS.flatMap((post) => [post.excerpt ?? '', post.content]),
    ...LEAD_GUIDE.callScript.steps.map((step) => step.script),
    ...LEAD_GUIDE.faqs.items(DEFAULT_CLAIMS.typicalSettlement).map((item) => item.answer),
  ];

  it('says every price a visitor or caller hears includes GST, and never "plus GST"', () => {
    for (const text of texts) expect(text).not.toMatch(/plus GST|excluding GST|\+ ?GST/i);
    // Each dollar amount that is one of our prices is followed by "including GST".
    for (const text of texts) {
      for (const price of text.matchAll(/\$(1,850|2,200|800 to \$1,500)\b[^.]*/g))
        expect(price[0]).toMatch(/including GST/);
    }
    expect(LEAD_GUIDE.callScript.steps.find((step) => step.stage === 'Quote')?.script).toBe(
      'Our fixed professional fee is $1,850 including GST, plus disbursements, which usually come to $800 to $1,500 including GST.',
    );
    for (const line of quoteLines(computeQuote(home(800_000)))) {
      if (line.label !== 'Transfer duty' && line.value.includes('$')) expect(line.value).toMatch(/including GST/);
    }
  });

  it('gives an off-the-plan contract 10 business days to cool off wherever cooling-off is told', () => {
    const told = texts.filter((text) => /cool(ing)?[- ]off/i.test(text) && /business days?/.test(text));
    expect(told.length).toBeGreaterThanOrEqual(4);
    for (const text of told) expect(text).toMatch(/10 business days|10 for an off-the-plan contract|ten off the plan/);
    expect(
      LEAD_GUIDE.faqs.items(DEFAULT_CLAIMS.typicalSettlement).find((item) => /cooling-off/.test(item.question))?.answer,
    ).toMatch(/^5 business days for residential purchases, 10 for an off-the-plan contract\./);
  });

  it('tells off-the-plan buyers when duty is due, the same way in the FAQ and the blog', () => {
    const deferral = /settlement, an assignment of the contract or 15 months after the contract, whichever comes first/;
    expect(FAQ.some((item) => deferral.test(item.answer))).toBe(true);
    expect(
      DEMO_POSTS.filter((post) =>
        /settlement, an assignment of the contract or 15 months after the contract/.test(post.content),
      ),
    ).toHaveLength(2);
  });
});

describe('parsePrice', () => {
  it.each([
    ['800000', 800_000],
    ['800,000', 800_000],
    ['$800,000', 800_000],
    [' $ 800,000 ', 800_000],
    ['AUD 1,250,000', 1_250_000],
    ['A$650,000', 650_000],
    ['800000.50', 800_000.5],
    ['$1,000', 1_000],
  ])('reads %j as %d', (text, expected) => {
    expect(parsePrice(text)).toBe(expected);
  });

  it.each(['', ' ', '$', 'abc', '-800000', '0', '$0', '8,00,000', '80,0000', '800 000', '1e6', '800,000.123'])(
    'refuses %j',
    (text) => {
      expect(parsePrice(text)).toBeNull();
    },
  );
});

describe('the price as it is typed', () => {
  it('puts the thousands separators back and keeps the caret after the digit it followed', () => {
    expect(groupPriceTyping('1250000', 7)).toEqual({ text: '1,250,000', caret: 9 });
    // A digit typed in the middle: "800,0|00" + 5 → "8,000,5|00".
    expect(groupPriceTyping('800,0500', 6)).toEqual({ text: '8,000,500', caret: 7 });
    expect(groupPriceTyping('800000', 3)).toEqual({ text: '800,000', caret: 3 });
    expect(groupPriceTyping('$1000.5', 7)).toEqual({ text: '$1,000.5', caret: 8 });
    expect(groupPriceTyping('', 0)).toEqual({ text: '', caret: 0 });
    // What it writes, the calculator and the server read.
    expect(parsePrice(groupPriceTyping('1250000', 7).text)).toBe(1_250_000);
  });

  it('leaves text that is not a plain amount as typed, so its error shows', () => {
    expect(groupPriceTyping('80k', 3)).toEqual({ text: '80k', caret: 3 });
    expect(groupPriceTyping('1.2.3', 2)).toEqual({ text: '1.2.3', caret: 2 });
  });
});

describe('the contract date the duty is for', () => {
  it("says today's date as today, and any other as the day it is", () => {
    expect(contractDateLine('2026-11-26', '2026-11-26')).toBe('for a contract signed today, Thursday 26 November 2026');
    expect(contractDateLine('2026-12-11', '2026-11-26')).toBe('for a contract signed on Friday 11 December 2026');
    // Before the page knows today (pre-rendered), the date is named without "today".
    expect(contractDateLine('2026-11-26', '')).toBe('for a contract signed on Thursday 26 November 2026');
  });

  it('shows the full duty and the saving of first home relief, surcharge included in the full duty', () => {
    const concession = computeQuote(home(900_000, { firstHomeBuyer: true })).transferDuty!;
    expect(firstHomeSaving(concession)).toEqual({ fullDuty: 34_912, saving: 15_206 });
    const shared = computeQuote(
      home(900_000, { firstHomeBuyer: true, foreignPurchaser: true, foreignShare: 50 }),
    ).transferDuty!;
    expect(firstHomeSaving(shared)).toEqual({ fullDuty: 34_912 + 40_500, saving: 15_206 });
    expect(firstHomeSaving(computeQuote(home(700_000, { firstHomeBuyer: true })).transferDuty!)).toEqual({
      fullDuty: 25_912,
      saving: 25_912,
    });
    expect(firstHomeSaving(computeQuote(home(1_200_000, { firstHomeBuyer: true })).transferDuty!)).toBeNull();
    expect(firstHomeSaving(computeQuote(home(900_000)).transferDuty!)).toBeNull();
  });
});

describe('describing a quote for people', () => {
  it('says what, where and which options', () => {
    expect(describeQuoteInput(home(800_000))).toBe(
      'Buying an established home at $800,000 (contract dated 23 November 2025)',
    );
    expect(
      describeQuoteInput(
        home(450_000, { propertyType: 'vacant-land', firstHomeBuyer: true, rush: true, contractDate: undefined }),
      ),
    ).toBe('Buying vacant land at $450,000; first home buyer; settlement in under 2 weeks');
    expect(
      describeQuoteInput(home(800_000, { foreignPurchaser: true, foreignShare: 50, contractDate: undefined })),
    ).toBe('Buying an established home at $800,000; foreign purchaser (50% share)');
  });

  it("picks the contact form's service", () => {
    expect(contactServiceFor(home(1))).toBe('residential-purchase');
    expect(contactServiceFor(home(1, { role: 'both' }))).toBe('residential-purchase');
    expect(contactServiceFor(home(1, { role: 'selling' }))).toBe('residential-sale');
    expect(contactServiceFor(home(1, { propertyType: 'off-the-plan' }))).toBe('off-the-plan');
    expect(contactServiceFor(home(1, { propertyType: 'commercial', role: 'selling' }))).toBe('commercial');
  });
});

describe('the stored quote schema', () => {
  it('reads back every kind of quote the server stores', async () => {
    const { storedQuoteSchema } = await import('#src/shared/schemas/quote.ts');
    for (const inputs of [
      home(800_000),
      home(900_000, { firstHomeBuyer: true, foreignPurchaser: true, foreignShare: 50 }),
      home(800_000, { role: 'selling' }),
      home(800_000, { propertyType: 'off-the-plan', contractDate: '2026-11-23' }),
      home(500_000, { role: 'both', propertyType: 'commercial', firstHomeBuyer: true, rush: true }),
    ]) {
      const stored = { inputs, figures: computeQuote(inputs) };
      expect(storedQuoteSchema.parse(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    }
  });

  it('refuses a quote that names the first-home rule the old way: no stored quote has that shape', async () => {
    const { storedQuoteSchema } = await import('#src/shared/schemas/quote.ts');
    const inputs = home(900_000, { firstHomeBuyer: true });
    const figures = computeQuote(inputs);
    const { firstHomeRule: _rule, ...duty } = figures.transferDuty!;
    const old = { inputs, figures: { ...figures, transferDuty: { ...duty, firstHome: 'concession' } } };
    expect(storedQuoteSchema.safeParse(JSON.parse(JSON.stringify(old))).success).toBe(false);
  });
});
