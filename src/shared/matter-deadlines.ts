/**
 * The deadlines of a client's matter, worked out from the rules (docs/decisions/029):
 *
 * - cooling-off ends (purchases of residential property only): 5 pm Sydney time on the 5th
 *   NSW business day after the contract date, the 10th for an off the plan contract
 *   (Conveyancing Act 1919 (NSW) s 66S(3); "business day" s 66P(1); Sydney time s 66P(2));
 *   none when a s 66W certificate waived it or there is none (auction, option: s 66T);
 * - settlement: the date staff enter, else the standard contract's 42nd day after the
 *   contract date, moved to the next business day;
 * - transfer duty (purchases): 3 months after the contract date (Duties Act 1997 (NSW) s 153(1),
 *   liability arising on signing, s 12), never after settlement (the transfer is not
 *   registered before duty is paid); off the plan for an owner-occupier, liability arises at
 *   the earlier of completion and 12 months after the contract (s 49A(1), (1A)), so the
 *   earlier of settlement and 15 months;
 * - the dates a special condition sets (finance and others), as staff enter them.
 *
 * Pure apart from the NSW holiday calendar (loaded once by sydney-time.ts): both sides run
 * it, the staff desk, the client's page and the daily reminders, so they always agree.
 */
import { COOLING_OFF, DUTY_PAYMENT, STANDARD_COMPLETION } from '../content/conveyancingLaw.ts';
import {
  DEADLINE_LABELS,
  DEADLINE_MILESTONES,
  type CoolingOffArrangement,
  type MatterPropertyType,
  type MatterSide,
} from '../content/matters.ts';
import { addCalendarDays, addNswBusinessDays, isNswBusinessDay, sydneyDayStart, sydneyInstant } from './sydney-time.ts';

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

const earliest = (...dates: string[]): string => dates.reduce((a, b) => (b < a ? b : a));

/** Cooling-off applies to a purchase of residential property (s 66Q): not commercial property. */
const hasCoolingOff = (facts: DeadlineFacts) =>
  facts.side === 'purchase' && facts.propertyType !== 'commercial' && facts.coolingOff === 'standard';

async function coolingOff(facts: DeadlineFacts, contractDate: string): Promise<Omit<Deadline, 'confirmed'>> {
  const offThePlan = facts.propertyType === 'off-the-plan';
  const days = offThePlan ? COOLING_OFF.offThePlanBusinessDays : COOLING_OFF.businessDays;
  return {
    key: 'cooling-off',
    label: DEADLINE_LABELS['cooling-off'],
    date: await addNswBusinessDays(contractDate, days),
    time: COOLING_OFF_ENDS_AT,
    basis:
      `5 pm Sydney time on the ${ordinal(days)} business day after the contract date` +
      `${offThePlan ? ' (an off the plan contract)' : ''}, not counting weekends and NSW public holidays ` +
      `(Conveyancing Act 1919 (NSW) s 66S(3)).`,
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
      'no other is written in, moved to the next business day when it falls on a weekend or NSW public holiday.',
  };
}

function duty(
  facts: DeadlineFacts,
  contractDate: string,
  settlementDate: string | undefined,
): Omit<Deadline, 'confirmed'> {
  const base = { key: 'duty', label: DEADLINE_LABELS.duty };
  const months = DUTY_PAYMENT.monthsAfterLiability;
  if (facts.propertyType === 'off-the-plan' && facts.ownerOccupier) {
    const longest = addMonths(contractDate, DUTY_PAYMENT.offThePlanDeferralMonths + months);
    return {
      ...base,
      date: settlementDate ? earliest(settlementDate, longest) : longest,
      basis:
        `Off the plan, for a buyer who will live in the home: by settlement or ${DUTY_PAYMENT.offThePlanDeferralMonths + months} ` +
        'months after the contract date, whichever comes first (Duties Act 1997 (NSW) s 49A and s 153).',
    };
  }
  const threeMonths = addMonths(contractDate, months);
  return {
    ...base,
    date: settlementDate ? earliest(settlementDate, threeMonths) : threeMonths,
    basis:
      `Within ${months} months after the contract date (Duties Act 1997 (NSW) s 153), and by settlement if that ` +
      'comes first: the transfer cannot be registered until duty is paid.',
  };
}

/** Staff's own date for a deadline replaces the computed one, which stays beside it. */
function withOverride(deadline: Omit<Deadline, 'confirmed'>, facts: DeadlineFacts): Deadline {
  const override = facts.overrides.find((entry) => entry.key === deadline.key);
  const milestone = (DEADLINE_MILESTONES as Record<string, string>)[deadline.key];
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
    deadlines.push(withOverride(duty(facts, contractDate, settled?.date), facts));
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
