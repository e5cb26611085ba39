/** The accepted PDF as an answer: the bytes stored under the hash the acceptance recorded. */
import type { EngagementRecord } from '../../../../src/shared/schemas/engagement.ts';
import { BASE_HEADERS, HttpError } from '../http/http.ts';
import { getDocument } from '../repositories/engagements-store.ts';

const NOT_SIGNED = 'There is no signed copy: the engagement has not been accepted';

export async function pdfResponse(record: EngagementRecord): Promise<Response> {
  const sha = record.acceptance?.documentSha256;
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
