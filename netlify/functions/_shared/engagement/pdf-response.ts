/**
 * The engagement as a PDF answer: the accepted copy (the bytes stored under the hash the
 * acceptance recorded), or the draft the client may keep before accepting (made on request).
 */
import type { EngagementRecord } from '#src/shared/schemas/engagement.ts';
import { BASE_HEADERS } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { getDocument } from '../repositories/engagements-store.ts';
import { renderEngagementPdf } from './pdf.ts';

const pdfAnswer = (pdf: Uint8Array, filename: string): Response =>
  new Response(pdf.slice().buffer, {
    headers: {
      ...BASE_HEADERS,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Content-Length': String(pdf.byteLength),
    },
  });

const NOT_SIGNED = 'There is no signed copy: the engagement has not been accepted';

/**
 * The engagement's signed copy once every client accepted; before that, for a joint client
 * who has accepted (`client`, whose link asks), the PDF of their own acceptance.
 */
export async function pdfResponse(record: EngagementRecord, client?: number): Promise<Response> {
  const sha =
    record.acceptance?.documentSha256 ??
    (client === undefined ? undefined : record.clients[client]?.acceptance?.documentSha256);
  const pdf = sha ? await getDocument(record.id, sha) : null;
  if (!pdf) throw new Refused('not-found', NOT_SIGNED);
  return pdfAnswer(pdf, `costs-agreement-${record.id}.pdf`);
}

/**
 * The disclosure and agreement as sent, marked a draft with no acceptance: the client can
 * keep a copy before deciding (Electronic Transactions Act 2000 (NSW) s 9: information in
 * writing must be readily accessible for later reference).
 */
export async function draftPdfResponse(record: EngagementRecord): Promise<Response> {
  const pdf = await renderEngagementPdf({
    engagementId: record.id,
    content: record.content,
    draft: { sentAt: record.sentAt },
  });
  return pdfAnswer(pdf, `costs-disclosure-${record.id}-draft.pdf`);
}
