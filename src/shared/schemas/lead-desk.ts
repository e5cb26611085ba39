/**
 * The lead desk: an enquiry's place in the pipeline, its activity, and the payloads staff
 * send to change them. Shared by the desk island and the functions (hence `zod/mini`).
 */
import * as z from 'zod/mini';
import type { CddSummary } from './cdd-record.ts';
import type { EngagementSummary } from './engagement.ts';
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
export interface KeptByLaw {
  what: 'cdd' | 'engagement' | 'suspicion' | 'law' | 'cash';
  section: string;
  until: string | null;
}

/** A stored enquiry as the staff API answers it. */
export interface DeskEnquiry extends StoredEnquiry {
  /** When the retention rule will delete it (APP 11). */
  deleteAfter?: string;
  /** Its customer due diligence (plain fields only, nothing decrypted), or null before there is a record; set by the list. */
  cdd?: CddSummary | null;
  /** Set when the law keeps it: the desk disables its delete button and says why (list and detail). */
  kept?: KeptByLaw | null;
}

export interface DeskEnquiryDetail extends DeskEnquiry {
  activity: ActivityEntry[];
  /** The enquiry's latest engagement (costs agreement), or null before any was sent. */
  engagement: EngagementSummary | null;
  /** The versions the current engagement varies (each accepted in its time), newest first. */
  engagementHistory: EngagementSummary[];
  /** The client's matter, once staff opened one (verified due diligence only). */
  matterId?: string | null;
}

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
export interface ErasureResult {
  deleted: number;
  kept: { id: string; reason: string; until: string | null }[];
}

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
