/**
 * The client's engagement page (netlify/functions/_shared/pages/engagement-page.tsx), its
 * ended pages (link-error-page.tsx) and its plain-text form (engagement/engagement-text.ts),
 * read as a browser parses them (tests/functions/html.ts).
 */
import { describe, expect, it } from 'vitest';
import { engagementText } from '#server/engagement/engagement-text.ts';
import { SITE_STYLESHEET } from '#server/pages/document.tsx';
import { engagePage, NOT_ACTING_YET } from '#server/pages/engagement-page.tsx';
import { engageEndedPage } from '#server/pages/link-error-page.tsx';
import { COSTS_AGREEMENT, ENGAGEMENT_PRIVACY_NOTICE } from '#src/content/costs-agreement.ts';
import { buildDisclosure } from '#src/shared/engagement-document.ts';
import { computeQuote, describeQuoteInput } from '#src/shared/quote.ts';
import { formatAudCents } from '#src/content/money.ts';
import { ACCEPT_CONSENTS, type EngagementView } from '#src/shared/schemas/engagement.ts';
import { aQuote } from '../fixtures/quote.ts';
import { attr, pageText, parsePage, textOf } from '../html.ts';
import { summaryOf } from '../summary-lines.ts';
import { validateHtml } from '../vnu.ts';

const inputs = aQuote({ rush: true, contractDate: '2026-11-20' });
const figures = computeQuote(inputs, { today: '2026-11-23' });
const matter = {
  role: 'buying',
  propertyType: 'established',
  propertyAddress: '12 Example Road, Castle Hill NSW 2154',
  description: describeQuoteInput(inputs),
};
const TOKEN = 'Zm9vYmFyYmF6cXV4LWFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3';
const SHA = 'a3f1c2e4b5d6978812345678901234567890abcdefabcdefabcdefabcdef0123';

const view = (overrides: Partial<EngagementView> = {}): EngagementView => ({
  status: 'viewed',
  practice: {
    name: 'Hills District Conveyancing',
    phone: '(02) 5550 0123',
    email: 'hello@example-conveyancing.com.au',
    address: 'Suite 1, 10 Example Street, Castle Hill NSW 2154',
  },
  solicitor: { name: 'Alex Principal', role: 'Principal solicitor' },
  matter,
  figures,
  disclosure: buildDisclosure(figures, matter, { providedOn: '2026-11-23', clients: ['Quinn O’Buyer'], cash: 'none' }),
  terms: { version: COSTS_AGREEMENT.version, effective: COSTS_AGREEMENT.effective, text: COSTS_AGREEMENT.text },
  privacy: ENGAGEMENT_PRIVACY_NOTICE,
  expiresAt: '2026-12-07T07:30:00.000Z',
  ...overrides,
});

describe('engagePage', () => {
  it('is a complete document that a search engine must not index and that sends no referrer', () => {
    const html = engagePage({ token: TOKEN, view: view() });
    expect(html).toMatch(/^<!doctype html>\n<html lang="en-AU">/);
    const page = parsePage(html);
    const meta = (name: string) => attr(page.withAttribute('name', name)[0]!, 'content');
    expect(meta('viewport')).toBe('width=device-width, initial-scale=1');
    expect(meta('robots')).toBe('noindex, nofollow');
    expect(meta('referrer')).toBe('no-referrer');
    expect(textOf(page.all('title')[0]!)).toBe('Costs agreement – Hills District Conveyancing');
    // The site's own stylesheet, built with the site (src/pages/styles/site.css.ts), and nothing else.
    expect(
      page
        .all('link')
        .filter((link) => attr(link, 'rel') === 'stylesheet')
        .map((link) => attr(link, 'href')),
    ).toEqual([SITE_STYLESHEET]);
    // No script, no inline style: the CSP allows neither, and the page needs neither.
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  });

  it('shows the practice, the solicitor and the matter', () => {
    const html = engagePage({ token: TOKEN, view: view() });
    const text = pageText(html);
    expect(html).toContain('<a href="tel:0255500123">(02) 5550 0123</a>');
    expect(html).toContain('<a href="mailto:hello@example-conveyancing.com.au">');
    expect(text).toContain('Suite 1, 10 Example Street, Castle Hill NSW 2154');
    expect(text).toContain('Alex Principal, Principal solicitor');
    expect(html).toContain('<dd>Buying</dd>');
    expect(html).toContain('<dd>Established home</dd>');
    expect(text).toContain('12 Example Road, Castle Hill NSW 2154');
    expect(text).toContain(matter.description);
  });

  it('prints every disclosure section in order, word for word, and the terms with their version', () => {
    const shown = view();
    const html = engagePage({ token: TOKEN, view: shown });
    const text = pageText(html);
    const headings = parsePage(html).all('h3').map(textOf);
    let from = 0;
    for (const section of shown.disclosure) {
      expect(headings).toContain(section.heading);
      for (const line of [section.heading, ...section.paragraphs]) {
        const at = text.indexOf(line, from);
        expect(at, line).toBeGreaterThanOrEqual(from);
        from = at + line.length;
      }
    }
    expect(html).toContain('<li>You have the right to negotiate the costs agreement with us.</li>');
    expect(text).toContain('Terms version sample-1, effective 23 November 2026');
    for (const paragraph of COSTS_AGREEMENT.text.split('\n\n')) {
      const at = text.indexOf(paragraph, from);
      expect(at, paragraph).toBeGreaterThanOrEqual(from);
      from = at + paragraph.length;
    }
    expect(html).toContain('<p>1. Scope.');
    expect(text.indexOf(ENGAGEMENT_PRIVACY_NOTICE, from)).toBeGreaterThan(from);
  });

  it('posts the acceptance to the API with the named fields and the exact words of the consents', () => {
    const token = 'a/b+c=?';
    const html = engagePage({ token, view: view({ status: 'sent' }) });
    const page = parsePage(html);
    const form = page.all('form')[0]!;
    expect([attr(form, 'method'), attr(form, 'action'), attr(form, 'novalidate')]).toEqual([
      'post',
      '/api/engage/a%2Fb%2Bc%3D%3F/accept',
      '',
    ]);
    const label = (id: string) => textOf(page.withAttribute('for', id)[0]!);
    expect(label('fullName')).toBe('Your full name');
    const name = page.byId('fullName');
    expect([attr(name, 'type'), attr(name, 'name'), attr(name, 'autocomplete'), attr(name, 'value')]).toEqual([
      'text',
      'fullName',
      'name',
      '',
    ]);
    for (const [key, words] of Object.entries(ACCEPT_CONSENTS)) {
      const box = page.byId(key);
      expect([attr(box, 'type'), attr(box, 'name'), attr(box, 'value')]).toEqual(['checkbox', key, 'true']);
      expect(attr(box, 'checked')).toBeUndefined();
      expect(label(key)).toBe(words);
    }
    const button = page.all('button')[0]!;
    expect([attr(button, 'type'), textOf(button)]).toEqual(['submit', 'Accept and instruct']);
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('aria-invalid');
    expect(pageText(html)).toContain('This link works until 7 December 2026 at 6:30 pm (Sydney time)');
    expect(html).not.toContain('document.pdf');
  });

  it('after a bad post keeps the values, sums up the errors with links and ties each to its field', () => {
    const html = engagePage({
      token: TOKEN,
      view: view(),
      form: {
        values: { fullName: 'Quinn O’Buyer', understood: true, accept: false, instruct: true, electronic: false },
        error: 'Please check the form',
        fieldErrors: { accept: ['Please confirm you accept the costs agreement'] },
      },
    });
    const page = parsePage(html);
    expect(textOf(page.all('title')[0]!)).toMatch(/^Error: Costs agreement/);
    const summary = page.withAttribute('role', 'alert')[0]!;
    expect(attr(summary, 'autofocus')).toBe('');
    expect(textOf(page.byId(attr(summary, 'aria-labelledby')!))).toBe('There is a problem');
    expect(html).toContain('<p>Please check the form</p>');
    expect(html).toMatch(/<li><a [^>]*href="#accept"[^>]*>Please confirm you accept the costs agreement<\/a><\/li>/);
    // The summary comes first in the form, before any field.
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf('id="fullName"'));
    expect(html.indexOf('role="alert"')).toBeGreaterThan(html.indexOf('<form'));

    const box = page.byId('accept');
    expect(attr(box, 'aria-invalid')).toBe('true');
    expect(attr(box, 'aria-describedby')).toBe('accept-error');
    expect(attr(box, 'checked')).toBeUndefined();
    expect(textOf(page.byId('accept-error'))).toBe('Please confirm you accept the costs agreement');
    expect(attr(page.byId('understood'), 'checked')).toBe('');
    expect(attr(page.byId('instruct'), 'checked')).toBe('');
    expect(attr(page.byId('understood'), 'aria-invalid')).toBeUndefined();
    expect(attr(page.byId('fullName'), 'value')).toBe('Quinn O’Buyer');
    expect(attr(page.byId('fullName'), 'aria-invalid')).toBeUndefined();
  });

  it('links a missing name to the name field', () => {
    const html = engagePage({
      token: TOKEN,
      view: view(),
      form: {
        values: { fullName: '', understood: true, accept: true, instruct: true, electronic: false },
        fieldErrors: { fullName: ['Please type your full name'] },
      },
    });
    const page = parsePage(html);
    expect(html).toMatch(/<li><a [^>]*href="#fullName"[^>]*>Please type your full name<\/a><\/li>/);
    const input = page.byId('fullName');
    expect(attr(input, 'aria-invalid')).toBe('true');
    expect(attr(input, 'aria-describedby')).toBe('fullName-error');
    expect(textOf(page.byId('fullName-error'))).toBe('Please type your full name');
  });

  it('once accepted shows when, the signed PDF and its SHA-256, and no form', () => {
    const html = engagePage({
      token: TOKEN,
      view: view({ status: 'accepted', acceptedAt: '2026-11-23T07:30:00.000Z', documentSha256: SHA }),
    });
    expect(pageText(html)).toContain('You accepted this costs agreement on 23 November 2026 at 6:30 pm (Sydney time).');
    // Nothing says the practice acts before due diligence (s 28(1)); it says what is next.
    expect(pageText(html)).toContain(NOT_ACTING_YET);
    expect(pageText(html)).not.toMatch(/acting for you/i);
    expect(pageText(html)).toContain('Next: your identity details');
    expect(html).toContain(`href="/api/engage/${TOKEN}/document.pdf"`);
    expect(html).toContain(`<code class="hash">${SHA}</code>`);
    expect(html).not.toContain('<form');
    expect(html).not.toContain('name="fullName"');
    // The confirmation is the first thing after the heading: the accept post lands here.
    expect(html.indexOf('accepted-heading')).toBeLessThan(html.indexOf('disclosure-heading'));
    // The disclosure stays readable after acceptance.
    expect(html).toContain('<h2 id="disclosure-heading">Costs disclosure</h2>');
  });

  it('tells a joint client who accepted that the agreement waits for the others, with their own PDF and no form', () => {
    const html = engagePage({
      token: TOKEN,
      view: view({
        youAcceptedAt: '2026-11-23T07:30:00.000Z',
        clients: [
          { name: 'Ada Client', accepted: true },
          { name: 'Bo Client', accepted: false },
        ],
      }),
    });
    expect(pageText(html)).toContain('You accepted this costs agreement on 23 November 2026 at 6:30 pm (Sydney time).');
    expect(pageText(html)).toContain('The agreement takes effect once Bo Client has accepted too');
    expect(html).toContain(`href="/api/engage/${TOKEN}/document.pdf"`);
    expect(html).not.toContain('<form');
    // Until everyone has accepted, nothing opens the identity details.
    expect(html).not.toContain('/identity');
  });

  it('shows no form for an ended engagement', () => {
    for (const status of ['expired', 'revoked'] as const) {
      const html = engagePage({ token: TOKEN, view: view({ status }) });
      expect(html).not.toContain('<form');
      expect(html).toContain('This link has ended');
      expect(html).not.toContain('document.pdf');
    }
  });
});

describe('the summary at the top', () => {
  const fhb = aQuote({ price: 900_000, firstHomeBuyer: true, contractDate: '2026-11-20' });
  const plain = aQuote({ price: 1_050_000, contractDate: '2026-11-20' });
  const viewFor = (inputs: typeof fhb) => {
    const shown = computeQuote(inputs, { today: '2026-11-23' });
    const described = { ...matter, description: describeQuoteInput(inputs) };
    return view({
      figures: shown,
      matter: described,
      disclosure: buildDisclosure(shown, described, {
        providedOn: '2026-11-23',
        clients: ['Quinn O’Buyer'],
        cash: 'none',
      }),
    });
  };

  it.each([
    ['with the first home buyer concession', fhb],
    ['without it', plain],
  ])('states the fee with GST, disbursements, duty and one total, as the disclosure does (%s)', (_, inputs) => {
    const shown = viewFor(inputs);
    const html = engagePage({ token: TOKEN, view: shown });
    const text = pageText(html);
    const { figures: f } = shown;
    const duty = f.transferDuty!;
    if (inputs.firstHomeBuyer) expect(duty.firstHomeRule).toBe('concession');
    const total = f.professionalFee + f.disbursements.max + duty.total;
    expect(summaryOf(html)).toEqual({
      'Professional fee (fixed)': formatAudCents(f.professionalFee),
      'Disbursements (estimate)': formatAudCents(f.disbursements.max),
      'Transfer duty (estimate)': formatAudCents(duty.total),
      'Estimated total': formatAudCents(total),
    });
    // The same figures in the disclosure below (and so in its PDF, which prints those sections).
    expect(text).toContain(`${formatAudCents(f.professionalFee)} in all.`);
    expect(text).toContain(`we estimate up to ${formatAudCents(f.disbursements.max)}`);
    expect(text).toContain(`Estimated transfer duty: ${formatAudCents(duty.total)}`);
    expect(text).toContain(`Estimated total: ${formatAudCents(total)} including GST`);
    expect(total).toBe(f.estimatedTotal.max);
    // One estimated total: every one the page names is the same figure, and the quote's
    // lower end (a second "total") appears nowhere.
    const totals = [...text.matchAll(/Estimated total:?\s*(\$[\d,.]+)/g)].map((match) => match[1]);
    expect(totals.length).toBeGreaterThanOrEqual(2);
    expect(new Set(totals)).toEqual(new Set([formatAudCents(total)]));
    expect(text).not.toContain(formatAudCents(f.estimatedTotal.min));
    expect(text).not.toMatch(/about \$/);
    // The concession is named beside the duty.
    if (inputs.firstHomeBuyer) expect(text).toContain('after the first home buyer concession');
    // First on the page, before who acts and the disclosure.
    expect(html.indexOf('summary-heading')).toBeLessThan(html.indexOf('who-heading'));
  });

  it('leaves duty out when selling, and the total is the legal costs', () => {
    const selling = aQuote({ role: 'selling', contractDate: '2026-11-20' });
    const html = engagePage({ token: TOKEN, view: viewFor(selling) });
    const lines = summaryOf(html);
    expect(Object.keys(lines)).toEqual(['Professional fee (fixed)', 'Disbursements (estimate)', 'Estimated total']);
    const f = computeQuote(selling, { today: '2026-11-23' });
    expect(lines['Estimated total']).toBe(formatAudCents(f.professionalFee + f.disbursements.max));
  });
});

describe('the look and the names', () => {
  it("wears the site's header: its mark and the practice's name, linking home", () => {
    const page = parsePage(engagePage({ token: TOKEN, view: view() }));
    const header = page.all('header')[0]!;
    const home = page.withAttribute('href', '/')[0]!;
    expect(attr(home, 'aria-label')).toBe('Hills District Conveyancing – home');
    expect(textOf(header)).toContain('Hills District Conveyancing');
    expect(page.all('svg')).toHaveLength(1);
  });

  it('names the solicitor once, and the practice once when it is itself responsible', () => {
    const named = pageText(engagePage({ token: TOKEN, view: view() }));
    expect(named.split('Alex Principal').length - 1).toBe(1);
    const practice = view().practice;
    const html = engagePage({ token: TOKEN, view: view({ solicitor: { name: practice.name, role: 'Law practice' } }) });
    const who = textOf(parsePage(html).withAttribute('aria-labelledby', 'who-heading')[0]!);
    expect(who.split(practice.name).length - 1).toBe(1);
    expect(who).not.toContain('Responsible solicitor');
    expect(who).not.toContain('Law practice');
  });

  it("keeps the signed PDF's fingerprint folded away, for the client's records", () => {
    const html = engagePage({
      token: TOKEN,
      view: view({ status: 'accepted', acceptedAt: '2026-11-23T07:30:00.000Z', documentSha256: SHA }),
    });
    const page = parsePage(html);
    const details = page.all('details')[0]!;
    expect(attr(details, 'open')).toBeUndefined();
    expect(textOf(page.all('summary')[0]!)).toBe('For your records');
    expect(textOf(details)).toContain(SHA);
    // Nowhere else: a consumer is not shown a raw hash.
    expect(pageText(html).split(SHA).length - 1).toBe(1);
  });
});

describe('engageEndedPage', () => {
  it('says the same for every unknown link, and nothing about whether it existed', () => {
    const html = engageEndedPage('unknown');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<h1>This link does not work</h1>');
    expect(html).not.toMatch(/expired|revoked|ended|replaced/i);
    expect(engageEndedPage('unknown')).toBe(html);
    expect(engageEndedPage('unknown', { name: 'Hills', phone: '02 5550 0123' })).toContain(
      '<a href="tel:0255500123">02 5550 0123</a>',
    );
  });

  it('tells the holder of an ended link to ask for a new one, with the phone', () => {
    const html = engageEndedPage('ended', { name: 'Hills <Conveyancing>', phone: '(02) 5550 0123' });
    expect(html).toContain('<h1>This link has ended</h1>');
    expect(pageText(html)).toContain(
      'so it can no longer be used. Please call us on (02) 5550 0123 and ask us for a new one.',
    );
    expect(html).toContain('<a href="tel:0255500123">(02) 5550 0123</a>');
    expect(html).toContain('<title>This link has ended – Hills &lt;Conveyancing&gt;</title>');
    expect(html).not.toContain('<Conveyancing>');
    expect(pageText(engageEndedPage('ended'))).toContain('Please contact us and ask us for a new one.');
  });
});

describe('engagementText', () => {
  it('carries the practice, the matter, every disclosure line and the terms as plain text', () => {
    const shown = view({ practice: { ...view().practice, name: 'Smith & Jones <Law>' } });
    const text = engagementText(shown);
    expect(text).not.toMatch(/&amp;|&lt;|<p>|<h/);
    expect(text).toContain('Practice: Smith & Jones <Law>');
    expect(text).toContain('Responsible solicitor: Alex Principal, Principal solicitor');
    expect(text).toContain('Property address: 12 Example Road, Castle Hill NSW 2154');
    let from = 0;
    for (const section of shown.disclosure) {
      for (const line of [section.heading, ...section.paragraphs]) {
        const at = text.indexOf(line, from);
        expect(at, line).toBeGreaterThanOrEqual(from);
        from = at + line.length;
      }
    }
    expect(text).toContain('- You have the right to negotiate the costs agreement with us.');
    expect(text).toContain('Terms version sample-1, effective 23 November 2026');
    for (const paragraph of COSTS_AGREEMENT.text.split('\n\n')) {
      const at = text.indexOf(paragraph, from);
      expect(at, paragraph).toBeGreaterThanOrEqual(from);
      from = at + paragraph.length;
    }
    expect(text.indexOf(ENGAGEMENT_PRIVACY_NOTICE, from)).toBeGreaterThan(from);
  });
});

describe('the W3C validator', () => {
  it('finds no error or warning in any state of the page', async () => {
    const messages = await validateHtml({
      open: engagePage({ token: TOKEN, view: view() }),
      errors: engagePage({
        token: TOKEN,
        view: view(),
        form: {
          values: { fullName: '', understood: false, accept: true, instruct: false, electronic: false },
          error: 'Please check the form',
          fieldErrors: {
            fullName: ['Please type your full name'],
            understood: ['Please confirm you have read and understood the costs disclosure'],
            instruct: ['Please confirm you instruct the practice to act for you', 'A second message'],
          },
        },
      }),
      accepted: engagePage({
        token: TOKEN,
        view: view({ status: 'accepted', acceptedAt: '2026-11-23T07:30:00.000Z', documentSha256: SHA }),
      }),
      waiting: engagePage({
        token: TOKEN,
        view: view({
          youAcceptedAt: '2026-11-23T07:30:00.000Z',
          clients: [
            { name: 'Ada Client', accepted: true },
            { name: 'Bo Client', accepted: false },
          ],
        }),
      }),
      practiceResponsible: engagePage({
        token: TOKEN,
        view: view({ solicitor: { name: 'Hills District Conveyancing', role: 'Law practice' } }),
      }),
      expired: engagePage({ token: TOKEN, view: view({ status: 'expired' }) }),
      revoked: engagePage({ token: TOKEN, view: view({ status: 'revoked' }) }),
      unknown: engageEndedPage('unknown'),
      ended: engageEndedPage('ended', { name: 'Hills', phone: '(02) 5550 0123' }),
    });
    expect(messages).toEqual([]);
  }, 120_000);
});
