/**
 * Telling staff when a client acts, and the second person's approval, through the real
 * handlers over a real local Blobs and the SMTP capture: the staff notice on a client's
 * acceptance and on identity details submitted (to the practice's alert address, linking to
 * the enquiry, naming who is responsible); the approver's note a high rating needs (400
 * without; kept sealed with the rating); and the desk's "waiting for your approval" list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cdd from '#functions/due-diligence.ts';
import engage from '#functions/engage.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import enquiries from '#functions/enquiries.ts';
import session from '#functions/user.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { openStore } from '#server/repositories/blobs.ts';
import { APPROVAL_NOTE_REQUIRED } from '#src/shared/schemas/cdd-verification.ts';
import { SECOND_APPROVER_REQUIRED } from '#src/shared/states/due-diligence.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import {
  ACCEPTANCE,
  ENQUIRY,
  anAcceptedEngagement,
  aSentEngagement,
  aSubmittedDueDiligence,
  IN_PERSON_VERIFICATION,
  submittedDueDiligence,
} from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { readMail, useSmtp, type Received } from '../smtp.ts';

useBlobs();
const DESK = 'desk@example-conveyancing.com.au';
const SITE = 'https://conveyancing.example';
const { mails } = useSmtp({ alertsTo: DESK });

useCddKey();

type Signed = Awaited<ReturnType<typeof signedInStaff>>;
/** Alice and Bob are principals; Carol is staff. */
let alice: Signed;
let bob: Signed;
let carol: Signed;
beforeAll(async () => {
  [alice, bob, carol] = [await signedInStaff(), await signedInStaff(), await signedInStaff('staff')];
  process.env.SITE_URL = SITE;
  resetLeadDeskEnv();
});
afterAll(() => {
  delete process.env.SITE_URL;
  resetLeadDeskEnv();
});

/** The messages the alert address got in this test, read as a mail client would. */
const staffMail = async (sent: Received[]) =>
  Promise.all(sent.filter((mail) => mail.to.includes(DESK)).map((mail) => readMail(mail)));

describe('staff are told when the client acts', () => {
  it('e-mails the alert address when a client accepts: who, the matter, who is responsible and the link', async () => {
    const sent = await aSentEngagement(alice, { enquiry: { firstName: 'Ngaire', lastName: 'Okafor-Lindqvist' } });
    // The enquiry's own alert and the client's link went before: only what the acceptance sends counts.
    mails.length = 0;
    const accepted = await call(engage, 'POST', `/api/engage/${sent.token}/accept`, {
      body: { ...ACCEPTANCE, fullName: 'Ngaire Okafor-Lindqvist' },
      context: { ip: '100.64.200.1' },
    });
    expect(accepted.status).toBe(200);
    const notices = (await staffMail(mails)).filter((mail) => mail.subject?.startsWith('Costs agreement accepted'));
    expect(notices).toHaveLength(1);
    const notice = notices[0]!;
    expect(notice.subject).toBe('Costs agreement accepted: Ngaire Okafor-Lindqvist');
    expect(notice.text).toContain('Ngaire Okafor-Lindqvist accepted the costs agreement online on');
    expect(notice.text).toContain('Every client has accepted: the enquiry is instructed.');
    expect(notice.text).toContain('Assigned to: nobody yet');
    expect(notice.text).toContain('Responsible solicitor:');
    expect(notice.text).toContain(`${SITE}/admin?enquiry=${sent.enquiryId}`);
    // An alert names the client; their contact details stay in the practice's store.
    expect(notice.text).not.toContain(sent.email);
    expect(notice.text).not.toContain(ENQUIRY.phone);
  });

  it('e-mails the alert address when a client submits identity details', async () => {
    const engagement = await anAcceptedEngagement(alice, { enquiry: { firstName: 'Ottoline', lastName: 'Brisk' } });
    mails.length = 0;
    const { parties, declarations } = submittedDueDiligence(engagement.enquiryId);
    const submitted = await call(engageCdd, 'POST', `/api/engage/${engagement.token}/cdd/submit`, {
      body: { parties, declarations },
      context: { ip: '100.64.200.2' },
    });
    expect(submitted.status, submitted.text).toBe(200);
    const notices = (await staffMail(mails)).filter((mail) => mail.subject?.startsWith('Identity details to check'));
    expect(notices.map((mail) => mail.subject)).toEqual(['Identity details to check: Ottoline Brisk']);
    expect(notices[0]!.text).toContain('Next: verify and screen everyone named');
    expect(notices[0]!.text).toContain(`${SITE}/admin?enquiry=${engagement.enquiryId}`);
    // Nothing the client gave for the check travels by e-mail.
    expect(notices[0]!.text).not.toContain('1970-01-01');
    expect(notices[0]!.text).not.toContain('1 Example St');
  });

  it('e-mails the assignee instead, at the address their account gave for notices', async () => {
    const bobsAddress = 'bob.conveyancer@example-conveyancing.com.au';
    const bad = await call(session, 'PUT', '/api/user/email', {
      cookie: bob.cookie,
      body: { email: 'not an address' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toEqual({ email: ['Please enter a valid email address'] });
    const set = await call(session, 'PUT', '/api/user/email', { cookie: bob.cookie, body: { email: bobsAddress } });
    expect(set.json).toEqual({ email: bobsAddress });
    expect((await call(session, 'GET', '/api/user/email', { cookie: bob.cookie })).json).toEqual({
      email: bobsAddress,
    });

    const sent = await aSentEngagement(alice, { enquiry: { firstName: 'Perpetua', lastName: 'Assigned' } });
    const { version } = (
      await call(enquiries, 'GET', `/api/contact-requests/${sent.enquiryId}`, { cookie: bob.cookie })
    ).json;
    const assigned = await call(enquiries, 'PATCH', `/api/contact-requests/${sent.enquiryId}`, {
      cookie: bob.cookie,
      body: { assignee: bob.username, version },
    });
    expect(assigned.status, assigned.text).toBe(200);
    mails.length = 0;
    await call(engage, 'POST', `/api/engage/${sent.token}/accept`, {
      body: { ...ACCEPTANCE, fullName: 'Perpetua Assigned' },
      context: { ip: '100.64.200.4' },
    });
    const notices = mails.filter((mail) => /Costs agreement accepted/.test(mail.raw));
    expect(notices.map((mail) => mail.to)).toEqual([[bobsAddress]]);
    expect((await readMail(notices[0]!)).text).toContain(`Assigned to: ${bob.username}`);

    // Removed, the notices go to the alert address again.
    const cleared = await call(session, 'PUT', '/api/user/email', { cookie: bob.cookie, body: { email: '' } });
    expect(cleared.json).toEqual({ email: null });
    const next = await aSubmittedDueDiligence(alice);
    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${next.enquiryId}`, { cookie: bob.cookie }))
      .json;
    await call(enquiries, 'PATCH', `/api/contact-requests/${next.enquiryId}`, {
      cookie: bob.cookie,
      body: { assignee: bob.username, version: detail.version },
    });
    mails.length = 0;
    const { parties, declarations } = submittedDueDiligence(next.enquiryId);
    // The record is submitted already: submitting again (unchanged) still tells staff.
    await call(engageCdd, 'POST', `/api/engage/${next.token}/cdd/submit`, {
      body: { parties, declarations },
      context: { ip: '100.64.200.5' },
    });
    expect(mails.filter((mail) => /Identity details to check/.test(mail.raw)).map((mail) => mail.to)).toEqual([[DESK]]);
  });

  it('sends nothing to staff when a submission is refused (400): nothing was submitted', async () => {
    const engagement = await anAcceptedEngagement(alice);
    mails.length = 0;
    const refused = await call(engageCdd, 'POST', `/api/engage/${engagement.token}/cdd/submit`, {
      body: { parties: [], declarations: {} },
      context: { ip: '100.64.200.3' },
    });
    expect(refused.status).toBe(400);
    expect(await staffMail(mails)).toEqual([]);
  });
});

/** A high rating of the one individual of `submittedDueDiligence`, checked in person. */
const verifyHigh = (version: number) => ({
  verification: IN_PERSON_VERIFICATION,
  version,
  risk: { rating: 'high', reason: 'Funds from an overseas trust' },
  enhanced: {
    sourceOfWealth: 'Family trust distributions',
    sourceOfFunds: 'Trust account transfer',
    notes: 'Deed sighted',
  },
});

/** A submitted record rated high by `rater`: awaiting a principal's approval. */
async function ratedHighBy(rater: Signed): Promise<string> {
  const { enquiryId, record } = await aSubmittedDueDiligence(alice);
  const rated = await call(cdd, 'POST', `/api/contact-requests/${enquiryId}/cdd/verify`, {
    cookie: rater.cookie,
    body: verifyHigh(record.version),
  });
  expect(rated.json).toEqual({ status: 'awaiting-approval' });
  return enquiryId;
}

const approve = (id: string, who: Signed, body?: unknown) =>
  call(cdd, 'POST', `/api/contact-requests/${id}/cdd/approve`, {
    cookie: who.cookie,
    ...(body === undefined ? {} : { body }),
  });

describe('approving a high rating takes a note', () => {
  it('answers 400 on the note without one (no body, or a blank note), 403 to the rater first, and keeps the note sealed with the rating', async () => {
    const id = await ratedHighBy(alice);
    // The rater hears why she cannot approve, not that a note is missing.
    const self = await approve(id, alice);
    expect(self.status).toBe(403);
    expect(self.json.error).toBe(SECOND_APPROVER_REQUIRED);

    // No body at all (as the desk sent before notes), and a note of spaces: both are no note.
    for (const body of [undefined, { note: '   ' }]) {
      const bare = await approve(id, bob, body);
      expect(bare.status).toBe(400);
      expect(bare.json.fieldErrors).toEqual({ note: [APPROVAL_NOTE_REQUIRED] });
    }
    const read = async () => (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: bob.cookie })).json;
    expect((await read()).status).toBe('awaiting-approval');

    const note = 'Trust deed and bank statements sighted; monitor the deposit';
    const approved = await approve(id, bob, { note });
    expect(approved.status).toBe(200);
    expect((await read()).ratings.at(-1)).toMatchObject({
      rating: 'high',
      approvedBy: bob.username,
      approvalNote: note,
    });
    // Sealed with the rating (it may say something of the client's affairs), and not on the timeline.
    const stored = JSON.stringify(await openStore('due-diligence').get(id, { type: 'json' }));
    expect(stored).not.toContain('Trust deed');
    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: bob.cookie })).json;
    expect(JSON.stringify(detail.activity)).not.toContain('Trust deed');
  });

  it('refuses a note over the limit with the field named', async () => {
    const id = await ratedHighBy(alice);
    const long = await approve(id, bob, { note: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.json.fieldErrors)).toEqual(['note']);
  });
});

describe('the desk: waiting for your approval', () => {
  const waitingFor = async (who: Signed) => {
    const answer = await call(enquiries, 'GET', '/api/contact-requests?cdd=approval', { cookie: who.cookie });
    expect(answer.status).toBe(200);
    return answer.json as { id: string; cdd: { awaiting?: { ratedBy: string; ratedById?: string } } }[];
  };

  it('lists to each principal the open ratings someone else gave, with who rated them; nothing to a staff account', async () => {
    const byAlice = await ratedHighBy(alice);
    const byBob = await ratedHighBy(bob);
    const notRated = (await aSubmittedDueDiligence(alice)).enquiryId;

    const forBob = await waitingFor(bob);
    const bobsIds = forBob.map((item) => item.id);
    expect(bobsIds).toContain(byAlice);
    expect(bobsIds).not.toContain(byBob);
    expect(bobsIds).not.toContain(notRated);
    expect(forBob.find((item) => item.id === byAlice)!.cdd.awaiting).toMatchObject({
      rating: 'high',
      ratedBy: alice.username,
      ratedById: alice.id,
      ratedAt: expect.any(String),
    });

    const alicesIds = (await waitingFor(alice)).map((item) => item.id);
    expect(alicesIds).toContain(byBob);
    expect(alicesIds).not.toContain(byAlice);
    // Only a principal approves: nothing waits for a staff account.
    expect(await waitingFor(carol)).toEqual([]);

    // Approved, it waits for nobody; the other stays.
    expect((await approve(byAlice, bob, { note: 'Checked' })).status).toBe(200);
    expect((await waitingFor(bob)).map((item) => item.id)).not.toContain(byAlice);
    expect((await waitingFor(alice)).map((item) => item.id)).toContain(byBob);
  });

  it('leaves a closed matter off the list (nobody acts on it any more)', async () => {
    const id = await ratedHighBy(alice);
    const closed = await call(cdd, 'POST', `/api/contact-requests/${id}/close`, {
      cookie: alice.cookie,
      body: { endedAt: sydneyToday(Date.now()) },
    });
    expect(closed.status, closed.text).toBe(200);
    expect((await waitingFor(bob)).map((item) => item.id)).not.toContain(id);
  });
});
