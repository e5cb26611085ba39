/**
 * What the AML/CTF Act (s 111; s 107 for cash receipts) keeps of an enquiry, in one place: deleting it by hand
 * refuses with this, erasure and retention skip it, and the desk's list and detail carry it
 * so the delete button is disabled with the reason beside it before anyone clicks.
 */
import { now as currentTime } from '../../../../src/shared/clock.ts';
import { ACCEPTED_ENGAGEMENT_RETENTION, CDD_RETENTION, SUSPICION_RETENTION } from '../../../../src/content/amlctf.ts';
import type { KeptByLaw } from '../../../../src/shared/schemas/lead-desk.ts';
import { sydneyToday } from '../../../../src/shared/sydney-time.ts';
import { cddKeptFor } from '../due-diligence/staff-review.ts';
import { engagementsKeptFor } from './retention.ts';
import { suspicionsKeptFor } from './suspicious-matters.ts';
import { cashKeptFor } from './cash-register.ts';
import { CASH_RETENTION } from '../../../../src/content/cash.ts';

/**
 * The enquiries among `ids` the law keeps on `today` (Sydney), each with its first reason:
 * due diligence records (which keep the enquiry and its accepted engagement as their
 * context), else an accepted costs agreement, else the suspicious-matter register, else the
 * cash register.
 */
export async function keptByLaw(
  ids: readonly string[],
  today = sydneyToday(currentTime()),
): Promise<Map<string, KeptByLaw>> {
  if (ids.length === 0) return new Map();
  const [withCdd, withEngagement, withSuspicion, withCash] = await Promise.all([
    cddKeptFor(ids),
    engagementsKeptFor(ids, today),
    suspicionsKeptFor(ids),
    cashKeptFor(ids),
  ]);
  const kept = new Map<string, KeptByLaw>();
  for (const id of ids) {
    const cdd = withCdd.get(id);
    const engagementUntil = withEngagement.get(id);
    const suspicionUntil = withSuspicion.get(id);
    const cashUntil = withCash.get(id);
    if (cdd) kept.set(id, { what: 'cdd', section: CDD_RETENTION.section, until: cdd.retainUntil ?? null });
    else if (engagementUntil)
      kept.set(id, { what: 'engagement', section: ACCEPTED_ENGAGEMENT_RETENTION.section, until: engagementUntil });
    else if (suspicionUntil)
      kept.set(id, { what: 'suspicion', section: SUSPICION_RETENTION.section, until: suspicionUntil });
    else if (cashUntil) kept.set(id, { what: 'cash', section: CASH_RETENTION.section, until: cashUntil });
  }
  return kept;
}

const WHAT: Record<KeptByLaw['what'], string> = {
  cdd: 'has customer due diligence records',
  engagement: 'has an accepted costs agreement',
  suspicion: 'is named in the suspicious matter register',
  cash: 'has cash receipts in the cash register',
};

/** The refusal of a delete, as the API says it (dates as the records hold them). */
export function keptMessage(kept: KeptByLaw): string {
  const start = `This enquiry ${WHAT[kept.what]}, which the law requires us to keep (${kept.section})`;
  return kept.until ? `${start} until ${kept.until}.` : `${start}: close the matter to start the retention period.`;
}
