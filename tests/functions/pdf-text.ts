/**
 * The text a PDF made by pdf-lib draws, in drawing order, one `Tj` a line: enough to check
 * what a page of the engagement's PDF says without a PDF reader.
 */
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** The standard fonts' encoding (pdf-lib writes WinAnsi hex strings). */
const winAnsi = new TextDecoder('windows-1252');

export async function drawnText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let text = '';
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of('Filter'));
    const raw = Buffer.from(object.contents);
    const stream = filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw;
    for (const match of stream.toString('latin1').matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      text += winAnsi.decode(Buffer.from(match[1]!, 'hex')) + '\n';
    }
  }
  return text;
}
