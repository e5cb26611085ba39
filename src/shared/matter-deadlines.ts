/**
 * The deadlines of a client's matter, worked out from the rules (docs/decisions/029):
 *
 * - cooling-off ends (residential property only, s 66Q): 5 pm Sydney time on the 5th NSW
 *   business day after the contract date, the 10th for an off the plan contract
 *   (Conveyancing Act 1919 (NSW) s 66S(3); "business day" s 66P(1): not a weekend, nor a
 *   public or bank holiday throughout the State; Sydney time s 66P(2)); none when a s 66W
 *   certificate waived it or there is none (auction, passed-in auction the same day, option:
 *   s 66T). On a sale it is the purchaser's period, shown so the vendor's practice knows when
 *   the purchaser's right to rescind (s 66U) ends;
 * - settlement: the date staff enter, else the standard contract's 42nd day after the
 *   contract date, moved to the next business day;
 * - transfer duty (purchases): 3 months after the contract date (Duties Act 1997 (NSW) s 153(1),
 *   liability arising on signing, s 12), moved to the next business day when that day is not
 *   one (Interpretation Act 1987 (NSW) s 36(2), applied by Duties Act s 300(4)), never after
 *   settlement (the transfer is not registered before duty is paid); off the plan for an
 *   individual who will live in the home, liability arises at the earlier of completion and
 *   12 months after the contract (s 49A(1), (1A)), so the earlier of settlement and 15 months;
 * - the dates a special condition sets (finance and others), as staff enter them.
 *
 * Pure apart from the NSW holiday calendar (loaded once by sydney-time.ts): both sides run
 * it, the staff desk, the client's page and the daily reminders, so they always agree.
 */
import { COOLING_OFF, DUTY_PAYMENT, STANDARD_COMPLETION } from '../content/conveyancing-law.ts';
import {
  DEADLINE_LABELS,
  DEADLINE_MILESTONES,
  PURCHASER_COOLING_OFF_LABEL,
  type CoolingOffArrangement,
  type MatterPropertyType,
  type MatterSide,
} from '../content/matters.ts';
import {
  addCalendarDays,
  addNswBusinessDays,
  formatIsoDay,
  isNswBusinessDay,
  sydneyDayStart,
  sydneyInstant,
} from './sydney-time.ts';

/** The time of day cooling-off ends (s 66S(3)). */
export const COOLING_OFF_ENDS_AT = '17:00';

/** A date a special condition sets, as staff enter it. */
export interface StaffDate {
  key: string;
  label: string;
  date: string;
}

/** Staff's own value for a deadline the rules work out; the computed one stays beside it. */
export interface DeadlineOverride {
  key: string;
  date: string;
  time?: string;
}

/** What the rules read of a matter. */
export interface DeadlineFacts {
  side: MatterSide;
  propertyType: MatterPropertyType;
  contractDate?: string;
  coolingOff: CoolingOffArrangement;
  settlementDate?: string;
  /** An off the plan buyer who will live in the home (s 49A(1A)): duty may wait for settlement. */
  ownerOccupier?: boolean;
  /**
   * A company or trust is a customer in the due diligence: the s 49A deferral is for an
   * individual who will live in the home, so such a purchaser pays within 3 months.
   */
  entityPurchaser?: boolean;
  dates: readonly StaffDate[];
  overrides: readonly DeadlineOverride[];
  /** Keys of deadlines staff have confirmed. */
  confirmed: readonly string[];
}

export interface Deadline {
  key: string;
  label: string;
  /** `YYYY-MM-DD`, Sydney. */
  date: string;
  /** `HH:MM` Sydney; absent when the deadline is the whole day. */
  time?: string;
  /** Why this date, in words for the client: the rule and its source. */
  basis: string;
  /** False: an estimate until the client's conveyancer confirms it. */
  confirmed: boolean;
  /** What the rules give, when staff entered a date of their own instead. */
  computed?: { date: string; time?: string };
  /** The milestone that meets this deadline, if one does. */
  milestone?: string;
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/**
 * `months` calendar months after a day; a day the month lacks is its last day (3 months
 * after 30 November is 28 February), the way a period "within 3 months" is read.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y!, m! - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y!, m! - 1 + months, Math.min(d!, lastDay))).toISOString().slice(0, 10);
}

/** The day itself when it is a NSW business day, else the next one. */
export async function onOrAfterBusinessDay(date: string): Promise<string> {
  return (await isNswBusinessDay(date)) ? date : addNswBusinessDays(date, 1);
}

/** Cooling-off applies to residential property (s 66Q): not commercial property; on either side, the purchaser's. */
const hasCoolingOff = (facts: DeadlineFacts) => facts.propertyType !== 'commercial' && facts.coolingOff === 'standard';

/** What a business day leaves out, in the words every basis uses (s 66P(1); Interpretation Act s 36(2)). */
const NOT_COUNTING = 'not counting weekends and NSW public and bank holidays';

async function coolingOff(facts: DeadlineFacts, contractDate: string): Promise<Omit<Deadline, 'confirmed'>> {
  const offThePlan = facts.propertyType === 'off-the-plan';
  const days = offThePlan ? COOLING_OFF.offThePlanBusinessDays : COOLING_OFF.businessDays;
  const rule =
    `5 pm Sydney time on the ${ordinal(days)} business day after the contract date` +
    `${offThePlan ? ' (an off the plan contract)' : ''}, ${NOT_COUNTING} (Conveyancing Act 1919 (NSW) s 66S(3)).`;
  const sale = facts.side === 'sale';
  return {
    key: 'cooling-off',
    label: sale ? PURCHASER_COOLING_OFF_LABEL : DEADLINE_LABELS['cooling-off'],
    date: await addNswBusinessDays(contractDate, days),
    time: COOLING_OFF_ENDS_AT,
    basis: sale
      ? `The purchaser’s cooling-off period: until then the purchaser may rescind the contract (s 66U). ${rule}`
      : rule,
  };
}

async function settlement(facts: DeadlineFacts): Promise<Omit<Deadline, 'confirmed'> | null> {
  const base = { key: 'settlement', label: DEADLINE_LABELS.settlement };
  if (facts.settlementDate) {
    return { ...base, date: facts.settlementDate, basis: 'The completion date your contract sets.' };
  }
  if (!facts.contractDate) return null;
  const days = STANDARD_COMPLETION.daysAfterContract;
  return {
    ...base,
    date: await onOrAfterBusinessDay(addCalendarDays(facts.contractDate, days)),
    basis:
      `The ${ordinal(days)} day after the contract date, the standard contract's completion date when ` +
      'no other is written in, moved to the next business day when it falls on a weekend or a NSW public or bank holiday.',
  };
}

/**
 * The last day to pay within a period ending on `lastDay`: that day, or the next business day
 * when it is not one (Interpretation Act 1987 (NSW) s 36(2), applied by Duties Act s 300(4)),
 * with the words saying so.
 */
async function lastDayToPay(lastDay: string): Promise<{ date: string; moved: string }> {
  const date = await onOrAfterBusinessDay(lastDay);
  if (date === lastDay) return { date, moved: '' };
  return {
    date,
    moved:
      ` The period ends on ${formatIsoDay(lastDay)}, which is not a business day, so the last day to pay moves to the ` +
      `next business day (Interpretation Act 1987 (NSW) s 36(2), applied by Duties Act 1997 (NSW) s 300(4)).`,
  };
}

/** Off the plan, for an individual buyer who will live in the home: the s 49A deferral. */
const defersDuty = (facts: DeadlineFacts) =>
  facts.propertyType === 'off-the-plan' && facts.ownerOccupier === true && facts.entityPurchaser !== true;

async function duty(
  facts: DeadlineFacts,
  contractDate: string,
  settlementDate: string | undefined,
): Promise<Omit<Deadline, 'confirmed'>> {
  const base = { key: 'duty', label: DEADLINE_LABELS.duty };
  const months = DUTY_PAYMENT.monthsAfterLiability;
  const deferred = defersDuty(facts);
  const total = deferred ? DUTY_PAYMENT.offThePlanDeferralMonths + months : months;
  const statutory = await lastDayToPay(addMonths(contractDate, total));
  const bySettlement = settlementDate !== undefined && settlementDate < statutory.date;
  const date = bySettlement ? settlementDate : statutory.date;
  const moved = bySettlement ? '' : statutory.moved;
  if (deferred) {
    return {
      ...base,
      date,
      basis:
        `Off the plan, for an individual buyer who will live in the home: by settlement or ${total} ` +
        `months after the contract date, whichever comes first (Duties Act 1997 (NSW) s 49A and s 153).${moved}`,
    };
  }
  return {
    ...base,
    date,
    basis:
      `Within ${months} months after the contract date (Duties Act 1997 (NSW) s 153), and by settlement if that ` +
      `comes first: the transfer cannot be registered until duty is paid.${moved}`,
  };
}

/** Staff's own date for a deadline replaces the computed one, which stays beside it. */
function withOverride(deadline: Omit<Deadline, 'confirmed'>, facts: DeadlineFacts): Deadline {
  const override = facts.overrides.find((entry) => entry.key === deadline.key);
  // A sale has no "cooling-off ended" milestone: the purchaser's period is met once it passes.
  const milestone =
    facts.side === 'sale' && deadline.key === 'cooling-off'
      ? undefined
      : (DEADLINE_MILESTONES as Record<string, string>)[deadline.key];
  const linked = milestone ? { milestone } : {};
  if (!override) return { ...deadline, ...linked, confirmed: facts.confirmed.includes(deadline.key) };
  const { time, ...rest } = deadline;
  return {
    ...rest,
    ...linked,
    date: override.date,
    ...(override.time ? { time: override.time } : {}),
    basis: 'The date your conveyancer set for your matter.',
    // Staff typed it: there is nothing left to confirm.
    confirmed: true,
    computed: { date: deadline.date, ...(time ? { time } : {}) },
  };
}

/** Soonest first; a whole-day deadline after a timed one on the same day. */
export const byDue = (a: Deadline, b: Deadline): number =>
  a.date.localeCompare(b.date) || (a.time ?? '24:00').localeCompare(b.time ?? '24:00');

/**
 * Every deadline of a matter, soonest first. Those the rules compute from the contract date
 * appear once it is known; a settlement date staff entered appears on its own.
 */
export async function matterDeadlines(facts: DeadlineFacts): Promise<Deadline[]> {
  const deadlines: Deadline[] = [];
  const { contractDate } = facts;
  if (contractDate && hasCoolingOff(facts)) deadlines.push(withOverride(await coolingOff(facts, contractDate), facts));
  const settles = await settlement(facts);
  const settled = settles ? withOverride(settles, facts) : null;
  if (settled) deadlines.push(settled);
  if (contractDate && facts.side === 'purchase') {
    deadlines.push(withOverride(await duty(facts, contractDate, settled?.date), facts));
  }
  for (const date of facts.dates) {
    const milestone = date.key === 'finance' ? { milestone: DEADLINE_MILESTONES.finance } : {};
    deadlines.push({
      key: date.key,
      label: date.label,
      date: date.date,
      basis: 'A date your contract sets (a special condition), entered by your conveyancer.',
      confirmed: true,
      ...milestone,
    });
  }
  return deadlines.sort(byDue);
}

/**
 * The instant a deadline passes: its time on its day (Sydney), or the end of its day. A
 * cooling-off period ending at 5 pm has passed at 5 pm; duty due on a day has not until
 * that day is over.
 */
export function deadlineEnds(deadline: Pick<Deadline, 'date' | 'time'>): number {
  if (!deadline.time) return sydneyDayStart(deadline.date, 1);
  const [y, m, d] = deadline.date.split('-').map(Number);
  const [hh, mm] = deadline.time.split(':').map(Number);
  return sydneyInstant(y!, m!, d!, hh!, mm!);
}
