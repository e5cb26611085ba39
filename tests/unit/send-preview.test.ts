/**
 * The desk's preview before a send (src/islands/admin/engagement/SendPreview.tsx), rendered
 * as React renders it: the client's summary with one estimated total, and, where the server
 * says a send would be refused (the sample terms on the production site), its words in place
 * of the send button.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SendPreview } from '#src/islands/admin/engagement/SendPreview.tsx';
import { COSTS_AGREEMENT, ENGAGEMENT_PRIVACY_NOTICE } from '#src/content/costs-agreement.ts';
import { formatAudCents } from '#src/content/money.ts';
import { buildDisclosure } from '#src/shared/engagement-document.ts';
import { computeQuote, describeQuoteInput, type QuoteInput } from '#src/shared/quote.ts';
import type { EngagementPreview } from '#src/shared/schemas/engagement.ts';

const inputs: QuoteInput = {
  price: 900_000,
  role: 'buying',
  propertyType: 'established',
  firstHomeBuyer: true,
  foreignPurchaser: false,
  foreignShare: 100,
  rush: false,
  contractDate: '2026-11-20',
};
const figures = computeQuote(inputs, { today: '2026-11-23' });
const matter = { role: 'buying', propertyType: 'established', description: describeQuoteInput(inputs) };
const preview = (extra: Partial<EngagementPreview> = {}): EngagementPreview => ({
  inputs,
  figures,
  sampleTerms: true,
  view: {
    status: 'sent',
    practice: { name: 'Hills', phone: '(02) 5550 0123', email: 'hello@example.com', address: '1 Example St' },
    solicitor: { name: 'Alex Principal', role: 'Principal solicitor' },
    matter,
    figures,
    disclosure: buildDisclosure(figures, matter, { providedOn: '2026-11-23', clients: ['Ada Client'], cash: 'none' }),
    terms: { version: COSTS_AGREEMENT.version, effective: COSTS_AGREEMENT.effective, text: COSTS_AGREEMENT.text },
    privacy: ENGAGEMENT_PRIVACY_NOTICE,
    expiresAt: '2026-12-07T07:30:00.000Z',
  },
  ...extra,
});
const render = (shown: EngagementPreview) =>
  renderToStaticMarkup(
    createElement(SendPreview, {
      preview: shown,
      headingId: 'p',
      headingRef: { current: null },
      email: 'ada@example.com',
      conflict: null,
      pending: null,
      send: () => {},
    }),
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('SendPreview', () => {
  it("shows the client's summary with the one estimated total, and warns of the sample terms", () => {
    const html = render(preview());
    const total = formatAudCents(figures.professionalFee + figures.disbursements.max + figures.transferDuty!.total);
    expect(text(html)).toContain(`Estimated total ${total} including GST and transfer duty`);
    expect(text(html)).not.toContain(formatAudCents(figures.estimatedTotal.min));
    expect(html).toContain('data-testid="sample-terms-warning"');
    expect(text(html)).toContain('Send to ada@example.com');
  });

  it("puts the server's refusal in place of the send button", () => {
    const refusal = 'The costs agreement is still the sample terms shipped with the site.';
    const html = render(preview({ sendRefused: refusal }));
    expect(html).toMatch(/<p role="alert"[^>]*data-testid="send-refused"[^>]*>The costs agreement is still the sample/);
    expect(text(html)).toContain(refusal);
    expect(text(html)).not.toContain('Send to');
    expect(html).not.toContain('data-testid="sample-terms-warning"');
  });
});
