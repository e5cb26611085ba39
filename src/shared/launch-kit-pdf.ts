/**
 * The Conveyancing Launch Kit as a PDF (pdf-lib): the checklist of src/content/launch-kit.ts
 * on numbered A4 pages, a tick box before each item, the practice's name and phone at the
 * top and the general-information note at the top and on every page's foot. Made by the
 * build for the site (/launch-kit.pdf, src/pages/launch-kit.pdf.ts) and by the mail
 * outbox for the acknowledgement's attachment, from the same words.
 *
 * Deterministic: the same practice gives the same bytes (fixed dates, producer and creator),
 * so the copy a visitor downloads is the copy the e-mail attaches. The standard fonts need
 * no font file; the checklist's text is WinAnsi (curly quotes and dashes included).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { LAUNCH_KIT } from '../content/launch-kit.ts';

export interface LaunchKitPractice {
  name: string;
  phone: string;
}

/** A4 in points (210 × 297 mm). */
const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const FOOTER = 40;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const BOX = 9;
const INDENT = BOX + 8;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const BRAND = rgb(0x12 / 255, 0x2f / 255, 0x52 / 255);
/** A fixed date, so the same words make the same bytes. */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** `text` broken into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

export async function launchKitPdf(practice: LaunchKitPractice): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(LAUNCH_KIT.title);
  pdf.setSubject(LAUNCH_KIT.subtitle);
  pdf.setAuthor(practice.name);
  pdf.setProducer('Conveyancing Launch Kit (pdf-lib)');
  pdf.setCreator(practice.name);
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  const room = (height: number) => {
    if (y - height >= MARGIN + FOOTER) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const paragraph = (text: string, font: PDFFont, size: number, color = INK, indent = 0, after = 6) => {
    const leading = size * 1.4;
    for (const line of wrap(text, font, size, TEXT_WIDTH - indent)) {
      room(leading);
      page.drawText(line, { x: MARGIN + indent, y: y - size, size, font, color });
      y -= leading;
    }
    y -= after;
  };

  paragraph(practice.name, bold, 11, BRAND, 0, 2);
  paragraph(`Phone ${practice.phone}`, regular, 10, MUTED, 0, 14);
  paragraph(LAUNCH_KIT.title, bold, 20, BRAND, 0, 4);
  paragraph(LAUNCH_KIT.subtitle, regular, 12, INK, 0, 10);
  paragraph(LAUNCH_KIT.generalInformation, regular, 9, MUTED, 0, 12);

  for (const part of LAUNCH_KIT.parts) {
    room(60);
    y -= 6;
    paragraph(part.heading, bold, 14, BRAND, 0, 2);
    paragraph(part.intro, regular, 10, MUTED, 0, 8);
    for (const item of part.items) {
      // The item's title stays with the first lines of its detail.
      room(48);
      page.drawRectangle({
        x: MARGIN,
        y: y - BOX - 1,
        width: BOX,
        height: BOX,
        borderColor: BRAND,
        borderWidth: 1,
      });
      paragraph(item.title, bold, 11, INK, INDENT, 1);
      paragraph(item.detail, regular, 10, INK, INDENT, 8);
    }
  }

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const foot = `${LAUNCH_KIT.title}, page ${index + 1} of ${pages.length}. General information, not legal advice: call ${practice.phone} about your contract.`;
    each.drawText(foot, { x: MARGIN, y: MARGIN / 2, size: 8, font: regular, color: MUTED, maxWidth: TEXT_WIDTH });
  });
  return pdf.save({ useObjectStreams: false });
}
