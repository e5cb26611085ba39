/**
 * Customer due diligence, the staff side, through the real handlers over a real local Blobs:
 * audited reads, verification and rating, a second person's approval, rejection, closing
 * the matter, the desk's list field and filter, retention, erasure with retention, and the
 * daily reminder over a real local SMTP server. The client's submission is put in place
 * with the repository (`insertCdd`), as the client routes would leave it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import cdd from '../../../netlify/functions/cdd.ts';
import contact from '../../../netlify/functions/contact.ts';
import engageCdd from '../../../netlify/functions/engage-cdd.ts';
import enquiries from '../../../netlify/functions/enquiries.ts';
import enquiryRetention from '../../../netlify/functions/enquiry-retention.ts';
import { alertPendingCdd, deleteExpiredCdd } from '../../../netlify/functions/_shared/due-diligence/staff-review.ts';
import { openStore, timeKey } from '../../../netlify/functions/_shared/repositories/blobs.ts';
import { resetCddKeyEnv } from '../../../netlify/functions/_shared/crypto/cdd-keys.ts';
import { resetLeadDeskEnv } from '../../../netlify/functions/_shared/platform/env.ts';
import { applyRetention } from '../../../netlify/functions/_shared/desk/erasure.ts';
import { listAudit } from '../../../netlify/functions/_shared/repositories/audit-store.ts';
import {
  getCdd,
  getCddMeta,
  insertCdd,
  replaceCdd,
  type CddRecord,
} from '../../../netlify/functions/_shared/repositories/due-diligence-store.ts';
import { ENHANCED_REQUIRED } from '../../../src/shared/schemas/cdd.ts';
import { PRINCIPAL_APPROVER_REQUIRED, SECOND_APPROVER_REQUIRED } from '../../../src/shared/states/due-diligence.ts';
import { sydneyToday } from '../../../src/shared/sydney-time.ts';
import { resetClock, setClockTo } from '../../../src/shared/clock.ts';
import { retainUntil } from '../../../src/content/amlctf.ts';
import { anAcceptedEngagement, aSubmittedDueDiligence, submittedDueDiligence } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { readableText, useSmtp } from '../smtp.ts';

useBlobs();

const useKey = (key: string) => {
  process.env.CDD_ENCRYPTION_KEY = key;
  process.env.CDD_ENCRYPTION_KEY_PREVIOUS = '';
  resetCddKeyEnv();
};
const KEY = randomBytes(32).toString('base64');

type Signed = Awaited<ReturnType<typeof signedInStaff>>;
/** Alice and Bob are principals; Carol is staff. */
let alice: Signed;
let bob: Signed;
let carol: Signed;
beforeAll(async () => {
  [alice, bob, carol] = [await signedInStaff(), await signedInStaff(), await signedInStaff('staff')];
});
beforeEach(() => useKey(KEY));

const CLIENT_NAME = 'Philippa Vandersloot-Quarrie';
const CLIENT_BIRTH = '1972-03-14';
const OWNER_NAME = 'Octavius Brumby-Fairweather';
const AGENT_NAME = 'Wilhelmina Attorney-Prynne';

/** The client these tests enquire and accept as. */
const client = (email = 'client@example.com') => ({
  enquiry: { firstName: 'Philippa', email },
  acceptance: { fullName: 'Philippa Client' },
});
/** An enquiry with an accepted engagement (instructed), through the real routes. */
const instructedEnquiry = async (email?: string): Promise<string> =>
  (await anAcceptedEngagement(alice, client(email))).enquiryId;

/** A submitted record's fields: an individual (path "0") and a company with one 25% owner ("1.owners.0"). */
function submittedFields(fields: Partial<CddRecord> = {}): Partial<CddRecord> {
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
const submitted = (enquiryId: string, fields: Partial<CddRecord> = {}): CddRecord =>
  submittedDueDiligence(enquiryId, submittedFields(fields));

const entry = (party: string, last4 = '4321') => ({
  party,
  method: 'in-person',
  documents: [{ type: 'Passport', issuer: 'Australia', last4, expiry: '2031-05-31' }],
  sanctionsCheckedAt: '2026-11-20',
  sanctionsResult: 'no-match',
  pepResult: 'not-pep',
});
/** The version `submittedFields` stores: the details these verifications were made on. */
const READ_VERSION = 3;
const ENHANCED = {
  sourceOfWealth: 'Sale of a family business in 2019',
  sourceOfFunds: 'Proceeds held in a term deposit since the sale',
  notes: 'Sale contract sighted; principal told',
};
/** A verification of `parties`; a high rating comes with its enhanced due diligence. */
const verifyBody = (rating: string, parties = ['0', '1.owners.0'], version = READ_VERSION) => ({
  verification: parties.map((party) => entry(party)),
  version,
  risk: { rating, reason: 'Known client, funds from savings held for years' },
  ...(rating === 'high' ? { enhanced: ENHANCED } : {}),
});

const post = (path: string, who: { cookie: string }, body: unknown = {}) =>
  call(cdd, 'POST', path, { cookie: who.cookie, body });

/** What a second principal notes when approving a high rating (required for one). */
const APPROVAL_NOTE = 'Source of funds documents sighted; proceed with enhanced monitoring';

const withSubmitted = async (fields: Partial<CddRecord> = {}, by = alice): Promise<string> =>
  (await aSubmittedDueDiligence(by, { ...client(), record: submittedFields(fields) })).enquiryId;

describe('GET /api/contact-requests/:id/cdd', () => {
  it('answers the decrypted staff view and writes who read which enquiry to the audit, nothing personal', async () => {
    const id = await withSubmitted();
    const before = (await listAudit()).length;
    const read = await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ status: 'submitted', verification: [], risk: null, approvals: {} });
    expect(read.json.parties[0].fullName).toBe(CLIENT_NAME);
    expect(read.json.parties[1].owners[0].fullName).toBe(OWNER_NAME);

    const again = await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: bob.cookie });
    expect(again.status).toBe(200);
    const reads = (await listAudit()).slice(before).filter((event) => event.action === 'cdd.read');
    expect(reads.map((event) => [event.by, event.target])).toEqual([
      [alice.username, id],
      [bob.username, id],
    ]);
    const audit = JSON.stringify(await listAudit());
    for (const personal of [CLIENT_NAME, CLIENT_BIRTH, OWNER_NAME, 'Unusual Crescent', 'pvq@example.com'])
      expect(audit).not.toContain(personal);
  });

  it('answers not-started before the client began (and still audits the read)', async () => {
    const id = await instructedEnquiry();
    const read = await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie });
    expect(read.json).toEqual({
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
    });
    expect((await listAudit()).at(-1)).toMatchObject({ action: 'cdd.read', target: id });
  });

  it('answers 401 without a session, 404 for an unknown enquiry, and 503 on every route without the key', async () => {
    const id = await withSubmitted();
    expect((await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`)).status).toBe(401);
    expect((await call(cdd, 'GET', `/api/contact-requests/${timeKey()}/cdd`, { cookie: alice.cookie })).status).toBe(
      404,
    );
    useKey('');
    const before = (await listAudit()).length;
    const read = await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie });
    expect(read.status).toBe(503);
    expect(read.json.error).toMatch(/CDD_ENCRYPTION_KEY is not set/);
    for (const [path, body] of [
      ['cdd/verify', verifyBody('low')],
      ['cdd/approve', {}],
      ['cdd/reject', { reason: 'x' }],
      ['close', { endedAt: '2026-11-20' }],
    ] as const) {
      expect((await post(`/api/contact-requests/${id}/${path}`, alice, body)).status).toBe(503);
    }
    expect(await listAudit()).toHaveLength(before);
  });
});

describe('verifying, rating and approving', () => {
  it('verifies a low rating at once, with who and when in plain and the details sealed, and an activity line', async () => {
    const id = await withSubmitted();
    const verified = await post(`/api/contact-requests/${id}/cdd/verify`, alice, verifyBody('low'));
    expect(verified.status).toBe(200);
    expect(verified.json).toEqual({ status: 'verified' });
    const meta = (await getCddMeta(id))!;
    expect(meta).toMatchObject({ status: 'verified', riskRating: 'low', verifiedBy: alice.username, version: 4 });
    const stored = JSON.stringify(await openStore('due-diligence').get(id, { type: 'json' }));
    expect(stored).not.toContain('Known client');
    expect(stored).not.toContain('4321');
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: bob.cookie })).json;
    expect(view.risk).toEqual({ rating: 'low', reason: 'Known client, funds from savings held for years' });
    expect(view.verification.map((item: { party: string }) => item.party)).toEqual(['0', '1.owners.0']);
    expect(view.approvals).toMatchObject({ verifiedBy: alice.username });

    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).json;
    expect(detail.activity.at(-1)).toMatchObject({
      type: 'cdd',
      by: alice.username,
      text: `Due diligence verified (low risk) by ${alice.username}`,
    });
    // Once verified, verifying again is a conflict, not a second rating.
    expect((await post(`/api/contact-requests/${id}/cdd/verify`, bob, verifyBody('medium'))).status).toBe(409);
  });

  it('applies a verification only to the details staff read: 409 once the client changed them', async () => {
    const id = await withSubmitted();
    const read = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie })).json;
    expect(read.version).toEqual(expect.any(Number));
    // The client edits and resubmits meanwhile (a new version of the same record).
    const found = (await getCdd(id))!;
    expect(await replaceCdd({ ...found.record, version: found.record.version + 1 }, found.etag)).toBe(true);
    const stale = await post(`/api/contact-requests/${id}/cdd/verify`, alice, {
      ...verifyBody('low'),
      version: read.version,
    });
    expect(stale.status).toBe(409);
    expect((await getCddMeta(id))!.status).toBe('submitted');
    const fresh = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie })).json;
    const current = await post(`/api/contact-requests/${id}/cdd/verify`, alice, {
      ...verifyBody('low'),
      version: fresh.version,
    });
    expect(current.json).toEqual({ status: 'verified' });
  });

  it('sends a high rating for a principal’s approval: 403 for a staff account and for the rater, 200 for another principal, recorded by account id', async () => {
    const id = await withSubmitted();
    const rated = await post(`/api/contact-requests/${id}/cdd/verify`, alice, verifyBody('high'));
    expect(rated.json).toEqual({ status: 'awaiting-approval' });

    // The break found: a second account the rater made for herself approved it.
    const byStaff = await post(`/api/contact-requests/${id}/cdd/approve`, carol);
    expect(byStaff.status).toBe(403);
    expect(byStaff.json.error).toBe(PRINCIPAL_APPROVER_REQUIRED);
    const self = await post(`/api/contact-requests/${id}/cdd/approve`, alice);
    expect(self.status).toBe(403);
    expect(self.json.error).toBe(SECOND_APPROVER_REQUIRED);
    expect((await getCddMeta(id))!.status).toBe('awaiting-approval');

    const approved = await post(`/api/contact-requests/${id}/cdd/approve`, bob, { note: APPROVAL_NOTE });
    expect(approved.status).toBe(200);
    expect(approved.json).toEqual({ status: 'verified' });
    expect(await getCddMeta(id)).toMatchObject({
      approvedBy: bob.username,
      approvedById: bob.id,
      verifiedBy: alice.username,
      verifiedById: alice.id,
    });
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie })).json;
    expect(view.ratings).toEqual([
      expect.objectContaining({
        rating: 'high',
        byId: alice.id,
        by: alice.username,
        approvedById: bob.id,
        approvedBy: bob.username,
      }),
    ]);
    expect((await post(`/api/contact-requests/${id}/cdd/approve`, bob)).status).toBe(409);

    const texts = (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).json.activity
      .filter((item: { type: string }) => item.type === 'cdd')
      .map((item: { text: string }) => item.text);
    expect(texts).toEqual([
      `Due diligence rated high risk by ${alice.username}: awaiting a principal’s approval`,
      `Due diligence approved by ${bob.username} (high risk, rated by ${alice.username})`,
    ]);
    expect((await listAudit()).map((event) => event.action)).toEqual(
      expect.arrayContaining(['cdd.verify', 'cdd.approve']),
    );
  });

  it('keeps a rejected high rating on record: re-rated lower after the client resubmits, it waits for a principal, with the reason for lowering it', async () => {
    const { enquiryId: id, token } = await aSubmittedDueDiligence(alice, {
      ...client(),
      record: submittedFields(),
    });
    expect((await post(`/api/contact-requests/${id}/cdd/verify`, alice, verifyBody('high'))).status).toBe(200);
    const rejected = await post(`/api/contact-requests/${id}/cdd/reject`, alice, {
      reason: 'Please check the owner’s address',
      version: READ_VERSION + 1,
    });
    expect(rejected.json).toEqual({ status: 'rejected' });
    const resubmitted = await call(engageCdd, 'POST', `/api/engage/${token}/cdd/submit`, {
      context: { ip: '198.51.100.78' },
    });
    expect(resubmitted.json).toEqual({ status: 'submitted' });
    const version = (await getCddMeta(id))!.version;

    const unexplained = await post(
      `/api/contact-requests/${id}/cdd/verify`,
      alice,
      verifyBody('low', undefined, version),
    );
    expect(unexplained.status).toBe(400);
    expect(unexplained.json.fieldErrors).toEqual({
      'risk.loweringReason': [
        'A high risk rating is on record for this matter: please give the reason for rating it lower (a principal approves it)',
      ],
    });
    const body = verifyBody('low', undefined, version);
    const lowered = await post(`/api/contact-requests/${id}/cdd/verify`, alice, {
      ...body,
      risk: { ...body.risk, loweringReason: 'The address is now confirmed by a council rates notice' },
    });
    expect(lowered.json).toEqual({ status: 'awaiting-approval' });
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: bob.cookie })).json;
    expect(view.ratings).toEqual([
      expect.objectContaining({ rating: 'high', byId: alice.id, rejectedById: alice.id }),
      expect.objectContaining({
        rating: 'low',
        byId: alice.id,
        loweringReason: 'The address is now confirmed by a council rates notice',
      }),
    ]);
    expect((await post(`/api/contact-requests/${id}/cdd/approve`, alice)).status).toBe(403);
    expect((await post(`/api/contact-requests/${id}/cdd/approve`, bob)).json).toEqual({ status: 'verified' });
  });

  it('forces a high rating on a red flag, naming it, and a high rating needs enhanced due diligence', async () => {
    const id = await withSubmitted();
    const possible = (rating: string) => {
      const body = verifyBody(rating);
      // A possible sanctions match stops verification outright (cdd-sanctions.test.ts); a PEP forces high.
      return { ...body, verification: [{ ...entry('0'), pepResult: 'foreign-pep' }, entry('1.owners.0')] };
    };
    const low = await post(`/api/contact-requests/${id}/cdd/verify`, alice, possible('low'));
    expect(low.status).toBe(400);
    expect(low.json.fieldErrors).toEqual({
      'risk.rating': ['This matter must be rated high: a politically exposed person in screening (parties.0)'],
    });
    const { enhanced: _enhanced, ...bare } = possible('high');
    const plain = await post(`/api/contact-requests/${id}/cdd/verify`, alice, bare);
    expect(plain.status).toBe(400);
    expect(plain.json.fieldErrors).toEqual({ enhanced: [ENHANCED_REQUIRED] });
    const half = await post(`/api/contact-requests/${id}/cdd/verify`, alice, {
      ...bare,
      enhanced: { sourceOfWealth: 'Savings' },
    });
    expect(Object.keys(half.json.fieldErrors).sort()).toEqual(['enhanced.notes', 'enhanced.sourceOfFunds']);
    expect((await getCddMeta(id))!.status).toBe('submitted');

    const high = await post(`/api/contact-requests/${id}/cdd/verify`, alice, possible('high'));
    expect(high.json).toEqual({ status: 'awaiting-approval' });
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: bob.cookie })).json;
    expect(view.ratings.at(-1)).toMatchObject({ rating: 'high', enhanced: ENHANCED });
    expect(JSON.stringify(await openStore('due-diligence').get(id, { type: 'json' }))).not.toContain('family business');

    // A true match: staff stop, with the reason; the matter cannot proceed on this record.
    const stopped = await post(`/api/contact-requests/${id}/cdd/reject`, bob, {
      reason: 'True match on the Consolidated List: do not act',
      version: READ_VERSION + 1,
    });
    expect(stopped.json).toEqual({ status: 'rejected' });
    expect((await post(`/api/contact-requests/${id}/cdd/approve`, bob)).status).toBe(409);
  });

  it('forces a high rating for a politically exposed person, declared by the client or found by staff', async () => {
    const declared = await withSubmitted({ declarations: { pep: { value: true, details: 'Former minister' } } });
    const byClient = await post(`/api/contact-requests/${declared}/cdd/verify`, alice, verifyBody('medium'));
    expect(byClient.status).toBe(400);
    expect(byClient.json.fieldErrors['risk.rating']).toEqual([
      'This matter must be rated high: the client declared a politically exposed person',
    ]);
    expect((await post(`/api/contact-requests/${declared}/cdd/verify`, alice, verifyBody('high'))).status).toBe(200);

    const found = await withSubmitted();
    const body = verifyBody('low');
    const byStaff = await post(`/api/contact-requests/${found}/cdd/verify`, alice, {
      ...body,
      verification: [entry('0'), { ...entry('1.owners.0'), pepResult: 'foreign-pep' }],
    });
    expect(byStaff.json.fieldErrors['risk.rating']).toEqual([
      'This matter must be rated high: a politically exposed person in screening (parties.1.owners.0)',
    ]);
    expect((await getCddMeta(found))!.status).toBe('submitted');
  });

  it('verifies and screens the person acting for the customer like a party: 400 naming them when missing, their red flags force high, shown with their authority', async () => {
    const acting = {
      declarations: {
        ...submittedDueDiligence('x').declarations,
        actingForAnother: {
          value: true,
          authority: 'power-of-attorney' as const,
          details: 'Enduring power of attorney dated 1 March 2025, registered book 4567 no 123',
          agent: {
            fullName: AGENT_NAME,
            dateOfBirth: '1960-07-21',
            address: '4 Attorney Lane, Katoomba NSW 2780',
            phone: '0411 222 333',
            email: 'attorney@example.com',
          },
        },
      },
    };
    const id = await withSubmitted(acting);
    const url = `/api/contact-requests/${id}/cdd/verify`;
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: bob.cookie })).json;
    expect(view.declarations.actingForAnother).toEqual(acting.declarations.actingForAnother);

    const missing = await post(url, alice, verifyBody('low'));
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors).toEqual({
      verification: [`Verify every individual: the person acting for the customer (${AGENT_NAME}) is missing`],
    });

    const withAgent = (agent: Record<string, string>) => ({
      ...verifyBody('low'),
      verification: [entry('0'), entry('1.owners.0'), { ...entry('agent'), ...agent }],
    });
    const pep = await post(url, alice, withAgent({ pepResult: 'domestic-pep' }));
    expect(pep.json.fieldErrors['risk.rating']).toEqual([
      'This matter must be rated high: a politically exposed person in screening (the person acting for the customer)',
    ]);
    expect((await getCddMeta(id))!.status).toBe('submitted');

    const done = await post(url, alice, withAgent({}));
    expect(done.json).toEqual({ status: 'verified' });
    const verified = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: bob.cookie })).json;
    expect(verified.verification.map((item: { party: string }) => item.party)).toEqual(['0', '1.owners.0', 'agent']);
    // Sealed with the rest of the record.
    expect(JSON.stringify(await openStore('due-diligence').get(id, { type: 'json' }))).not.toContain('Attorney Lane');

    // Nobody acts for this customer: an entry for a person acting is refused.
    const nobody = await withSubmitted();
    const stranger = await post(
      `/api/contact-requests/${nobody}/cdd/verify`,
      alice,
      verifyBody('low', ['0', '1.owners.0', 'agent']),
    );
    expect(stranger.json.fieldErrors).toEqual({
      'verification.2.party': [
        'The client did not say that anyone acts for the customer: there is no person acting to verify',
      ],
    });
  });

  it('reads a record stored before ratings were history: its one rating, and the rater’s username refused as approver', async () => {
    const id = await withSubmitted({
      status: 'awaiting-approval',
      riskRating: 'high',
      riskReason: 'Overseas funds',
      verifiedBy: alice.username,
      verifiedAt: '2026-11-20T00:00:00.000Z',
    });
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: bob.cookie })).json;
    expect(view.ratings).toEqual([
      { rating: 'high', reason: 'Overseas funds', by: alice.username, at: '2026-11-20T00:00:00.000Z' },
    ]);
    expect((await post(`/api/contact-requests/${id}/cdd/approve`, alice)).status).toBe(403);
    expect((await post(`/api/contact-requests/${id}/cdd/approve`, bob, { note: APPROVAL_NOTE })).status).toBe(200);
    expect((await getCdd(id))!.record.ratings).toEqual([
      expect.objectContaining({ rating: 'high', by: alice.username, approvedById: bob.id }),
    ]);
  });

  it('needs the version of the details read to verify or reject (400 without), changing nothing', async () => {
    const id = await withSubmitted();
    const { version: _version, ...unversioned } = verifyBody('low');
    const verify = await post(`/api/contact-requests/${id}/cdd/verify`, alice, unversioned);
    expect(verify.status).toBe(400);
    expect(verify.json.fieldErrors).toEqual({
      version: ['Please send the version of the details you checked (version, from reading them)'],
    });
    const reject = await post(`/api/contact-requests/${id}/cdd/reject`, alice, { reason: 'Expired passport' });
    expect(reject.status).toBe(400);
    expect(Object.keys(reject.json.fieldErrors)).toEqual(['version']);
    expect(await getCddMeta(id)).toMatchObject({ status: 'submitted', version: READ_VERSION });
  });

  it('refuses an individual without verification, saying which, and a document number longer than 4 characters', async () => {
    const id = await withSubmitted();
    const missing = await post(`/api/contact-requests/${id}/cdd/verify`, alice, verifyBody('low', ['0']));
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors).toEqual({
      verification: ['Verify every individual: parties.1.owners.0 is missing'],
    });

    const long = await post(`/api/contact-requests/${id}/cdd/verify`, alice, {
      ...verifyBody('low'),
      verification: [entry('0', '12345'), entry('1.owners.0')],
    });
    expect(long.status).toBe(400);
    expect(long.json.fieldErrors['verification.0.documents.0.last4']).toEqual([
      'Enter only the last 4 characters of the document number: the full number is never kept',
    ]);

    const stranger = await post(
      `/api/contact-requests/${id}/cdd/verify`,
      alice,
      verifyBody('low', ['0', '1.owners.0', '2']),
    );
    expect(stranger.status).toBe(400);
    expect(stranger.json.fieldErrors['verification.2.party']).toEqual(['No individual at parties.2']);
    expect((await getCddMeta(id))!.status).toBe('submitted');
  });

  it('verifies only a submitted record (409 while the client drafts, or without one)', async () => {
    const drafting = await withSubmitted({ status: 'in-progress' });
    expect((await post(`/api/contact-requests/${drafting}/cdd/verify`, alice, verifyBody('low'))).status).toBe(409);
    const none = await instructedEnquiry();
    expect((await post(`/api/contact-requests/${none}/cdd/verify`, alice, verifyBody('low'))).status).toBe(409);
  });

  it('rejects with a sealed reason, so the client can correct and resubmit', async () => {
    const id = await withSubmitted();
    expect(
      (await post(`/api/contact-requests/${id}/cdd/reject`, alice, { reason: '', version: READ_VERSION })).status,
    ).toBe(400);
    const rejected = await post(`/api/contact-requests/${id}/cdd/reject`, alice, {
      reason: 'The passport shown had expired in 2019',
      version: READ_VERSION,
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toEqual({ status: 'rejected' });
    expect(await getCddMeta(id)).toMatchObject({ status: 'rejected', rejectedBy: alice.username });
    expect(JSON.stringify(await openStore('due-diligence').get(id, { type: 'json' }))).not.toContain('expired in 2019');
    expect((await getCdd(id))!.record.rejectReason).toBe('The passport shown had expired in 2019');
    expect((await post(`/api/contact-requests/${id}/cdd/approve`, bob)).status).toBe(409);
  });
});

describe('closing the matter', () => {
  it('keeps the records 7 years from the day it ended; refuses a day in the future, before the enquiry, or a shorter keeping', async () => {
    const id = await withSubmitted();
    const future = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.json.fieldErrors.endedAt).toEqual(['The matter cannot end in the future']);
    // A mistyped year (2016 for 2026) would have the records deleted the next day.
    const early = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: '2016-11-20' });
    expect(early.status).toBe(400);
    expect(early.json.fieldErrors.endedAt[0]).toMatch(/before the enquiry arrived/);

    const today = sydneyToday();
    // Seven years on, the same day (s 111), written out rather than asked of retainUntil;
    // a 29 February has none seven years on, and the record is kept to 1 March.
    const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)];
    const until = `${year + 7}-${monthDay === '02-29' ? '03-01' : monthDay}`;
    const closed = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: today });
    expect(closed.status).toBe(200);
    expect(closed.json).toEqual({ retainUntil: until });
    expect(await getCddMeta(id)).toMatchObject({ closedAt: today, retainUntil: until });
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie })).json;
    expect(view.retainUntil).toBe(until);
    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).json;
    expect(detail.activity.at(-1).text).toBe(
      `Matter closed (ended ${today}); due diligence records kept until ${until} (AML/CTF Act 2006 s 111)`,
    );
  });

  it('closes an enquiry without records: nothing to keep under s 111, only the close itself', async () => {
    const id = await instructedEnquiry();
    const closed = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: sydneyToday() });
    expect(closed.json).toEqual({ retainUntil: null });
    const meta = await getCddMeta(id);
    expect(meta).toMatchObject({ status: 'not-started', closedAt: sydneyToday() });
    expect(meta?.retainUntil).toBeUndefined();
  });
});

describe('the desk list', () => {
  it('shows each enquiry’s due diligence status, and cdd=pending finds instructed enquiries not verified', async () => {
    const notStarted = await instructedEnquiry();
    const waiting = await withSubmitted();
    const done = await withSubmitted();
    expect((await post(`/api/contact-requests/${done}/cdd/verify`, alice, verifyBody('medium'))).status).toBe(200);
    const notInstructed = (
      await call(contact, 'POST', '/api/contact', {
        body: {
          firstName: 'Only',
          lastName: 'Asking',
          email: 'asking@example.com',
          phone: '0400 555 666',
          serviceType: 'residential-purchase',
        },
      })
    ).json.id;

    const all = (await call(enquiries, 'GET', '/api/contact-requests', { cookie: alice.cookie })).json;
    const cddOf = (id: string) => all.find((item: { id: string }) => item.id === id).cdd;
    expect(cddOf(notStarted)).toBeNull();
    expect(cddOf(waiting)).toEqual({ status: 'submitted' });
    expect(cddOf(done)).toMatchObject({ status: 'verified' });
    expect(cddOf(notInstructed)).toBeNull();

    const pending = (await call(enquiries, 'GET', '/api/contact-requests?cdd=pending', { cookie: alice.cookie })).json;
    const ids = pending.map((item: { id: string }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([notStarted, waiting]));
    expect(ids).not.toContain(done);
    expect(ids).not.toContain(notInstructed);
    expect(pending.every((item: { status: string }) => item.status === 'instructed')).toBe(true);
    const wrong = await call(enquiries, 'GET', '/api/contact-requests?cdd=all', { cookie: alice.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('cdd must be one of: pending, rescreen, approval');
  });
});

describe('retention and erasure', () => {
  afterAll(() => {
    delete process.env.ENQUIRY_RETENTION_DAYS;
    resetLeadDeskEnv();
  });

  it('deletes records past retainUntil daily, and never deletes an enquiry that still has records', async () => {
    // Engaged in 2017: its accepted costs agreement, kept with the record, is past 7 years too.
    setClockTo(Date.parse('2017-12-01T00:00:00Z'));
    const expired = await withSubmitted({ status: 'verified', closedAt: '2018-01-01', retainUntil: '2025-01-01' });
    resetClock();
    const kept = await withSubmitted({ status: 'verified', closedAt: '2026-11-01', retainUntil: '2033-11-01' });
    const open = await withSubmitted({ status: 'verified' });

    // Every enquiry is past the privacy retention (1 day, seen from 2 days on).
    process.env.ENQUIRY_RETENTION_DAYS = '1';
    resetLeadDeskEnv();
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await deleteExpiredCdd(later.getTime())).toEqual([expired]);
    await applyRetention(later);
    expect(await getCddMeta(expired)).toBeNull();
    const exists = async (id: string) =>
      (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).status;
    expect(await exists(expired)).toBe(404);
    expect(await exists(kept)).toBe(200);
    expect(await exists(open)).toBe(200);
    expect(await getCddMeta(kept)).not.toBeNull();
    expect((await listAudit()).find((event) => event.action === 'cdd.retention')).toMatchObject({
      by: 'system',
      target: `${expired} (kept until 2025-01-01)`,
    });

    // The scheduled function runs the same steps (nothing left past its date now).
    expect((await enquiryRetention()).status).toBe(204);
    expect(await exists(kept)).toBe(200);
    // Staff cannot delete it by hand either.
    const manual = await call(enquiries, 'DELETE', `/api/contact-requests/${kept}`, { cookie: alice.cookie });
    expect(manual.status).toBe(409);
    expect(manual.json.error).toMatch(/s 111\) until 2033-11-01/);
  });

  it('keeps a closed matter’s record and its enquiry whatever the status was: the client’s link cannot empty it, erasure and deletion keep both', async () => {
    const email = 'closed-then-erased@example.com';
    const { enquiryId: id, token } = await aSubmittedDueDiligence(alice, {
      ...client(email),
      record: submittedFields({ status: 'in-progress' }),
    });
    const closed = await post(`/api/contact-requests/${id}/close`, alice, { endedAt: sydneyToday() });
    expect(closed.status).toBe(200);
    const until = closed.json.retainUntil;

    const link = { context: { ip: '198.51.100.77' } };
    const emptied = await call(engageCdd, 'PUT', `/api/engage/${token}/cdd`, {
      ...link,
      body: { parties: [], declarations: {} },
    });
    expect(emptied.status).toBe(409);
    expect(emptied.json.error).toMatch(/can no longer be changed here/);
    expect((await call(engageCdd, 'POST', `/api/engage/${token}/cdd/submit`, link)).status).toBe(409);
    const view = (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie })).json;
    expect(view.parties).toHaveLength(2);

    const erased = await call(enquiries, 'POST', '/api/contact-requests/erase', {
      cookie: alice.cookie,
      body: { email },
    });
    expect(erased.json).toEqual({ deleted: 0, kept: [{ id, reason: 'AML/CTF Act 2006 s 111', until }] });
    const manual = await call(enquiries, 'DELETE', `/api/contact-requests/${id}`, { cookie: alice.cookie });
    expect(manual.status).toBe(409);
    expect((await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).status).toBe(200);
    expect(await getCddMeta(id)).toMatchObject({ status: 'in-progress', retainUntil: until });
  });

  it('erases what it may and says what is kept, why and until when', async () => {
    const email = 'erase-but-keep@example.com';
    const plain = (
      await call(contact, 'POST', '/api/contact', {
        body: { firstName: 'E', lastName: 'K', email, phone: '0400 777 888', serviceType: 'residential-purchase' },
      })
    ).json.id;
    const closed = await instructedEnquiry(email);
    await insertCdd(submitted(closed, { status: 'verified', closedAt: '2026-11-02', retainUntil: '2033-11-02' }));
    const open = await instructedEnquiry(email);
    await insertCdd(submitted(open));
    // A draft the client never submitted is no record of an identification; but its
    // enquiry has an accepted costs agreement, which is kept (and the enquiry with it).
    const draft = await instructedEnquiry(email);
    await insertCdd(submitted(draft, { status: 'in-progress' }));

    const erased = await call(enquiries, 'POST', '/api/contact-requests/erase', {
      cookie: alice.cookie,
      body: { email },
    });
    expect(erased.status).toBe(200);
    // The draft's enquiry has an accepted costs agreement: kept 7 years from its acceptance.
    expect(erased.json).toEqual({
      deleted: 1,
      kept: expect.arrayContaining([
        { id: closed, reason: 'AML/CTF Act 2006 s 111', until: '2033-11-02' },
        { id: open, reason: 'AML/CTF Act 2006 s 111', until: null },
        {
          id: draft,
          reason: 'AML/CTF Act 2006 s 111 (accepted costs agreement)',
          until: retainUntil(sydneyToday(Date.now())),
        },
      ]),
    });
    expect(erased.json.kept).toHaveLength(3);
    const status = async (id: string) =>
      (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: alice.cookie })).status;
    expect(await status(plain)).toBe(404);
    expect(await status(draft)).toBe(200);
    expect(await status(closed)).toBe(200);
    expect(
      (await call(enquiries, 'GET', `/api/contact-requests/${closed}`, { cookie: alice.cookie })).json.engagement,
    ).not.toBeNull();
    expect((await listAudit()).at(-1)).toMatchObject({
      action: 'enquiry.erase',
      target: '1 enquiries; 3 kept (AML/CTF Act 2006 s 111)',
    });
  });
});

describe('the daily reminder', () => {
  /*
   * These matters are instructed at a known instant, and when they fall due is written out,
   * worked out by hand from the NSW business-day rule (decision 019: weekends and NSW public
   * holidays are not business days):
   * - instructed Friday 20 November 2026, 10:00 in Sydney (AEDT, UTC+11);
   * - Saturday 21 and Sunday 22 are the weekend; business day 1 is Monday 23, day 2 Tuesday
   *   24 November: pending until that day ends, overdue from Wednesday 25.
   * The other tests' matters were instructed at the real time, later than that, so none of
   * them is due yet at these instants. Only Date is faked, moving on from there in real time.
   */
  const INSTRUCTED = Date.parse('2026-11-19T23:00:00.000Z');
  const LAST_DAY_LATE = Date.parse('2026-11-24T12:00:00.000Z'); // Tuesday 24 November, 23:00 in Sydney
  const NEXT_MORNING = Date.parse('2026-11-24T19:00:00.000Z'); // Wednesday 25 November, 06:00 in Sydney
  const { mails } = useSmtp({ alertsTo: 'desk@example-conveyancing.com.au' });
  let staff: Signed;
  let waiting: string;
  let fresh: string;
  let done: string;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: INSTRUCTED, shouldAdvanceTime: true });
    useKey(KEY); // beforeEach's, which has not run yet when this block runs alone
    // Signed in on the faked clock, so the session is live at its time.
    staff = await signedInStaff();
    waiting = await withSubmitted({}, staff);
    done = await withSubmitted({ status: 'verified' }, staff);
    process.env.SITE_URL = 'https://conveyancing.example';
    resetLeadDeskEnv();
  });
  afterAll(async () => {
    vi.useRealTimers();
    delete process.env.SITE_URL;
    resetLeadDeskEnv();
  });

  const reminders = () => mails.filter((mail) => /Subject: Due diligence pending/.test(mail.raw));

  it('lists by id and link the instructed enquiries pending more than 2 NSW business days, nothing personal', async () => {
    fresh = await withSubmitted({}, staff);
    expect(await alertPendingCdd(LAST_DAY_LATE)).toEqual([]);
    expect(reminders()).toHaveLength(0);

    const pending = await alertPendingCdd(NEXT_MORNING);
    const ids = pending.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([waiting, fresh]));
    expect(ids).not.toContain(done);
    await vi.waitFor(() => expect(reminders()).toHaveLength(1), { timeout: 15_000 });
    const [mail] = reminders();
    expect(mail!.to).toEqual(['desk@example-conveyancing.com.au']);
    const body = await readableText(mail!);
    expect(body).toContain(`https://conveyancing.example/admin?enquiry=${waiting}`);
    expect(body).toContain(`${fresh}: instructed 2026-11-20`);
    for (const personal of [CLIENT_NAME, 'Philippa', 'client@example.com', '0400 111 222', 'Castle Hill'])
      expect(body).not.toContain(personal);
  });
});
