/**
 * Customer due diligence: the client's saved draft (`cddDraftSchema`). Anything may be missing,
 * every string is still cleaned and bounded; the submission (./cdd-submission.ts) checks it whole.
 */
import * as z from 'zod/mini';
import { AGENT_AUTHORITIES, CDD_PURPOSES, FUNDS_SOURCES } from '#src/content/amlctf.ts';
import { optionalText, plainText } from './fields.ts';
import { CDD_LIMITS } from './cdd.ts';
import { fundsList } from './cdd-submission.ts';

// ---------- drafts ----------

/** A draft string: cleaned and bounded, empty read as absent; never required. */
const draftText = (max: number, multiline = false) => optionalText(max, { multiline });
const draftArray = <T extends z.core.$ZodType>(item: T, max: number = CDD_LIMITS.list) =>
  z.array(item).check(z.maxLength(max, `Please list at most ${max}`));
const draftList = <T extends z.core.$ZodType>(item: T, max: number = CDD_LIMITS.list) =>
  z.optional(draftArray(item, max));
const draftName = plainText(CDD_LIMITS.name);

const draftIndividualFields = {
  fullName: draftText(CDD_LIMITS.name),
  otherNames: draftText(CDD_LIMITS.otherNames),
  /** Kept as typed (a draft may hold half a date); the submission checks it. */
  dateOfBirth: draftText(10),
  address: draftText(CDD_LIMITS.address),
  phone: draftText(CDD_LIMITS.phone),
  email: draftText(CDD_LIMITS.email),
};
const draftOwnerSchema = z.object(draftIndividualFields);

export const cddDraftPartySchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('individual'), ...draftIndividualFields }),
    z.object({
      type: z.literal('company'),
      name: draftText(CDD_LIMITS.name),
      acnOrAbn: draftText(CDD_LIMITS.acnOrAbn),
      registeredAddress: draftText(CDD_LIMITS.address),
      principalPlace: draftText(CDD_LIMITS.address),
      directors: draftList(draftName),
      owners: draftList(draftOwnerSchema),
    }),
    z.object({
      type: z.literal('trust'),
      name: draftText(CDD_LIMITS.name),
      trustType: draftText(CDD_LIMITS.trustType),
      trustees: draftList(draftName),
      settlor: draftText(CDD_LIMITS.name),
      appointor: draftText(CDD_LIMITS.name),
      beneficiaries: draftList(draftName),
      owners: draftList(draftOwnerSchema),
    }),
  ],
  { error: 'Please choose whether this party is an individual, a company or a trust' },
);

const draftYesNo = z.optional(
  z.object({ value: z.optional(z.boolean('Please answer yes or no')), details: draftText(CDD_LIMITS.details, true) }),
);

/** The yes/no, and (when yes) the person acting and their authority, as typed so far. */
const draftActingForAnother = z.optional(
  z.object({
    value: z.optional(z.boolean('Please answer yes or no')),
    details: draftText(CDD_LIMITS.details, true),
    authority: z.optional(z.enum(AGENT_AUTHORITIES, 'Please choose the authority the person acts under')),
    agent: z.optional(draftOwnerSchema),
  }),
);

export const cddDraftDeclarationsSchema = z.object({
  actingForAnother: draftActingForAnother,
  pep: draftYesNo,
  foreignPerson: draftYesNo,
  purpose: z.optional(z.enum(CDD_PURPOSES, 'Please choose the purpose of the transaction')),
  purposeDetails: draftText(CDD_LIMITS.details, true),
  /** Several sources at once; a draft or record holding one object (as stored before) reads as a list of it. */
  sourceOfFunds: z.optional(
    z.pipe(
      z.transform(fundsList),
      z
        .array(
          z.object({
            kind: z.optional(z.enum(FUNDS_SOURCES, 'Please choose where the money comes from')),
            lender: draftText(CDD_LIMITS.name),
            details: draftText(CDD_LIMITS.details, true),
          }),
        )
        .check(z.maxLength(FUNDS_SOURCES.length, `Please choose at most ${FUNDS_SOURCES.length} sources`)),
    ),
  ),
});

/**
 * `PUT /api/engage/{token}/cdd`: a draft. Anything may be missing; every string is stripped
 * of control characters and bounded, lists are bounded, unknown keys are dropped. A party
 * needs its `type` (the form asks it first): the fields depend on it.
 */
export const cddDraftSchema = z.object({
  parties: z._default(draftList(cddDraftPartySchema, CDD_LIMITS.parties), []),
  declarations: z._default(z.optional(cddDraftDeclarationsSchema), {}),
});
export type CddDraft = z.output<typeof cddDraftSchema>;
export type CddDraftParty = z.output<typeof cddDraftPartySchema>;
export type CddDraftDeclarations = z.output<typeof cddDraftDeclarationsSchema>;

/**
 * The body of `PUT /api/engage/{token}/cdd` (and of a submit that sends one): the whole draft,
 * both keys present, each read as `cddDraftSchema` reads it (a save replaces the stored draft,
 * so a key left out would empty it).
 */
export const cddDraftBodySchema = z.object({
  parties: draftArray(cddDraftPartySchema, CDD_LIMITS.parties),
  declarations: cddDraftDeclarationsSchema,
});

const DRAFT_KEYS = ['parties', 'declarations'] as const;

/**
 * The schema a draft body is judged by: one that left out a key is told only that, by key
 * (`Please send the declarations (…)`); a whole one is `cddDraftBodySchema`.
 */
export function cddDraftBodyFor(body: Record<string, unknown>): z.ZodMiniType {
  const missing = DRAFT_KEYS.filter((key) => !(key in body));
  if (!missing.length) return cddDraftBodySchema;
  return z.object(
    Object.fromEntries(
      missing.map((key) => [
        key,
        z.custom((value) => value !== undefined, `Please send the ${key} (the whole draft: a save replaces it)`),
      ]),
    ),
  );
}
