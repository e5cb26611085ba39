/**
 * Customer due diligence: the record as stored (its plain meta part and its encrypted personal
 * part), the views the client and staff are given of it, and what is read off it (ratings,
 * unresolved matches, the last screening).
 */
import * as z from 'zod/mini';
import { RISK_RATINGS, SANCTIONS_RESULTS } from '#src/content/amlctf.ts';
import { CDD_STATUSES, type CddStatus } from './cdd.ts';
import { cddDraftDeclarationsSchema, cddDraftPartySchema } from './cdd-draft.ts';
import { enhancedSchema, SANCTIONS_OUTCOMES, verificationEntrySchema } from './cdd-verification.ts';

// ---------- the record ----------

/** What a due-diligence record keeps in plain: nothing personal (lists, filters, retention). */
export const cddMetaSchema = z.object({
  enquiryId: z.string(),
  engagementId: z.string(),
  status: z.enum(CDD_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.optional(z.string()),
  /** The staff member who verified and rated it, and when. */
  verifiedBy: z.optional(z.string()),
  verifiedAt: z.optional(z.string()),
  /** The rater's account id (`verifiedBy` is the username at the time); absent on records before ids. */
  verifiedById: z.optional(z.string()),
  /** The principal who approved a high rating: never the rater's account. */
  approvedBy: z.optional(z.string()),
  approvedById: z.optional(z.string()),
  approvedAt: z.optional(z.string()),
  rejectedBy: z.optional(z.string()),
  rejectedById: z.optional(z.string()),
  rejectedAt: z.optional(z.string()),
  riskRating: z.optional(z.enum(RISK_RATINGS)),
  /**
   * The day (`YYYY-MM-DD`) of the matter's last sanctions screening: at verification the
   * oldest check among its individuals, then each re-screen. Plain, so the due list and the
   * daily notice need no key; absent on records verified before it was kept.
   */
  screenedOn: z.optional(z.string()),
  /**
   * What the client's link and matter page show as the status, where it differs from
   * `status`: set when a true sanctions match ends the matter, to the status the client saw
   * then, so nothing they see changes (no tipping off). Absent otherwise.
   */
  clientStatus: z.optional(z.enum(CDD_STATUSES)),
  /** The day the business relationship ended (`YYYY-MM-DD`), once staff close the matter. */
  closedAt: z.optional(z.string()),
  /** `retainUntil(closedAt)`: the day after which the record is deleted. */
  retainUntil: z.optional(z.string()),
  /** Counts every write; the stored value is what the caller gives. */
  version: z.int(),
});
export type CddMetaFields = z.output<typeof cddMetaSchema>;

/**
 * One risk rating as it was given: ratings are history, not a field, so a rejection or a
 * later rating never loses a high one. Staff are named by account id with the username at
 * the time (a re-created account reuses a username, never an id); records stored before ids
 * have none (`ratingsOf`).
 */
export const cddRatingSchema = z.object({
  rating: z.enum(RISK_RATINGS),
  reason: z.string(),
  /** Lower than a high rating on record: why (a principal approves it as a high one). */
  loweringReason: z.optional(z.string()),
  /** The enhanced due diligence recorded with a high rating. */
  enhanced: z.optional(enhancedSchema),
  byId: z.optional(z.string()),
  by: z.string(),
  at: z.string(),
  approvedById: z.optional(z.string()),
  approvedBy: z.optional(z.string()),
  approvedAt: z.optional(z.string()),
  /** What the approver noted (required for a high rating): sealed with the rating, shown in its history. */
  approvalNote: z.optional(z.string()),
  rejectedById: z.optional(z.string()),
  rejectedBy: z.optional(z.string()),
  rejectedAt: z.optional(z.string()),
});
export type CddRating = z.output<typeof cddRatingSchema>;

/** One later sanctions screening of a verified matter, by account id with the username at the time. */
export const cddRescreenEntrySchema = z.object({
  checkedAt: z.string(),
  result: z.enum(SANCTIONS_RESULTS),
  /** Whom a possible match is about. */
  party: z.optional(z.string()),
  /** Enhanced due diligence recorded with it (a possible match, or after a suspicion). */
  enhanced: z.optional(enhancedSchema),
  /** It was a principal who recorded it: only a principal's counts as the review a suspicion needs. */
  byPrincipal: z.optional(z.boolean()),
  byId: z.string(),
  by: z.string(),
  at: z.string(),
});
export type CddRescreen = z.output<typeof cddRescreenEntrySchema>;

/** How staff resolved a possible sanctions match, by account id with the username at the time. */
const sanctionsResolutionSchema = z.object({
  outcome: z.enum(SANCTIONS_OUTCOMES),
  evidence: z.string(),
  byId: z.string(),
  by: z.string(),
  at: z.string(),
});

/**
 * A possible sanctions match of one individual, as verification or a re-screen recorded it,
 * and how staff resolved it. Sealed: it is about the client.
 */
export const cddSanctionsMatchSchema = z.object({
  party: z.string(),
  /** The day of the screening that found it. */
  screenedOn: z.string(),
  source: z.enum(['verify', 'rescreen']),
  byId: z.string(),
  by: z.string(),
  at: z.string(),
  resolution: z.optional(sanctionsResolutionSchema),
});
export type CddSanctionsMatch = z.output<typeof cddSanctionsMatchSchema>;

/** What a record keeps encrypted: every personal detail. */
export const cddPersonalSchema = z.object({
  parties: z.array(cddDraftPartySchema),
  declarations: cddDraftDeclarationsSchema,
  verification: z.optional(z.array(verificationEntrySchema({}))),
  riskReason: z.optional(z.string()),
  rejectReason: z.optional(z.string()),
  /** Every rating given, oldest first (absent on records stored before: `ratingsOf`). */
  ratings: z.optional(z.array(cddRatingSchema)),
  /** Every re-screen, oldest first (sealed: a possible match is about the client). */
  rescreens: z.optional(z.array(cddRescreenEntrySchema)),
  /** Every possible sanctions match recorded, oldest first, each with its resolution once made. */
  sanctionsMatches: z.optional(z.array(cddSanctionsMatchSchema)),
});
export type CddPersonal = z.output<typeof cddPersonalSchema>;

/** A due-diligence record as the repository gives it (decrypted). */
export type CddRecord = CddMetaFields & CddPersonal;

/** What the client's link shows of their due diligence (`PUT /api/engage/{token}/cdd`'s answer). */
export const cddClientViewSchema = z.object({
  status: z.enum(CDD_STATUSES),
  parties: z.array(cddDraftPartySchema),
  declarations: cddDraftDeclarationsSchema,
});
export type CddClientView = z.output<typeof cddClientViewSchema>;

/** The collection notice (APP 5) the identity page shows, in words for the client. */
export const collectionNoticeSchema = z.object({
  title: z.string(),
  paragraphs: z.array(z.string()),
  privacyPolicy: z.object({ href: z.string(), label: z.string() }),
});

/** `GET /api/engage/{token}/cdd`: the view, with the notice as the identity page shows it. */
export const cddClientReadSchema = z.extend(cddClientViewSchema, { notice: collectionNoticeSchema });

/** When a verified matter is next due for sanctions screening (`ScreeningDue`, src/shared/ongoing-screening.ts). */
const screeningDueSchema = z.object({
  /** The first day the matter counts as due; null when the last screening is not on record (due now). */
  dueOn: z.nullable(z.string()),
  reason: z.enum(['interval', 'settlement', 'unrecorded']),
  /** `today` is on or after `dueOn`. */
  due: z.boolean(),
});

/**
 * An enquiry's due diligence on the desk's list and detail: plain fields only, read without
 * the key and without an audited read. `closedAt` once the matter is closed (with or without
 * anything the client gave); `screening` for a verified matter still open (ongoing due
 * diligence: when it was last screened and when it is due again).
 */
export const cddSummarySchema = z.object({
  status: z.enum(CDD_STATUSES),
  closedAt: z.optional(z.string()),
  screening: z.optional(z.extend(screeningDueSchema, { lastScreenedOn: z.nullable(z.string()) })),
  /**
   * While a rating waits for a principal's approval: who gave it (account id, absent on
   * records before ids, and the username at the time), when and what, so the desk can list
   * what waits for whom without reading the sealed part.
   */
  awaiting: z.optional(
    z.object({
      rating: z.enum(RISK_RATINGS),
      ratedBy: z.string(),
      ratedById: z.optional(z.string()),
      ratedAt: z.string(),
    }),
  ),
});
export type CddSummary = z.output<typeof cddSummarySchema>;
/** `GET /api/contact-requests/{id}/cdd` (staff; every read audited). */
export const cddStaffViewSchema = z.object({
  status: z.enum(CDD_STATUSES),
  parties: z.array(cddDraftPartySchema),
  declarations: cddDraftDeclarationsSchema,
  verification: z.array(verificationEntrySchema({})),
  risk: z.nullable(z.object({ rating: z.enum(RISK_RATINGS), reason: z.string() })),
  /** Who rated it and who approved or rejected it, and when (account ids with the usernames at the time). */
  approvals: z.extend(
    z.pick(cddMetaSchema, {
      verifiedBy: true,
      verifiedById: true,
      verifiedAt: true,
      approvedBy: true,
      approvedById: true,
      approvedAt: true,
      rejectedBy: true,
      rejectedById: true,
      rejectedAt: true,
    }),
    { rejectReason: cddPersonalSchema.shape.rejectReason },
  ),
  /** Every rating given, oldest first, each with who gave it and any approval or rejection. */
  ratings: z.array(cddRatingSchema),
  /** The last sanctions screening (`lastScreenedOn`) and every re-screen since verification. */
  screening: z.object({ lastScreenedOn: z.nullable(z.string()), rescreens: z.array(cddRescreenEntrySchema) }),
  /**
   * Principals only, on a verified record once a suspicion was recorded about the enquiry:
   * enhanced due diligence is due from `due` (an instant) and was recorded by a principal
   * (a re-screen with `enhanced`) at `done`. Never in a staff-role account's view.
   */
  enhancedReview: z.optional(z.object({ due: z.string(), done: z.optional(z.string()) })),
  /**
   * Every possible sanctions match recorded (with its resolution once made), the resolutions
   * alone (party, outcome, evidence, by id and username, at), and the individuals whose match
   * is still unresolved: while any is, nothing verifies the record or opens a matter.
   */
  sanctions: z.object({
    matches: z.array(cddSanctionsMatchSchema),
    resolutions: z.array(z.extend(sanctionsResolutionSchema, { party: z.string() })),
    unresolved: z.array(z.string()),
  }),
  closedAt: z.optional(z.string()),
  retainUntil: z.optional(z.string()),
  /**
   * The record's version as read: a verification or rejection sends it back, so it applies
   * to exactly the details staff checked (409 if the client changed them meanwhile).
   */
  version: z.int(),
});
export type CddStaffView = z.output<typeof cddStaffViewSchema>;

/**
 * The day of the last sanctions screening: the plain `screenedOn`, or for a record verified
 * before it was kept, the oldest check of its verification; null before any screening.
 */
export function lastScreenedOn(record: CddRecord): string | null {
  if (record.screenedOn !== undefined) return record.screenedOn;
  const days = (record.verification ?? []).map((entry) => entry.sanctionsCheckedAt).sort();
  return days[0] ?? null;
}

/** The status the client is shown: what they saw before a true sanctions match, else the status. */
export const statusForClient = (record: { status: CddStatus; clientStatus?: CddStatus }): CddStatus =>
  record.clientStatus ?? record.status;

/** The client's view of a record: their own answers and the status, nothing staff recorded. */
export const toClientView = (record: CddRecord): CddClientView => ({
  status: statusForClient(record),
  parties: record.parties,
  declarations: record.declarations,
});

/**
 * The record's ratings, oldest first. A record stored before ratings were history has its
 * one rating in `riskRating`/`riskReason`/`verifiedBy`: read as a list of that one (with no
 * account id, which the approval rule treats as unknown, never as anyone's).
 */
export function ratingsOf(record: CddRecord): CddRating[] {
  if (record.ratings) return record.ratings;
  if (!record.riskRating || record.riskReason === undefined || record.verifiedBy === undefined) return [];
  const optional = (key: 'approvedBy' | 'approvedAt' | 'rejectedBy' | 'rejectedAt') =>
    record[key] === undefined ? {} : { [key]: record[key] };
  return [
    {
      rating: record.riskRating,
      reason: record.riskReason,
      by: record.verifiedBy,
      at: record.verifiedAt ?? record.updatedAt,
      ...optional('approvedBy'),
      ...optional('approvedAt'),
      ...optional('rejectedBy'),
      ...optional('rejectedAt'),
    },
  ];
}

/**
 * The individuals whose latest possible sanctions match is unresolved, in the order recorded:
 * while any is, s 28(2)(e)(ii) is not established, so nothing verifies or approves the record.
 */
export function unresolvedMatches(record: Pick<CddRecord, 'sanctionsMatches'>): string[] {
  const latest = new Map<string, CddSanctionsMatch>();
  for (const match of record.sanctionsMatches ?? []) latest.set(match.party, match);
  return [...latest.values()].filter((match) => !match.resolution).map((match) => match.party);
}

/** The latest possible match of `party`, when it was resolved as a false positive; else undefined. */
export function falsePositiveOf(
  record: Pick<CddRecord, 'sanctionsMatches'>,
  party: string,
): CddSanctionsMatch | undefined {
  const latest = (record.sanctionsMatches ?? []).findLast((match) => match.party === party);
  return latest?.resolution?.outcome === 'false-positive' ? latest : undefined;
}

/** Whether a true sanctions match is on record: the matter is ended for good. */
export const hasTrueMatch = (record: Pick<CddRecord, 'sanctionsMatches'>): boolean =>
  (record.sanctionsMatches ?? []).some((match) => match.resolution?.outcome === 'true-match');

/** The staff view of a record. */
export const toStaffView = (record: CddRecord): CddStaffView => ({
  status: record.status,
  parties: record.parties,
  declarations: record.declarations,
  verification: record.verification ?? [],
  risk:
    record.riskRating && record.riskReason !== undefined
      ? { rating: record.riskRating, reason: record.riskReason }
      : null,
  approvals: Object.fromEntries(
    (
      [
        'verifiedBy',
        'verifiedById',
        'verifiedAt',
        'approvedBy',
        'approvedById',
        'approvedAt',
        'rejectedBy',
        'rejectedById',
        'rejectedAt',
        'rejectReason',
      ] as const
    )
      .filter((key) => record[key] !== undefined)
      .map((key) => [key, record[key]]),
  ),
  ratings: ratingsOf(record),
  screening: { lastScreenedOn: lastScreenedOn(record), rescreens: record.rescreens ?? [] },
  sanctions: {
    matches: record.sanctionsMatches ?? [],
    resolutions: (record.sanctionsMatches ?? []).flatMap((match) =>
      match.resolution ? [{ party: match.party, ...match.resolution }] : [],
    ),
    unresolved: unresolvedMatches(record),
  },
  ...(record.closedAt === undefined ? {} : { closedAt: record.closedAt }),
  ...(record.retainUntil === undefined ? {} : { retainUntil: record.retainUntil }),
  version: record.version,
});
