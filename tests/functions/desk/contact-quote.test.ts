/** POST /api/contact with the /quote calculator's `quote`. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { aQuote } from '../fixtures/quote.ts';

useBlobs();

const enquiry = {
  firstName: 'Quinn',
  lastName: 'Buyer',
  email: 'quinn@example.com',
  phone: '0400 000 001',
  serviceType: 'residential-purchase',
  propertyAddress: '',
  message: 'Please email me this quote.',
};
const inputs = aQuote({ foreignPurchaser: true, rush: true, contractDate: '2025-11-23' });

afterEach(() => {
  vi.useRealTimers();
});

async function stored(id: string) {
  const { cookie } = await signedInStaff();
  const list = (await call(enquiries, 'GET', '/api/contact-requests', { cookie })).json as Record<string, any>[];
  return list.find((request) => request.id === id);
}

describe('POST /api/contact with a quote', () => {
  it("stores the inputs and the server's own figures, ignoring figures the browser sent", async () => {
    const response = await call(contact, 'POST', '/api/contact', {
      body: {
        ...enquiry,
        quote: {
          ...inputs,
          figures: { professionalFee: 1, transferDuty: { total: 1 } },
          professionalFee: 1,
          transferDuty: 1,
          estimatedTotal: 1,
        },
      },
    });
    expect(response.status).toBe(201);
    const request = await stored(response.json.id);
    expect(request?.quote.inputs).toEqual(inputs);
    expect(request?.quote.figures).toEqual({
      ratesEffective: '2025-07-01',
      ratesCurrent: true,
      coolingOffBusinessDays: 5,
      professionalFee: 2_100,
      feeItems: [
        { key: 'base', label: 'Professional fee', amount: 1_850 },
        { key: 'rushService', label: 'Settlement in under 2 weeks', amount: 250 },
      ],
      disbursements: { min: 800, max: 1_500 },
      transferDuty: { general: 30_412, surcharge: 72_000, total: 102_412, dueDate: '2026-02-23' },
      estimatedTotal: { min: 105_312, max: 106_012 },
    });
  });

  it('stores the concessional duty of a first home, its rule, and the half share a foreign buyer pays on', async () => {
    const response = await call(contact, 'POST', '/api/contact', {
      body: {
        ...enquiry,
        quote: { ...inputs, price: 900_000, firstHomeBuyer: true, foreignShare: 50, rush: false },
      },
    });
    expect(response.status).toBe(201);
    const request = await stored(response.json.id);
    expect(request?.quote.inputs).toMatchObject({ price: 900_000, firstHomeBuyer: true, foreignShare: 50 });
    expect(request?.quote.figures).toMatchObject({
      ratesEffective: '2025-07-01',
      ratesCurrent: true,
      // 9% of half of $900,000 on top of the concessional $19,706.
      transferDuty: {
        general: 19_706,
        surcharge: 40_500,
        total: 60_206,
        firstHomeRule: 'concession',
        dueDate: '2026-02-23',
      },
      estimatedTotal: { min: 62_856, max: 63_556 },
    });
  });

  it('takes the yes/no switches as false and keeps no contract date when left out (figures for today in Sydney), from the hero form too', async () => {
    // 14:30 UTC on 30 June is already 1 July in Sydney: a new financial year whose table is not in yet.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-30T14:30:00Z'));
    const response = await call(contact, 'POST', '/api/contact', {
      body: {
        firstName: 'Hero',
        lastName: 'Seller',
        email: 'hero@example.com',
        phone: '0400 000 002',
        serviceType: 'property-settlements',
        callbackTime: 'Evening',
        quote: { price: 1_000_000, role: 'selling', propertyType: 'vacant-land' },
      },
    });
    expect(response.status).toBe(201);
    const request = await stored(response.json.id);
    expect(request?.quote.inputs).toEqual({
      price: 1_000_000,
      role: 'selling',
      propertyType: 'vacant-land',
      firstHomeBuyer: false,
      foreignPurchaser: false,
      foreignShare: 100,
      rush: false,
    });
    // No contract is signed: none is dated (issue 34). The figures are still today's in Sydney.
    expect(request?.quote.inputs.contractDate).toBeUndefined();
    expect(request?.quote.figures).toMatchObject({
      transferDuty: null,
      ratesCurrent: false,
      estimatedTotal: { min: 2_650, max: 3_350 },
    });
  });

  it('stores no quote when none was sent', async () => {
    const response = await call(contact, 'POST', '/api/contact', { body: enquiry });
    expect(response.status).toBe(201);
    expect(await stored(response.json.id)).not.toHaveProperty('quote');
  });

  it('answers 400 with field errors for a bad quote, and stores nothing', async () => {
    const { cookie } = await signedInStaff();
    const count = async () =>
      ((await call(enquiries, 'GET', '/api/contact-requests', { cookie })).json as unknown[]).length;
    const before = await count();
    const bad = await call(contact, 'POST', '/api/contact', {
      body: { ...enquiry, quote: { price: '$800,000', role: 'renting', propertyType: 'castle', rush: 'yes' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Please check the highlighted fields');
    expect(bad.json.fieldErrors).toEqual({
      quote: [
        'Quote: please enter the property price in dollars',
        "Quote: please choose 'buying', 'selling' or 'both'",
        "Quote: please choose 'established', 'off-the-plan', 'vacant-land' or 'commercial'",
        'Quote: rush must be true or false',
      ],
    });
    for (const [quote, message] of [
      [{ ...inputs, price: 0 }, 'Quote: please enter a property price above $0'],
      [{ ...inputs, price: -5 }, 'Quote: please enter a property price above $0'],
      [{ ...inputs, price: 2e9 }, 'Quote: please enter a property price up to $1,000,000,000'],
      [{ ...inputs, foreignShare: 0 }, "Quote: the foreign buyers' share must be between 1% and 100%"],
      [{ ...inputs, foreignShare: 101 }, "Quote: the foreign buyers' share must be between 1% and 100%"],
      [{ ...inputs, contractDate: '2026-02-30' }, 'Quote: please enter the contract date as YYYY-MM-DD'],
      [{ ...inputs, contractDate: '23/11/2026' }, 'Quote: please enter the contract date as YYYY-MM-DD'],
      ['800000', 'Quote: send the quote as an object'],
    ] as const) {
      const response = await call(contact, 'POST', '/api/contact', { body: { ...enquiry, quote } });
      expect(response.status).toBe(400);
      expect(response.json.fieldErrors).toEqual({ quote: [message] });
    }
    expect(await count()).toBe(before);
  });
});
