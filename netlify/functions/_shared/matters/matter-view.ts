/**
 * A matter as people read it: its deadlines worked out from the rules
 * (src/shared/matter-deadlines.ts), its milestones (the recorded ones read from the
 * engagement and due diligence, exchange from the contract date, the rest as staff ticked
 * them), the next deadline and what is overdue. The staff desk and the client's page both
 * read matters through here, so they always show the same dates.
 */
import { MILESTONES, RECORDED_MILESTONES } from '#src/content/matters.ts';
import { byDue, deadlineEnds, matterDeadlines } from '#src/shared/matter-deadlines.ts';
import type {
  MatterDeadline,
  MatterRecord,
  MatterRow,
  MatterView,
  Milestone,
  NextDeadline,
} from '#src/shared/schemas/matter.ts';
import { dutyTableFor } from '#src/shared/duty-tables.ts';
import { transferDuty, type QuoteInput } from '#src/shared/quote.ts';
import { engagementSummaryFor } from '../engagement/workflow.ts';
import { dutyTables } from '../site/duty-years.ts';
import { getCddMeta } from '../repositories/due-diligence-store.ts';
import { deadlineFactsOf } from '../due-diligence/settlement-day.ts';

/** When each recorded milestone was done, read from its record; absent when it is not. */
export type RecordedMilestones = Partial<Record<(typeof RECORDED_MILESTONES)[number], string>>;

/** Engaged: the costs agreement accepted. Identity verified: due diligence verified (or approved). */
export async function recordedMilestonesOf(enquiryId: string): Promise<RecordedMilestones> {
  const [engagement, cdd] = await Promise.all([engagementSummaryFor(enquiryId), getCddMeta(enquiryId)]);
  const verifiedAt = cdd?.status === 'verified' ? (cdd.approvedAt ?? cdd.verifiedAt ?? cdd.updatedAt) : undefined;
  return {
    ...(engagement?.acceptedAt ? { engaged: engagement.acceptedAt } : {}),
    ...(verifiedAt ? { 'identity-verified': verifiedAt } : {}),
  };
}

const isRecorded = (key: string): key is (typeof RECORDED_MILESTONES)[number] =>
  (RECORDED_MILESTONES as readonly string[]).includes(key);

/** The side's milestones in order, each done or not. */
export function milestonesOf(record: MatterRecord, recorded: RecordedMilestones): Milestone[] {
  return MILESTONES[record.side].map(({ key, label }): Milestone => {
    if (isRecorded(key)) {
      const at = recorded[key];
      return { key, label, done: at !== undefined, ...(at ? { doneAt: at } : {}), recorded: true };
    }
    const tick = record.ticks[key];
    const done = tick?.done ?? false;
    // Exchange is dated by the contract, whenever staff ticked it.
    const doneAt = key === 'exchanged' && done ? record.contractDate : done ? tick?.at : undefined;
    return { key, label, done, ...(doneAt ? { doneAt } : {}), ...(tick?.note ? { note: tick.note } : {}) };
  });
}

/** The milestones staff tick (the recorded ones are never needed to decide a deadline). */
const tickedDone = (record: MatterRecord, key: string) => record.ticks[key]?.done === true;

/** The quote's property types are the matter's: the same four words. */
const QUOTE_TYPE: Record<MatterRecord['propertyType'], QuoteInput['propertyType']> = {
  established: 'established',
  'off-the-plan': 'off-the-plan',
  'vacant-land': 'vacant-land',
  commercial: 'commercial',
};

/**
 * The transfer duty on the matter's price on its contract date, in whole dollars (rounded to
 * the nearest): the quote's own engine (src/shared/quote.ts `transferDuty`, the duty tables
 * as the practice has them, Duties Act 1997 (NSW) ss 32, 104U and 78A), with the first home
 * and foreign purchaser facts of the quote the client agreed to. Null without a price or a
 * contract date, or for a sale.
 */
export async function dutyAmountOf(record: MatterRecord): Promise<number | null> {
  if (!record.price || !record.contractDate || record.side !== 'purchase') return null;
  const buyer = record.buyer ?? { firstHomeBuyer: false, foreignPurchaser: false, foreignShare: 100 };
  const input: QuoteInput = {
    price: record.price,
    role: 'buying',
    propertyType: QUOTE_TYPE[record.propertyType],
    ...buyer,
    rush: false,
    contractDate: record.contractDate,
  };
  const { table } = dutyTableFor(record.contractDate, await dutyTables());
  const duty = transferDuty(input, table, record.contractDate);
  return duty ? Math.round(duty.total) : null;
}

/** Every deadline, with whether it is met and overdue at `at` (the duty's with its amount, once priced). */
export async function deadlinesOf(record: MatterRecord, at: number): Promise<MatterDeadline[]> {
  const deadlines = await matterDeadlines(deadlineFactsOf(record));
  const amount = deadlines.some((deadline) => deadline.key === 'duty') ? await dutyAmountOf(record) : null;
  return deadlines.sort(byDue).map((deadline) => {
    const passed = deadlineEnds(deadline) <= at;
    // A deadline with a milestone is met when staff tick it; one without, once its time is past.
    const met = deadline.milestone ? tickedDone(record, deadline.milestone) : passed;
    return {
      ...deadline,
      ...(deadline.key === 'duty' && amount !== null ? { amount } : {}),
      met,
      overdue: passed && !met,
    };
  });
}

/** The earliest deadline not yet met (it may be overdue), or null. */
export function nextOf(deadlines: readonly MatterDeadline[]): NextDeadline | null {
  const next = deadlines.find((deadline) => !deadline.met);
  if (!next) return null;
  return { key: next.key, label: next.label, date: next.date, ...(next.time ? { time: next.time } : {}) };
}

/** Open until staff tick "settled". */
export const isOpen = (record: MatterRecord): boolean => !tickedDone(record, 'settled');

/** The whole matter, for staff (`GET /api/matters/{id}`) and, through its own view, the client. */
export async function matterView(record: MatterRecord, at: number, recorded?: RecordedMilestones): Promise<MatterView> {
  const deadlines = await deadlinesOf(record, at);
  const milestones = milestonesOf(record, recorded ?? (await recordedMilestonesOf(record.enquiryId)));
  return {
    id: record.id,
    enquiryId: record.enquiryId,
    client: record.client,
    property: record.property,
    side: record.side,
    propertyType: record.propertyType,
    ...(record.contractDate ? { contractDate: record.contractDate } : {}),
    ...(record.price ? { price: record.price } : {}),
    coolingOff: record.coolingOff,
    ...(record.settlementDate ? { settlementDate: record.settlementDate } : {}),
    ownerOccupier: record.ownerOccupier ?? false,
    dates: record.dates,
    responsible: record.responsible,
    openedAt: record.openedAt,
    deadlines,
    milestones,
    next: nextOf(deadlines),
    overdue: deadlines.filter((deadline) => deadline.overdue).length,
    ...waitingCount(record),
    waitingRequests: waitingRequestsOf(record).map(({ id, at, message }) => ({
      id,
      at,
      ...(message ? { message } : {}),
    })),
    open: isOpen(record),
    timeline: record.timeline,
    texts: record.texts ?? null,
  };
}

/** The client's update requests staff have not answered yet, oldest first. */
export const waitingRequestsOf = (record: MatterRecord) =>
  record.updateRequests.filter((request) => !request.answeredAt);

/** How many requests wait and since when the oldest has: an answered one no longer counts. */
function waitingCount(record: MatterRecord): { updateRequests: number; oldestUpdateRequestAt?: string } {
  const waiting = waitingRequestsOf(record);
  return { updateRequests: waiting.length, ...(waiting[0] ? { oldestUpdateRequestAt: waiting[0].at } : {}) };
}

/** One row of the staff list. */
export async function matterRow(record: MatterRecord, at: number): Promise<MatterRow> {
  const deadlines = await deadlinesOf(record, at);
  return {
    id: record.id,
    enquiryId: record.enquiryId,
    client: record.client.name,
    property: record.property,
    side: record.side,
    next: nextOf(deadlines),
    overdue: deadlines.filter((deadline) => deadline.overdue).length,
    ...waitingCount(record),
  };
}

/** Soonest `next` first (overdue ones are the soonest); matters with nothing due last. */
export function listOrder(a: MatterRow, b: MatterRow): number {
  if (!a.next || !b.next) return a.next ? -1 : b.next ? 1 : a.client.localeCompare(b.client);
  return a.next.date.localeCompare(b.next.date) || (a.next.time ?? '24:00').localeCompare(b.next.time ?? '24:00');
}
