/**
 * Customer due diligence: the client's submission, complete and checked (`cddSubmitSchema`),
 * its parties (an individual, a company with its owners, a trust) and its declarations (acting
 * for another, politically exposed, the source of funds). The statuses, limits and dates are in
 * ./cdd.ts; the draft, as typed so far, in ./cdd-draft.ts.
 */
import * as z from 'zod/mini';
import { AGENT_AUTHORITIES, CDD_PURPOSES, CUSTOMER_MIN_AGE, FUNDS_SOURCES } from '#src/content/amlctf.ts';
import { optionalText, requiredText } from './fields.ts';
import { ageOn, CDD_LIMITS, dayField, todayOf, type DateContext } from './cdd.ts';

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
