/**
 * Customer due diligence, the staff side, through the real handlers over a real local Blobs:
 * audited reads, verification and rating, a second person's approval and rejection. The
 * client's submission is put in place with the repository (cdd-staff-kit.ts).
 */
import { describe, expect, it } from 'vitest';
import cdd from '#functions/due-diligence.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import enquiries from '#functions/enquiries.ts';
import { openStore, timeKey } from '#server/repositories/blobs.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { getCdd, getCddMeta, replaceCdd } from '#server/repositories/due-diligence-store.ts';
import { ENHANCED_REQUIRED } from '#src/shared/schemas/cdd-verification.ts';
import { PRINCIPAL_APPROVER_REQUIRED, SECOND_APPROVER_REQUIRED } from '#src/shared/states/due-diligence.ts';
import { aSubmittedDueDiligence, submittedDueDiligence } from '../fixtures/builders.ts';
import { call } from '../harness.ts';
import {
  AGENT_NAME,
  APPROVAL_NOTE,
  CLIENT_BIRTH,
  CLIENT_NAME,
  ENHANCED,
  OWNER_NAME,
  READ_VERSION,
  alice,
  bob,
  carol,
  client,
  entry,
  instructedEnquiry,
  post,
  submittedFields,
  useCddStaff,
  useKey,
  verifyBody,
  withSubmitted,
} from './cdd-staff-kit.ts';

useCddStaff();

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
