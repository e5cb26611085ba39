/**
 * Customer due diligence, staff's side: which individuals must be verified (by path), what
 * staff record when they verify, approve, reject, re-screen, resolve a sanctions match or
 * close the matter, what those calls answer, and the 400s they give.
 */
import * as z from 'zod/mini';
import { PEP_RESULTS, RISK_RATINGS, SANCTIONS_RESULTS, VERIFICATION_METHODS } from '#src/content/amlctf.ts';
import { optionalText, plainText, requiredText, withoutControlCharacters } from './fields.ts';
import { CDD_LIMITS, CDD_STATUSES, DAY, dayField, isCalendarDate, todayOf, type DateContext } from './cdd.ts';
import type { CddDraftDeclarations, CddDraftParty } from './cdd-draft.ts';
import type { CddParty } from './cdd-submission.ts';

// ---------- staff verification ----------

/** The path of the person acting for the customer (`declarations.actingForAnother.agent`). */
export const AGENT_PATH = 'agent';

/**
 * An individual staff verify, by their place: among the parties `"0"` (an individual party)
 * or `"1.owners.0"`, or `"agent"`, the person acting for the customer.
 */
export const PARTY_PATH = /^(?:(0|[1-9]\d?)(\.owners\.(0|[1-9]\d?))?|agent)$/;

type DeclarationsWithAgent = Pick<CddDraftDeclarations, 'actingForAnother'>;

/** Someone acts for the customer (the client said yes): they are verified and screened like a party. */
export const actsForAnother = (declarations: DeclarationsWithAgent): boolean =>
  declarations.actingForAnother?.value === true;

/**
 * Every individual that staff must verify, by path: each individual party, each owner of a
 * company or trust, and the person acting for the customer when someone does. The verify
 * call answers 400 when one of these has no verification.
 */
export function individualPaths(
  parties: readonly (CddParty | CddDraftParty)[],
  declarations: DeclarationsWithAgent,
): string[] {
  return [
    ...parties.flatMap((party, index) =>
      party.type === 'individual'
        ? [String(index)]
        : (party.owners ?? []).map((_, owner) => `${index}.owners.${owner}`),
    ),
    ...(actsForAnother(declarations) ? [AGENT_PATH] : []),
  ];
}

/** How a message names the individual at `path`: `parties.1.owners.0`, or the person acting. */
export const individualRef = (path: string): string =>
  path === AGENT_PATH ? 'the person acting for the customer' : `parties.${path}`;

/** The individual party or owner at `path` (see `individualPaths`), or undefined; the agent is `declarations.actingForAnother.agent`. */
export function individualAt<P extends CddParty | CddDraftParty>(
  parties: readonly P[],
  path: string,
): (P extends { owners?: (infer O)[] } ? O : never) | Extract<P, { type: 'individual' }> | undefined {
  const match = PARTY_PATH.exec(path);
  if (!match) return undefined;
  const party = parties[Number(match[1])];
  if (!party) return undefined;
  if (match[3] === undefined) return party.type === 'individual' ? (party as never) : undefined;
  return party.type === 'individual' ? undefined : (party.owners?.[Number(match[3])] as never);
}

/** Sighted or checked documents: never the full number, never an image (the rule). */
const documentSchema = z.object({
  type: requiredText('Please enter the type of document, e.g. passport', CDD_LIMITS.docType),
  issuer: requiredText('Please enter the issuing country or state', CDD_LIMITS.issuer),
  last4: z
    .string('Please enter the last 4 characters of the document number')
    .check(
      withoutControlCharacters(),
      z.trim(),
      z.minLength(1, 'Please enter the last 4 characters of the document number'),
      z.maxLength(4, 'Enter only the last 4 characters of the document number: the full number is never kept'),
      z.regex(/^[A-Za-z0-9]*$/, 'Use only the letters and digits of the document number'),
    ),
  /**
   * Optional: some identity documents have none (a birth or citizenship certificate). An
   * expired document is recorded as it was (staff decide what it proves).
   */
  expiry: z.optional(
    z
      .pipe(
        plainText(10),
        z.transform((value) => (value === '' ? undefined : value)),
      )
      .check(
        z.refine((value) => value === undefined || (DAY.test(value) && isCalendarDate(value)), {
          message: 'Please enter the expiry date as YYYY-MM-DD, e.g. 2031-05-31',
        }),
      ),
  ),
});

const checkedOn = (context: DateContext) =>
  dayField('the date of the sanctions check', '2026-11-23').check(
    z.refine((value) => value <= todayOf(context), { message: 'The sanctions check cannot be dated in the future' }),
  );

/** Which individual: a party, an owner (`1.owners.0`) or the person acting (`agent`), as `individualPaths` names them. */
const individualField = () =>
  z
    .string('Please say which individual this is')
    .check(z.regex(PARTY_PATH, 'Name the individual by their place, e.g. "0", "1.owners.0" or "agent"'));

export const verificationEntrySchema = (context: DateContext) =>
  z
    .object({
      party: individualField(),
      method: z.enum(VERIFICATION_METHODS, 'Please choose how the identity was verified'),
      reference: optionalText(CDD_LIMITS.reference),
      documents: z
        .array(documentSchema, 'Please record the documents')
        .check(
          z.minLength(1, 'Please record at least one document sighted or checked'),
          z.maxLength(CDD_LIMITS.documents, `Please record at most ${CDD_LIMITS.documents} documents`),
        ),
      sanctionsCheckedAt: checkedOn(context),
      sanctionsResult: z.enum(SANCTIONS_RESULTS, 'Please record the result of the sanctions check'),
      pepResult: z.enum(PEP_RESULTS, 'Please record the result of the politically-exposed-person screening'),
    })
    .check(
      z.refine((entry) => entry.method !== 'electronic' || entry.reference !== undefined, {
        message: 'Please enter the verification service’s reference',
        path: ['reference'],
      }),
    );

/** `POST /api/contact-requests/{id}/cdd/verify`. Which individuals must appear: `individualPaths`. */
/**
 * The version of the record staff read (`CddStaffView.version`). Required: a decision must
 * name the details it was made on, or staff could verify details they never read.
 */
const readVersion = z.int('Please send the version of the details you checked (version, from reading them)');

/**
 * Enhanced due diligence for a high rating (s 32; Rules ch 15): where the customer's wealth
 * and the transaction's money come from, and what else staff did. Sealed with the record.
 */
export const enhancedSchema = z.object({
  sourceOfWealth: requiredText('Please record the customer’s source of wealth', CDD_LIMITS.reason, {
    multiline: true,
  }),
  sourceOfFunds: requiredText('Please record the source of the funds for this transaction', CDD_LIMITS.reason, {
    multiline: true,
  }),
  notes: requiredText('Please record what else was done (enhanced checks, senior approval sought)', CDD_LIMITS.reason, {
    multiline: true,
  }),
});
export type CddEnhanced = z.output<typeof enhancedSchema>;

export const ENHANCED_REQUIRED =
  'A high rating needs enhanced due diligence: record the source of wealth, the source of funds and notes';

export const cddVerifySchema = (context: DateContext = {}) =>
  z
    .object({
      verification: z
        .array(verificationEntrySchema(context), 'Please record the verification of each individual')
        .check(
          z.minLength(1, 'Please record the verification of each individual'),
          z.maxLength(CDD_LIMITS.parties * (CDD_LIMITS.list + 1), 'Too many verifications'),
          z.refine((entries) => new Set(entries.map((entry) => entry.party)).size === entries.length, {
            message: 'Each individual is verified once: remove the repeated entry',
          }),
        ),
      version: readVersion,
      risk: z.object({
        rating: z.enum(RISK_RATINGS, 'Please choose the risk rating'),
        reason: requiredText('Please give the reason for the risk rating', CDD_LIMITS.reason, { multiline: true }),
        /** Why a rating is lower than a high one on record (required then: see `verifyCdd`). */
        loweringReason: optionalText(CDD_LIMITS.reason, { multiline: true }),
      }),
      /** Required with a high rating; ignored otherwise. */
      enhanced: z.optional(enhancedSchema),
    })
    .check(
      z.refine((input) => input.risk.rating !== 'high' || input.enhanced !== undefined, {
        message: ENHANCED_REQUIRED,
        path: ['enhanced'],
        when: (payload) => {
          const value = payload.value as { risk?: { rating?: unknown }; enhanced?: unknown } | undefined;
          return value?.risk?.rating === 'high' && value.enhanced === undefined;
        },
      }),
    );
export type CddVerifyInput = z.output<ReturnType<typeof cddVerifySchema>>;
export type CddVerification = CddVerifyInput['verification'][number];

/** The individuals (`individualPaths`) that `verification` leaves out, each a path; empty when complete. */
export const unverifiedPaths = (
  parties: readonly (CddParty | CddDraftParty)[],
  declarations: DeclarationsWithAgent,
  verification: readonly Pick<CddVerification, 'party'>[],
): string[] => {
  const done = new Set(verification.map((entry) => entry.party));
  return individualPaths(parties, declarations).filter((path) => !done.has(path));
};

/** The 400 of approving a high rating without a note. */
export const APPROVAL_NOTE_REQUIRED =
  'Please note why you approve this high risk rating (what you checked, any conditions): it is kept with the approval';

/**
 * `POST /api/contact-requests/{id}/cdd/approve`: an optional body, `{ note }`. The note is
 * required for a high rating (`APPROVAL_NOTE_REQUIRED`), which only the record can say, so the
 * workflow checks that; a body without one (or none at all) approves a lowered rating as before.
 */
export const cddApproveSchema = z.object({
  note: optionalText(CDD_LIMITS.reason, { multiline: true }),
});

/** `POST /api/contact-requests/{id}/cdd/reject`. */
export const cddRejectSchema = z.object({
  reason: requiredText('Please give the reason', CDD_LIMITS.reason, { multiline: true }),
  version: readVersion,
});

/**
 * `POST /api/contact-requests/{id}/cdd/rescreen`: a later sanctions screening of everyone in
 * a verified matter (ongoing due diligence, s 30), with the version of the record staff read
 * (as verify and reject). A possible match makes the matter high risk again, and a high
 * rating needs its enhanced due diligence (400 without), as at verification.
 */
export const cddRescreenSchema = (context: DateContext = {}) =>
  z
    .object({
      checkedAt: checkedOn(context),
      result: z.enum(SANCTIONS_RESULTS, 'Please record the result of the sanctions check'),
      /** The individual the possible match is about (as in verify); required with one. */
      party: z.optional(individualField()),
      version: readVersion,
      /** Required with a possible match; ignored otherwise. */
      enhanced: z.optional(enhancedSchema),
    })
    .check(
      z.refine((input) => input.result !== 'possible-match' || input.party !== undefined, {
        message: RESCREEN_PARTY_REQUIRED,
        path: ['party'],
        when: (payload) => {
          const value = payload.value as { result?: unknown; party?: unknown } | undefined;
          return value?.result === 'possible-match' && value.party === undefined;
        },
      }),
      z.refine((input) => input.result !== 'possible-match' || input.enhanced !== undefined, {
        message: ENHANCED_REQUIRED,
        path: ['enhanced'],
        when: (payload) => {
          const value = payload.value as { result?: unknown; enhanced?: unknown } | undefined;
          return value?.result === 'possible-match' && value.enhanced === undefined;
        },
      }),
    );
export type CddRescreenInput = z.output<ReturnType<typeof cddRescreenSchema>>;

/**
 * The 400 of verifying without enhanced due diligence where the matter needs it for a reason
 * staff are not told (a suspicion: s 123). Neutral on purpose.
 */
export const ENHANCED_NEEDED =
  'This matter needs enhanced due diligence: record the source of wealth, the source of funds and notes';

/** The 400 of a re-screen's possible match that does not say whom it is about. */
export const RESCREEN_PARTY_REQUIRED =
  'Please say which individual the possible match is about (party, as in the verification)';

/**
 * How a possible sanctions match was resolved (AML/CTF Act s 28(2)(e)(ii)): not the listed
 * person (`false-positive`), or the listed person (`true-match`), which ends the matter.
 */
export const SANCTIONS_OUTCOMES = ['false-positive', 'true-match'] as const;
export type SanctionsOutcome = (typeof SANCTIONS_OUTCOMES)[number];
export const SANCTIONS_OUTCOME_LABELS: Record<SanctionsOutcome, string> = {
  'false-positive': 'False positive: not the listed person',
  'true-match': 'True match: the listed person',
};
export const SANCTIONS_EVIDENCE_MAX = 2000;

/** `POST /api/contact-requests/{id}/cdd/sanctions-resolution`. */
export const cddSanctionsResolutionSchema = z.object({
  party: individualField(),
  outcome: z.enum(SANCTIONS_OUTCOMES, 'Please choose false positive or true match'),
  evidence: requiredText(
    'Please record the evidence: what distinguishes the client from the listed person, or the list entry',
    SANCTIONS_EVIDENCE_MAX,
    { multiline: true },
  ),
  version: readVersion,
});
export type CddSanctionsResolutionInput = z.output<typeof cddSanctionsResolutionSchema>;

/**
 * `POST /api/contact-requests/{id}/close`: the day the business relationship ended, from
 * which the 7 years of s 111 run. Not in the future: a retention date is never guessed.
 */
export const cddCloseSchema = (context: DateContext = {}) =>
  z.object({
    endedAt: dayField('the date the matter ended', '2026-11-23').check(
      z.refine((value) => value <= todayOf(context), { message: 'The matter cannot end in the future' }),
    ),
  });

/** What verify, approve, reject, re-screen and a sanctions resolution answer: the record's status after it. */
export const cddDecisionSchema = z.object({ status: z.enum(CDD_STATUSES) });

/** What closing answers: the day the records are kept until (7 years on), or null when the client gave none. */
export const cddClosedSchema = z.object({ retainUntil: z.nullable(z.string()) });
