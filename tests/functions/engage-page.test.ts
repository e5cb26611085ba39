/** The client's engagement page, its ended pages and its plain-text form (netlify/functions/_shared/pages/engagement-page.ts). */
import { describe, expect, it } from 'vitest';
import {
  engageEndedPage,
  engagePage,
  engagementText,
  escapeHtml,
} from '../../netlify/functions/_shared/pages/engagement-page.ts';
import { COSTS_AGREEMENT, ENGAGEMENT_PRIVACY_NOTICE } from '../../src/content/costsAgreement.ts';
import { buildDisclosure } from '../../src/shared/engagement-document.ts';
import { computeQuote, describeQuoteInput } from '../../src/shared/quote.ts';
import { ACCEPT_CONSENTS, type EngagementView } from '../../src/shared/schemas/engagement.ts';
import { aQuote } from './fixtures/quote.ts';
import { describeWithVnu, validateCssErrors, validateHtml } from './vnu.ts';

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
  disclosure: buildDisclosure(figures, matter),
  terms: { version: COSTS_AGREEMENT.version, effective: COSTS_AGREEMENT.effective, text: COSTS_AGREEMENT.text },
  privacy: ENGAGEMENT_PRIVACY_NOTICE,
  expiresAt: '2026-12-07T07:30:00.000Z',
  ...overrides,
});

/** The opening tag of the element with this id. */
const tagWithId = (html: string, id: string): string => {
  const match = new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no element #${id}`);
  return match[0];
};

/** The text of a page, tags dropped and entities decoded, for comparing with the source text. */
const textOf = (html: string): string =>
  html
    .replace(/<br>\n?/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('engagePage', () => {
  it('is a complete document that a search engine must not index and that sends no referrer', () => {
    const html = engagePage({ token: TOKEN, view: view() });
    expect(html).toMatch(/^<!doctype html>\n<html lang="en-AU">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    expect(html).toContain('<title>Costs agreement – Hills District Conveyancing</title>');
    expect(html).toContain('<link rel="stylesheet" href="/engage.css">');
    // No script, no inline style: the CSP allows neither, and the page needs neither.
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  });

  it('shows the practice, the solicitor and the matter', () => {
    const html = engagePage({ token: TOKEN, view: view() });
    expect(html).toContain('<a href="tel:0255500123">(02) 5550 0123</a>');
    expect(html).toContain('<a href="mailto:hello@example-conveyancing.com.au">');
    expect(html).toContain('Suite 1, 10 Example Street, Castle Hill NSW 2154');
    expect(html).toContain('Alex Principal, Principal solicitor');
    expect(html).toContain('<dd>Buying</dd>');
    expect(html).toContain('<dd>Established home</dd>');
    expect(html).toContain('12 Example Road, Castle Hill NSW 2154');
    expect(html).toContain(escapeHtml(matter.description));
  });

  it('prints every disclosure section in order, word for word, and the terms with their version', () => {
    const shown = view();
    const html = engagePage({ token: TOKEN, view: shown });
    const text = textOf(html);
    let from = 0;
    for (const section of shown.disclosure) {
      expect(html).toContain(`<h3>${escapeHtml(section.heading)}</h3>`);
      for (const line of [section.heading, ...section.paragraphs]) {
        const at = text.indexOf(line, from);
        expect(at, line).toBeGreaterThanOrEqual(from);
        from = at + line.length;
      }
    }
    expect(html).toContain('<li>You have the right to negotiate the costs agreement with us.</li>');
    expect(html).toContain('Terms version sample-1, effective 23 November 2026');
    for (const paragraph of COSTS_AGREEMENT.text.split('\n\n')) {
      const at = text.indexOf(paragraph, from);
      expect(at, paragraph).toBeGreaterThanOrEqual(from);
      from = at + paragraph.length;
    }
    expect(html).toContain('<p>1. Scope.');
    expect(text.indexOf(ENGAGEMENT_PRIVACY_NOTICE, from)).toBeGreaterThan(from);
  });

  it('escapes every value people typed, in content and in attributes', () => {
    const evil = '<script>alert("x")</script>';
    const html = engagePage({
      token: TOKEN,
      view: view({
        practice: { name: evil, phone: '02 5550 0123', email: `a"@b.c`, address: evil },
        solicitor: { name: evil, role: '' },
        matter: { ...matter, propertyAddress: evil, description: evil },
      }),
      form: {
        values: { fullName: `"><script>alert(1)</script>`, understood: false, accept: false, instruct: false },
        fieldErrors: { understood: [evil] },
      },
    });
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('href="mailto:a&quot;@b.c"');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('posts the acceptance to the API with the named fields and the exact words of the consents', () => {
    const token = 'a/b+c=?';
    const html = engagePage({ token, view: view({ status: 'sent' }) });
    expect(html).toContain('<form method="post" action="/api/engage/a%2Fb%2Bc%3D%3F/accept" novalidate>');
    expect(html).toContain('<label for="fullName">Your full name</label>');
    expect(tagWithId(html, 'fullName')).toMatch(/type="text" id="fullName" name="fullName" autocomplete="name"/);
    expect(tagWithId(html, 'fullName')).toContain('value=""');
    for (const [key, words] of Object.entries(ACCEPT_CONSENTS)) {
      const box = tagWithId(html, key);
      expect(box).toContain(`type="checkbox" id="${key}" name="${key}" value="true"`);
      expect(box).not.toContain('checked');
      expect(html).toContain(`<label for="${key}">${words}</label>`);
    }
    expect(html).toContain('<button type="submit">Accept and instruct</button>');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('aria-invalid');
    expect(html).toContain('This link works until 7 December 2026 at 6:30 pm (Sydney time)');
    expect(html).not.toContain('document.pdf');
  });

  it('after a bad post keeps the values, sums up the errors with links and ties each to its field', () => {
    const html = engagePage({
      token: TOKEN,
      view: view(),
      form: {
        values: { fullName: 'Quinn O’Buyer', understood: true, accept: false, instruct: true },
        error: 'Please check the form',
        fieldErrors: { accept: ['Please confirm you accept the costs agreement'] },
      },
    });
    expect(html).toContain('<title>Error: Costs agreement');
    const summary = /<div class="error-summary" role="alert"[^]*?<\/div>/.exec(html)?.[0] ?? '';
    expect(summary).toContain('<p>Please check the form</p>');
    expect(summary).toContain('<li><a href="#accept">Please confirm you accept the costs agreement</a></li>');
    // The summary comes first in the form, before any field.
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf('id="fullName"'));
    expect(html.indexOf('role="alert"')).toBeGreaterThan(html.indexOf('<form'));

    const box = tagWithId(html, 'accept');
    expect(box).toContain('aria-invalid="true"');
    expect(box).toContain('aria-describedby="accept-error"');
    expect(box).not.toContain('checked');
    expect(html).toContain(
      '<p class="field-error" id="accept-error">Please confirm you accept the costs agreement</p>',
    );
    expect(tagWithId(html, 'understood')).toContain(' checked');
    expect(tagWithId(html, 'instruct')).toContain(' checked');
    expect(tagWithId(html, 'understood')).not.toContain('aria-invalid');
    expect(tagWithId(html, 'fullName')).toContain('value="Quinn O’Buyer"');
    expect(tagWithId(html, 'fullName')).not.toContain('aria-invalid');
  });

  it('links a missing name to the name field', () => {
    const html = engagePage({
      token: TOKEN,
      view: view(),
      form: {
        values: { fullName: '', understood: true, accept: true, instruct: true },
        fieldErrors: { fullName: ['Please type your full name'] },
      },
    });
    expect(html).toContain('<li><a href="#fullName">Please type your full name</a></li>');
    const input = tagWithId(html, 'fullName');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="fullName-error"');
    expect(html).toContain('id="fullName-error">Please type your full name</p>');
  });

  it('once accepted shows when, the signed PDF and its SHA-256, and no form', () => {
    const html = engagePage({
      token: TOKEN,
      view: view({ status: 'accepted', acceptedAt: '2026-11-23T07:30:00.000Z', documentSha256: SHA }),
    });
    expect(html).toContain('You accepted this costs agreement on 23 November 2026 at 6:30 pm (Sydney time).');
    expect(html).toContain(`href="/api/engage/${TOKEN}/document.pdf"`);
    expect(html).toContain(`<code class="hash">${SHA}</code>`);
    expect(html).not.toContain('<form');
    expect(html).not.toContain('name="fullName"');
    // The confirmation is the first thing after the heading: the accept post lands here.
    expect(html.indexOf('accepted-heading')).toBeLessThan(html.indexOf('disclosure-heading'));
    // The disclosure stays readable after acceptance.
    expect(html).toContain('<h2 id="disclosure-heading">Costs disclosure</h2>');
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

describe('engageEndedPage', () => {
  it('says the same for every unknown link, and nothing about whether it existed', () => {
    const html = engageEndedPage('unknown');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
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
    expect(html).toContain('ask us for a new one');
    expect(html).toContain('<a href="tel:0255500123">(02) 5550 0123</a>');
    expect(html).toContain('<title>This link has ended – Hills &lt;Conveyancing&gt;</title>');
    expect(html).not.toContain('<Conveyancing>');
    expect(engageEndedPage('ended')).toContain('ask us for a new one');
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

/** The W3C validator, run as `npm run validate` runs it, over each state of the page. */
describeWithVnu('the W3C validator', () => {
  it('finds no error or warning in any state of the page', () => {
    const pages = {
      open: engagePage({ token: TOKEN, view: view() }),
      errors: engagePage({
        token: TOKEN,
        view: view(),
        form: {
          values: { fullName: '', understood: false, accept: true, instruct: false },
          error: 'Please check the form',
          fieldErrors: {
            fullName: ['Please type your full name'],
            understood: ['Please confirm you have read and understood the costs disclosure'],
            instruct: ['Please confirm you instruct the practice to act for you'],
          },
        },
      }),
      accepted: engagePage({
        token: TOKEN,
        view: view({ status: 'accepted', acceptedAt: '2026-11-23T07:30:00.000Z', documentSha256: SHA }),
      }),
      revoked: engagePage({ token: TOKEN, view: view({ status: 'revoked' }) }),
      unknown: engageEndedPage('unknown'),
      ended: engageEndedPage('ended', { name: 'Hills', phone: '(02) 5550 0123' }),
    };
    expect(validateHtml(pages)).toEqual([]);
  }, 120_000);

  it('finds no error in the stylesheet', () => {
    expect(validateCssErrors('public/engage.css')).toEqual([]);
  }, 120_000);
});
