/** The accepted PDF as an answer: the bytes stored under the hash the acceptance recorded. */
import type { EngagementRecord } from '../../../../src/shared/schemas/engagement.ts';
import { BASE_HEADERS, HttpError } from '../http/http.ts';
import { getDocument } from '../repositories/engagements-store.ts';

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
  if (!pdf) throw new HttpError(404, NOT_SIGNED);
  return new Response(pdf.slice().buffer, {
    headers: {
      ...BASE_HEADERS,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="costs-agreement-${record.id}.pdf"`,
      'Content-Length': String(pdf.byteLength),
    },
  });
}
