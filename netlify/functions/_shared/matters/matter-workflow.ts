/**
 * Staff's side of a client's matter: opening one from an instructed, verified enquiry (the
 * AML/CTF gate: nothing is done for a client whose identity is not verified, s 28(1)),
 * changing its dates, confirming or overriding a deadline, and ticking milestones. Every
 * change is audited and lands on the matter's timeline; a milestone that changes e-mails the
 * client through the one outbox (matter-mail.ts).
 */
import { DEADLINE_LABELS, MILESTONES } from '#src/content/matters.ts';
import { decideMilestone, milestoneAction } from '#src/shared/states/matter.ts';
import { now } from '#src/shared/clock.ts';
import {
  staffDateKey,
  type MatterCreateInput,
  type MatterPatchInput,
  type MatterRecord,
  type MatterRow,
  type MatterView,
  type MilestoneChange,
  type UpdateAnswer,
} from '#src/shared/schemas/matter.ts';
import { COOLING_OFF_ENDS_AT } from '#src/shared/matter-deadlines.ts';
import { formatAud } from '#src/content/money.ts';
import type { QuoteInput } from '#src/shared/quote.ts';
import { NOT_FOUND, type Staff } from '../enquiries/pipeline.ts';
import { allowed } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { newId } from '../repositories/blobs.ts';
import { requireCddKey } from '../due-diligence/require-cdd-key.ts';
import { possibleMatchMessage, TRUE_MATCH_ENDED } from '../due-diligence/staff-review.ts';
import { hasTrueMatch, unresolvedMatches } from '#src/shared/schemas/cdd-record.ts';
import { getCdd } from '../repositories/due-diligence-store.ts';
import { getEngagement, latestPointer } from '../repositories/engagements-store.ts';
import { getStoredEnquiry } from '../repositories/enquiries-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import {
  isMatterId,
  getMatter,
  insertMatter,
  listMatters,
  matterIdOf,
  updateMatter,
} from '../repositories/matters-store.ts';
import { clientMailConfigured } from '../mail/client-mail.ts';
import { queueAnswerMail } from './matter-mail.ts';
import { queueMilestoneText } from './matter-texts.ts';
import { withDigestChange } from './milestone-digest.ts';
import { deadlinesOf, isOpen, listOrder, matterRow, matterView, recordedMilestonesOf } from './matter-view.ts';

export const MATTER_NOT_FOUND = 'That matter no longer exists';

/** A route's `{id}` when it can name a matter; 404 otherwise (a matter route's first check). */
export function matterIdParam(params: Record<string, string>): string {
  if (!params.id || !isMatterId(params.id)) throw new Refused('not-found', MATTER_NOT_FOUND);
  return params.id;
}
/** The issue's words: a matter waits for verified due diligence. */
export const CDD_NOT_VERIFIED = 'due diligence not verified';
export const MATTER_EXISTS = 'This enquiry already has a matter';
export const MILESTONE_NOT_FOUND = 'That milestone is not part of this matter';
export const EXCHANGE_NEEDS_CONTRACT_DATE = 'Enter the contract date before marking the contracts exchanged';
export const REQUEST_NOT_FOUND = 'That update request is not part of this matter';
export const REQUEST_ANSWERED = 'This update request has already been answered';
const CONFLICT = 'This matter is being changed by several people at once. Please try again.';

const who = (staff: Staff) => ({ id: staff.id, username: staff.username });
const isoNow = () => new Date(now()).toISOString();

const badField = (field: string, message: string) =>
  new Refused('invalid', 'Please check the highlighted fields', { fieldErrors: { [field]: [message] } });

const staffDates = (dates: MatterCreateInput['dates']) =>
  (dates ?? []).map((entry) => ({ key: staffDateKey(entry.label), label: entry.label, date: entry.date }));

/** What the duty depends on besides price and date, as the quote the client agreed to says. */
const buyerOf = (inputs: QuoteInput | undefined): { buyer?: NonNullable<MatterRecord['buyer']> } =>
  inputs
    ? {
        buyer: {
          firstHomeBuyer: inputs.firstHomeBuyer,
          foreignPurchaser: inputs.foreignPurchaser,
          foreignShare: inputs.foreignShare,
        },
      }
    : {};

/** The client, the property and the responsible solicitor as the engagement names them, else the enquiry. */
async function partiesOf(enquiryId: string, staff: Staff) {
  const found = await getStoredEnquiry(enquiryId);
  if (!found) throw new Refused('not-found', NOT_FOUND);
  const enquiry = found.record;
  const pointer = await latestPointer(enquiryId);
  const engagement = pointer ? (await getEngagement(pointer.engagementId))?.record : undefined;
  return {
    // The first client the engagement names (joint clients: the one staff listed first).
    client: {
      name: engagement?.clients[0]?.name ?? `${enquiry.firstName} ${enquiry.lastName}`.trim(),
      email: engagement?.clients[0]?.email ?? enquiry.email,
    },
    property: engagement?.content.matter.propertyAddress ?? enquiry.propertyAddress ?? null,
    responsible: engagement?.content.solicitor.name ?? enquiry.assignee ?? staff.username,
    ...buyerOf(engagement?.content.quote.inputs ?? enquiry.quote?.inputs),
  };
}

/** Opens the enquiry's matter: 409 until due diligence is verified, and when it has one. */
export async function openMatter(enquiryId: string, input: MatterCreateInput, staff: Staff): Promise<MatterView> {
  const parties = await partiesOf(enquiryId, staff);
  // The parties are sealed: whether a company or trust is a customer decides the duty date.
  requireCddKey();
  const cdd = (await getCdd(enquiryId))?.record;
  if (cdd && hasTrueMatch(cdd)) throw new Refused('conflict', TRUE_MATCH_ENDED);
  const held = cdd ? unresolvedMatches(cdd) : [];
  if (cdd && held.length > 0)
    throw new Refused('conflict', possibleMatchMessage(cdd, held, 'relied on to open a matter'));
  if (cdd?.status !== 'verified' || cdd.closedAt) throw new Refused('conflict', CDD_NOT_VERIFIED);
  const entityPurchaser = cdd.parties.some((party) => party.type === 'company' || party.type === 'trust');
  if (await matterIdOf(enquiryId)) throw new Refused('conflict', MATTER_EXISTS);
  const at = isoNow();
  const record: MatterRecord = {
    id: newId(),
    enquiryId,
    side: input.side,
    propertyType: input.propertyType,
    ...(input.contractDate ? { contractDate: input.contractDate } : {}),
    coolingOff: input.coolingOff ?? 'standard',
    ...(input.settlementDate ? { settlementDate: input.settlementDate } : {}),
    ...(input.ownerOccupier !== undefined ? { ownerOccupier: input.ownerOccupier } : {}),
    ...(entityPurchaser ? { entityPurchaser } : {}),
    dates: staffDates(input.dates),
    overrides: [],
    confirmed: [],
    ticks: {},
    ...parties,
    openedAt: at,
    openedBy: who(staff),
    updatedAt: at,
    updateRequests: [],
    notices: [],
    timeline: [{ at, by: staff.username, text: 'Matter opened' }],
  };
  if (!(await insertMatter(record))) throw new Refused('conflict', MATTER_EXISTS);
  await Promise.all([
    recordAudit({ by: staff, action: 'matter.open', target: `${record.id} (enquiry ${enquiryId})` }),
    appendActivity(enquiryId, { at, by: staff.username, type: 'note', text: 'Matter opened' }),
  ]);
  return matterView(record, now());
}

/** A matter for staff; 404 when there is none. */
export async function readMatter(id: string): Promise<MatterView> {
  const record = await getMatter(id);
  if (!record) throw new Refused('not-found', MATTER_NOT_FOUND);
  return matterView(record, now());
}

/** Every open matter, soonest next deadline first (overdue ones lead). */
export async function listOpenMatters(): Promise<MatterRow[]> {
  const at = now();
  const rows = await Promise.all((await listMatters()).filter(isOpen).map((record) => matterRow(record, at)));
  return rows.sort(listOrder);
}

/** What a change did, in words for the timeline ("contract date 2026-11-25, settlement confirmed"). */
function describeChange(input: MatterPatchInput): string {
  const parts: string[] = [];
  if (input.side) parts.push(`side ${input.side}`);
  if (input.propertyType) parts.push(`property type ${input.propertyType}`);
  if (input.contractDate !== undefined) parts.push(`contract date ${input.contractDate ?? 'cleared'}`);
  if (input.coolingOff) parts.push(`cooling-off ${input.coolingOff}`);
  if (input.settlementDate !== undefined) parts.push(`settlement date ${input.settlementDate ?? 'cleared'}`);
  if (input.ownerOccupier !== undefined) parts.push(`owner-occupier ${input.ownerOccupier ? 'yes' : 'no'}`);
  if (input.dates)
    parts.push(`dates ${input.dates.map((entry) => `${entry.label} ${entry.date}`).join(', ') || 'none'}`);
  if (input.texts === null) parts.push('texts turned off');
  if (input.price !== undefined) parts.push(`price ${input.price === null ? 'cleared' : formatAud(input.price)}`);
  for (const change of input.deadlines ?? []) {
    if (change.date !== undefined) parts.push(`${change.key} ${change.date ?? 'back to the computed date'}`);
    if (change.confirmed !== undefined) parts.push(`${change.key} ${change.confirmed ? 'confirmed' : 'unconfirmed'}`);
  }
  return `Changed: ${parts.join('; ') || 'nothing'}`;
}

/** The fields of a PATCH on the record (deadline changes apart). */
function withFields(record: MatterRecord, input: MatterPatchInput): MatterRecord {
  const next: MatterRecord = { ...record };
  if (input.side) next.side = input.side;
  if (input.propertyType) next.propertyType = input.propertyType;
  if (input.coolingOff) next.coolingOff = input.coolingOff;
  if (input.ownerOccupier !== undefined) next.ownerOccupier = input.ownerOccupier;
  if (input.dates) next.dates = staffDates(input.dates);
  if (input.contractDate !== undefined) {
    if (input.contractDate === null) {
      delete next.contractDate;
      // No contract date, no exchange: the tick is dated by it.
      const { exchanged: _exchanged, ...ticks } = next.ticks;
      next.ticks = ticks;
    } else next.contractDate = input.contractDate;
  }
  if (input.settlementDate !== undefined) {
    if (input.settlementDate === null) delete next.settlementDate;
    else next.settlementDate = input.settlementDate;
  }
  // Staff can only stop texts; turning them on is the client's choice, with their number.
  if (input.texts === null) delete next.texts;
  if (input.price === null) delete next.price;
  else if (input.price !== undefined) next.price = input.price;
  return next;
}

/**
 * Staff's own dates and confirmations. Only the deadlines the rules compute take an override
 * (staff-set dates are changed in `dates`); only the cooling-off period has a time of day.
 */
async function withDeadlineChanges(record: MatterRecord, input: MatterPatchInput): Promise<MatterRecord> {
  if (!input.deadlines?.length) return record;
  const known = new Set((await deadlinesOf(record, now())).map((deadline) => deadline.key));
  let overrides = record.overrides;
  let confirmed = record.confirmed;
  for (const change of input.deadlines) {
    if (!known.has(change.key)) throw badField('deadlines', `This matter has no deadline "${change.key}"`);
    if (change.date !== undefined) {
      if (!(change.key in DEADLINE_LABELS)) {
        throw badField('deadlines', 'A date staff set is changed in the dates, not overridden');
      }
      overrides = overrides.filter((entry) => entry.key !== change.key);
      if (change.date !== null) {
        const time = change.key === 'cooling-off' ? (change.time ?? COOLING_OFF_ENDS_AT) : undefined;
        overrides = [...overrides, { key: change.key, date: change.date, ...(time ? { time } : {}) }];
      }
    }
    if (change.confirmed !== undefined) {
      confirmed = confirmed.filter((key) => key !== change.key);
      if (change.confirmed) confirmed = [...confirmed, change.key];
    }
  }
  return { ...record, overrides, confirmed };
}

/** `PATCH /api/matters/{id}`: the fields given change, the deadlines are worked out again. */
export async function changeMatter(id: string, input: MatterPatchInput, staff: Staff): Promise<MatterView> {
  const { after } = await updateMatter(
    id,
    async (current) => {
      if (!current) throw new Refused('not-found', MATTER_NOT_FOUND);
      const at = isoNow();
      const changed = await withDeadlineChanges(withFields(current, input), input);
      return {
        ...changed,
        updatedAt: at,
        timeline: [...current.timeline, { at, by: staff.username, text: describeChange(input) }],
      };
    },
    CONFLICT,
  );
  await recordAudit({ by: staff, action: 'matter.change', target: id });
  return matterView(after!, now());
}

/**
 * `POST /api/matters/{id}/milestones/{key}`: staff tick or untick a milestone, with a note
 * the client reads. A change e-mails the client; the same state and note again changes nothing.
 */
export async function tickMilestone(
  id: string,
  key: string,
  input: MilestoneChange,
  staff: Staff,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<MatterView> {
  let changedTo: { label: string; done: boolean; note?: string } | null = null;
  const { after, changed } = await updateMatter(
    id,
    (current) => {
      changedTo = null;
      if (!current) throw new Refused('not-found', MATTER_NOT_FOUND);
      const milestone = MILESTONES[current.side].find((entry) => entry.key === key);
      if (!milestone) throw new Refused('not-found', MILESTONE_NOT_FOUND);
      const tick = current.ticks[key];
      // The milestone's table (src/shared/states/matter.ts): the recorded ones refuse a tick by hand.
      allowed(decideMilestone(key, tick?.done ?? false, milestoneAction(input.done)));
      if (key === 'exchanged' && input.done && !current.contractDate) {
        throw new Refused('conflict', EXCHANGE_NEEDS_CONTRACT_DATE);
      }
      if ((tick?.done ?? false) === input.done && tick?.note === input.note) return null;
      const at = isoNow();
      changedTo = { label: milestone.label, done: input.done, ...(input.note ? { note: input.note } : {}) };
      // The client's e-mail waits for the changes of the next 2 minutes (milestone-digest.ts).
      const gathered = clientMailConfigured() ? withDigestChange(current, { key, ...changedTo, at }) : current;
      return {
        ...gathered,
        ticks: {
          ...current.ticks,
          [key]: { done: input.done, at, by: who(staff), ...(input.note ? { note: input.note } : {}) },
        },
        updatedAt: at,
        timeline: [
          ...current.timeline,
          {
            at,
            by: staff.username,
            text: `${milestone.label}: ${input.done ? 'done' : 'not done'}${input.note ? ` (${input.note})` : ''}`,
          },
        ],
      };
    },
    CONFLICT,
  );
  const record = after!;
  if (changed && changedTo) {
    await recordAudit({
      by: staff,
      action: 'matter.milestone',
      target: `${id} ${key} ${input.done ? 'done' : 'not done'}`,
    });
    const view = await matterView(record, now(), await recordedMilestonesOf(record.enquiryId));
    // A text goes at once (when the client asked for texts); the e-mail with the digest.
    await queueMilestoneText(
      record,
      changedTo,
      view.deadlines.find((deadline) => !deadline.met),
      waitUntil,
    );
    return view;
  }
  return matterView(record, now());
}

/**
 * `POST /api/matters/{id}/update-requests/{requestId}/answer`: staff mark a client's update
 * request answered, so it stops counting as waiting; a reply, when given, is e-mailed to the
 * client through the matter mail (ending with the bank-details warning) and kept on the
 * timeline. 409 when it was answered already, so two people answering never send two replies.
 */
export async function answerUpdateRequest(
  id: string,
  requestId: string,
  input: UpdateAnswer,
  staff: Staff,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<MatterView> {
  const { after } = await updateMatter(
    id,
    (current) => {
      if (!current) throw new Refused('not-found', MATTER_NOT_FOUND);
      const request = current.updateRequests.find((entry) => entry.id === requestId);
      if (!request) throw new Refused('not-found', REQUEST_NOT_FOUND);
      if (request.answeredAt) throw new Refused('conflict', REQUEST_ANSWERED);
      const at = isoNow();
      return {
        ...current,
        updateRequests: current.updateRequests.map((entry) =>
          entry.id === requestId
            ? { ...entry, answeredAt: at, answeredBy: who(staff), ...(input.reply ? { reply: input.reply } : {}) }
            : entry,
        ),
        updatedAt: at,
        timeline: [
          ...current.timeline,
          {
            at,
            by: staff.username,
            text: input.reply ? `Update request answered: ${input.reply}` : 'Update request answered',
          },
        ],
      };
    },
    CONFLICT,
  );
  const record = after!;
  await recordAudit({ by: staff, action: 'matter.update-answered', target: `${id} request ${requestId}` });
  const view = await matterView(record, now());
  if (input.reply) await queueAnswerMail(record, requestId, input.reply, waitUntil);
  return view;
}
