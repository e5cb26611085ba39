/**
 * The one "kept until" an enquiry has, as the desk's detail and the due-diligence panel say
 * it. Where the AML/CTF Act keeps the enquiry (`kept`), its date is the one that counts: the
 * privacy retention's "730 days after the last activity" does not apply then (the daily
 * retention skips what the law keeps), so it is not shown beside it. Otherwise the privacy
 * retention's date is the enquiry's only one.
 */
import type { KeptByLaw } from '#src/shared/schemas/lead-desk.ts';
import { formatDate } from '../kit/format.ts';

const BASIS: Record<KeptByLaw['what'], string> = {
  cdd: '7 years after the matter closed',
  engagement: '7 years after the costs agreement was accepted',
  suspicion: '7 years after the suspicion was recorded',
  law: '7 years after they were made',
  cash: '7 years after the cash was received',
};

/** "Kept until 20 Nov 2033 (AML/CTF Act 2006 s 111: 7 years after the matter closed)." */
export function keptUntilText(kept: KeptByLaw): string {
  if (kept.until === null) {
    return `Kept while the matter is open, then 7 years after it closes (${kept.section}).`;
  }
  return `Kept until ${formatDate(kept.until)} (${kept.section}: ${BASIS[kept.what]}).`;
}

/** The privacy retention's line, for an enquiry the law does not keep. */
export const privacyRetentionText = (deleteAfter: string): string =>
  `Kept until ${formatDate(deleteAfter)} unless there is more activity (privacy retention, APP 11.2).`;
