/**
 * The lead desk: an enquiry's place in the pipeline, its activity, and the payloads staff
 * send to change them. Shared by the desk island and the functions (hence `zod/mini`).
 */
import * as z from 'zod/mini';
import { cddSummarySchema } from './cdd-record.ts';
import { engagementSummarySchema } from './engagement.ts';
import { submittedEnquirySchema } from './enquiry-record.ts';
import { plainText, requiredText } from './fields.ts';

export const ENQUIRY_STATUSES = ['new', 'contacted', 'quoted', 'instructed', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  instructed: 'Instructed',
  lost: 'Lost',
};

/**
 * `engagement`: the costs agreement sent, resent, viewed, reminded, accepted, expired or revoked (its text says which).
 * `cdd`: customer due diligence verified, awaiting approval, approved, rejected, the matter closed (never personal data).
 * `repeat`: the same enquiry sent again within a few minutes, merged into this one (enquiries/repeat-enquiries.ts).
 */
export const ACTIVITY_TYPES = [
  'created',
  'status',
  'assigned',
  'note',
  'call',
  'email',
  'alert',
  'engagement',
  'cdd',
  'repeat',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const NOTE_KINDS = ['note', 'call', 'email'] as const;

export const DESK_LIMITS = { note: 2000, lostReason: 300, search: 100 } as const;

/** One line of an enquiry's history, as stored in Blobs and as every read parses it. */
export const activityEntrySchema = z.object({
  at: z.string(),
  /** A staff username, or 'website' / 'system' for what the site did itself. */
  by: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  text: z.optional(z.string()),
  from: z.optional(z.nullable(z.string())),
  to: z.optional(z.nullable(z.string())),
});
export type ActivityEntry = z.output<typeof activityEntrySchema>;

/** An enquiry as stored in Blobs, with its pipeline fields, and as every read parses it. */
export const storedEnquirySchema = z.object({
  ...submittedEnquirySchema.shape,
  status: z.enum(ENQUIRY_STATUSES),
  assignee: z.nullable(z.string()),
  lostReason: z.optional(z.string()),
  firstContactAt: z.nullable(z.string()),
  updatedAt: z.string(),
  version: z.int(),
  /** When staff last did anything with it; retention counts from here. */
  lastActivityAt: z.string(),
});
export type StoredEnquiry = z.output<typeof storedEnquirySchema>;

/**
 * Why the law keeps an enquiry (AML/CTF Act s 111), so staff cannot delete it: its due
 * diligence records, an accepted costs agreement, the suspicious-matter register, or the
 * cash register (s 107).
 * `until`: the last day it must be kept (YYYY-MM-DD), or null while the matter is open.
 * The register is for principals (s 123, no tipping off inside the firm): a staff-role
 * account is told `law` (section `AML/CTF Act 2006 s 111`) where a principal is told
 * `suspicion`, and nothing else about it differs.
 */
export const keptByLawSchema = z.object({
  what: z.enum(['cdd', 'engagement', 'suspicion', 'law', 'cash']),
  section: z.string(),
  until: z.nullable(z.string()),
});
export type KeptByLaw = z.output<typeof keptByLawSchema>;

/** A stored enquiry as the staff API answers it. */
export const deskEnquirySchema = z.extend(storedEnquirySchema, {
  /** When the retention rule will delete it (APP 11). */
  deleteAfter: z.optional(z.string()),
  /** Its customer due diligence (plain fields only, nothing decrypted), or null before there is a record; set by the list. */
  cdd: z.optional(z.nullable(cddSummarySchema)),
  /** Set when the law keeps it: the desk disables its delete button and says why (list and detail). */
  kept: z.optional(z.nullable(keptByLawSchema)),
});
export type DeskEnquiry = z.output<typeof deskEnquirySchema>;

/** `GET /api/contact-requests/{id}`, and a note's answer. */
export const deskEnquiryDetailSchema = z.extend(deskEnquirySchema, {
  activity: z.array(activityEntrySchema),
  /** The enquiry's latest engagement (costs agreement), or null before any was sent. */
  engagement: z.nullable(engagementSummarySchema),
  /** The versions the current engagement varies (each accepted in its time), newest first. */
  engagementHistory: z.array(engagementSummarySchema),
  /** The client's matter, once staff opened one (verified due diligence only). */
  matterId: z.optional(z.nullable(z.string())),
});
export type DeskEnquiryDetail = z.output<typeof deskEnquiryDetailSchema>;

/** An enquiry's storage key, as the desk's `before` and every `{id}` must spell it. */
export const ENQUIRY_ID = /^[a-z0-9]{11,40}$/;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const DESK_CDD_FILTERS = ['pending', 'rescreen', 'approval'] as const;

/** A filter left out or empty (`?status=`) is none; any other value must be one of `values`. */
const oneOf = <const T extends string>(values: readonly T[], message: string) =>
  z.optional(
    z.pipe(
      z.string().check(z.refine((text) => text === '' || (values as readonly string[]).includes(text), message)),
      z.transform((text) => (text === '' ? undefined : (text as T))),
    ),
  );
/** A day filter: left out or empty is none, else a `YYYY-MM-DD` date. */
const dayFilter = (name: string) =>
  z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.refine(
            (text) => text === '' || (DAY.test(text) && !Number.isNaN(Date.parse(text))),
            `${name} must be a date (YYYY-MM-DD)`,
          ),
        ),
      z.transform((text) => text || undefined),
    ),
  );

/**
 * The desk's filters in the query string (`GET /api/contact-requests` and its CSV): `status`,
 * `cdd`, a search `q` (trimmed, its first 100 characters) and the arrival days `from` and `to`.
 */
export const deskFiltersQuerySchema = z.object({
  status: oneOf(ENQUIRY_STATUSES, `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}`),
  cdd: oneOf(DESK_CDD_FILTERS, `cdd must be one of: ${DESK_CDD_FILTERS.join(', ')}`),
  q: z.optional(
    z.pipe(
      z.string(),
      z.transform((text) => text.trim().slice(0, DESK_LIMITS.search) || undefined),
    ),
  ),
  from: dayFilter('from'),
  to: dayFilter('to'),
});

/** The list's query: the filters, then a page of `limit` enquiries older than `before` (given, each must be one). */
export const deskListQuerySchema = z.extend(deskFiltersQuerySchema, {
  limit: z.optional(
    z.pipe(
      z.string().check(
        z.refine((text) => {
          const limit = Number(text);
          return Number.isInteger(limit) && limit >= 1 && limit <= 1000;
        }, 'limit must be a whole number from 1 to 1000'),
      ),
      z.transform(Number),
    ),
  ),
  before: z.optional(z.string().check(z.regex(ENQUIRY_ID, 'before must be an enquiry id'))),
});

/** A refused query says its first fault in a sentence of its own, as the desk's filters always have. */
export const deskQueryRefusal = (error: z.core.$ZodError): { error: string } => ({
  error: error.issues[0]?.message ?? 'Please check the filters',
});

const statusError = { error: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}` };

export const enquiryPatchSchema = z.object({
  status: z.optional(z.enum(ENQUIRY_STATUSES, statusError)),
  assignee: z.optional(
    z.nullable(
      z.string('Assignee must be a staff username or null').check(z.trim(), z.maxLength(100, 'Unknown staff member')),
    ),
  ),
  // Empty means "keep the reason already given" (a reason is required only for lost).
  lostReason: z.optional(plainText(DESK_LIMITS.lostReason)),
  version: z.optional(z.int('Version must be a whole number')),
});
export type EnquiryPatch = z.output<typeof enquiryPatchSchema>;

export const enquiryNoteSchema = z.object({
  text: requiredText('Please write a note', DESK_LIMITS.note, { multiline: true }),
  kind: z._default(z.enum(NOTE_KINDS, { error: 'Kind must be note, call or email' }), 'note'),
});
export type EnquiryNote = z.output<typeof enquiryNoteSchema>;

/** An e-mail address as the erasure matches it: case and surrounding spaces do not count. */
export const erasureKey = (email: string): string => email.trim().toLowerCase();

/**
 * `POST /api/contact-requests/erase`: how many enquiries went, and those kept because the
 * AML/CTF Act requires their due-diligence records (`until`: the day they may go, or null
 * while the matter is open).
 */
export const erasureResultSchema = z.object({
  deleted: z.number(),
  kept: z.array(z.object({ id: z.string(), reason: z.string(), until: z.nullable(z.string()) })),
});
export type ErasureResult = z.output<typeof erasureResultSchema>;

export const erasureSchema = z.object({
  email: z
    .string('Please enter a valid email address')
    .check(
      z.trim(),
      z.maxLength(254, 'Please enter a valid email address'),
      z.email('Please enter a valid email address'),
    ),
});

/** The answer of `GET /api/lead-metrics`. */
export interface LeadMetrics {
  from: string;
  to: string;
  total: number;
  byStatus: Record<EnquiryStatus, number>;
  byService: Record<string, number>;
  firstContact: {
    measured: number;
    medianMinutes: number | null;
    p90Minutes: number | null;
    /** How many of the measured enquiries were first contacted within the target. */
    within5Minutes: number;
    targetMinutes: number;
  };
  conversion: { instructed: number; lost: number; rate: number | null; target: number };
}

/**
 * `GET /api/lead-metrics?only=counts`: the all-time counts the desk's status filter shows,
 * kept as enquiries change, so they cost the same however many enquiries are stored.
 */
export type StatusCounts = Pick<LeadMetrics, 'total' | 'byStatus'>;

/** `GET /api/lead-alerts`: which alert channels this deploy has. */
export interface AlertChannels {
  email: boolean;
  webhook: boolean;
}
