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
 *
 * This file holds reading and verifying, and what the other steps share (the read-judge-write
 * `decideCdd`, how a message names an individual; the bodies are parsed by the route
 * declarations, src/shared/api/due-diligence.ts). The other steps are
 * beside it: staff-screening.ts (re-screening, a possible sanctions match), staff-decisions.ts
 * (approve, reject, close), cdd-desk-list.ts (the desk's list and filters), cdd-retention.ts
 * (the daily deletion, what is kept) and cdd-pending-alert.ts (the daily reminder).
 */
import { now } from '#src/shared/clock.ts';
// Aliased: `decideCdd` below is this file's read-judge-write of a record.
import {
  CDD_NOT_SUPPLIED,
  decideCdd as cddTransition,
  mustBeHigh,
  redFlags,
  verifyActionFor,
} from '#src/shared/states/due-diligence.ts';
import {
  AGENT_PATH,
  ENHANCED_NEEDED,
  individualAt,
  individualPaths,
  individualRef,
  unverifiedPaths,
  type CddVerifyInput,
} from '#src/shared/schemas/cdd-verification.ts';
import type { CddStatus } from '#src/shared/schemas/cdd.ts';
import {
  falsePositiveOf,
  hasTrueMatch,
  ratingsOf,
  toStaffView,
  unresolvedMatches,
  type CddRating,
  type CddRecord,
  type CddSanctionsMatch,
  type CddStaffView,
} from '#src/shared/schemas/cdd-record.ts';
import type { ActivityEntry } from '#src/shared/schemas/lead-desk.ts';
import { allowed } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import type { SessionUser } from '#src/shared/schemas/login.ts';
import { recordAudit, type AuditActor } from '../repositories/audit-store.ts';
import { getCdd, updateCdd } from '../repositories/due-diligence-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { getStoredEnquiry, type StoredEnquiry } from '../repositories/enquiries-store.ts';
import { NOT_FOUND } from '../enquiries/pipeline.ts';
import { suspicionSince } from '../repositories/suspicions-store.ts';

export type Staff = Exclude<AuditActor, 'system'>;
/** Approving asks the account's role, read from the store on this request. */
export type Approver = Staff & Pick<SessionUser, 'role'>;

export const CHANGED = 'Someone else changed this due diligence a moment ago. Refresh to see the latest and try again.';

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

export const badRequest = (fieldErrors: Record<string, string[]>) =>
  new Refused('invalid', 'Please check the highlighted fields', { fieldErrors });

export async function requireEnquiry(enquiryId: string): Promise<StoredEnquiry> {
  const found = await getStoredEnquiry(enquiryId);
  if (!found) throw new Refused('not-found', NOT_FOUND);
  return found.record;
}

export const activity = (enquiryId: string, by: string, text: string) =>
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
 * throws a Refused to refuse; a lost race judges the winner's record again. With
 * `readVersion` (the version staff decided on), a record that moved on since answers 409.
 */
export async function decideCdd(
  enquiryId: string,
  change: (record: CddRecord) => CddRecord,
  readVersion: number | null,
): Promise<CddRecord> {
  await requireEnquiry(enquiryId);
  const { after } = await updateCdd(
    enquiryId,
    (current) => {
      // No record is `not-started`, where the state table refuses every staff action but closing.
      if (!current) throw new Refused('conflict', CDD_NOT_SUPPLIED, { code: 'cdd-not-supplied' });
      if (readVersion !== null && current.version !== readVersion) throw new Refused('conflict', CHANGED_SINCE_READ);
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
      if (hasTrueMatch(current)) throw new Refused('conflict', TRUE_MATCH_ENDED);
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
        if (matches.length === 0) throw new Refused('conflict', stopped);
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
    throw new Refused('conflict', stopped);
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
export const strangerMessage = (path: string) =>
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
