/**
 * The due-diligence schemas: what a client may save and submit, what staff record, and the
 * field paths their messages come out under (`parties.0.dateOfBirth`).
 */
import { describe, expect, it } from 'vitest';
import { retainUntil } from '#src/content/amlctf.ts';
import { cddDraftSchema } from '#src/shared/schemas/cdd-draft.ts';
import { cddPersonalSchema, toClientView, toStaffView, type CddRecord } from '#src/shared/schemas/cdd-record.ts';
import { cddFieldErrors } from '#src/shared/schemas/cdd.ts';
import { cddSubmitSchema, type CddParty } from '#src/shared/schemas/cdd-submission.ts';
import {
  cddRejectSchema,
  cddVerifySchema,
  ENHANCED_REQUIRED,
  individualAt,
  individualPaths,
  unverifiedPaths,
  type CddVerification,
} from '#src/shared/schemas/cdd-verification.ts';
import { toFieldErrors } from '#src/shared/schemas/fields.ts';

const TODAY = '2026-11-23';

const person = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Quillon Farraday-Ostrowski',
  dateOfBirth: '1984-03-17',
  address: '12 Example Street, Newtown NSW 2042',
  phone: '0412 345 678',
  email: 'quillon@example.com',
  ...overrides,
});

const company = (owners: unknown[] = [person({ fullName: 'Owner One', dateOfBirth: '1970-01-02' })]) => ({
  type: 'company',
  name: 'Example Holdings Pty Ltd',
  acnOrAbn: '12 345 678 901',
  registeredAddress: '1 George Street, Sydney NSW 2000',
  principalPlace: '1 George Street, Sydney NSW 2000',
  directors: ['Owner One'],
  owners,
});

const declarations = (overrides: Record<string, unknown> = {}) => ({
  actingForAnother: { value: false },
  pep: { value: false },
  foreignPerson: { value: false },
  purpose: 'home',
  sourceOfFunds: [{ kind: 'loan', lender: 'Example Bank' }],
  ...overrides,
});

const submit = (body: unknown, buying = true) => {
  const result = cddSubmitSchema({ buying, today: TODAY }).safeParse(body);
  return result.success ? { data: result.data, errors: null } : { data: null, errors: cddFieldErrors(result.error) };
};

describe('the submission', () => {
  it('accepts an individual and a company with one 25% owner', () => {
    const { data, errors } = submit({
      parties: [{ type: 'individual', ...person() }, company()],
      declarations: declarations(),
    });
    expect(errors).toBeNull();
    expect(data!.parties).toHaveLength(2);
    expect(individualPaths(data!.parties, data!.declarations)).toEqual(['0', '1.owners.0']);
  });

  it('refuses a 17-year-old customer, under the date of birth’s path', () => {
    const { errors } = submit({
      parties: [{ type: 'individual', ...person({ dateOfBirth: '2009-11-24' }) }],
      declarations: declarations(),
    });
    expect(errors).toEqual({
      'parties.0.dateOfBirth': [
        'A customer must be 18 or over; a parent or guardian can instruct us for a younger person',
      ],
    });
    // The day they turn 18 they may instruct.
    expect(
      submit({
        parties: [{ type: 'individual', ...person({ dateOfBirth: '2008-11-23' }) }],
        declarations: declarations(),
      }).errors,
    ).toBeNull();
  });

  it('asks a company’s owner only for a real date in the past', () => {
    const young = submit({ parties: [company([person({ dateOfBirth: '2015-06-01' })])], declarations: declarations() });
    expect(young.errors).toBeNull();
    const future = submit({
      parties: [company([person({ dateOfBirth: '2027-01-01' })])],
      declarations: declarations(),
    });
    expect(future.errors).toEqual({ 'parties.0.owners.0.dateOfBirth': ['The date of birth must be in the past'] });
  });

  it('says what to fix in a date, a name and the yes-answers’ details, each under its path', () => {
    const { errors } = submit({
      parties: [
        { type: 'individual', ...person({ dateOfBirth: '17/03/1984' }) },
        company([person({ fullName: '  ', dateOfBirth: '1984-02-30' })]),
      ],
      declarations: declarations({ pep: { value: true }, purpose: 'other' }),
    });
    expect(errors).toEqual({
      'parties.0.dateOfBirth': ['Please enter the date of birth as YYYY-MM-DD, e.g. 1980-04-30'],
      'parties.1.owners.0.fullName': ['Please enter the full name'],
      'parties.1.owners.0.dateOfBirth': ['The date of birth is not a real day: check the month and day'],
      'declarations.pep.details': ['Please say who, and what public position is held'],
      'declarations.purposeDetails': ['Please tell us the purpose of the transaction'],
    });
  });

  it('needs the lender of a loan, and the source of funds only for a purchase', () => {
    expect(
      submit({
        parties: [{ type: 'individual', ...person() }],
        declarations: declarations({ sourceOfFunds: [{ kind: 'savings' }, { kind: 'loan' }] }),
      }).errors,
    ).toEqual({
      'declarations.sourceOfFunds.1.lender': ['Source of funds: please name the lender of the loan'],
    });
    for (const none of [undefined, []]) {
      expect(
        submit({
          parties: [{ type: 'individual', ...person() }],
          declarations: declarations({ sourceOfFunds: none }),
        }).errors,
      ).toEqual({
        'declarations.sourceOfFunds': [
          'Source of funds: please choose where the money for the purchase comes from (one or more)',
        ],
      });
    }
    const sale = submit(
      {
        parties: [{ type: 'individual', ...person() }],
        declarations: declarations({ sourceOfFunds: [{ kind: 'loan' }] }),
      },
      false,
    );
    expect(sale.errors).toBeNull();
    expect(sale.data!.declarations.sourceOfFunds).toBeUndefined();
  });

  it('takes several sources of funds at once, each once, and something else with what it is', () => {
    const both = submit({
      parties: [{ type: 'individual', ...person() }],
      declarations: declarations({
        sourceOfFunds: [{ kind: 'savings' }, { kind: 'loan', lender: 'Example Bank' }, { kind: 'other' }],
      }),
    });
    expect(both.errors).toEqual({
      'declarations.sourceOfFunds.2.details': ['Source of funds: please tell us what the other source of the money is'],
    });
    const twice = submit({
      parties: [{ type: 'individual', ...person() }],
      declarations: declarations({ sourceOfFunds: [{ kind: 'savings' }, { kind: 'savings' }] }),
    });
    expect(twice.errors).toEqual({ 'declarations.sourceOfFunds': ['Source of funds: choose each source once'] });
    const ok = submit({
      parties: [{ type: 'individual', ...person() }],
      declarations: declarations({ sourceOfFunds: [{ kind: 'savings' }, { kind: 'loan', lender: 'Example Bank' }] }),
    });
    expect(ok.data!.declarations.sourceOfFunds).toEqual([
      { kind: 'savings' },
      { kind: 'loan', lender: 'Example Bank' },
    ]);
  });

  it('reads a single source of funds, as drafts and records held it before, as a list of one', () => {
    const old = { kind: 'loan', lender: 'Example Bank' };
    expect(cddDraftSchema.parse({ declarations: { sourceOfFunds: old } }).declarations.sourceOfFunds).toEqual([old]);
    expect(
      cddPersonalSchema.parse({ parties: [], declarations: { sourceOfFunds: { kind: 'savings' } } }).declarations
        .sourceOfFunds,
    ).toEqual([{ kind: 'savings' }]);
    const submitted = submit({
      parties: [{ type: 'individual', ...person() }],
      declarations: declarations({ sourceOfFunds: old }),
    });
    expect(submitted.data!.declarations.sourceOfFunds).toEqual([old]);
  });

  it('takes an ACN or ABN with spaces, nothing else', () => {
    const bad = submit({ parties: [{ ...company(), acnOrAbn: '1234 5678' }], declarations: declarations() });
    expect(bad.errors).toEqual({ 'parties.0.acnOrAbn': ['Please enter the 9-digit ACN or the 11-digit ABN'] });
    expect(
      submit({ parties: [{ ...company(), acnOrAbn: '123 456 789' }], declarations: declarations() }).errors,
    ).toBeNull();
  });

  it('keys by the first segment unless asked for whole paths (the other forms are unchanged)', () => {
    const result = cddSubmitSchema({ buying: true, today: TODAY }).safeParse({
      parties: [],
      declarations: declarations(),
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(toFieldErrors(result.error))).toEqual(['parties']);
    const nested = cddSubmitSchema({ buying: true, today: TODAY }).safeParse({
      parties: [{ type: 'individual', ...person({ email: 'nope' }) }],
      declarations: declarations(),
    });
    if (nested.success) throw new Error('expected a failure');
    expect(toFieldErrors(nested.error)).toEqual({
      parties: ['Please enter a valid e-mail address, e.g. name@example.com'],
    });
    expect(toFieldErrors(nested.error, { paths: true })).toEqual({
      'parties.0.email': ['Please enter a valid e-mail address, e.g. name@example.com'],
    });
  });
});

describe('a draft', () => {
  it('accepts anything partial, cleans and bounds every string, and drops unknown keys', () => {
    const result = cddDraftSchema.safeParse({
      parties: [
        { type: 'individual', fullName: 'Ann\u0000 Lee\u000B', dateOfBirth: '19', extra: 'x' },
        { type: 'trust' },
      ],
      declarations: { pep: { value: true }, purpose: 'investment', hidden: 1 },
      admin: true,
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      parties: [{ type: 'individual', fullName: 'Ann Lee', dateOfBirth: '19' }, { type: 'trust' }],
      declarations: { pep: { value: true }, purpose: 'investment' },
    });
    expect(cddDraftSchema.safeParse({}).data).toEqual({ parties: [], declarations: {} });
    const long = cddDraftSchema.safeParse({ parties: [{ type: 'individual', fullName: 'x'.repeat(201) }] });
    expect(long.success).toBe(false);
    if (!long.success)
      expect(cddFieldErrors(long.error)).toEqual({ 'parties.0.fullName': ['Please keep this under 200 characters'] });
  });
});

const verification = (overrides: Record<string, unknown> = {}) => ({
  party: '0',
  method: 'in-person',
  documents: [{ type: 'Passport', issuer: 'Australia', last4: 'A123', expiry: '2031-05-31' }],
  sanctionsCheckedAt: '2026-11-20',
  sanctionsResult: 'no-match',
  pepResult: 'not-pep',
  ...overrides,
});
const verify = (body: unknown) => {
  const result = cddVerifySchema({ today: TODAY }).safeParse(body);
  return result.success ? { data: result.data, errors: null } : { data: null, errors: cddFieldErrors(result.error) };
};

describe('staff verification', () => {
  it('takes the last 4 characters of a document number, never more', () => {
    const ok = verify({
      verification: [verification()],
      version: 3,
      risk: { rating: 'low', reason: 'Local buyer, bank loan' },
    });
    expect(ok.errors).toBeNull();
    const five = verify({
      verification: [verification({ documents: [{ type: 'Passport', issuer: 'Australia', last4: 'PA123' }] })],
      version: 3,
      risk: { rating: 'low', reason: 'x' },
    });
    expect(five.errors).toEqual({
      'verification.0.documents.0.last4': [
        'Enter only the last 4 characters of the document number: the full number is never kept',
      ],
    });
  });

  it('needs an electronic check’s reference, a real check date not in the future, and a reason', () => {
    const { errors } = verify({
      verification: [verification({ method: 'electronic', sanctionsCheckedAt: '2026-11-24' })],
      version: 3,
      risk: { rating: 'high', reason: ' ' },
    });
    expect(errors).toEqual({
      'verification.0.reference': ['Please enter the verification service’s reference'],
      'verification.0.sanctionsCheckedAt': ['The sanctions check cannot be dated in the future'],
      'risk.reason': ['Please give the reason for the risk rating'],
      // Shown with the others: a high rating needs its enhanced due diligence.
      enhanced: [ENHANCED_REQUIRED],
    });
  });

  it('needs the version of the details checked: without it a verification or rejection applies to details unread', () => {
    const missing = 'Please send the version of the details you checked (version, from reading them)';
    expect(verify({ verification: [verification()], risk: { rating: 'low', reason: 'x' } }).errors).toEqual({
      version: [missing],
    });
    const reject = cddRejectSchema.safeParse({ reason: 'The passport had expired' });
    expect(reject.success ? null : cddFieldErrors(reject.error)).toEqual({ version: [missing] });
    expect(cddRejectSchema.safeParse({ reason: 'The passport had expired', version: 2 }).success).toBe(true);
  });

  it('lists every individual needing verification and which are missing', () => {
    const parties = [
      { type: 'individual', ...person() },
      company([person(), person({ fullName: 'Second Owner' })]),
      { type: 'trust', name: 'T', trustType: 'Family', trustees: ['A'], beneficiaries: ['B'], owners: [] },
    ] as CddParty[];
    const nobodyActing = { actingForAnother: { value: false } };
    expect(individualPaths(parties, nobodyActing)).toEqual(['0', '1.owners.0', '1.owners.1']);
    expect(unverifiedPaths(parties, nobodyActing, [{ party: '0' }, { party: '1.owners.1' }])).toEqual(['1.owners.0']);
    // Someone acting for the customer is verified like a party, under the path "agent".
    const attorney = { actingForAnother: { value: true, agent: { fullName: 'Pat Attorney' } } };
    expect(individualPaths(parties, attorney)).toEqual(['0', '1.owners.0', '1.owners.1', 'agent']);
    expect(
      unverifiedPaths(parties, attorney, [{ party: '0' }, { party: '1.owners.0' }, { party: '1.owners.1' }]),
    ).toEqual(['agent']);
    expect(individualAt(parties, '1.owners.1')?.fullName).toBe('Second Owner');
    expect(individualAt(parties, '1')).toBeUndefined();
    expect(individualAt(parties, '2.owners.0')).toBeUndefined();
  });
});

describe('retention', () => {
  it('keeps a record 7 years after the relationship ends (s 111), never less', () => {
    expect(retainUntil('2026-11-23')).toBe('2033-11-23');
    expect(retainUntil('2028-02-29')).toBe('2035-03-01');
  });
});

describe('the views', () => {
  const record: CddRecord = {
    enquiryId: '000mwtm3umd0001b55c8ef7c7f6',
    engagementId: 'AbCdEfGhIjKlMnOp',
    status: 'awaiting-approval',
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-23T00:00:00.000Z',
    verifiedBy: 'sam',
    verifiedAt: '2026-11-23T00:00:00.000Z',
    riskRating: 'high',
    version: 3,
    parties: [{ type: 'individual', fullName: 'A B' }],
    declarations: { purpose: 'home' },
    verification: [verification() as CddVerification],
    riskReason: 'Foreign PEP',
  };

  it('shows the client only their answers and the status', () => {
    expect(toClientView(record)).toEqual({
      status: 'awaiting-approval',
      parties: record.parties,
      declarations: record.declarations,
    });
  });

  it('shows staff the verification, the risk and who acted', () => {
    expect(toStaffView(record)).toEqual({
      status: 'awaiting-approval',
      parties: record.parties,
      declarations: record.declarations,
      verification: record.verification,
      risk: { rating: 'high', reason: 'Foreign PEP' },
      approvals: { verifiedBy: 'sam', verifiedAt: '2026-11-23T00:00:00.000Z' },
      // Stored before ratings were history: its one rating, read as a list of one, with no account id.
      ratings: [{ rating: 'high', reason: 'Foreign PEP', by: 'sam', at: '2026-11-23T00:00:00.000Z' }],
      // Stored before the screening day was kept in plain: its verification's oldest check.
      screening: { lastScreenedOn: '2026-11-20', rescreens: [] },
      sanctions: { matches: [], resolutions: [], unresolved: [] },
      version: record.version,
    });
    expect(toStaffView({ ...record, screenedOn: '2026-11-25' }).screening.lastScreenedOn).toBe('2026-11-25');
  });
});
