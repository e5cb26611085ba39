/**
 * What the public pages say about settlement, lodgment, cooling-off and disbursements, from
 * the typed content they are built from: one settlement figure (Settings' typical
 * settlement), either electronic lodgment network, cooling-off only for a residential
 * purchase with its exceptions, and no "itemised" claim for an estimate given as a range.
 */
import { describe, expect, it } from 'vitest';
import { faqFor } from '#src/content/faq.ts';
import { LEAD_GUIDE } from '#src/content/lead-guide.ts';
import { DEFAULT_CLAIMS } from '#src/content/practice.ts';
import { PROCESS_STEPS } from '#src/content/process.ts';
import { quickFactsFor } from '#src/content/quick-facts.ts';
import { SERVICES } from '#src/content/services.ts';
import { TEAM } from '#src/content/team.ts';
import { computeQuote, quoteLines } from '#src/shared/quote.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import { practiceView } from '#src/shared/practice-view.ts';
import { aQuote } from '../functions/fixtures/quote.ts';

const claims = { ...DEFAULT_CLAIMS, typicalSettlement: '5-7 weeks' };
const practice = practiceView(defaultPracticeSettings());
const texts = (): string[] => [
  ...faqFor(claims).map((item) => item.answer),
  ...PROCESS_STEPS.map((step) => step.description),
  ...quickFactsFor({ ...practice, claims }).flatMap((fact) => [fact.title, fact.detail]),
  // A service's own time frame is edited with the service (Services tab), not a claim of Settings.
  ...SERVICES.flatMap((service) => [service.description, ...service.features]),
  ...TEAM.map((member) => member.bio),
  ...LEAD_GUIDE.faqs.items(claims.typicalSettlement).map((item) => item.answer),
];

describe('the public copy', () => {
  it('names either electronic lodgment network, never PEXA alone', () => {
    const lodgment = texts().filter((text) => /PEXA/.test(text));
    expect(lodgment.length).toBeGreaterThanOrEqual(4);
    for (const text of lodgment) expect(text).toMatch(/PEXA or Sympli/);
  });

  it('makes no "itemised" claim for disbursements estimated as a range', () => {
    for (const text of texts()) expect(text).not.toMatch(/itemi[sz]ed/i);
  });

  it('states one settlement time, the one saved in Settings, and no average days', () => {
    const said = texts().filter((text) => /\d+-\d+ weeks/.test(text) && /settle/i.test(text));
    expect(said.length).toBeGreaterThanOrEqual(3);
    for (const text of said) expect(text).not.toMatch(/4-6 weeks|6-8 weeks/);
    expect(faqFor(claims).some((item) => item.answer.includes('5-7 weeks'))).toBe(true);
    expect(LEAD_GUIDE.faqs.items('5-7 weeks')[0]!.answer).toContain('5-7 weeks');
    expect(practice.claims).not.toHaveProperty('averageDaysToSettlement');
  });

  it('gives cooling-off to a residential purchase only, with the auction and s 66W exceptions', () => {
    expect(computeQuote(aQuote({ propertyType: 'commercial' }))).not.toHaveProperty('coolingOffBusinessDays');
    const home = quoteLines(computeQuote(aQuote({ propertyType: 'established' })));
    expect(home.find((line) => line.label === 'Cooling-off')?.value).toBe(
      '5 business days after exchange (none at auction, on the same day as a passed-in auction, on exercising an option, or with a s 66W certificate)',
    );
    // Every line that says when cooling-off applies (not one offering advice on it).
    const cooling = texts().filter((text) => /cooling-off/i.test(text) && /period|business days/.test(text));
    expect(cooling.length).toBeGreaterThanOrEqual(3);
    for (const text of cooling) {
      expect(text).toMatch(/residential/);
      expect(text).toMatch(/auction/);
    }
  });
});
