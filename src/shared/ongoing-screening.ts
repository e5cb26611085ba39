/**
 * When a verified matter's sanctions screening is due again (ongoing due diligence, AML/CTF
 * Act s 30; the periods are `ONGOING_SCREENING`): once the last screening is more than 90
 * days old, or, when a settlement date is known, from a week before settlement if the last
 * screening is older than that week. Pure and on Sydney dates (`YYYY-MM-DD`), so the desk's
 * list, the daily notice and a later matter feature (which knows the settlement date) ask
 * the same question the same way.
 */
import { ONGOING_SCREENING } from '../content/amlctf.ts';
import { addCalendarDays } from './sydney-time.ts';

/** Why a screening is (or will be) due. */
export type ScreeningDueReason = 'interval' | 'settlement' | 'unrecorded';

export interface ScreeningDue {
  /** The first day the matter counts as due; null when the last screening is not on record (due now). */
  dueOn: string | null;
  reason: ScreeningDueReason;
  /** `today` is on or after `dueOn`. */
  due: boolean;
}

/**
 * When `lastScreenedOn`'s matter is next due for screening, seen on `today`. A settlement
 * date is the later matter feature's hook: it counts until settlement day itself, and only
 * when it brings the screening forward. A record whose last screening is not on record
 * (verified before the date was kept) is due at once: fail towards screening.
 */
export function screeningDue(
  { lastScreenedOn, settlementOn }: { lastScreenedOn: string | null; settlementOn?: string },
  today: string,
): ScreeningDue {
  if (lastScreenedOn === null) return { dueOn: null, reason: 'unrecorded', due: true };
  // "More than 90 days ago": due from the 91st day after the screening.
  let next: { dueOn: string; reason: ScreeningDueReason } = {
    dueOn: addCalendarDays(lastScreenedOn, ONGOING_SCREENING.intervalDays + 1),
    reason: 'interval',
  };
  if (settlementOn !== undefined && today <= settlementOn) {
    const weekBefore = addCalendarDays(settlementOn, -ONGOING_SCREENING.beforeSettlementDays);
    if (lastScreenedOn < weekBefore && weekBefore < next.dueOn) next = { dueOn: weekBefore, reason: 'settlement' };
  }
  return { ...next, due: today >= next.dueOn };
}
