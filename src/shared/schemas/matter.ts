/**
 * A client's matter: what staff send to open and change one, the record as stored, and the
 * views both sides read (the staff desk here; the client's page reuses `MatterView`).
 * Shared by the functions and the admin island (hence `zod/mini`).
 */
import * as z from 'zod/mini';
import { COOLING_OFF_ARRANGEMENTS, DEADLINE_LABELS, MATTER_SIDES, PROPERTY_TYPES } from '#src/content/matters.ts';
import { BANK_DETAILS_IN_MESSAGE, holdsBankDetails } from '../bank-details.ts';
import { isCalendarDate } from './cdd.ts';
import { optionalText, requiredText } from './fields.ts';

export const MATTER_LIMITS = { label: 80, note: 1000, reply: 4000, dates: 12, price: 1_000_000_000 } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A `YYYY-MM-DD` day, named `what` in its messages. */
const day = (what: string) =>
  z.string(`Please enter ${what} as YYYY-MM-DD`).check(
    z.trim(),
    z.refine((value) => DAY.test(value), {
      message: `Please enter ${what} as YYYY-MM-DD, e.g. 2026-11-25`,
      abort: true,
    }),
    z.refine(isCalendarDate, { message: `The ${what} is not a real day: check the month and day`, abort: true }),
    z.refine((value) => value >= '2000-01-01' && value <= '2099-12-31', {
      message: `The ${what} must be between 2000 and 2099`,
    }),
  );

/** An optional day; on a PATCH, null clears it. */
const clearableDay = (what: string) => z.optional(z.nullable(day(what)));

const sideField = z.enum(MATTER_SIDES, 'Please choose purchase or sale');
const propertyTypeField = z.enum(PROPERTY_TYPES, `Property type must be one of: ${PROPERTY_TYPES.join(', ')}`);
const coolingOffField = z.enum(
  COOLING_OFF_ARRANGEMENTS,
  `Cooling-off must be one of: ${COOLING_OFF_ARRANGEMENTS.join(', ')}`,
);
const ownerOccupierField = z.boolean('ownerOccupier must be true or false');

const staffDateSchema = z.object({
  label: requiredText('Each date needs a label, e.g. Finance approval', MATTER_LIMITS.label),
  date: day('date'),
});

/** Staff-set dates: one per label (its key is made from the label). */
const staffDatesField = z.array(staffDateSchema).check(
  z.maxLength(MATTER_LIMITS.dates, `At most ${MATTER_LIMITS.dates} dates`),
  z.refine((dates) => new Set(dates.map((entry) => staffDateKey(entry.label))).size === dates.length, {
    message: 'Each date needs a label of its own',
  }),
  z.refine((dates) => dates.every((entry) => !(staffDateKey(entry.label) in DEADLINE_LABELS)), {
    message: 'Cooling-off, settlement and duty are worked out for you: change them under deadlines instead',
  }),
);

/**
 * The key of a staff-set date, made from its label: "Finance approval" (any label starting
 * with "finance") is `finance`, which the "Finance approved" milestone meets; the others
 * are their label in lower case with dashes ("Building report" is `building-report`).
 */
export function staffDateKey(label: string): string {
  const slug = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  if (/^finance(-|$)/.test(slug)) return 'finance';
  return slug || 'date';
}

/** `POST /api/contact-requests/{id}/matter` */
export const matterCreateSchema = z.object({
  side: sideField,
  propertyType: propertyTypeField,
  contractDate: z.optional(day('contract date')),
  coolingOff: z.optional(coolingOffField),
  settlementDate: z.optional(day('settlement date')),
  ownerOccupier: z.optional(ownerOccupierField),
  dates: z.optional(staffDatesField),
});
export type MatterCreateInput = z.output<typeof matterCreateSchema>;

/** One deadline staff confirm, or give a date of their own (null puts the computed one back). */
const deadlineChangeSchema = z.object({
  key: z.string('Each deadline needs its key').check(z.trim(), z.minLength(1, 'Each deadline needs its key')),
  date: clearableDay('deadline'),
  time: z.optional(
    z.nullable(z.string().check(z.refine((value) => TIME.test(value), { message: 'Please enter the time as HH:MM' }))),
  ),
  confirmed: z.optional(z.boolean('confirmed must be true or false')),
});
export type DeadlineChange = z.output<typeof deadlineChangeSchema>;

export const PRICE_MESSAGE = 'Please enter the price in whole dollars, e.g. 850000';

/** `PATCH /api/matters/{id}`: any of the fields above; deadlines recomputed. */
export const matterPatchSchema = z.object({
  side: z.optional(sideField),
  propertyType: z.optional(propertyTypeField),
  contractDate: clearableDay('contract date'),
  coolingOff: z.optional(coolingOffField),
  settlementDate: clearableDay('settlement date'),
  ownerOccupier: z.optional(ownerOccupierField),
  dates: z.optional(staffDatesField),
  deadlines: z.optional(z.array(deadlineChangeSchema).check(z.maxLength(20, 'At most 20 deadline changes'))),
  /** `null` stops the texts the client asked for (they asked by phone, or replied STOP). */
  texts: z.optional(z.null('texts can only be null: the client turns texts on')),
  /** The contract's price in whole dollars (null clears it): the duty deadline then carries its amount. */
  price: z.optional(
    z.nullable(
      z
        .number(PRICE_MESSAGE)
        .check(z.int(PRICE_MESSAGE), z.positive(PRICE_MESSAGE), z.lte(MATTER_LIMITS.price, PRICE_MESSAGE)),
    ),
  ),
});
export type MatterPatchInput = z.output<typeof matterPatchSchema>;

/** `POST /api/matters/{id}/milestones/{key}` */
export const milestoneChangeSchema = z.object({
  done: z.boolean('done must be true or false'),
  note: optionalText(MATTER_LIMITS.note, { multiline: true }),
});
export type MilestoneChange = z.output<typeof milestoneChangeSchema>;

/**
 * `POST /api/matters/{id}/update-requests/{requestId}/answer`: the reply is e-mailed to the
 * client, so a reply holding bank details is refused at once (they belong on the client's
 * matter page, never in a message: src/shared/bank-details.ts).
 */
export const updateAnswerSchema = z.object({
  reply: optionalText(MATTER_LIMITS.reply, { multiline: true }).check(
    z.refine((reply) => reply === undefined || !holdsBankDetails(reply), BANK_DETAILS_IN_MESSAGE),
  ),
});
export type UpdateAnswer = z.output<typeof updateAnswerSchema>;

// ---------- the record ----------

const actorSchema = z.object({ id: z.string(), username: z.string() });

const tickSchema = z.object({
  done: z.boolean(),
  at: z.string(),
  by: actorSchema,
  note: z.optional(z.string()),
});

const timelineEntrySchema = z.object({
  at: z.string(),
  /** A staff account's username, or 'system' (reminders) or 'client' (the client's side). */
  by: z.string(),
  text: z.string(),
});
export type MatterTimelineEntry = z.output<typeof timelineEntrySchema>;

/** A matter as stored in Blobs, and as every read parses it. */
export const matterRecordSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  side: z.enum(MATTER_SIDES),
  propertyType: z.enum(PROPERTY_TYPES),
  contractDate: z.optional(z.string()),
  coolingOff: z.enum(COOLING_OFF_ARRANGEMENTS),
  settlementDate: z.optional(z.string()),
  ownerOccupier: z.optional(z.boolean()),
  /**
   * A company or trust is among the customers the due diligence names (read when the matter
   * opens): the off the plan duty deferral is for an individual who will live in the home.
   */
  entityPurchaser: z.optional(z.boolean()),
  dates: z.array(z.object({ key: z.string(), label: z.string(), date: z.string() })),
  overrides: z.array(z.object({ key: z.string(), date: z.string(), time: z.optional(z.string()) })),
  confirmed: z.array(z.string()),
  /** Milestones staff ticked (or unticked), by key; the recorded ones are read from their records. */
  ticks: z.record(z.string(), tickSchema),
  /** The client as the engagement names them (else the enquiry), when the matter was opened. */
  client: z.object({ name: z.string(), email: z.string() }),
  /** The address on the engagement, else the enquiry's; null when neither gave one. */
  property: z.nullable(z.string()),
  /** The responsible solicitor on the engagement, else the enquiry's assignee, else who opened it. */
  responsible: z.string(),
  openedAt: z.string(),
  openedBy: actorSchema,
  updatedAt: z.string(),
  /**
   * Update requests from the client, oldest first (the client's side adds them). One staff
   * answered keeps its place with `answeredAt`, so answering it twice is refused; only those
   * without count as waiting. Requests made before the message was kept here have it on the
   * timeline only.
   */
  updateRequests: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      message: z.optional(z.string()),
      answeredAt: z.optional(z.string()),
      answeredBy: z.optional(actorSchema),
      reply: z.optional(z.string()),
    }),
  ),
  /** Reminders and alerts already sent, by an id naming the deadline, its date and the kind: once each. */
  notices: z.array(z.string()),
  /**
   * The client asked to be texted about this matter at this mobile (E.164) since then; absent
   * when they never did or stopped (docs/decisions/033-text-messages.md).
   */
  texts: z.optional(z.object({ mobile: z.string(), since: z.string() })),
  /** The contract's price in whole dollars, as staff record it; absent until they do. */
  price: z.optional(z.number()),
  /**
   * Milestone changes the client has not been e-mailed yet: the first change opens it, and
   * every change within the next 2 minutes joins it; one e-mail lists them all
   * (milestone-digest.ts). Absent when nothing is waiting.
   */
  digest: z.optional(
    z.object({
      opened: z.string(),
      changes: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          done: z.boolean(),
          note: z.optional(z.string()),
          at: z.string(),
        }),
      ),
    }),
  ),
  /**
   * What the duty depends on besides the price and date, from the engagement's quote when the
   * matter was opened (first home buyer, foreign purchaser and their share).
   */
  buyer: z.optional(z.object({ firstHomeBuyer: z.boolean(), foreignPurchaser: z.boolean(), foreignShare: z.number() })),
  timeline: z.array(timelineEntrySchema),
});
export type MatterRecord = z.output<typeof matterRecordSchema>;

// ---------- the views ----------

export const milestoneSchema = z.object({
  key: z.string(),
  label: z.string(),
  done: z.boolean(),
  /** When it was done: the record's time for the recorded ones, the contract date for exchange, else the tick. */
  doneAt: z.optional(z.string()),
  /** For the client to read. */
  note: z.optional(z.string()),
  /** Follows a record (engagement, due diligence): staff cannot tick it. */
  recorded: z.optional(z.boolean()),
});
export type Milestone = z.output<typeof milestoneSchema>;

/** A deadline as the rules work it out (`Deadline`, src/shared/matter-deadlines.ts), as the matter shows it. */
export const matterDeadlineSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** `YYYY-MM-DD`, Sydney. */
  date: z.string(),
  /** `HH:MM` Sydney; absent when the deadline is the whole day. */
  time: z.optional(z.string()),
  /** Why this date, in words for the client: the rule and its source. */
  basis: z.string(),
  /** False: an estimate until the client's conveyancer confirms it. */
  confirmed: z.boolean(),
  /** What the rules give, when staff entered a date of their own instead. */
  computed: z.optional(z.object({ date: z.string(), time: z.optional(z.string()) })),
  /** The milestone that meets this deadline, if one does. */
  milestone: z.optional(z.string()),
  /** The duty deadline, once staff recorded the price: the duty in whole dollars for it on the contract date. */
  amount: z.optional(z.number()),
  /** Its milestone is done, or (with none) its time has passed. */
  met: z.boolean(),
  /** Past, and not met. */
  overdue: z.boolean(),
});
export type MatterDeadline = z.output<typeof matterDeadlineSchema>;

/** The next deadline not yet met, by name and time only. */
export const nextDeadlineSchema = z.pick(matterDeadlineSchema, { key: true, label: true, date: true, time: true });
export type NextDeadline = z.output<typeof nextDeadlineSchema>;

/** An update request staff have not answered yet; `message` is absent on the oldest records. */
export const waitingUpdateRequestSchema = z.object({
  id: z.string(),
  at: z.string(),
  message: z.optional(z.string()),
});
export type WaitingUpdateRequest = z.output<typeof waitingUpdateRequestSchema>;

/** `GET /api/matters/{id}` and the answer of every change. */
export const matterViewSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  client: z.object({ name: z.string(), email: z.string() }),
  property: z.nullable(z.string()),
  side: z.enum(MATTER_SIDES),
  propertyType: z.enum(PROPERTY_TYPES),
  contractDate: z.optional(z.string()),
  /** The contract's price in whole dollars, once staff recorded it. */
  price: z.optional(z.number()),
  coolingOff: z.enum(COOLING_OFF_ARRANGEMENTS),
  settlementDate: z.optional(z.string()),
  ownerOccupier: z.boolean(),
  dates: z.array(z.object({ key: z.string(), label: z.string(), date: z.string() })),
  responsible: z.string(),
  openedAt: z.string(),
  deadlines: z.array(matterDeadlineSchema),
  milestones: z.array(milestoneSchema),
  next: z.nullable(nextDeadlineSchema),
  overdue: z.number(),
  updateRequests: z.number(),
  /** When the oldest waiting update request came in. */
  oldestUpdateRequestAt: z.optional(z.string()),
  /** The update requests not yet answered, oldest first, with the client's question. */
  waitingRequests: z.array(waitingUpdateRequestSchema),
  open: z.boolean(),
  timeline: z.array(timelineEntrySchema),
  /** The mobile the client asked to be texted at, and since when; null: no texts. */
  texts: z.nullable(z.object({ mobile: z.string(), since: z.string() })),
});
export type MatterView = z.output<typeof matterViewSchema>;

/** One row of `GET /api/matters`. */
export const matterRowSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  client: z.string(),
  property: z.nullable(z.string()),
  side: z.enum(MATTER_SIDES),
  next: z.nullable(nextDeadlineSchema),
  overdue: z.number(),
  updateRequests: z.number(),
  oldestUpdateRequestAt: z.optional(z.string()),
});
export type MatterRow = z.output<typeof matterRowSchema>;
