import { describe, expect, it } from 'vitest';
import { erasedMessage, formatCallback, formatDate, formatMinutes } from '#src/islands/admin/kit/format.ts';
import { messageWithoutQuote, nextAction, sortEnquiries } from '#src/islands/admin/desk/desk-rows.ts';
import { computeQuote, describeQuoteInput, quoteLines, type QuoteInput } from '#src/shared/quote.ts';
import type { DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';

describe('formatCallback', () => {
  const now = new Date('2026-11-21T00:00:00Z');
  it('reads as a person would say it', () => {
    expect(formatCallback('2026-11-25', 'Morning', now)).toBe('Wed 25 Nov, morning');
    expect(formatCallback('2026-12-01', undefined, now)).toBe('Tue 1 Dec');
  });
  it('names the year only when it is not this year', () => {
    expect(formatCallback('2027-01-04', 'Evening', now)).toBe('Mon 4 Jan 2027, evening');
  });
  it('keeps a time without a date, and passes odd dates through', () => {
    expect(formatCallback(undefined, 'Afternoon', now)).toBe('afternoon');
    expect(formatCallback('soon', 'Morning', now)).toBe('soon, morning');
  });
});

describe('formatMinutes', () => {
  it('shortens long waits', () => {
    expect(formatMinutes(4.6)).toBe('4 min');
    expect(formatMinutes(125)).toBe('2 h 5 min');
    expect(formatMinutes(60 * 24 * 3 + 120)).toBe('3 d 2 h');
  });
});

describe('erasedMessage', () => {
  it('counts what an erasure deleted, and says plainly when nothing was stored', () => {
    expect(erasedMessage(0)).toBe('Nothing was stored for that address: no contact requests erased');
    expect(erasedMessage(1)).toBe('1 contact request erased successfully');
    expect(erasedMessage(2)).toBe('2 contact requests erased successfully');
  });
});

describe('formatDate', () => {
  it('says every date one way: a calendar day as written, an instant as its Sydney day', () => {
    expect(formatDate('1996-04-12')).toBe('12 Apr 1996');
    // 1:30 pm UTC on 25 Nov is 12:30 am on 26 Nov in Sydney.
    expect(formatDate('2026-11-25T13:30:00Z')).toBe('26 Nov 2026');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('the desk table', () => {
  const enquiry = (fields: Partial<DeskEnquiry>): DeskEnquiry =>
    ({
      id: fields.firstName ?? 'x',
      firstName: 'A',
      lastName: 'Person',
      email: 'a@example.com',
      phone: '0400 000 000',
      serviceType: 'residential-purchase',
      status: 'new',
      assignee: null,
      firstContactAt: null,
      createdAt: '2026-11-20T00:00:00Z',
      updatedAt: '2026-11-20T00:00:00Z',
      lastActivityAt: '2026-11-20T00:00:00Z',
      version: 1,
      ...fields,
    }) as DeskEnquiry;

  it('names the next action from the status and the due diligence', () => {
    expect(nextAction(enquiry({ status: 'new' }))).toBe('Call back');
    // A quote lead ('Email me this quote') gave an address only.
    expect(nextAction(enquiry({ status: 'new', phone: '', source: 'quote' }))).toBe('E-mail about the quote');
    expect(nextAction(enquiry({ status: 'instructed', cdd: null }))).toBe('Wait for identity details');
    expect(nextAction(enquiry({ status: 'instructed', cdd: { status: 'submitted' } }))).toBe('Check identity details');
    expect(nextAction(enquiry({ status: 'lost' }))).toBe('None');
  });

  it('sorts by a column both ways, the pipeline in its own order, ties as listed', () => {
    const items = [
      enquiry({ firstName: 'Cleo', status: 'quoted', createdAt: '2026-11-22T00:00:00Z' }),
      enquiry({ firstName: 'abe', status: 'new', createdAt: '2026-11-21T00:00:00Z' }),
      enquiry({ firstName: 'Bea', status: 'new', createdAt: '2026-11-23T00:00:00Z' }),
    ];
    const names = (sorted: DeskEnquiry[]) => sorted.map((item) => item.firstName);
    expect(names(sortEnquiries(items, { key: 'name', direction: 'ascending' }))).toEqual(['abe', 'Bea', 'Cleo']);
    expect(names(sortEnquiries(items, { key: 'received', direction: 'descending' }))).toEqual(['Bea', 'Cleo', 'abe']);
    expect(names(sortEnquiries(items, { key: 'status', direction: 'ascending' }))).toEqual(['abe', 'Bea', 'Cleo']);
    expect(names(sortEnquiries(items, { key: 'status', direction: 'descending' }))).toEqual(['Cleo', 'abe', 'Bea']);
  });

  it('leaves the pasted quote out of the message, and keeps what the person wrote', () => {
    const input: QuoteInput = {
      price: 750000,
      role: 'buying',
      propertyType: 'established',
      firstHomeBuyer: false,
      foreignPurchaser: false,
      foreignShare: 100,
      rush: false,
      contractDate: '2026-11-20',
    };
    const figures = computeQuote(input);
    const message = [
      'Please email me this quote.',
      describeQuoteInput(input),
      ...quoteLines(figures).map((line) => `${line.label}: ${line.value}`),
      'We settle in March.',
    ].join('\n');
    const quote = { inputs: input, figures } as unknown as DeskEnquiry['quote'];
    expect(messageWithoutQuote({ message, quote })).toBe('Please email me this quote.\nWe settle in March.');
    expect(messageWithoutQuote({ message, quote: undefined })).toBe(message);
  });
});
