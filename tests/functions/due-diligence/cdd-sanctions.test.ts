/**
 * A possible sanctions match stops the work until it is resolved (AML/CTF Act s 28(2)(e)(ii)),
 * through the real handlers over a real local Blobs and the SMTP capture: verify records the
 * match and answers 409 naming the individual; the resolution call (false positive, true
 * match) with its evidence; after a false positive, a principal other than the resolver
 * approves; a true match rejects for good, alerts every principal at once (by e-mail only,
 * never a staff-role account or the webhook) and changes nothing the client can see; a
 * re-screen's possible match holds the matter the same way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import cdd from '#functions/due-diligence.ts';
import engage from '#functions/engage.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import matters from '#functions/matters.ts';
import { TRUE_MATCH_ENDED } from '#server/due-diligence/staff-review.ts';
import { listMails } from '#server/repositories/mail-outbox-store.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { setOwnEmail } from '#server/repositories/users-store.ts';
import { SANCTIONS_RESOLVER_CANNOT_APPROVE } from '#src/shared/states/due-diligence.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { aSubmittedDueDiligence, IN_PERSON_VERIFICATION } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { readMail, useSmtp } from '../smtp.ts';
import { useWebhookReceiver } from '../webhook.ts';

useBlobs();
const DESK = 'desk@example-conveyancing.com.au';
const { mails } = useSmtp({ alertsTo: DESK });
useCddKey();

// The practice's shared channel: it must hear nothing of a sanctions match.
const hooks = useWebhookReceiver();

type Signed = Awaited<ReturnType<typeof signedInStaff>>;
/** Alice and Bob are principals (Alice with her own notice address); Carol is staff, with one too. */
let alice: Signed;
let bob: Signed;
let carol: Signed;
const ALICE_MAIL = 'alice.principal@example-conveyancing.com.au';
const CAROL_MAIL = 'carol.staff@example-conveyancing.com.au';
beforeAll(async () => {
  [alice, bob, carol] = [await signedInStaff(), await signedInStaff(), await signedInStaff('staff')];
  await setOwnEmail(alice.username, alice.id, ALICE_MAIL);
  await setOwnEmail(carol.username, carol.id, CAROL_MAIL);
});

const post = (path: string, who: { cookie: string }, body: unknown = {}) =>
  call(cdd, 'POST', path, { cookie: who.cookie, body });
const read = async (id: string) =>
  (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: bob.cookie })).json;
const verify = (id: string, who: Signed, version: number, rating = 'low', result = 'possible-match') =>
  post(`/api/contact-requests/${id}/cdd/verify`, who, {
    verification: [{ ...IN_PERSON_VERIFICATION[0]!, sanctionsResult: result }],
    version,
    risk: { rating, reason: 'Funds from savings' },
    ...(rating === 'high' ? { enhanced: ENHANCED } : {}),
  });
const resolve = (id: string, who: Signed, body: Record<string, unknown>) =>
  post(`/api/contact-requests/${id}/cdd/sanctions-resolution`, who, body);
const approve = (id: string, who: Signed, note?: string) =>
  post(`/api/contact-requests/${id}/cdd/approve`, who, note ? { note } : {});
const openMatter = (id: string) =>
  call(matters, 'POST', `/api/contact-requests/${id}/matter`, {
    cookie: bob.cookie,
    body: { side: 'purchase', propertyType: 'established' },
  });

const ENHANCED = {
  sourceOfWealth: 'Salary over twenty years',
  sourceOfFunds: 'Savings',
  notes: 'Passport checked in person',
};
const EVIDENCE = 'The listed person was born in 1951 in another country; the client in 1970 (passport sighted)';

describe('verify with a possible sanctions match', () => {
  it('records the match, answers 409 naming the individual and verifies nothing, at any rating', async () => {
    const { enquiryId: id, record } = await aSubmittedDueDiligence(alice);
    const stopped = await verify(id, carol, record.version);
    expect(stopped.status).toBe(409);
    expect(stopped.json.error).toContain('parties.0 (Ada Client)');
    let view = await read(id);
    expect(view.status).toBe('submitted');
    expect(view.sanctions).toMatchObject({
      matches: [{ party: '0', screenedOn: '2026-11-20', source: 'verify', byId: carol.id, by: carol.username }],
      resolutions: [],
      unresolved: ['0'],
    });
    // A high rating with enhanced due diligence gets no further, nor does a no-match re-check.
    for (const [rating, result] of [
      ['high', 'possible-match'],
      ['low', 'no-match'],
    ]) {
      const again = await verify(id, alice, view.version, rating, result);
      expect(again.status).toBe(409);
      expect(again.json.error).toContain('parties.0 (Ada Client)');
    }
    view = await read(id);
    expect(view.sanctions.matches).toHaveLength(1);
    expect(view.status).toBe('submitted');
    expect((await openMatter(id)).status).toBe(409);
    expect(
      (await listAudit()).some((event) => event.action === 'cdd.sanctions-match' && event.target.startsWith(id)),
    ).toBe(true);
  });
});

describe('POST /api/contact-requests/:id/cdd/sanctions-resolution', () => {
  it('refuses a stranger (401), bad input (400 by field), no match to resolve or a stale version (409)', async () => {
    const { enquiryId: id, record } = await aSubmittedDueDiligence(alice);
    expect((await call(cdd, 'POST', `/api/contact-requests/${id}/cdd/sanctions-resolution`, { body: {} })).status).toBe(
      401,
    );
    const bad = await resolve(id, carol, { party: 'someone', outcome: 'maybe', evidence: ' ', version: 'x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['evidence', 'outcome', 'party', 'version']);
    const long = await resolve(id, carol, {
      party: '0',
      outcome: 'false-positive',
      evidence: 'x'.repeat(2001),
      version: 1,
    });
    expect(Object.keys(long.json.fieldErrors)).toEqual(['evidence']);
    const none = await resolve(id, carol, { party: '0', outcome: 'false-positive', evidence: EVIDENCE, version: 1 });
    expect(none.status).toBe(409);
    expect(none.json.error).toBe('parties.0 has no possible sanctions match waiting to be resolved');

    await verify(id, carol, record.version);
    const { version } = await read(id);
    const stale = await resolve(id, carol, {
      party: '0',
      outcome: 'false-positive',
      evidence: EVIDENCE,
      version: version - 1,
    });
    expect(stale.status).toBe(409);
    const done = await resolve(id, carol, { party: '0', outcome: 'false-positive', evidence: EVIDENCE, version });
    expect(done.json).toEqual({ status: 'submitted' });
    // Resolved once: nothing is left to resolve.
    expect(
      (await resolve(id, carol, { party: '0', outcome: 'true-match', evidence: EVIDENCE, version: version + 1 }))
        .status,
    ).toBe(409);
  });

  it('after a false positive, verifies at any rating but waits for a principal other than the resolver', async () => {
    const { enquiryId: id, record } = await aSubmittedDueDiligence(alice);
    await verify(id, carol, record.version);
    const resolved = await resolve(id, alice, {
      party: '0',
      outcome: 'false-positive',
      evidence: EVIDENCE,
      version: (await read(id)).version,
    });
    expect(resolved.status).toBe(200);
    const view = await read(id);
    expect(view.sanctions.unresolved).toEqual([]);
    expect(view.sanctions.resolutions).toEqual([
      {
        party: '0',
        outcome: 'false-positive',
        evidence: EVIDENCE,
        byId: alice.id,
        by: alice.username,
        at: expect.any(String),
      },
    ]);
    // The red flag no longer forces high: a low rating is taken, and always waits.
    const rated = await verify(id, carol, view.version, 'low');
    expect(rated.json).toEqual({ status: 'awaiting-approval' });
    expect((await openMatter(id)).status).toBe(409);
    const byResolver = await approve(id, alice);
    expect(byResolver.status).toBe(403);
    expect(byResolver.json.error).toBe(SANCTIONS_RESOLVER_CANNOT_APPROVE);
    expect((await approve(id, carol)).status).toBe(403);
    expect((await approve(id, bob)).json).toEqual({ status: 'verified' });
    expect((await openMatter(id)).status).toBe(201);
  });
});

describe('a true match', () => {
  it('rejects for good, alerts every principal at once by e-mail only, and the client sees nothing of it', async () => {
    const engagement = await aSubmittedDueDiligence(alice);
    const { token, enquiryId: id } = engagement;
    const clientView = async () => {
      const answers = [];
      for (const [handler, pathname] of [
        [engage, `/engage/${token}`],
        [engage, `/api/engage/${token}`],
        [engageCdd, `/engage/${token}/identity`],
        [engageCdd, `/api/engage/${token}/cdd`],
      ] as const) {
        const answer = await call(handler, 'GET', pathname);
        answers.push({ pathname, status: answer.status, body: answer.text });
      }
      const outbox = (await listMails()).filter((mail) => JSON.stringify(mail).includes(id));
      return { answers, outbox: JSON.stringify(outbox) };
    };
    await verify(id, carol, engagement.record.version);
    // The first views mark the link viewed; from then on a view changes nothing.
    await clientView();
    const before = await clientView();
    mails.length = 0;
    hooks.length = 0;

    const ended = await resolve(id, carol, {
      party: '0',
      outcome: 'true-match',
      evidence: 'Consolidated List entry 1234: same name, date and place of birth',
      version: (await read(id)).version,
    });
    expect(ended.json).toEqual({ status: 'rejected' });
    const view = await read(id);
    expect(view.status).toBe('rejected');
    expect(view.approvals.rejectReason).toContain('True sanctions match');
    expect(view.sanctions.resolutions[0]).toMatchObject({ party: '0', outcome: 'true-match', byId: carol.id });

    // Every principal at once: Alice at her own address, Bob (none of his own) through the alert address.
    const received = await Promise.all(mails.map((mail) => readMail(mail)));
    const to = mails.flatMap((mail) => mail.to).sort();
    expect(to).toEqual([ALICE_MAIL, DESK].sort());
    for (const mail of received) {
      expect(mail.subject).toBe(`True sanctions match recorded: enquiry ${id}`);
      expect(mail.text).toContain(`/admin?enquiry=${id}`);
      expect(mail.text).not.toContain('Ada Client');
      expect(mail.text).not.toContain('Consolidated List entry 1234');
    }
    expect(to).not.toContain(CAROL_MAIL);
    expect(to).not.toContain(engagement.email);
    expect(hooks).toEqual([]);

    // Never again: not verified, not approved, no matter.
    expect((await verify(id, alice, view.version, 'high', 'no-match')).json.error).toBe(TRUE_MATCH_ENDED);
    expect((await approve(id, bob, 'ok')).status).toBe(409);
    expect((await openMatter(id)).json.error).toBe(TRUE_MATCH_ENDED);

    // The client's link, page and mail are byte for byte as they were.
    expect(await clientView()).toStrictEqual(before);
    // And their link takes no change that could start it over.
    const save = await call(engageCdd, 'PUT', `/api/engage/${token}/cdd`, {
      body: { parties: [], declarations: {} },
      context: { ip: '198.51.100.7' },
    });
    expect(save.status).toBe(409);
    expect((await read(id)).status).toBe('rejected');
  });
});

describe('a re-screen with a possible match', () => {
  it('names its party and holds the matter until resolved, then a principal other than the resolver approves', async () => {
    const { enquiryId: id, record } = await aSubmittedDueDiligence(alice);
    expect((await verify(id, carol, record.version, 'low', 'no-match')).json).toEqual({ status: 'verified' });
    const base = { checkedAt: sydneyToday(), result: 'possible-match', enhanced: ENHANCED };
    const nameless = await post(`/api/contact-requests/${id}/cdd/rescreen`, carol, {
      ...base,
      version: (await read(id)).version,
    });
    expect(nameless.status).toBe(400);
    expect(Object.keys(nameless.json.fieldErrors)).toEqual(['party']);
    const stranger = await post(`/api/contact-requests/${id}/cdd/rescreen`, carol, {
      ...base,
      party: '3',
      version: (await read(id)).version,
    });
    expect(stranger.json.fieldErrors).toEqual({ party: ['No individual at parties.3'] });
    const held = await post(`/api/contact-requests/${id}/cdd/rescreen`, carol, {
      ...base,
      party: '0',
      version: (await read(id)).version,
    });
    expect(held.json).toEqual({ status: 'awaiting-approval' });
    let view = await read(id);
    expect(view.sanctions.unresolved).toEqual(['0']);
    expect(view.screening.rescreens.at(-1)).toMatchObject({ result: 'possible-match', party: '0' });
    // No approval gets past the unresolved match.
    const early = await approve(id, bob, 'checked');
    expect(early.status).toBe(409);
    expect(early.json.error).toContain('parties.0 (Ada Client)');

    await resolve(id, bob, { party: '0', outcome: 'false-positive', evidence: EVIDENCE, version: view.version });
    view = await read(id);
    expect(view.sanctions.unresolved).toEqual([]);
    expect((await approve(id, bob, 'checked')).json.error).toBe(SANCTIONS_RESOLVER_CANNOT_APPROVE);
    expect((await approve(id, alice, 'List entry checked: a different person')).json).toEqual({ status: 'verified' });
  });
});
