/**
 * The accepted engagement's PDF: it loads back, runs to more pages when the terms are long,
 * is the same bytes for the same input (so its recorded SHA-256 can be checked by making it
 * again), prints the acceptance's particulars, and prints names outside WinAnsi without
 * throwing.
 */
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { printable, renderEngagementPdf } from '#server/engagement/pdf.ts';
import { COSTS_AGREEMENT, ENGAGEMENT_PRIVACY_NOTICE } from '#src/content/costs-agreement.ts';
import { buildDisclosure } from '#src/shared/engagement-document.ts';
import { computeQuote, describeQuoteInput } from '#src/shared/quote.ts';
import { ACCEPT_CONSENTS, type AcceptanceRecord, type EngagementContent } from '#src/shared/schemas/engagement.ts';
import { aQuote } from '../fixtures/quote.ts';
import { drawnText } from '../pdf-text.ts';

const inputs = aQuote();
const figures = computeQuote(inputs, { today: '2026-11-23' });
const description = describeQuoteInput(inputs);

const content = (terms = COSTS_AGREEMENT.text): EngagementContent => ({
  practice: {
    name: 'Hills District Conveyancing',
    phone: '(02) 5550 0123',
    email: 'hello@example-conveyancing.com.au',
    address: 'Suite 1, 10 Example Street, Castle Hill NSW 2154',
  },
  solicitor: { name: 'Jane Citizen', role: 'Principal Solicitor', practisingCertificate: 'P0012345' },
  matter: {
    role: 'buying',
    propertyType: 'established',
    propertyAddress: '12 Quoll Street, Kellyville NSW 2155',
    description,
  },
  quote: { inputs, figures },
  disclosure: buildDisclosure(
    figures,
    { description },
    { providedOn: '2026-11-23', clients: ['Ada Client'], cash: 'none' },
  ),
  terms: { version: COSTS_AGREEMENT.version, effective: COSTS_AGREEMENT.effective, text: terms },
  privacy: ENGAGEMENT_PRIVACY_NOTICE,
});

const acceptance = (fullName = 'Harriet Quoll'): Omit<AcceptanceRecord, 'documentSha256'> => ({
  at: '2026-11-23T07:25:14.123Z',
  fullName,
  consents: { understood: true, accept: true, instruct: true, electronic: true },
  termsVersion: COSTS_AGREEMENT.version,
  contentSha256: 'a'.repeat(64),
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)',
  addressDigest: '0123456789abcdef',
});

const render = (name?: string, terms?: string) =>
  renderEngagementPdf({ engagementId: 'eng-123', content: content(terms), acceptances: [acceptance(name)] });

describe('renderEngagementPdf', () => {
  it('makes an A4 PDF that loads back, with its metadata at the acceptance time', async () => {
    const doc = await PDFDocument.load(await render(), { updateMetadata: false });
    expect(doc.getPageCount()).toBe(3);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('Costs disclosure and costs agreement – Hills District Conveyancing');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-23T07:25:14.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-11-23T07:25:14.000Z');
    expect(doc.getProducer()).toBe('Engagement document (pdf-lib)');
  });

  it('prints the practice, the matter, the disclosure, the terms and every particular of the acceptance', async () => {
    const text = await drawnText(await render());
    const flat = text.replace(/\n/g, ' ');
    for (const expected of [
      'Hills District Conveyancing',
      'Suite 1, 10 Example Street, Castle Hill NSW 2154',
      '(02) 5550 0123',
      'hello@example-conveyancing.com.au',
      'Jane Citizen, Principal Solicitor',
      'Practising certificate P0012345',
      'Date provided to you: 23 November 2026',
      'Client: Ada Client',
      description,
      '12 Quoll Street, Kellyville NSW 2155',
      ...content().disclosure.map((section) => section.heading),
      `Version ${COSTS_AGREEMENT.version}, effective 23 November 2026`,
      '7. Your rights.',
      'Privacy notice',
      '2026-11-23T07:25:14.123Z',
      // 7:25 UTC is 6:25 pm in Sydney in summer (AEDT).
      '6:25:14 pm AEDT',
      'Harriet Quoll',
      ...Object.values(ACCEPT_CONSENTS),
      'a'.repeat(64),
      'iPhone OS 18_0',
      '0123456789abcdef',
      'eng-123',
      'Page 1 of 3',
      'Page 3 of 3',
    ]) {
      expect(flat, expected).toContain(expected);
    }
  });

  it('prints each consent as ticked, the consent to deal electronically too (ETA 2000 (NSW) s 8)', async () => {
    const flat = (await drawnText(await render())).replace(/\n/g, ' ');
    for (const words of Object.values(ACCEPT_CONSENTS)) expect(flat, words).toContain(`Ticked: "${words}" Yes`);
    expect(ACCEPT_CONSENTS.electronic).toBe('I agree to receive, read and accept these documents electronically');
    // An acceptance recorded before the consent was asked says so, rather than claiming it.
    const { electronic: _electronic, ...older } = acceptance().consents;
    const before = await renderEngagementPdf({
      engagementId: 'eng-123',
      content: content(),
      acceptances: [{ ...acceptance(), consents: older }],
    });
    expect((await drawnText(before)).replace(/\n/g, ' ')).toContain(
      `Ticked: "${ACCEPT_CONSENTS.electronic}" No (not asked then)`,
    );
  });

  it('prints each joint client’s acceptance on its own, in the order they accepted', async () => {
    const first = acceptance('Ada Client');
    const second = { ...acceptance('Bo Client'), at: '2026-11-24T01:00:00.000Z', addressDigest: 'b'.repeat(64) };
    const flat = (
      await drawnText(
        await renderEngagementPdf({ engagementId: 'eng-123', content: content(), acceptances: [first, second] }),
      )
    ).replace(/\n/g, ' ');
    expect(flat).toContain('Accepted online by Ada Client and Bo Client');
    expect(flat.indexOf('Acceptance 1 of 2')).toBeGreaterThan(-1);
    expect(flat.indexOf('Acceptance 2 of 2')).toBeGreaterThan(flat.indexOf('Acceptance 1 of 2'));
    expect(flat).toContain(`Full name as typed Bo Client`);
    expect(flat).toContain('b'.repeat(64));
  });

  it('makes a draft to keep before accepting: the same document, marked a draft, with no acceptance', async () => {
    const draft = await renderEngagementPdf({
      engagementId: 'eng-123',
      content: content(),
      draft: { sentAt: '2026-11-23T01:00:00.000Z' },
    });
    const flat = (await drawnText(draft)).replace(/\n/g, ' ');
    expect(flat).toContain('Draft for you to keep: not accepted');
    expect(flat).toContain('Practising certificate P0012345');
    for (const section of content().disclosure) expect(flat).toContain(section.heading);
    expect(flat).not.toContain('Accepted online');
    expect(flat).not.toContain('Ticked:');
    const doc = await PDFDocument.load(draft, { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-23T01:00:00.000Z');
  });

  it('gives the same bytes for the same input, whenever it is made', async () => {
    // Made a year apart: nothing of the clock at rendering gets in.
    vi.useFakeTimers({ toFake: ['Date'] });
    let first: Uint8Array, second: Uint8Array;
    try {
      vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
      first = await render();
      vi.setSystemTime(new Date('2027-11-23T08:00:00Z'));
      second = await render();
    } finally {
      vi.useRealTimers();
    }
    const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(second)).toBe(sha(first));
    expect(sha(await render('Harriet Quol'))).not.toBe(sha(first));
  });

  it('runs long terms over as many numbered pages as they need', async () => {
    const clause = (n: number) =>
      `${n}. Clause ${n}. ${'The practice and the client agree on the matters in this clause, which is long. '.repeat(8)}`;
    const long = Array.from({ length: 60 }, (_, i) => clause(i + 1)).join('\n\n');
    const bytes = await render(undefined, long);
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThan(6);
    const text = await drawnText(bytes);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('60. Clause 60.');
    // The acceptance comes after the very last clause.
    expect(text.lastIndexOf('Full name as typed')).toBeGreaterThan(text.lastIndexOf('60. Clause 60.'));
  });

  it('prints a name outside WinAnsi without throwing, as near as the font allows', async () => {
    const bytes = await render('Zoë Nguyễn 王 → “Hà”');
    const text = await drawnText(bytes);
    // ë and curly quotes are WinAnsi; ễ loses one accent; 王 is written as its code point; → as ->.
    expect(text).toContain('Zoë Nguyên [U+738B] -> “Hà”');
  });

  it('maps characters one by one', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(printable('café – ‘quoted’ … €5', font)).toBe('café – ‘quoted’ … €5');
    expect(printable('Đặng Thị Ánh', font)).toBe('Dang Thi Ánh');
    expect(printable('한', font)).toBe('[U+D55C]');
    expect(printable('a\tb\u202fc ≥ d\nnext', font)).toBe('a b c >= d\nnext');
  });
});
