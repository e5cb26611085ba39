/**
 * What the due-diligence tests of the engagement link share (engage-cdd-*.test.ts): the Blobs
 * server, the key and a staff member (`useEngageCdd`), distinctive client details, and the calls
 * a client's browser makes.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import engageCdd from '#functions/engage-due-diligence.ts';
import enquiries from '#functions/enquiries.ts';
import { collectionNotice } from '#src/content/amlctf.ts';
import { PRACTICE } from '#src/content/practice.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { getCdd, replaceCdd } from '#server/repositories/due-diligence-store.ts';
import { type CddStatus } from '#src/shared/schemas/cdd.ts';
import { aSentEngagement, anAcceptedEngagement, ENQUIRY } from '../fixtures/builders.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';
import { invokeRouted } from '../routing.ts';

export const KEY = randomBytes(32).toString('base64');
export const useKey = (key: string) => {
  process.env.CDD_ENCRYPTION_KEY = key;
  resetCddKeyEnv();
};

/** The signed-in staff member of the file (set before its tests run). */
export let staff: { cookie: string };

/**
 * What every file of these tests starts with: a Blobs server of its own, the due-diligence key,
 * real timers again after each test, and a signed-in staff member. Answers the Blobs server.
 */
export function useEngageCdd() {
  const blobs = useBlobs();
  beforeEach(() => useKey(KEY));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  beforeAll(async () => {
    staff = await signedInStaff();
  });
  return blobs;
}

// Distinctive details that appear nowhere else (the enquiry is Ada Client's, the acceptance Ada's).
export const NAME = 'Ottoline Vexley-Quarrington';
export const BIRTH = '1971-03-14';
export const OWNER = 'Bartholomew Zanzibar-Oakes';
export const OWNER_BIRTH = '1969-09-02';

export const INDIVIDUAL = {
  type: 'individual',
  fullName: NAME,
  dateOfBirth: BIRTH,
  address: '12 Uncommonly Rd, Glebe NSW 2037',
  phone: '0412 345 678',
  email: 'ottoline@example.com',
};
export const COMPANY = {
  type: 'company',
  name: 'Quarrington Holdings Pty Ltd',
  acnOrAbn: '123 456 789',
  registeredAddress: '1 Registered Pl, Sydney NSW 2000',
  principalPlace: '2 Business St, Parramatta NSW 2150',
  directors: [NAME],
  owners: [
    {
      fullName: OWNER,
      dateOfBirth: OWNER_BIRTH,
      address: '9 Owner Ave, Ryde NSW 2112',
      phone: '0400 999 888',
      email: 'bart@example.com',
    },
  ],
};
// The person acting for the customer (an attorney), as distinctive as the customer.
export const AGENT_NAME = 'Wilhelmina Attorney-Prynne';
export const AGENT_BIRTH = '1958-06-30';
export const AGENT = {
  fullName: AGENT_NAME,
  dateOfBirth: AGENT_BIRTH,
  address: '4 Attorney Lane, Katoomba NSW 2780',
  phone: '0411 222 333',
  email: 'wilhelmina@example.com',
};
export const ACTING = {
  value: true,
  authority: 'power-of-attorney',
  details: 'Enduring power of attorney dated 1 March 2025',
  agent: AGENT,
};
export const AGENT_PREFIX = 'declarations.actingForAnother';

export const DECLARATIONS = {
  actingForAnother: { value: false },
  pep: { value: false },
  foreignPerson: { value: false },
  purpose: 'home',
  sourceOfFunds: [{ kind: 'savings' }, { kind: 'loan', lender: 'Example Mutual Bank' }],
};

let network = 0;
export const ip = () => `198.51.100.${(++network % 250) + 1}`;

/** An engagement sent to a buyer (or a seller), and by default accepted. */
export function acceptedEngagement({ role = 'buying', accept = true }: { role?: string; accept?: boolean } = {}) {
  const enquiry =
    role === 'selling' ? { serviceType: 'residential-sale', quote: { ...ENQUIRY.quote, role: 'selling' } } : {};
  return (accept ? anAcceptedEngagement : aSentEngagement)(staff, { enquiry });
}

export const api = (method: string, token: string, suffix = '', body?: unknown) =>
  call(engageCdd, method, `/api/engage/${token}/cdd${suffix}`, { body, context: { ip: ip() } });

/** The collection notice the API gives with every read (the practice's name as the tests' settings have it). */
export const notice = collectionNotice(PRACTICE.name);

export const getPage = async (token: string, query = '') => {
  const response = await invokeRouted(engageCdd, new Request(new URL(`/engage/${token}/identity${query}`, ORIGIN)), {
    ip: ip(),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
};

/** A browser's plain form post from the page (no JavaScript). */
export async function postForm(token: string, fields: [string, string][]) {
  const request = new Request(new URL(`/engage/${token}/identity`, ORIGIN), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });
  const response = await invokeRouted(engageCdd, request, { ip: ip() });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

export const activityOf = async (enquiryId: string): Promise<{ type: string; text?: string }[]> =>
  (await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: staff.cookie })).json.activity;

export async function setStatus(enquiryId: string, status: CddStatus) {
  const found = (await getCdd(enquiryId))!;
  expect(await replaceCdd({ ...found.record, status, version: found.record.version + 1 }, found.etag)).toBe(true);
}
