/**
 * /launch-kit.pdf: the Conveyancing Launch Kit's checklist as a PDF, made by the build
 * from the same words as /launch-kit/ and the acknowledgement's attachment
 * (src/shared/launch-kit-pdf.ts), signed with the practice's saved name and phone.
 */
import { getPracticeSettings } from '../data/published.ts';
import { launchKitPdf } from '../shared/launch-kit-pdf.ts';

export async function GET(): Promise<Response> {
  const practice = await getPracticeSettings();
  const bytes = await launchKitPdf({ name: practice.name, phone: practice.phone.display });
  // A copy on its own ArrayBuffer: what a Response body takes.
  return new Response(bytes.slice(), { headers: { 'Content-Type': 'application/pdf' } });
}
