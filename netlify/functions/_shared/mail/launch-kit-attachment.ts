/**
 * The Conveyancing Launch Kit's PDF as the acknowledgement attaches it: the same document
 * the site serves at /launch-kit.pdf (src/shared/launch-kit-pdf.ts), signed with the
 * practice's name and phone as saved now. Made once per instance and per practice details
 * (about 30 ms), then reused: the same details always make the same bytes.
 */
import { LAUNCH_KIT } from '#src/content/launch-kit.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import { launchKitPdf as makeLaunchKitPdf, type LaunchKitPractice } from '#src/shared/launch-kit-pdf.ts';
import { getSettings } from '../repositories/settings-store.ts';

export const LAUNCH_KIT_FILENAME = LAUNCH_KIT.pdfFilename;

let cached: { key: string; pdf: Promise<Buffer> } | null = null;

/** The PDF for the practice as saved (the typed defaults if the settings cannot be read). */
export async function launchKitPdf(): Promise<Buffer> {
  const settings = await getSettings().catch(() => defaultPracticeSettings());
  const practice: LaunchKitPractice = { name: settings.name, phone: settings.phone };
  const key = JSON.stringify(practice);
  if (cached?.key !== key) {
    const pdf = makeLaunchKitPdf(practice).then((bytes) => Buffer.from(bytes));
    cached = { key, pdf };
    // A failure is not kept: the next message makes it again.
    pdf.catch(() => {
      if (cached?.pdf === pdf) cached = null;
    });
  }
  return cached.pdf;
}
