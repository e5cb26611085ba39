/**
 * Customer due diligence, staff's screening after verification: re-screening a verified matter
 * (ongoing due diligence, AML/CTF Act s 30) and resolving a possible sanctions match as a false
 * positive or a true match (which ends the matter and tells the principals).
 */
import { now } from '#src/shared/clock.ts';
import { decideCddRecord } from '#src/shared/states/due-diligence.ts';
import {
  individualPaths,
  individualRef,
  type CddRescreenInput,
  type CddSanctionsResolutionInput,
} from '#src/shared/schemas/cdd-verification.ts';
import type { CddStatus } from '#src/shared/schemas/cdd.ts';
import {
  falsePositiveOf,
  lastScreenedOn,
  ratingsOf,
  statusForClient,
  type CddRating,
  type CddRecord,
  type CddSanctionsMatch,
} from '#src/shared/schemas/cdd-record.ts';
import { notifyPrincipals } from '../mail/principal-notices.ts';
import { linkOrigin } from '../platform/link-origin.ts';
import { allowed } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { activity, badRequest, decideCdd, strangerMessage, type Approver, type Staff } from './staff-review.ts';

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
export const resolvedBy = (record: CddRecord, accountId: string): boolean =>
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
      if (index < 0 || matches[index]!.resolution) throw new Refused('conflict', NO_POSSIBLE_MATCH(input.party));
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
