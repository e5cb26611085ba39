/**
 * The accepted engagement as a PDF: the practice, the responsible solicitor, the matter,
 * the costs disclosure, the costs agreement terms, the privacy notice and the particulars
 * of each client's acceptance, on numbered A4 pages.
 *
 * Deterministic: the same input gives the same bytes (the document's dates are the
 * acceptance time, its producer and creator fixed, and pdf-lib's resource names come from a
 * seeded generator), so a stored PDF can be checked against the SHA-256 recorded for it and
 * made again to compare.
 *
 * The standard fonts (no font file to ship or embed) encode WinAnsi only: a character
 * outside it is printed as its nearest WinAnsi form (an accent dropped, an arrow as "->"),
 * or failing that as its code point, e.g. "[U+738B]", so that nothing typed is lost silently.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { ACCEPT_CONSENTS, CONSENT_KEYS } from '#src/shared/schemas/engagement.ts';
import type { AcceptanceRecord, EngagementContent } from '#src/shared/schemas/engagement.ts';
import { formatIsoDate } from '#src/shared/quote.ts';
import { sydneyFormat } from '#src/shared/sydney-time.ts';

export type EngagementPdfInput = {
  engagementId: string;
  content: EngagementContent;
} & (
  | {
      /**
       * The acceptances as recorded, in the order they were given, before this PDF's own
       * digest exists: one client's, or each joint client's so far (the one this PDF is for last).
       */
      acceptances: Omit<AcceptanceRecord, 'documentSha256'>[];
    }
  | {
      /**
       * A copy for the client to keep before accepting: the same document, marked a draft,
       * with no acceptance, dated when it was sent (so it too is the same bytes each time).
       */
      draft: { sentAt: string };
    }
);

/** A4 in points (210 × 297 mm). */
const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const FOOTER = 32;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const SIZE = { title: 16, heading: 12, body: 10, small: 8 } as const;
const LEADING = 1.4;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const PRODUCER = 'Engagement document (pdf-lib)';

const sydneyTime = sydneyFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** Characters WinAnsi lacks, as people would write them. */
const SUBSTITUTES: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '―': '-',
  '′': "'",
  '″': '"',
  // Letters with a stroke, which no decomposition strips.
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  ı: 'i',
  '✓': 'v',
  '✔': 'v',
  '\t': ' ',
  '\r': '',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u200b': '',
  '\ufeff': '',
};

/**
 * `text` in characters `font` can encode. Tried in turn for each character: itself, a
 * substitute, its composed form with fewer accents ("ễ" → "ê"), its base letter, and
 * last its code point in brackets.
 */
export function printable(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  const ok = (value: string) => [...value].every((char) => supported.has(char.codePointAt(0)!));
  let out = '';
  for (const char of text.normalize('NFC')) {
    // Line breaks are the layout's to keep (`wrap`), not the font's to draw.
    if (char === '\n' || ok(char)) {
      out += char;
      continue;
    }
    const substitute = SUBSTITUTES[char];
    if (substitute !== undefined) {
      out += substitute;
      continue;
    }
    const [base = '', ...marks] = [...char.normalize('NFD')];
    const simpler = [...Array(marks.length).keys()]
      .reverse()
      .map((keep) => (base + marks.slice(0, keep).join('')).normalize('NFC'))
      .find(ok);
    out += simpler ?? `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`;
  }
  return out;
}

/** Lines of at most `width` points; a word longer than a line (a digest, a user agent) is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  const lines: string[] = [];
  for (const paragraphLine of text.split('\n')) {
    let line = '';
    for (const word of paragraphLine.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Writes flowing text top to bottom, starting a new page when one is full. */
class Writer {
  private readonly doc: PDFDocument;
  private readonly regular: PDFFont;
  private readonly bold: PDFFont;
  private page!: PDFPage;
  private y = 0;

  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  space(points: number) {
    this.y -= points;
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; color?: typeof INK; indent?: number; keepWithNext?: number } = {},
  ) {
    const { size = SIZE.body, bold = false, color = INK, indent = 0, keepWithNext = 0 } = options;
    const font = bold ? this.bold : this.regular;
    const height = size * LEADING;
    const lines = wrap(printable(text, font), font, size, TEXT_WIDTH - indent);
    // A heading never ends a page: it moves on with the lines it heads.
    const atTop = this.y === PAGE.height - MARGIN;
    if (keepWithNext > 0 && !atTop && this.y - height * (lines.length + keepWithNext) < MARGIN + FOOTER) this.newPage();
    for (const line of lines) {
      if (this.y - height < MARGIN + FOOTER) this.newPage();
      this.y -= height;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y + (height - size) / 2, size, font, color });
    }
  }

  heading(text: string) {
    this.space(SIZE.body * 0.8);
    this.text(text, { size: SIZE.heading, bold: true, keepWithNext: 2 });
    this.space(2);
  }

  paragraph(text: string) {
    this.text(text);
    this.space(SIZE.body * 0.5);
  }

  /** "Label: value", the label in bold on its own line when the value is long. */
  field(label: string, value: string) {
    this.text(label, { bold: true, keepWithNext: 1 });
    this.text(value, { indent: 12 });
    this.space(SIZE.body * 0.3);
  }
}

/** The accepted engagement document, as PDF bytes. */
export async function renderEngagementPdf(input: EngagementPdfInput): Promise<Uint8Array> {
  const { engagementId, content } = input;
  const acceptances = 'acceptances' in input ? input.acceptances : [];
  // The PDF is dated by the acceptance it is made for (the last), or a draft by its sending.
  const acceptance = acceptances.at(-1) ?? null;
  const { practice, solicitor, matter, terms } = content;
  const acceptedAt = new Date(acceptance ? acceptance.at : 'draft' in input ? input.draft.sentAt : 0);

  // No metadata of pdf-lib's own (it would stamp the time of rendering): ours is set below.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const title = `Costs disclosure and costs agreement – ${practice.name}`;
  doc.setTitle(printable(title, regular));
  doc.setAuthor(printable(practice.name, regular));
  doc.setSubject(
    acceptance
      ? `Engagement ${engagementId}, accepted ${acceptance.at}`
      : `Engagement ${engagementId}, draft sent ${acceptedAt.toISOString()}, not accepted`,
  );
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(acceptedAt);
  doc.setModificationDate(acceptedAt);

  const out = new Writer(doc, regular, bold);
  out.text('Costs disclosure and costs agreement', { size: SIZE.title, bold: true });
  out.text(
    acceptance
      ? `Accepted online by ${acceptances.map((each) => each.fullName).join(' and ')}`
      : 'Draft for you to keep: not accepted. Accept it through your personal link.',
    { color: MUTED },
  );
  out.space(SIZE.body);

  out.heading('The practice');
  out.field('Name', practice.name);
  out.field('Address', practice.address);
  out.field('Phone', practice.phone);
  out.field('E-mail', practice.email);
  out.field('Responsible solicitor', `${solicitor.name}, ${solicitor.role}`);
  if (solicitor.practisingCertificate) out.field('Practising certificate', solicitor.practisingCertificate);

  out.heading('The matter');
  out.field('Description', matter.description);
  out.field('Property address', matter.propertyAddress ?? 'Not given');

  for (const section of content.disclosure) {
    out.heading(section.heading);
    for (const paragraph of section.paragraphs) out.paragraph(paragraph);
  }

  out.heading('Costs agreement');
  out.text(`Version ${terms.version}, effective ${formatIsoDate(terms.effective)}`, { color: MUTED });
  out.space(SIZE.body * 0.5);
  for (const paragraph of terms.text.split(/\n\s*\n/)) out.paragraph(paragraph.trim());

  out.heading('Privacy notice');
  for (const paragraph of content.privacy.split(/\n\s*\n/)) out.paragraph(paragraph.trim());

  // Each client's acceptance on its own (joint clients each accept for themselves).
  acceptances.forEach((each, index) =>
    printAcceptance(
      out,
      each,
      acceptances.length > 1 ? `Acceptance ${index + 1} of ${acceptances.length}` : 'Acceptance',
    ),
  );
  if (acceptance) out.field('Engagement', engagementId);

  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const label = `Page ${index + 1} of ${pages.length}`;
    const width = regular.widthOfTextAtSize(label, SIZE.small);
    page.drawText(label, {
      x: PAGE.width - MARGIN - width,
      y: MARGIN / 2,
      size: SIZE.small,
      font: regular,
      color: MUTED,
    });
    // The practice and the engagement on the left, cut short rather than run into the number.
    const room = TEXT_WIDTH - width - 12;
    const [left = ''] = wrap(
      printable(`${practice.name} · Engagement ${engagementId}`, regular),
      regular,
      SIZE.small,
      room,
    );
    page.drawText(left, {
      x: MARGIN,
      y: MARGIN / 2,
      size: SIZE.small,
      font: regular,
      color: MUTED,
    });
  });

  return doc.save();
}

/** The particulars of the client's acceptance, each consent with the words they ticked. */
function printAcceptance(out: Writer, acceptance: Omit<AcceptanceRecord, 'documentSha256'>, heading: string) {
  out.heading(heading);
  out.field('Accepted at', `${acceptance.at} (${sydneyTime.format(new Date(acceptance.at))}, Sydney time)`);
  out.field('Full name as typed', acceptance.fullName);
  for (const key of CONSENT_KEYS) {
    // An acceptance recorded before a consent was asked for has no answer to it.
    out.field(`Ticked: "${ACCEPT_CONSENTS[key]}"`, acceptance.consents[key] ? 'Yes' : 'No (not asked then)');
  }
  out.field('Costs agreement version', acceptance.termsVersion);
  out.field('SHA-256 of the disclosure and terms as shown', acceptance.contentSha256);
  out.field('Browser (user agent)', acceptance.userAgent || 'Not given');
  out.field('Network address (keyed digest)', acceptance.addressDigest);
}
