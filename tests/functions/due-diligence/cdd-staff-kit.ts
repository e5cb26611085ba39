/**
 * What the staff-side due-diligence tests share (cdd-staff-*.test.ts): the Blobs server, the key
 * and three accounts (`useCddStaff`), a distinctive client, and the submissions and calls they make.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach } from 'vitest';
import cdd from '#functions/due-diligence.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { type CddRecord } from '#server/repositories/due-diligence-store.ts';
import { anAcceptedEngagement, aSubmittedDueDiligence, submittedDueDiligence } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

export const useKey = (key: string) => {
  process.env.CDD_ENCRYPTION_KEY = key;
  process.env.CDD_ENCRYPTION_KEY_PREVIOUS = '';
  resetCddKeyEnv();
};
export const KEY = randomBytes(32).toString('base64');

export type Signed = Awaited<ReturnType<typeof signedInStaff>>;
/** Alice and Bob are principals; Carol is staff (signed in before the file's tests run). */
export let alice: Signed;
export let bob: Signed;
export let carol: Signed;

/** What every file of these tests starts with: a Blobs server of its own, the key, three accounts. */
export function useCddStaff() {
  useBlobs();
  beforeAll(async () => {
    [alice, bob, carol] = [await signedInStaff(), await signedInStaff(), await signedInStaff('staff')];
  });
  beforeEach(() => useKey(KEY));
}

export const CLIENT_NAME = 'Philippa Vandersloot-Quarrie';
export const CLIENT_BIRTH = '1972-03-14';
export const OWNER_NAME = 'Octavius Brumby-Fairweather';
export const AGENT_NAME = 'Wilhelmina Attorney-Prynne';

/** The client these tests enquire and accept as. */
export const client = (email = 'client@example.com') => ({
  enquiry: { firstName: 'Philippa', email },
  acceptance: { fullName: 'Philippa Client' },
});
/** An enquiry with an accepted engagement (instructed), through the real routes. */
export const instructedEnquiry = async (email?: string): Promise<string> =>
  (await anAcceptedEngagement(alice, client(email))).enquiryId;

/** A submitted record's fields: an individual (path "0") and a company with one 25% owner ("1.owners.0"). */
export function submittedFields(fields: Partial<CddRecord> = {}): Partial<CddRecord> {
  const at = new Date().toISOString();
  return {
    createdAt: at,
    updatedAt: at,
    submittedAt: at,
    version: 3,
    parties: [
      {
        type: 'individual',
        fullName: CLIENT_NAME,
        dateOfBirth: CLIENT_BIRTH,
        address: '9 Unusual Crescent, Leura NSW 2780',
        phone: '0412 987 654',
        email: 'pvq@example.com',
      },
      {
        type: 'company',
        name: 'Quarrie Holdings Pty Ltd',
        acnOrAbn: '123 456 789',
        registeredAddress: '1 George St, Sydney NSW 2000',
        principalPlace: '1 George St, Sydney NSW 2000',
        directors: [OWNER_NAME],
        owners: [
          {
            fullName: OWNER_NAME,
            dateOfBirth: '1965-01-02',
            address: '3 Other Rd, Bowral NSW 2576',
            phone: '0400 333 444',
            email: 'obf@example.com',
          },
        ],
      },
    ],
    ...fields,
  };
}
export const submitted = (enquiryId: string, fields: Partial<CddRecord> = {}): CddRecord =>
  submittedDueDiligence(enquiryId, submittedFields(fields));

export const entry = (party: string, last4 = '4321') => ({
  party,
  method: 'in-person',
  documents: [{ type: 'Passport', issuer: 'Australia', last4, expiry: '2031-05-31' }],
  sanctionsCheckedAt: '2026-11-20',
  sanctionsResult: 'no-match',
  pepResult: 'not-pep',
});
/** The version `submittedFields` stores: the details these verifications were made on. */
export const READ_VERSION = 3;
export const ENHANCED = {
  sourceOfWealth: 'Sale of a family business in 2019',
  sourceOfFunds: 'Proceeds held in a term deposit since the sale',
  notes: 'Sale contract sighted; principal told',
};
/** A verification of `parties`; a high rating comes with its enhanced due diligence. */
export const verifyBody = (rating: string, parties = ['0', '1.owners.0'], version = READ_VERSION) => ({
  verification: parties.map((party) => entry(party)),
  version,
  risk: { rating, reason: 'Known client, funds from savings held for years' },
  ...(rating === 'high' ? { enhanced: ENHANCED } : {}),
});

export const post = (path: string, who: { cookie: string }, body: unknown = {}) =>
  call(cdd, 'POST', path, { cookie: who.cookie, body });

/** What a second principal notes when approving a high rating (required for one). */
export const APPROVAL_NOTE = 'Source of funds documents sighted; proceed with enhanced monitoring';

export const withSubmitted = async (fields: Partial<CddRecord> = {}, by = alice): Promise<string> =>
  (await aSubmittedDueDiligence(by, { ...client(), record: submittedFields(fields) })).enquiryId;
