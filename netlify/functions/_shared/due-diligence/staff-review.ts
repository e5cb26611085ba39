/**
 * Customer due diligence, the staff side: reading a record (audited), verifying and rating
 * it, a second person's approval of a high rating, rejecting it, re-screening a verified
 * matter (ongoing due diligence, s 30), closing the matter (which starts the 7 years of
 * AML/CTF Act s 111), the desk's list fields and filter, the daily
 * deletion of records past their retention and the daily reminder of what is pending.
 *
 * Every write is conditional on the record's ETag (`updateCdd`): a lost race judges the
 * winner's record again, so a decision made on a status that has moved on answers 409
 * (someone else just acted on it: staff look again), never a silent overwrite. Activity
 * entries and audit entries name who and what, never the client's details: both outlive
 * what they describe.
 */
import { CDD_RETENTION, retainUntil } from '../../../../src/content/amlctf.ts';
import { now } from '../../../../src/shared/clock.ts';
// Aliased: `decideCdd` below is this file's read-judge-write of a record.
import {
  approvalRefusal,
  CDD_NOT_SUPPLIED,
  decideCdd as cddTransition,
  decideCddRecord,
  mustBeHigh,
  redFlags,
  SANCTIONS_RESOLVER_CANNOT_APPROVE,
  verifyActionFor,
} from '../../../../src/shared/states/due-diligence.ts';
import {
  APPROVAL_NOTE_REQUIRED,
  CDD_STATUS_LABELS,
  cddApproveSchema,
  cddCloseSchema,
  cddFieldErrors,
  cddRejectSchema,
  cddRescreenSchema,
  cddSanctionsResolutionSchema,
  cddVerifySchema,
  ENHANCED_NEEDED,
  falsePositiveOf,
  hasTrueMatch,
  individualAt,
  statusForClient,
  unresolvedMatches,
  individualPaths,
  individualRef,
  AGENT_PATH,
  lastScreenedOn,
  ratingsOf,
  toStaffView,
  unverifiedPaths,
  type CddRating,
  type CddRecord,
  type CddRescreenInput,
  type CddSanctionsMatch,
  type CddSanctionsResolutionInput,
  type CddStaffView,
  type CddStatus,
  type CddSummary,
  type CddVerifyInput,
} from '../../../../src/shared/schemas/cdd.ts';
import { screeningDue } from '../../../../src/shared/ongoing-screening.ts';
import type { ActivityEntry } from '../../../../src/shared/schemas/lead-desk.ts';
import { addNswBusinessDays, sydneyToday } from '../../../../src/shared/sydney-time.ts';
import * as z from 'zod/mini';
import { notifyPrincipals } from '../mail/principal-notices.ts';
import { notifyStaff } from '../mail/staff-alerts.ts';
import { engagementSummaryFor } from '../engagement/workflow.ts';
import { linkOrigin } from '../platform/link-origin.ts';
import { allowed, HttpError, refusedError } from '../http/http.ts';
import type { SessionUser } from '../../../../src/shared/schemas/login.ts';
import { recordAudit, type AuditActor } from '../repositories/audit-store.ts';
import {
  deleteCdd,
  getCdd,
  getCddMeta,
  listCddMeta,
  updateCdd,
  type CddMeta,
} from '../repositories/due-diligence-store.ts';
import { appendActivity, listActivity } from '../repositories/enquiry-activity-store.ts';
import { getStoredEnquiry, listStoredEnquiries, type StoredEnquiry } from '../repositories/enquiries-store.ts';
import { NOT_FOUND } from '../desk/pipeline.ts';
import { settlementDayOf } from '../matters/settlement-day.ts';
import { suspicionSince } from '../desk/suspicious-matters.ts';

type Staff = Exclude<AuditActor, 'system'>;
/** Approving asks the account's role, read from the store on this request. */
type Approver = Staff & Pick<SessionUser, 'role'>;

const CHANGED = 'Someone else changed this due diligence a moment ago. Refresh to see the latest and try again.';

/** What a staff read answers before the client has started. */
const NOT_STARTED: CddStaffView = {
  status: 'not-started',
  parties: [],
  declarations: {},
  verification: [],
  risk: null,
  approvals: {},
  ratings: [],
  screening: { lastScreenedOn: null, rescreens: [] },
  sanctions: { matches: [], resolutions: [], unresolved: [] },
  version: 0,
};

/** The pending reminder names enquiries waiting longer than this (NSW business days). */
export const CDD_PENDING_ALERT_BUSINESS_DAYS = 2;

const badRequest = (fieldErrors: Record<string, string[]>) =>
  new HttpError(400, 'Please check the highlighted fields', { fieldErrors });

function parsed<T>(schema: z.ZodMiniType<T>, body: unknown): T {
  const result = z.safeParse(schema, body);
  if (!result.success) throw badRequest(cddFieldErrors(result.error));
  return result.data;
}

/*
 * The bodies, parsed with whole-path field keys (`verification.0.documents.0.last4`) and
 * dates judged against Sydney's today. The routes parse before they look the enquiry up, as
 * every write does: a malformed body is a 400 whatever the id.
 */
export const parseVerify = (body: unknown): CddVerifyInput =>
  parsed(cddVerifySchema({ today: sydneyToday(now()) }), body);
export const parseReject = (body: unknown): { reason: string; version: number } => parsed(cddRejectSchema, body);
export const parseRescreen = (body: unknown): CddRescreenInput =>
  parsed(cddRescreenSchema({ today: sydneyToday(now()) }), body);
export const parseApprove = (body: unknown): { note?: string } => parsed(cddApproveSchema, body);
export const parseSanctionsResolution = (body: unknown): CddSanctionsResolutionInput =>
  parsed(cddSanctionsResolutionSchema, body);
export const parseClose = (body: unknown): { endedAt: string } =>
  parsed(cddCloseSchema({ today: sydneyToday(now()) }), body);

async function requireEnquiry(enquiryId: string): Promise<StoredEnquiry> {
  const found = await getStoredEnquiry(enquiryId);
  if (!found) throw new HttpError(404, NOT_FOUND);
  return found.record;
}

const activity = (enquiryId: string, by: string, text: string) =>
  appendActivity(enquiryId, { at: new Date(now()).toISOString(), by, type: 'cdd', text } satisfies ActivityEntry);

/**
 * The staff view of an enquiry's due diligence; every read is audited (who, when, which
 * enquiry). A principal also sees the enhanced review a suspicion calls for (`enhancedReview`);
 * a staff-role account's view is the same with or without a suspicion (s 123).
 */
export async function readCdd(enquiryId: string, staff: Approver): Promise<CddStaffView> {
  await requireEnquiry(enquiryId);
  const found = await getCdd(enquiryId);
  // Audited before answering: a read nobody recorded must not reach the browser.
  await recordAudit({ by: staff, action: 'cdd.read', target: enquiryId });
  if (!found) return NOT_STARTED;
  const view = toStaffView(found.record);
  if (staff.role !== 'principal' || found.record.status !== 'verified') return view;
  const due = await suspicionSince(enquiryId);
  if (due === null) return view;
  const done = (found.record.rescreens ?? []).find(
    (entry) => entry.enhanced !== undefined && entry.byPrincipal === true && entry.at >= due,
  )?.at;
  return { ...view, enhancedReview: { due, ...(done ? { done } : {}) } };
}

const CHANGED_SINCE_READ =
  'The client changed their details since you opened them. Show them again and check the new details.';

/**
 * A staff decision on the record (`updateCdd`): `change` judges the record as it is now and
 * throws an HttpError to refuse; a lost race judges the winner's record again. With
 * `readVersion` (the version staff decided on), a record that moved on since answers 409.
 */
async function decideCdd(
  enquiryId: string,
  change: (record: CddRecord) => CddRecord,
  readVersion: number | null,
): Promise<CddRecord> {
  await requireEnquiry(enquiryId);
  const { after } = await updateCdd(
    enquiryId,
    (current) => {
      // No record is `not-started`, where the state table refuses every staff action but closing.
      if (!current) throw new HttpError(409, CDD_NOT_SUPPLIED, { code: 'cdd-not-supplied' });
      if (readVersion !== null && current.version !== readVersion) throw new HttpError(409, CHANGED_SINCE_READ);
      const at = new Date(now()).toISOString();
      return { ...change(current), version: current.version + 1, updatedAt: at };
    },
    CHANGED,
  );
  return after!;
}

/**
 * `POST …/cdd/verify`: every individual verified, screened and the risk rated. Low and
 * medium are verified at once; high (with enhanced due diligence), or lower than a high
 * rating on record (with the reason for lowering it), waits for a principal's approval. A
 * red flag (`redFlags`: a possible sanctions match, a PEP) allows only high. The rating joins the record's ratings:
 * none given earlier is lost.
 */
export async function verifyCdd(
  enquiryId: string,
  input: CddVerifyInput,
  staff: Staff,
): Promise<{ status: CddStatus }> {
  const at = new Date(now()).toISOString();
  let lowered = false;
  let stopped: string | undefined;
  // After a suspicion the customer needs enhanced due diligence (s 32(b)), whatever the rating.
  const suspected = (await suspicionSince(enquiryId)) !== null;
  const record = await decideCdd(
    enquiryId,
    (current) => {
      if (hasTrueMatch(current)) throw new HttpError(409, TRUE_MATCH_ENDED);
      const earlier = ratingsOf(current);
      // A possible match resolved as a false positive still waits for a second principal.
      const cleared = new Set(
        input.verification
          .filter((entry) => entry.sanctionsResult === 'possible-match' && falsePositiveOf(current, entry.party))
          .map((entry) => entry.party),
      );
      const byRatings = verifyActionFor(input.risk.rating, earlier);
      const action = cleared.size > 0 ? 'verify-high-risk' : byRatings;
      const status = allowed(cddTransition(current.status, action));
      const known = new Set(individualPaths(current.parties, current.declarations));
      const strangers = input.verification.flatMap((entry, index) =>
        known.has(entry.party) ? [] : [[`verification.${index}.party`, [strangerMessage(entry.party)]]],
      );
      if (strangers.length > 0) throw badRequest(Object.fromEntries(strangers));
      const missing = unverifiedPaths(current.parties, current.declarations, input.verification);
      if (missing.length > 0) {
        const list = missing.map((path) => missingName(current, path)).join(', ');
        throw badRequest({
          verification: [`Verify every individual: ${list} ${missing.length === 1 ? 'is' : 'are'} missing`],
        });
      }
      // s 28(2)(e)(ii): an unresolved possible match stops the work; it is recorded, nothing verified.
      const fresh = input.verification.filter(
        (entry) =>
          entry.sanctionsResult === 'possible-match' &&
          !cleared.has(entry.party) &&
          !unresolvedMatches(current).includes(entry.party),
      );
      const matches: CddSanctionsMatch[] = fresh.map((entry) => ({
        party: entry.party,
        screenedOn: entry.sanctionsCheckedAt,
        source: 'verify',
        byId: staff.id,
        by: staff.username,
        at,
      }));
      const held = [...new Set([...unresolvedMatches(current), ...matches.map((match) => match.party)])];
      if (held.length > 0) {
        stopped = possibleMatchMessage(current, held, 'verified');
        if (matches.length === 0) throw new HttpError(409, stopped);
        return { ...current, sanctionsMatches: [...(current.sanctionsMatches ?? []), ...matches] };
      }
      if (suspected && input.enhanced === undefined) throw badRequest({ enhanced: [ENHANCED_NEEDED] });
      const flags = redFlags(current.declarations, input.verification, cleared);
      if (flags.length > 0 && input.risk.rating !== 'high') throw badRequest({ 'risk.rating': [mustBeHigh(flags)] });
      lowered = input.risk.rating !== 'high' && byRatings === 'verify-high-risk';
      const { loweringReason } = input.risk;
      if (lowered && loweringReason === undefined) throw badRequest({ 'risk.loweringReason': [LOWERING_REASON] });
      const rating: CddRating = {
        rating: input.risk.rating,
        reason: input.risk.reason,
        ...(lowered && loweringReason !== undefined ? { loweringReason } : {}),
        // The schema requires it with a high rating, and so does a suspicion; otherwise none is kept.
        ...((input.risk.rating === 'high' || suspected) && input.enhanced ? { enhanced: input.enhanced } : {}),
        byId: staff.id,
        by: staff.username,
        at,
      };
      const {
        approvedBy: _approvedBy,
        approvedById: _approvedById,
        approvedAt: _approvedAt,
        rejectedBy: _rejectedBy,
        rejectedById: _rejectedById,
        rejectedAt: _rejectedAt,
        rejectReason: _rejectReason,
        ...rest
      } = current;
      return {
        ...rest,
        status,
        verification: input.verification,
        riskRating: input.risk.rating,
        riskReason: input.risk.reason,
        verifiedBy: staff.username,
        verifiedById: staff.id,
        verifiedAt: at,
        // The matter is as freshly screened as its least recently screened individual.
        screenedOn: input.verification.map((entry) => entry.sanctionsCheckedAt).sort()[0]!,
        ratings: [...earlier, rating],
      };
    },
    input.version,
  );
  if (stopped !== undefined) {
    const held = unresolvedMatches(record);
    await Promise.all([
      activity(
        enquiryId,
        staff.username,
        `Possible sanctions match recorded by ${staff.username} (${held.map(individualRef).join(', ')}): nothing is verified until it is resolved`,
      ),
      recordAudit({ by: staff, action: 'cdd.sanctions-match', target: `${enquiryId} (${held.join(', ')})` }),
    ]);
    throw new HttpError(409, stopped);
  }
  const rating = input.risk.rating;
  const waiting = lowered
    ? `Due diligence rated ${rating} risk by ${staff.username}, lower than a high rating on record: awaiting a principal’s approval`
    : record.status === 'awaiting-approval' && rating !== 'high'
      ? `Due diligence rated ${rating} risk by ${staff.username} after a possible sanctions match resolved as a false positive: awaiting a principal’s approval`
      : `Due diligence rated high risk by ${staff.username}: awaiting a principal’s approval`;
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      record.status === 'verified' ? `Due diligence verified (${rating} risk) by ${staff.username}` : waiting,
    ),
    recordAudit({ by: staff, action: 'cdd.verify', target: `${enquiryId} (${rating} risk)` }),
  ]);
  return { status: record.status };
}

/** The 409 once a true sanctions match is on record: nothing verifies, approves or opens it again. */
export const TRUE_MATCH_ENDED =
  'A true sanctions match is recorded for this customer: the practice cannot act (AML/CTF Act s 28; sanctions law). Speak to a principal.';

/** How a message names an individual: their place and, where the record has it, their name. */
function individualName(record: CddRecord, path: string): string {
  const person = path === AGENT_PATH ? record.declarations.actingForAnother?.agent : individualAt(record.parties, path);
  const name = person && 'fullName' in person ? person.fullName : undefined;
  return name ? `${individualRef(path)} (${name})` : individualRef(path);
}

/** The 409 of an unresolved possible match, naming each individual. */
export function possibleMatchMessage(record: CddRecord, parties: readonly string[], done: string): string {
  const names = parties.map((path) => individualName(record, path)).join(', ');
  return (
    `A possible sanctions match for ${names} is not resolved, so this due diligence cannot be ${done}: ` +
    'record it as a false positive (with what distinguishes the client from the listed person) or as a true match.'
  );
}

/** A verification entry for nobody the client named (the person acting, when nobody acts). */
const strangerMessage = (path: string) =>
  path === AGENT_PATH
    ? 'The client did not say that anyone acts for the customer: there is no person acting to verify'
    : `No individual at parties.${path}`;

/** An individual left unverified, named as staff see them: the person acting by role and name. */
function missingName(record: CddRecord, path: string): string {
  const name = path === AGENT_PATH ? record.declarations.actingForAnother?.agent?.fullName : undefined;
  return name === undefined ? individualRef(path) : `${individualRef(path)} (${name})`;
}

const LOWERING_REASON =
  'A high risk rating is on record for this matter: please give the reason for rating it lower (a principal approves it)';

/**
 * `POST …/cdd/rescreen`: a later sanctions screening of everyone in a verified, open matter
 * (ongoing due diligence, s 30), kept as history on the record (sealed) with its day in
 * plain (`screenedOn`, what the due list reads). No match keeps it verified. A possible match
 * is a red flag: the matter is rated high again with the enhanced due diligence sent, by the
 * re-screener, and waits for a principal other than them (`approveCdd`), or for staff to
 * reject it where the match is true. A re-screen is never dated before the last screening.
 */
export async function rescreenCdd(
  enquiryId: string,
  input: CddRescreenInput,
  staff: Approver,
): Promise<{ status: CddStatus }> {
  const at = new Date(now()).toISOString();
  const possibleMatch = input.result === 'possible-match';
  const record = await decideCdd(
    enquiryId,
    (current) => {
      const status = allowed(decideCddRecord(current, possibleMatch ? 'rescreen-possible-match' : 'rescreen'));
      const { party } = input;
      if (
        possibleMatch &&
        party !== undefined &&
        !individualPaths(current.parties, current.declarations).includes(party)
      ) {
        throw badRequest({ party: [strangerMessage(party)] });
      }
      const last = lastScreenedOn(current);
      if (last !== null && input.checkedAt < last) {
        throw badRequest({
          checkedAt: [`The last screening on record is dated ${last}: a re-screen cannot be earlier`],
        });
      }
      const screened = {
        ...current,
        status,
        screenedOn: input.checkedAt,
        rescreens: [
          ...(current.rescreens ?? []),
          {
            checkedAt: input.checkedAt,
            result: input.result,
            ...(possibleMatch && party !== undefined ? { party } : {}),
            // Enhanced due diligence with a re-screen: a principal's is the review a suspicion needs.
            ...(input.enhanced
              ? { enhanced: input.enhanced, ...(staff.role === 'principal' ? { byPrincipal: true } : {}) }
              : {}),
            byId: staff.id,
            by: staff.username,
            at,
          },
        ],
      };
      if (!possibleMatch || party === undefined) return screened;
      // On hold until the match is resolved (`resolveSanctionsMatch`), then a second principal approves.
      const match: CddSanctionsMatch = {
        party,
        screenedOn: input.checkedAt,
        source: 'rescreen',
        byId: staff.id,
        by: staff.username,
        at,
      };
      const rating: CddRating = {
        rating: 'high',
        reason: `Re-screening on ${input.checkedAt} found a possible match on the sanctions list`,
        // The schema requires it with a possible match.
        ...(input.enhanced ? { enhanced: input.enhanced } : {}),
        byId: staff.id,
        by: staff.username,
        at,
      };
      // The approval on record was for the rating before: the new one waits for its own.
      const { approvedBy: _approvedBy, approvedById: _approvedById, approvedAt: _approvedAt, ...rest } = screened;
      return {
        ...rest,
        sanctionsMatches: [...(current.sanctionsMatches ?? []), match],
        riskRating: 'high',
        riskReason: rating.reason,
        verifiedBy: staff.username,
        verifiedById: staff.id,
        verifiedAt: at,
        ratings: [...ratingsOf(current), rating],
      };
    },
    input.version,
  );
  const said = possibleMatch
    ? `possible match (${individualRef(input.party ?? '')}); on hold until it is resolved, then a principal’s approval`
    : 'no match; still verified';
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      `Sanctions re-screened by ${staff.username} (checked ${input.checkedAt}): ${said}`,
    ),
    recordAudit({ by: staff, action: 'cdd.rescreen', target: `${enquiryId} (${input.result})` }),
  ]);
  return { status: record.status };
}

/** Whether `accountId` resolved a possible match now in effect as a false positive. */
const resolvedBy = (record: CddRecord, accountId: string): boolean =>
  [...new Set((record.sanctionsMatches ?? []).map((match) => match.party))].some(
    (party) => falsePositiveOf(record, party)?.resolution?.byId === accountId,
  );

export const NO_POSSIBLE_MATCH = (party: string) =>
  `${individualRef(party)} has no possible sanctions match waiting to be resolved`;

/** The reason a true match gives the rejection (staff only: the client is shown nothing of it). */
export const TRUE_MATCH_REASON =
  'True sanctions match: a customer is a person designated for targeted financial sanctions. The practice must not act or deal with their assets (AML/CTF Act s 28; sanctions law).';

/**
 * `POST …/cdd/sanctions-resolution`: staff resolve the latest possible match of one
 * individual, with the evidence (sealed). A false positive lets verification go on, at any
 * rating but always to a principal other than the resolver. A true match ends the matter:
 * rejected with `TRUE_MATCH_REASON`, never verified or opened again, every principal told at
 * once; the client's link and matter page keep showing what they showed (`clientStatus`).
 */
export async function resolveSanctionsMatch(
  enquiryId: string,
  input: CddSanctionsResolutionInput,
  staff: Staff,
): Promise<{ status: CddStatus }> {
  const at = new Date(now()).toISOString();
  const record = await decideCdd(
    enquiryId,
    (current) => {
      const matches = current.sanctionsMatches ?? [];
      const index = matches.findLastIndex((match) => match.party === input.party);
      if (index < 0 || matches[index]!.resolution) throw new HttpError(409, NO_POSSIBLE_MATCH(input.party));
      const resolution = { outcome: input.outcome, evidence: input.evidence, byId: staff.id, by: staff.username, at };
      const resolved = matches.map((match, position) => (position === index ? { ...match, resolution } : match));
      if (input.outcome === 'false-positive') return { ...current, sanctionsMatches: resolved };
      const ratings = ratingsOf(current);
      const waiting = current.status === 'awaiting-approval' ? ratings.at(-1) : undefined;
      return {
        ...current,
        sanctionsMatches: resolved,
        status: 'rejected',
        // What the client saw stays what they see (no tipping off).
        clientStatus: statusForClient(current),
        rejectedBy: staff.username,
        rejectedById: staff.id,
        rejectedAt: at,
        rejectReason: TRUE_MATCH_REASON,
        ratings: waiting
          ? [
              ...ratings.slice(0, -1),
              { ...waiting, rejectedById: staff.id, rejectedBy: staff.username, rejectedAt: at },
            ]
          : ratings,
      };
    },
    input.version,
  );
  const who = individualRef(input.party);
  const trueMatch = input.outcome === 'true-match';
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      trueMatch
        ? `True sanctions match recorded by ${staff.username} (${who}): due diligence rejected, the practice must not act`
        : `Possible sanctions match (${who}) resolved as a false positive by ${staff.username}: a different principal approves the due diligence`,
    ),
    recordAudit({
      by: staff,
      action: 'cdd.sanctions-resolution',
      target: `${enquiryId} (${input.party}: ${input.outcome})`,
    }),
  ]);
  if (trueMatch) {
    await notifyPrincipals(
      `sanctions-true-match-${enquiryId}-${Date.parse(at)}`,
      trueMatchNotice(enquiryId, linkOrigin()),
      `a true sanctions match was recorded on enquiry ${enquiryId}`,
    );
  }
  return { status: record.status };
}

/** The principals' notice of a true match: the enquiry's id and link only (it travels by e-mail). */
export function trueMatchNotice(enquiryId: string, origin: string): { subject: string; text: string } {
  return {
    subject: `True sanctions match recorded: enquiry ${enquiryId}`,
    text: [
      `A true sanctions match was recorded on enquiry ${enquiryId}: a customer is a person designated for targeted financial sanctions.`,
      'Stop all work on it now: do not act, and do not deal with any money or property of the customer. Do not tell the client (AML/CTF Act s 123).',
      'A principal considers a suspicious matter report to AUSTRAC and reports the asset to the Australian Sanctions Office.',
      '',
      'Open it in the staff portal:',
      `${origin}/admin?enquiry=${encodeURIComponent(enquiryId)}`,
    ].join('\n'),
  };
}

/**
 * `POST …/cdd/approve`: a principal whose account is not the rater's approves the rating
 * waiting (`approvalRefusal`), recorded by account id with the username at the time. A high
 * rating needs the approver's note (400 `fieldErrors.note` without), asked only once the
 * approver may approve, so the rater still hears the 403 that says why she cannot; the note
 * is sealed with the rating (it may name the client's affairs) and never put on the timeline.
 */
export async function approveCdd(
  enquiryId: string,
  { note }: { note?: string },
  staff: Approver,
): Promise<{ status: CddStatus }> {
  const at = new Date(now()).toISOString();
  let approved: CddRating | undefined;
  await decideCdd(
    enquiryId,
    (current) => {
      const status = allowed(cddTransition(current.status, 'approve'));
      const ratings = ratingsOf(current);
      const waiting = ratings.at(-1);
      // Awaiting approval always follows a rating; without one there is nothing to approve.
      if (!waiting) throw new HttpError(409, CHANGED);
      const refusal = approvalRefusal(waiting, staff);
      if (refusal) throw refusedError(refusal);
      const held = unresolvedMatches(current);
      if (held.length > 0) throw new HttpError(409, possibleMatchMessage(current, held, 'approved'));
      if (resolvedBy(current, staff.id)) {
        throw new HttpError(403, SANCTIONS_RESOLVER_CANNOT_APPROVE, { code: 'second-approver-required' });
      }
      if (waiting.rating === 'high' && note === undefined) throw badRequest({ note: [APPROVAL_NOTE_REQUIRED] });
      approved = {
        ...waiting,
        approvedById: staff.id,
        approvedBy: staff.username,
        approvedAt: at,
        ...(note === undefined ? {} : { approvalNote: note }),
      };
      return {
        ...current,
        status,
        approvedBy: staff.username,
        approvedById: staff.id,
        approvedAt: at,
        ratings: [...ratings.slice(0, -1), approved],
      };
    },
    null,
  );
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      `Due diligence approved by ${staff.username} (${approved!.rating} risk, rated by ${approved!.by})`,
    ),
    recordAudit({ by: staff, action: 'cdd.approve', target: enquiryId }),
  ]);
  return { status: 'verified' };
}

/**
 * `POST …/cdd/reject`: the client is told to correct and resubmit (the reason is sealed).
 * A rating waiting for approval stays on record, marked rejected: a later, lower rating
 * still needs a principal's approval (`verifyActionFor`).
 */
export async function rejectCdd(
  enquiryId: string,
  { reason, version }: { reason: string; version: number },
  staff: Staff,
): Promise<{ status: CddStatus }> {
  const at = new Date(now()).toISOString();
  await decideCdd(
    enquiryId,
    (current) => {
      const status = allowed(cddTransition(current.status, 'reject'));
      const ratings = ratingsOf(current);
      const waiting = current.status === 'awaiting-approval' ? ratings.at(-1) : undefined;
      const marked = waiting
        ? [...ratings.slice(0, -1), { ...waiting, rejectedById: staff.id, rejectedBy: staff.username, rejectedAt: at }]
        : ratings;
      return {
        ...current,
        status,
        rejectedBy: staff.username,
        rejectedById: staff.id,
        rejectedAt: at,
        rejectReason: reason,
        ratings: marked,
      };
    },
    version,
  );
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      `Due diligence rejected by ${staff.username}: the client may correct and resubmit`,
    ),
    recordAudit({ by: staff, action: 'cdd.reject', target: enquiryId }),
  ]);
  return { status: 'rejected' };
}

/**
 * `POST /api/contact-requests/{id}/close`: the business relationship ended on `endedAt`.
 * With due-diligence records, they are kept until `retainUntil(endedAt)` (s 111) and then
 * deleted by the daily job. Without any (the client never started, or the practice never
 * acted), nothing is held under s 111, but the close is still recorded as an empty closed
 * record (`not-started`, no `retainUntil`): the client's link then refuses to start one
 * (closed is closed), the staff view says the matter is closed, and the record goes with
 * its enquiry under the ordinary privacy retention. Closing again corrects the date.
 */
export async function closeMatter(
  enquiryId: string,
  { endedAt }: { endedAt: string },
  staff: Staff,
): Promise<{ retainUntil: string | null }> {
  const enquiry = await requireEnquiry(enquiryId);
  const until = retainUntil(endedAt);
  // A mistyped year must not end a retention the law requires: the relationship cannot
  // have ended before the enquiry arrived, and a correction may only keep records longer.
  const began = sydneyToday(Date.parse(enquiry.createdAt));
  if (endedAt < began) {
    throw badRequest({ endedAt: [`The matter cannot have ended before the enquiry arrived (${began})`] });
  }
  // The engagement the record would have come through, if one was sent (the record names it).
  const engagement = await engagementSummaryFor(enquiryId);
  const { before: found } = await updateCdd(
    enquiryId,
    (current) => {
      const at = new Date(now()).toISOString();
      // Nothing the client gave: the close alone, so the link cannot start a record afterwards.
      if (!current || current.status === 'not-started') {
        return {
          enquiryId,
          engagementId: current?.engagementId ?? engagement?.id ?? '',
          createdAt: current?.createdAt ?? at,
          parties: [],
          declarations: {},
          status: allowed(cddTransition('not-started', 'close')),
          closedAt: endedAt,
          version: (current?.version ?? 0) + 1,
          updatedAt: at,
        };
      }
      if (current.retainUntil && until < current.retainUntil) {
        throw badRequest({
          endedAt: [
            `The records are already kept until ${current.retainUntil}: a later end date may extend that, an earlier one cannot shorten it`,
          ],
        });
      }
      return {
        ...current,
        // Closing keeps the status (the table allows it in every state); it starts the retention.
        status: allowed(cddTransition(current.status, 'close')),
        closedAt: endedAt,
        retainUntil: until,
        version: current.version + 1,
        updatedAt: at,
      };
    },
    CHANGED,
  );
  const kept = found !== null && found.status !== 'not-started';
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      kept
        ? `Matter closed (ended ${endedAt}); due diligence records kept until ${until} (${CDD_RETENTION.section})`
        : `Matter closed (ended ${endedAt}); no due diligence records to keep, and the client’s link takes none now`,
    ),
    recordAudit({ by: staff, action: 'cdd.close', target: `${enquiryId} (ended ${endedAt})` }),
  ]);
  return { retainUntil: kept ? until : null };
}

// ---- the desk's list --------------------------------------------------------------

/**
 * The desk's summary of a record from its plain part (`CddSummary`): the status, when the
 * matter closed, and for a verified open matter its screening clock (on `today`).
 */
async function cddSummaryOf(meta: CddMeta, today: string): Promise<CddSummary> {
  if (meta.closedAt !== undefined) return { status: meta.status, closedAt: meta.closedAt };
  const awaiting = awaitingOf(meta);
  if (awaiting) return { status: meta.status, awaiting };
  if (meta.status !== 'verified') return { status: meta.status };
  const lastScreenedOn = meta.screenedOn ?? null;
  const settlementOn = await settlementDayOf(meta.enquiryId);
  return {
    status: meta.status,
    screening: {
      lastScreenedOn,
      ...screeningDue({ lastScreenedOn, ...(settlementOn ? { settlementOn } : {}) }, today),
    },
  };
}

/** The plain due-diligence summary of each enquiry on a page, read in parallel (nothing decrypted). */
export async function cddStatusesOf(ids: readonly string[]): Promise<Map<string, CddSummary | null>> {
  const today = sydneyToday(now());
  const summaries = await Promise.all(
    ids.map(async (id) => {
      const meta = await getCddMeta(id);
      return meta ? cddSummaryOf(meta, today) : null;
    }),
  );
  return new Map(ids.map((id, index) => [id, summaries[index] ?? null]));
}

/**
 * The rating waiting for approval, from the plain part: every rating (a verification or a
 * re-screen's possible match) writes its rater and time there, and the rating itself.
 */
function awaitingOf(meta: CddMeta): CddSummary['awaiting'] {
  if (meta.status !== 'awaiting-approval' || !meta.riskRating || meta.verifiedBy === undefined) return undefined;
  return {
    rating: meta.riskRating,
    ratedBy: meta.verifiedBy,
    ...(meta.verifiedById === undefined ? {} : { ratedById: meta.verifiedById }),
    ratedAt: meta.verifiedAt ?? meta.updatedAt,
  };
}

/**
 * Ids of open matters whose rating waits for `approver`'s approval: awaiting approval, and
 * not rated by this account (by id; by username for a rating stored before ids, as
 * `approvalRefusal` decides). A staff account approves nothing, so nothing waits for it.
 */
export async function awaitingApprovalBy(approver: Approver): Promise<Set<string>> {
  if (approver.role !== 'principal') return new Set();
  const waiting = (await listCddMeta()).filter((meta) => {
    const awaiting = meta.closedAt === undefined ? awaitingOf(meta) : undefined;
    if (!awaiting) return false;
    return (
      approvalRefusal(
        { by: awaiting.ratedBy, ...(awaiting.ratedById ? { byId: awaiting.ratedById } : {}) },
        approver,
      ) === null
    );
  });
  return new Set(waiting.map((meta) => meta.enquiryId));
}

/** Ids of enquiries whose due diligence is verified: `cdd=pending` is instructed without one of these. */
export async function verifiedCddIds(): Promise<Set<string>> {
  return new Set((await listCddMeta()).filter((meta) => meta.status === 'verified').map((meta) => meta.enquiryId));
}

// ---- retention ----------------------------------------------------------------------

/**
 * Daily: deletes every due-diligence record whose `retainUntil` has passed (Sydney's date),
 * with an audit entry per record. Resolves with the ids deleted. A record without
 * `retainUntil` (matter still open) is never deleted here.
 */
export async function deleteExpiredCdd(at = now()): Promise<string[]> {
  const today = sydneyToday(at);
  const expired = (await listCddMeta()).filter((meta) => meta.retainUntil !== undefined && meta.retainUntil < today);
  for (const meta of expired) {
    await deleteCdd(meta.enquiryId);
    await recordAudit({
      by: 'system',
      action: 'cdd.retention',
      target: `${meta.enquiryId} (kept until ${meta.retainUntil})`,
    });
  }
  return expired.map((meta) => meta.enquiryId);
}

/**
 * What an erasure, a deletion by hand or the retention must keep for s 111: enquiries among
 * `ids` whose due diligence the client submitted (and staff may have checked), and every
 * closed matter's record until its `retainUntil`, whatever its status when it closed. An
 * open draft never submitted is no record of an identification carried out: it goes with
 * its enquiry.
 */
export async function cddKeptFor(ids: readonly string[]): Promise<Map<string, CddMeta>> {
  const metas = await Promise.all(ids.map((id) => getCddMeta(id)));
  const kept = (meta: CddMeta) =>
    meta.retainUntil !== undefined || (meta.status !== 'in-progress' && meta.status !== 'not-started');
  return new Map(metas.filter((meta) => meta !== null && kept(meta)).map((meta) => [meta!.enquiryId, meta!]));
}

// ---- the daily reminder ----------------------------------------------------------------

/**
 * When the enquiry was instructed: the engagement's acceptance, else the last move to
 * instructed on its activity (staff set it by hand), else its arrival.
 */
async function instructedAt(record: StoredEnquiry): Promise<string> {
  const engagement = await engagementSummaryFor(record.id);
  if (engagement?.acceptedAt) return engagement.acceptedAt;
  const moves = (await listActivity(record.id)).filter((entry) => entry.type === 'status' && entry.to === 'instructed');
  return moves.at(-1)?.at ?? record.createdAt;
}

export interface PendingCdd {
  id: string;
  instructedOn: string;
  status: CddStatus;
  adminUrl: string;
}

/**
 * Instructed enquiries whose due diligence is not verified more than
 * `CDD_PENDING_ALERT_BUSINESS_DAYS` NSW business days after they were instructed.
 */
export async function overdueCdd(at = now(), origin = linkOrigin()): Promise<PendingCdd[]> {
  const today = sydneyToday(at);
  const [instructed, metas] = await Promise.all([
    listStoredEnquiries({ filter: (record) => record.status === 'instructed' }),
    listCddMeta(),
  ]);
  const statusOf = new Map(metas.map((meta) => [meta.enquiryId, meta.status]));
  const overdue: PendingCdd[] = [];
  for (const record of instructed) {
    const status = statusOf.get(record.id) ?? 'not-started';
    if (status === 'verified') continue;
    const since = sydneyToday(Date.parse(await instructedAt(record)));
    if (today <= (await addNswBusinessDays(since, CDD_PENDING_ALERT_BUSINESS_DAYS))) continue;
    overdue.push({
      id: record.id,
      instructedOn: since,
      status,
      adminUrl: `${origin}/admin?enquiry=${encodeURIComponent(record.id)}`,
    });
  }
  return overdue.sort((a, b) => (a.instructedOn < b.instructedOn ? -1 : a.instructedOn > b.instructedOn ? 1 : 0));
}

/** The reminder's text: ids, dates, statuses and links only (it travels by e-mail and chat). */
export function pendingCddMessage(pending: readonly PendingCdd[]): { subject: string; text: string } {
  const lines = [
    `${pending.length} instructed ${pending.length === 1 ? 'matter is' : 'matters are'} waiting for due diligence more than ${CDD_PENDING_ALERT_BUSINESS_DAYS} business days. Do not act on them until it is verified.`,
    '',
    ...pending.map(
      (item) =>
        `- ${item.id}: instructed ${item.instructedOn}, ${CDD_STATUS_LABELS[item.status].toLowerCase()}: ${item.adminUrl}`,
    ),
  ];
  return {
    subject: `Due diligence pending: ${pending.length} instructed ${pending.length === 1 ? 'matter' : 'matters'}`,
    text: lines.join('\n'),
  };
}

/** Daily: tells staff through the alert channels what is overdue; nothing when nothing is. */
export async function alertPendingCdd(at = now(), origin = linkOrigin()): Promise<PendingCdd[]> {
  const pending = await overdueCdd(at, origin);
  if (pending.length > 0) {
    await notifyStaff(
      pendingCddMessage(pending),
      `due diligence pending more than ${CDD_PENDING_ALERT_BUSINESS_DAYS} business days: ${pending.map((item) => item.id).join(', ')}`,
    );
  }
  return pending;
}
