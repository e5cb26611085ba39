/**
 * What the AML/CTF Act (s 111; s 107 for cash receipts) keeps of an enquiry, in one place: deleting it by hand
 * refuses with this, erasure and retention skip it, and the desk's list and detail carry it
 * so the delete button is disabled with the reason beside it before anyone clicks.
 *
 * The register is for principals (s 123: no tipping off, inside the firm either): whoever
 * asks is named (`viewer`), and a staff-role account is told of a suspicion only what it
 * would be told without one: the due diligence or the engagement where those keep the
 * enquiry, else the Act's neutral `law` (the same section, the same date).
 */
import { now as currentTime } from '#src/shared/clock.ts';
import {
  ACCEPTED_ENGAGEMENT_RETENTION,
  CDD_RETENTION,
  NEUTRAL_RETENTION,
  SUSPICION_RETENTION,
} from '#src/content/amlctf.ts';
import type { KeptByLaw } from '#src/shared/schemas/lead-desk.ts';
import type { StaffRole } from '#src/shared/schemas/login.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { cddKeptFor } from '../due-diligence/cdd-retention.ts';
import { engagementsKeptFor } from '../enquiries/retention.ts';
import { suspicionsKeptFor } from './suspicious-matters.ts';
import { cashKeptFor } from './cash-register.ts';
import { CASH_RETENTION } from '#src/content/cash.ts';

/** Who is told: an account by its role, or a scheduled job (which only skips what is kept). */
export type KeptViewer = { role: StaffRole } | 'system';

/**
 * The enquiries among `ids` the law keeps on `today` (Sydney), each with its first reason:
 * due diligence records (which keep the enquiry and its accepted engagement as their
 * context), else an accepted costs agreement, else the suspicious-matter register (`law`
 * to anyone but a principal or the system), else the cash register.
 */
export async function keptByLaw(
  ids: readonly string[],
  viewer: KeptViewer,
  today = sydneyToday(currentTime()),
): Promise<Map<string, KeptByLaw>> {
  if (ids.length === 0) return new Map();
  const [withCdd, withEngagement, withSuspicion, withCash] = await Promise.all([
    cddKeptFor(ids),
    engagementsKeptFor(ids, today),
    suspicionsKeptFor(ids),
    cashKeptFor(ids),
  ]);
  const seesRegister = viewer === 'system' || viewer.role === 'principal';
  const kept = new Map<string, KeptByLaw>();
  for (const id of ids) {
    const cdd = withCdd.get(id);
    const engagementUntil = withEngagement.get(id);
    const suspicionUntil = withSuspicion.get(id);
    const cashUntil = withCash.get(id);
    if (cdd) kept.set(id, { what: 'cdd', section: CDD_RETENTION.section, until: cdd.retainUntil ?? null });
    else if (engagementUntil)
      kept.set(id, { what: 'engagement', section: ACCEPTED_ENGAGEMENT_RETENTION.section, until: engagementUntil });
    else if (suspicionUntil && seesRegister)
      kept.set(id, { what: 'suspicion', section: SUSPICION_RETENTION.section, until: suspicionUntil });
    else if (cashUntil)
      // A staff-role account is not told of a suspicion, which may keep the enquiry longer.
      kept.set(id, {
        what: 'cash',
        section: CASH_RETENTION.section,
        until: suspicionUntil && suspicionUntil > cashUntil ? suspicionUntil : cashUntil,
      });
    else if (suspicionUntil) kept.set(id, { what: 'law', section: NEUTRAL_RETENTION.section, until: suspicionUntil });
  }
  return kept;
}

const WHAT: Record<KeptByLaw['what'], string> = {
  cdd: 'has customer due diligence records',
  engagement: 'has an accepted costs agreement',
  suspicion: 'is named in the suspicious matter register',
  law: 'has records',
  cash: 'has cash receipts in the cash register',
};

/** The refusal of a delete, as the API says it (dates as the records hold them). */
export function keptMessage(kept: KeptByLaw): string {
  const start = `This enquiry ${WHAT[kept.what]}, which the law requires us to keep (${kept.section})`;
  return kept.until ? `${start} until ${kept.until}.` : `${start}: close the matter to start the retention period.`;
}
