/** The desk's engagement form: prefill, the body it sends, and where each fault shows. */
import { describe, expect, it } from 'vitest';
import {
  canSendNew,
  describeEngagementActivity,
  engagementActions,
  engagementBody,
  engagementFieldErrors,
  initialClients,
  initialEngagementValues,
  termsParagraphs,
  unplacedErrors,
  versionToVary,
} from '#src/islands/admin/engagement/engagement-form.ts';
import { engagementSendSchema, type EngagementSummary } from '#src/shared/schemas/engagement.ts';
import type { StoredQuote } from '#src/shared/quote.ts';

const TEAM = [
  { name: 'Alex Clerk', principal: false },
  { name: 'Sam Principal', principal: true },
];

const quote = {
  inputs: {
    price: 950_000,
    role: 'buying',
    propertyType: 'off-the-plan',
    firstHomeBuyer: true,
    foreignPurchaser: true,
    foreignShare: 50,
    rush: false,
    contractDate: '2026-12-01',
  },
  figures: {},
} as unknown as StoredQuote;

describe('initialEngagementValues', () => {
  it("prefills the enquiry's quote and address, with the principal as the solicitor", () => {
    expect(initialEngagementValues({ quote, propertyAddress: '1 Test St, Castle Hill' }, TEAM)).toEqual({
      price: '950000',
      role: 'buying',
      propertyType: 'off-the-plan',
      firstHomeBuyer: true,
      foreignPurchaser: true,
      foreignShare: '50',
      rush: false,
      contractDate: '2026-12-01',
      propertyAddress: '1 Test St, Castle Hill',
      solicitor: 'Sam Principal',
    });
  });

  it('leaves the price blank without a quote, and takes the first member when nobody is principal', () => {
    const values = initialEngagementValues({ quote: undefined, propertyAddress: undefined }, [TEAM[0]!]);
    expect(values).toMatchObject({ price: '', role: 'buying', propertyAddress: '', solicitor: 'Alex Clerk' });
    expect(initialEngagementValues({ quote: undefined }, []).solicitor).toBe('');
  });
});

describe('engagementBody', () => {
  const values = initialEngagementValues({ quote, propertyAddress: '1 Test St' }, TEAM);

  it('sends the quote as the form shows it, which the API schema accepts', () => {
    const body = engagementBody({ ...values, price: '$1,200,000' });
    expect(body).toEqual({
      quote: {
        price: 1_200_000,
        role: 'buying',
        propertyType: 'off-the-plan',
        firstHomeBuyer: true,
        foreignPurchaser: true,
        foreignShare: 50,
        rush: false,
        contractDate: '2026-12-01',
      },
      propertyAddress: '1 Test St',
      solicitor: 'Sam Principal',
    });
    expect(engagementSendSchema.safeParse(body).success).toBe(true);
  });

  it('leaves out the share without a foreign purchaser, an empty date and an empty solicitor; adds replace when asked', () => {
    const body = engagementBody(
      { ...values, foreignPurchaser: false, contractDate: '', solicitor: '' },
      { replace: true },
    );
    expect(body.quote).not.toHaveProperty('foreignShare');
    expect(body.quote).not.toHaveProperty('contractDate');
    expect(body).not.toHaveProperty('solicitor');
    expect(body.replace).toBe(true);
  });

  it('turns an empty or unreadable price into a fault under the price field', () => {
    for (const price of ['', 'lots']) {
      const parsed = engagementSendSchema.safeParse(engagementBody({ ...values, price }));
      expect(parsed.success).toBe(false);
      if (parsed.success) continue;
      expect(Object.keys(engagementFieldErrors(parsed.error))).toEqual(['quote.price']);
    }
  });
});

describe('engagementFieldErrors', () => {
  it('keys quote faults by their field and the rest by their name', () => {
    const parsed = engagementSendSchema.safeParse({
      quote: { price: 500_000, role: 'renting', propertyType: 'established', foreignShare: 0 },
      propertyAddress: 'x'.repeat(301),
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(Object.keys(engagementFieldErrors(parsed.error)).sort()).toEqual([
      'propertyAddress',
      'quote.foreignShare',
      'quote.role',
    ]);
  });

  it('keeps the faults no input shows, so the form can say them', () => {
    expect(unplacedErrors({ 'quote.price': ['no'], quote: ['Send the quote'], _: ['Bad body'] })).toEqual([
      'Send the quote',
      'Bad body',
    ]);
  });
});

describe('canSendNew', () => {
  it('offers a new engagement before any and after one ended, never beside an open or accepted one', () => {
    expect(canSendNew(null)).toBe(true);
    expect(canSendNew({ status: 'expired' })).toBe(true);
    expect(canSendNew({ status: 'revoked' })).toBe(true);
    expect(canSendNew({ status: 'sent' })).toBe(false);
    expect(canSendNew({ status: 'viewed' })).toBe(false);
    expect(canSendNew({ status: 'accepted' })).toBe(false);
  });

  it('never offers one after a variation, even one that ended: the accepted version is varied instead', () => {
    expect(canSendNew({ status: 'revoked', variationOf: 'A'.repeat(16) })).toBe(false);
    expect(canSendNew({ status: 'expired', variationOf: 'A'.repeat(16) })).toBe(false);
  });
});

describe('versionToVary', () => {
  const version = (id: string, status: EngagementSummary['status'], variationOf?: string): EngagementSummary => ({
    id,
    status,
    sentAt: '2026-11-20T00:00:00.000Z',
    expiresAt: '2026-12-04T00:00:00.000Z',
    reminders: true,
    clients: [{ name: 'Ada Client', email: 'ada@example.com' }],
    ...(variationOf ? { variationOf } : {}),
  });

  it('varies the current version once accepted, none while one is open, and the one in force after a variation ended', () => {
    const first = version('first', 'accepted');
    expect(versionToVary(null, [])).toBeNull();
    expect(versionToVary(version('only', 'sent'), [])).toBeNull();
    expect(versionToVary(first, [])).toBe(first);
    expect(versionToVary(version('second', 'viewed', 'first'), [first])).toBeNull();
    expect(versionToVary(version('second', 'revoked', 'first'), [first])).toBe(first);
    const second = version('second', 'accepted', 'first');
    expect(versionToVary(second, [first])).toBe(second);
  });

  it('starts the clients from the varied version, else the enquiry’s person', () => {
    const enquiry = { firstName: 'Ada', lastName: 'Client', email: 'ada@example.com' };
    expect(initialClients(enquiry)).toEqual([{ name: 'Ada Client', email: 'ada@example.com' }]);
    const joint = {
      clients: [
        { name: 'Ada Client', email: 'ada@example.com', acceptedAt: '2026-11-21T00:00:00.000Z' },
        { name: 'Bo Client', email: 'bo@example.com' },
      ],
    };
    expect(initialClients(enquiry, joint)).toEqual([
      { name: 'Ada Client', email: 'ada@example.com' },
      { name: 'Bo Client', email: 'bo@example.com' },
    ]);
  });
});

describe('engagementActions', () => {
  it('offers a new link while open, after expiry and once accepted, reminders and revoking only while open', () => {
    expect(engagementActions('sent')).toEqual({ resend: true, revoke: true, reminders: true });
    expect(engagementActions('viewed')).toEqual({ resend: true, revoke: true, reminders: true });
    expect(engagementActions('expired')).toEqual({ resend: true, revoke: false, reminders: false });
    expect(engagementActions('revoked')).toEqual({ resend: false, revoke: false, reminders: false });
    expect(engagementActions('accepted')).toEqual({ resend: true, revoke: false, reminders: false });
  });
});

describe('termsParagraphs', () => {
  it('splits the terms at blank lines, as the client page does', () => {
    expect(termsParagraphs('One.\n\n2. Two\nstill two.\n \n3. Three.\n')).toEqual([
      'One.',
      '2. Two\nstill two.',
      '3. Three.',
    ]);
  });
});

describe('describeEngagementActivity', () => {
  it("says it is the engagement once, whatever the server's text starts with", () => {
    expect(describeEngagementActivity('Engagement sent to jo@example.com')).toBe('Engagement sent to jo@example.com');
    expect(describeEngagementActivity('Viewed by the client')).toBe('Engagement: Viewed by the client');
    expect(describeEngagementActivity(undefined)).toBe('Engagement updated');
  });
});
