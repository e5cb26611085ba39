/**
 * Customer due diligence (AML/CTF Act): what the client supplies through the engagement
 * link, what staff record when they verify, and the record's plain and personal parts.
 * Shared by the client's form, the staff panel and the functions (hence `zod/mini`).
 *
 * Two schemas read the client's answers: `cddDraftSchema` for a saved draft (anything may
 * be missing, every string still cleaned and bounded) and `cddSubmitSchema({ buying })` for
 * the submission (complete, with a message under each field). Field errors are keyed by
 * their whole path (`parties.0.dateOfBirth`), so use `cddFieldErrors`, not `toFieldErrors`
 * alone, which keys by the first segment only.
 */
import * as z from 'zod/mini';
import {
  AGENT_AUTHORITIES,
  CDD_PURPOSES,
  CUSTOMER_MIN_AGE,
  FUNDS_SOURCES,
  PEP_RESULTS,
  RISK_RATINGS,
  SANCTIONS_RESULTS,
  VERIFICATION_METHODS,
  type RiskRating,
} from '../../content/amlctf.ts';
import { now } from '../clock.ts';
import type { ScreeningDue } from '../ongoing-screening.ts';
import { sydneyToday } from '../sydney-time.ts';
import {
  optionalText,
  plainText,
  requiredText,
  toFieldErrors,
  withoutControlCharacters,
  type FieldErrors,
} from './fields.ts';

export const CDD_STATUSES = [
  'not-started',
  'in-progress',
  'submitted',
  'awaiting-approval',
  'verified',
  'rejected',
] as const;
export type CddStatus = (typeof CDD_STATUSES)[number];
export const CDD_STATUS_LABELS: Record<CddStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress (client drafting)',
  submitted: 'Submitted',
  'awaiting-approval': 'Awaiting a second approval',
  verified: 'Verified',
  rejected: 'Rejected',
};

export const PARTY_TYPES = ['individual', 'company', 'trust'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

export const CDD_LIMITS = {
  name: 200,
  otherNames: 300,
  address: 300,
  phone: 40,
  email: 254,
  acnOrAbn: 20,
  trustType: 120,
  details: 1000,
  /** Customers in one matter (buyers on title, say), and names or owners in one list. */
  parties: 10,
  list: 20,
  docType: 80,
  issuer: 80,
  reference: 120,
  documents: 5,
  reason: 2000,
} as const;

/** `value` is a dotted field path (`parties.0.dateOfBirth`); `toFieldErrors` with whole paths. */
export const cddFieldErrors = (error: z.core.$ZodError): FieldErrors => toFieldErrors(error, { paths: true });

// ---------- dates ----------

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for `YYYY-MM-DD` naming a real calendar day (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
}

/** Whole years from `birth` to `today`, both `YYYY-MM-DD`. */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty! - by! - (tm! < bm! || (tm! === bm! && td! < bd!) ? 1 : 0);
}

/** "Today" as the schemas judge dates: Sydney's date, or the one a caller (a test) passes. */
export interface DateContext {
  /** `YYYY-MM-DD`; Sydney's today when absent. */
  today?: string;
}
const todayOf = (context: DateContext) => context.today ?? sydneyToday(now());

/** A required `YYYY-MM-DD` date, named `what` in its messages ("the date of birth"). */
const dayField = (what: string, example: string) =>
  z.string(`Please enter ${what}`).check(
    withoutControlCharacters(),
    z.trim(),
    z.minLength(1, `Please enter ${what}`),
    z.refine((value) => DAY.test(value), {
      message: `Please enter ${what} as YYYY-MM-DD, e.g. ${example}`,
      abort: true,
    }),
    z.refine(isCalendarDate, {
      message: `${capitalise(what)} is not a real day: check the month and day`,
      abort: true,
    }),
  );

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A date of birth: in the past, and `minAge` or older when given (a customer, the person acting). */
const birthDate = (context: DateContext, minAge?: number, words: PersonWords = CUSTOMER_WORDS) =>
  dayField(words.dateOfBirth, '1980-04-30').check(
    z.refine((value) => value >= '1900-01-01', { message: 'Please check the year of birth', abort: true }),
    z.refine((value) => value < todayOf(context), {
      message: 'The date of birth must be in the past',
      abort: true,
    }),
    z.refine((value) => minAge === undefined || ageOn(value, todayOf(context)) >= minAge, {
      message: words.tooYoung(minAge ?? CUSTOMER_MIN_AGE),
    }),
  );

// ---------- parties (submitted) ----------

const PHONE = /^\+?[\d\s()-]+$/;
const ACN_OR_ABN = /^(\d{9}|\d{11})$/;

/** ACN (9 digits) or ABN (11), spaces allowed as they are printed: "12 345 678 901". */
export const isAcnOrAbn = (value: string): boolean => ACN_OR_ABN.test(value.replace(/\s+/g, ''));

const nameList = (message: string, emptyMessage: string | null) =>
  z
    .array(requiredText(message, CDD_LIMITS.name), 'Please list the names')
    .check(
      z.maxLength(CDD_LIMITS.list, `Please list at most ${CDD_LIMITS.list}`),
      ...(emptyMessage ? [z.minLength(1, emptyMessage)] : []),
    );

/** How an individual's messages name the person: a customer or owner plainly, the person acting by their role. */
interface PersonWords {
  fullName: string;
  /** Fits "Please enter {…}" and "{…} is not a real day". */
  dateOfBirth: string;
  address: string;
  phone: string;
  email: string;
  tooYoung: (minAge: number) => string;
}
const CUSTOMER_WORDS: PersonWords = {
  fullName: 'Please enter the full name',
  dateOfBirth: 'the date of birth',
  address: 'Please enter the residential address',
  phone: 'Please enter a phone number',
  email: 'Please enter an e-mail address',
  tooYoung: (minAge) =>
    `A customer must be ${minAge} or over; a parent or guardian can instruct us for a younger person`,
};
/**
 * The person acting for a customer: their fields sit beside the customer's on the page, so
 * each message says whose field it is (the summary at the top lists them apart from their fields).
 */
const AGENT_WORDS: PersonWords = {
  fullName: 'Please enter the full name of the person acting for the customer',
  dateOfBirth: 'the date of birth of the person acting',
  address: 'Please enter the residential address of the person acting',
  phone: 'Please enter a phone number for the person acting',
  email: 'Please enter an e-mail address for the person acting',
  tooYoung: (minAge) => `The person acting for the customer must be ${minAge} or over`,
};

/** An individual's fields; `minAge` only for a customer or the person acting (owners need a real past date). */
const individualFields = (context: DateContext, minAge?: number, words: PersonWords = CUSTOMER_WORDS) => ({
  fullName: requiredText(words.fullName, CDD_LIMITS.name),
  otherNames: optionalText(CDD_LIMITS.otherNames),
  dateOfBirth: birthDate(context, minAge, words),
  address: requiredText(words.address, CDD_LIMITS.address),
  phone: requiredText(words.phone, CDD_LIMITS.phone).check(
    z.refine((value) => value === '' || (PHONE.test(value) && value.replace(/\D/g, '').length >= 6), {
      message: 'Please enter a phone number using digits, e.g. 0412 345 678',
    }),
  ),
  email: requiredText(words.email, CDD_LIMITS.email).check(
    z.refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      message: 'Please enter a valid e-mail address, e.g. name@example.com',
    }),
  ),
});

const ownerSchema = (context: DateContext) => z.object(individualFields(context), 'Please enter the person’s details');

const ownersList = (context: DateContext) =>
  z
    .array(ownerSchema(context), 'Please list the owners')
    .check(z.maxLength(CDD_LIMITS.list, `Please list at most ${CDD_LIMITS.list} people`));

const partySchema = (context: DateContext) =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('individual'), ...individualFields(context, CUSTOMER_MIN_AGE) }),
      z.object({
        type: z.literal('company'),
        name: requiredText('Please enter the company’s name', CDD_LIMITS.name),
        acnOrAbn: requiredText('Please enter the ACN or ABN', CDD_LIMITS.acnOrAbn).check(
          z.refine((value) => value === '' || isAcnOrAbn(value), {
            message: 'Please enter the 9-digit ACN or the 11-digit ABN',
          }),
        ),
        registeredAddress: requiredText('Please enter the registered office address', CDD_LIMITS.address),
        principalPlace: requiredText('Please enter the principal place of business', CDD_LIMITS.address),
        directors: nameList('Please enter the director’s name', 'Please name at least one director'),
        owners: ownersList(context),
      }),
      z.object({
        type: z.literal('trust'),
        name: requiredText('Please enter the trust’s name', CDD_LIMITS.name),
        trustType: requiredText(
          'Please enter the type of trust, e.g. family (discretionary) trust',
          CDD_LIMITS.trustType,
        ),
        trustees: nameList('Please enter the trustee’s name', 'Please name at least one trustee'),
        settlor: optionalText(CDD_LIMITS.name),
        appointor: optionalText(CDD_LIMITS.name),
        beneficiaries: nameList(
          'Please enter the beneficiary or class of beneficiaries',
          'Please name the beneficiaries, or their classes (e.g. “the settlor’s grandchildren”)',
        ),
        owners: ownersList(context),
      }),
    ],
    { error: 'Please choose whether this party is an individual, a company or a trust' },
  );

// ---------- declarations (submitted) ----------

/** A yes/no question whose `details` are required when the answer is yes. */
const yesNo = (question: string, detailsMessage: string) =>
  z
    .object(
      {
        value: z.boolean(question),
        details: optionalText(CDD_LIMITS.details, { multiline: true }),
      },
      question,
    )
    .check(
      z.refine((answer) => !answer.value || answer.details !== undefined, {
        message: detailsMessage,
        path: ['details'],
      }),
    );

const ACTING_FOR_ANOTHER_QUESTION = 'Please say whether anyone is acting on the customer’s behalf';
export const AGENT_AUTHORITY_DETAILS =
  'Please describe the authority, e.g. the date of the power of attorney, or the office held in the company';

/**
 * Whether someone acts for the customer and, when yes, who (an individual, identified like a
 * customer: s 28(2)(b), (c)) and under what authority, with its details. A "no" keeps
 * neither the person nor the authority, whatever a draft held (the page always posts their
 * fields), so a stray field never blocks a submission or lingers in the record.
 */
const actingForAnotherSchema = (context: DateContext) =>
  z.discriminatedUnion(
    'value',
    [
      z.object({ value: z.literal(false), details: optionalText(CDD_LIMITS.details, { multiline: true }) }),
      z.object({
        value: z.literal(true),
        details: requiredText(AGENT_AUTHORITY_DETAILS, CDD_LIMITS.details, { multiline: true }),
        authority: z.enum(AGENT_AUTHORITIES, 'Please choose the authority the person acts under'),
        agent: z.object(
          individualFields(context, CUSTOMER_MIN_AGE, AGENT_WORDS),
          'Please give the details of the person acting for the customer',
        ),
      }),
    ],
    { error: ACTING_FOR_ANOTHER_QUESTION },
  );

/**
 * Where the money for a purchase comes from: one or more sources (savings and a loan is the
 * common case), each once, a loan with its lender and "something else" with what it is.
 * Records and API bodies from before several sources were asked hold one object
 * (`{ kind, lender?, details? }`): read as a list of that one (`fundsList`).
 */
export const FUNDS_REQUIRED =
  'Source of funds: please choose where the money for the purchase comes from (one or more)';
export const FUNDS_LENDER_REQUIRED = 'Source of funds: please name the lender of the loan';
export const FUNDS_OTHER_REQUIRED = 'Source of funds: please tell us what the other source of the money is';

/** Migrate on read: a single source (as stored before) becomes a list of one; anything else passes through. */
export const fundsList = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value;

const fundsEntrySchema = z
  .object(
    {
      kind: z.enum(FUNDS_SOURCES, FUNDS_REQUIRED),
      lender: optionalText(CDD_LIMITS.name),
      details: optionalText(CDD_LIMITS.details, { multiline: true }),
    },
    FUNDS_REQUIRED,
  )
  .check(
    z.refine((funds) => funds.kind !== 'loan' || funds.lender !== undefined, {
      message: FUNDS_LENDER_REQUIRED,
      path: ['lender'],
    }),
    z.refine((funds) => funds.kind !== 'other' || funds.details !== undefined, {
      message: FUNDS_OTHER_REQUIRED,
      path: ['details'],
    }),
  );

const sourceOfFundsSchema = z.pipe(
  z.transform(fundsList),
  z.array(fundsEntrySchema, FUNDS_REQUIRED).check(
    z.minLength(1, FUNDS_REQUIRED),
    z.maxLength(FUNDS_SOURCES.length, FUNDS_REQUIRED),
    z.refine((list) => new Set(list.map((funds) => funds.kind)).size === list.length, {
      message: 'Source of funds: choose each source once',
    }),
  ),
);

const declarationsSchema = ({ buying, ...context }: CddSubmitOptions) =>
  z
    .object(
      {
        actingForAnother: actingForAnotherSchema(context),
        pep: yesNo(
          'Please say whether any party is a politically exposed person, or a family member or close associate of one',
          'Please say who, and what public position is held',
        ),
        foreignPerson: yesNo(
          'Please say whether any party is a foreign person',
          'Please say which party, and their country of citizenship or residence',
        ),
        purpose: z.enum(CDD_PURPOSES, 'Please choose the purpose of the transaction'),
        purposeDetails: optionalText(CDD_LIMITS.details, { multiline: true }),
        // Asked only for a purchase; a sale's submission drops whatever a draft held.
        sourceOfFunds: buying
          ? sourceOfFundsSchema
          : z.pipe(
              z.optional(z.unknown()),
              z.transform((): z.output<typeof sourceOfFundsSchema> | undefined => undefined),
            ),
      },
      'Please answer the questions about the matter',
    )
    .check(
      z.refine((value) => value.purpose !== 'other' || value.purposeDetails !== undefined, {
        message: 'Please tell us the purpose of the transaction',
        path: ['purposeDetails'],
        // Runs even when another answer is wrong, so every message shows at once.
        when: (payload) => {
          const value = payload.value as { purpose?: unknown } | undefined;
          return typeof value === 'object' && value !== null && value.purpose === 'other';
        },
      }),
    );

export interface CddSubmitOptions extends DateContext {
  /** A purchase: the source of funds is required. */
  buying: boolean;
}

/** `POST /api/engage/{token}/cdd/submit` (the stored draft, checked): complete and valid. */
export const cddSubmitSchema = (options: CddSubmitOptions) =>
  z.object({
    parties: z
      .array(partySchema(options), 'Please add the customer’s details')
      .check(
        z.minLength(1, 'Please add at least one customer: an individual, a company or a trust'),
        z.maxLength(CDD_LIMITS.parties, `Please add at most ${CDD_LIMITS.parties} customers`),
      ),
    declarations: declarationsSchema(options),
  });
export type CddSubmission = z.output<ReturnType<typeof cddSubmitSchema>>;
export type CddParty = CddSubmission['parties'][number];
export type CddIndividual = Extract<CddParty, { type: 'individual' }>;
export type CddOwner = Extract<CddParty, { type: 'company' }>['owners'][number];
export type CddDeclarations = CddSubmission['declarations'];

// ---------- drafts ----------

/** A draft string: cleaned and bounded, empty read as absent; never required. */
const draftText = (max: number, multiline = false) => optionalText(max, { multiline });
const draftList = <T extends z.core.$ZodType>(item: T, max: number = CDD_LIMITS.list) =>
  z.optional(z.array(item).check(z.maxLength(max, `Please list at most ${max}`)));
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

const verificationEntrySchema = (context: DateContext) =>
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
  resolution: z.optional(
    z.object({
      outcome: z.enum(SANCTIONS_OUTCOMES),
      evidence: z.string(),
      byId: z.string(),
      by: z.string(),
      at: z.string(),
    }),
  ),
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

/** `GET /api/engage/{token}/cdd`. */
export interface CddClientView {
  status: CddStatus;
  parties: CddDraftParty[];
  declarations: CddDraftDeclarations;
}

/**
 * An enquiry's due diligence on the desk's list and detail: plain fields only, read without
 * the key and without an audited read. `closedAt` once the matter is closed (with or without
 * anything the client gave); `screening` for a verified matter still open (ongoing due
 * diligence: when it was last screened and when it is due again).
 */
export interface CddSummary {
  status: CddStatus;
  closedAt?: string;
  screening?: { lastScreenedOn: string | null } & ScreeningDue;
  /**
   * While a rating waits for a principal's approval: who gave it (account id, absent on
   * records before ids, and the username at the time), when and what, so the desk can list
   * what waits for whom without reading the sealed part.
   */
  awaiting?: { rating: RiskRating; ratedBy: string; ratedById?: string; ratedAt: string };
}

/** `GET /api/contact-requests/{id}/cdd` (staff; every read audited). */
export interface CddStaffView {
  status: CddStatus;
  parties: CddDraftParty[];
  declarations: CddDraftDeclarations;
  verification: CddVerification[];
  risk: { rating: RiskRating; reason: string } | null;
  /** Who rated it and who approved or rejected it, and when (account ids with the usernames at the time). */
  approvals: {
    verifiedBy?: string;
    verifiedById?: string;
    verifiedAt?: string;
    approvedBy?: string;
    approvedById?: string;
    approvedAt?: string;
    rejectedBy?: string;
    rejectedById?: string;
    rejectedAt?: string;
    rejectReason?: string;
  };
  /** Every rating given, oldest first, each with who gave it and any approval or rejection. */
  ratings: CddRating[];
  /** The last sanctions screening (`lastScreenedOn`) and every re-screen since verification. */
  screening: { lastScreenedOn: string | null; rescreens: CddRescreen[] };
  /**
   * Every possible sanctions match recorded (with its resolution once made), the resolutions
   * alone (party, outcome, evidence, by id and username, at), and the individuals whose match
   * is still unresolved: while any is, nothing verifies the record or opens a matter.
   */
  /**
   * Principals only, on a verified record once a suspicion was recorded about the enquiry:
   * enhanced due diligence is due from `due` (an instant) and was recorded by a principal
   * (a re-screen with `enhanced`) at `done`. Never in a staff-role account's view.
   */
  enhancedReview?: { due: string; done?: string };
  sanctions: {
    matches: CddSanctionsMatch[];
    resolutions: ({ party: string } & NonNullable<CddSanctionsMatch['resolution']>)[];
    unresolved: string[];
  };
  closedAt?: string;
  retainUntil?: string;
  /**
   * The record's version as read: a verification or rejection sends it back, so it applies
   * to exactly the details staff checked (409 if the client changed them meanwhile).
   */
  version: number;
}

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
