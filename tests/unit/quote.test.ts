/** The instant quote (issue 9): NSW transfer duty, fees, totals and price parsing. */
import { describe, expect, it } from 'vitest';
import {
  computeQuote,
  contactServiceFor,
  describeQuoteInput,
  parsePrice,
  quoteLines,
  transferDuty,
  type QuoteInput,
} from '../../src/shared/quote.ts';
import { LEAD_FIGURES } from '../../src/content/leadGuide.ts';
import { formatAud } from '../../src/shared/money.ts';

const home = (price: number, extra: Partial<QuoteInput> = {}): QuoteInput => ({
  price,
  role: 'buying',
  propertyType: 'established',
  firstHomeBuyer: false,
  foreignPurchaser: false,
  rush: false,
  ...extra,
});
const dutyOn = (input: QuoteInput) => transferDuty(input)?.total;

describe('transfer duty: the known values of issue 9', () => {
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

  it('charges no duty on a home up to $800,000', () => {
    expect(fhb(800_000)).toEqual({ general: 0, surcharge: 0, total: 0, firstHome: 'exempt' });
    expect(fhb(500_000, 'off-the-plan').total).toBe(0);
  });

  it('gives no figure between $800,000 and $1,000,000: a concession applies', () => {
    for (const price of [800_001, 900_000, 999_999]) {
      expect(fhb(price)).toEqual({ general: null, surcharge: 0, total: null, firstHome: 'concession' });
    }
  });

  it('charges full duty from $1,000,000', () => {
    expect(fhb(1_000_000)).toMatchObject({ total: 39_412, firstHome: 'over-threshold' });
  });

  it('uses the vacant land thresholds for land: none to $350,000, a concession below $450,000', () => {
    expect(fhb(350_000, 'vacant-land')).toMatchObject({ total: 0, firstHome: 'exempt' });
    expect(fhb(350_001, 'vacant-land')).toMatchObject({ total: null, firstHome: 'concession' });
    expect(fhb(449_999, 'vacant-land')).toMatchObject({ total: null, firstHome: 'concession' });
    expect(fhb(450_000, 'vacant-land')).toMatchObject({ total: 14_662, firstHome: 'over-threshold' });
    // A home's thresholds would have exempted $450,000 land.
    expect(fhb(450_000).total).toBe(0);
  });

  it('does not cover commercial property', () => {
    expect(fhb(500_000, 'commercial')).toMatchObject({ total: 16_912, firstHome: 'not-eligible' });
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

  it('is never reduced by the first-home scheme', () => {
    expect(transferDuty(home(750_000, { foreignPurchaser: true, firstHomeBuyer: true }))).toEqual({
      general: 0,
      surcharge: 67_500,
      total: 67_500,
      firstHome: 'exempt',
    });
    expect(transferDuty(home(900_000, { foreignPurchaser: true, firstHomeBuyer: true }))).toEqual({
      general: null,
      surcharge: 81_000,
      total: null,
      firstHome: 'concession',
    });
  });

  it('does not apply to commercial property', () => {
    expect(transferDuty(home(800_000, { foreignPurchaser: true, propertyType: 'commercial' }))!.surcharge).toBe(0);
  });
});

describe('professional fee, disbursements and total', () => {
  it('is the base fee, the disbursements range and the duty for a plain purchase', () => {
    const figures = computeQuote(home(800_000));
    expect(figures).toMatchObject({
      ratesEffective: '2025-07-01',
      professionalFee: 1_850,
      disbursements: { min: 800, max: 1_500 },
      estimatedTotal: { min: 33_062, max: 33_762 },
      totalExcludesDuty: false,
    });
    expect(quoteLines(figures)).toEqual([
      { label: 'Professional fee', value: '$1,850' },
      { label: 'Disbursements', value: 'typically $800 to $1,500' },
      { label: 'Transfer duty', value: '$30,412' },
      { label: 'Estimated total', value: '$33,062 to $33,762' },
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
    expect(quoteLines(figures).map((line) => line.label)).toEqual(['Professional fee', 'Disbursements', 'Estimated total']);
  });

  it('charges duty when buying and selling', () => {
    expect(computeQuote(home(800_000, { role: 'both' })).transferDuty?.total).toBe(30_412);
  });

  it('leaves a concessional duty out of the total, and says so', () => {
    const figures = computeQuote(home(900_000, { firstHomeBuyer: true }));
    expect(figures.totalExcludesDuty).toBe(true);
    expect(figures.estimatedTotal).toEqual({ min: 2_650, max: 3_350 });
    expect(quoteLines(figures).slice(2)).toEqual([
      { label: 'Transfer duty', value: 'First home buyer concession applies' },
      { label: 'Estimated total', value: '$2,650 to $3,350 plus the concessional duty' },
    ]);
  });

  it('rounds duty cents only when printing', () => {
    const figures = computeQuote(home(17_000));
    expect(figures.transferDuty?.total).toBe(212.5);
    expect(figures.estimatedTotal.min).toBe(2_862.5);
    expect(quoteLines(figures)[2]!.value).toBe('$213');
  });
});

describe('the lead guide reads the same prices', () => {
  it("states spec §9's figures", () => {
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

describe('describing a quote for people', () => {
  it('says what, where and which options', () => {
    expect(describeQuoteInput(home(800_000))).toBe('Buying an established home at $800,000');
    expect(describeQuoteInput(home(450_000, { propertyType: 'vacant-land', firstHomeBuyer: true, rush: true }))).toBe(
      'Buying vacant land at $450,000; first home buyer; settlement in under 2 weeks',
    );
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
    const { storedQuoteSchema } = await import('../../src/shared/schemas/quote.ts');
    for (const inputs of [
      home(800_000),
      home(900_000, { firstHomeBuyer: true, foreignPurchaser: true }),
      home(800_000, { role: 'selling' }),
      home(500_000, { role: 'both', propertyType: 'commercial', firstHomeBuyer: true, rush: true }),
    ]) {
      const stored = { inputs, figures: computeQuote(inputs) };
      expect(storedQuoteSchema.parse(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    }
  });
});
