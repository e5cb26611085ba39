/**
 * The register stays with principals (AML/CTF Act 2006 s 123, tipping off inside the firm):
 * for a staff-role account an enquiry the suspicious-matter register names looks exactly as
 * one it does not name (the desk's list and detail, a delete's 409, an erasure's answer,
 * the audit log), and the register's notices reach principals' own addresses only. A
 * principal sees the truth.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import audit from '#functions/audit.ts';
import enquiries from '#functions/enquiries.ts';
import suspicions from '#functions/suspicions.ts';
import { alertDueReports } from '#server/desk/suspicious-matters.ts';
import { recordAudit } from '#server/repositories/audit-store.ts';
import { setOwnEmail } from '#server/repositories/users-store.ts';
import { anAcceptedEngagement, anEnquiry } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { useSmtp } from '../smtp.ts';
import { useWebhookReceiver } from '../webhook.ts';

useBlobs();
useCddKey();
const DESK = 'desk@example-conveyancing.com.au';
const { mails } = useSmtp({ alertsTo: DESK });
// The practice's shared channel: it must hear nothing of the register.
const hooks = useWebhookReceiver();

type Signed = Awaited<ReturnType<typeof signedInStaff>>;
/** Alice is a principal with her own notice address, Bob one without; Carol is staff, with one. */
let alice: Signed;
let carol: Signed;
const ALICE_MAIL = 'alice.principal@example-conveyancing.com.au';
const CAROL_MAIL = 'carol.staff@example-conveyancing.com.au';
beforeAll(async () => {
  // Bob, the principal without an address of his own, is told through the alert address.
  [alice, , carol] = [await signedInStaff(), await signedInStaff(), await signedInStaff('staff')];
  await setOwnEmail(alice.username, alice.id, ALICE_MAIL);
  await setOwnEmail(carol.username, carol.id, CAROL_MAIL);
});

const suspect = async (enquiryId: string, kind = 'money-laundering') => {
  const made = await call(suspicions, 'POST', `/api/contact-requests/${enquiryId}/suspicion`, {
    cookie: carol.cookie,
    body: { kind, grounds: 'Paid by a third party who would not be named' },
  });
  expect(made.status, made.text).toBe(201);
  return made.json.id as string;
};
const desk = (who: Signed, query = '') =>
  call(enquiries, 'GET', `/api/contact-requests?limit=1000${query}`, { cookie: who.cookie });
const rowOf = async (who: Signed, id: string) =>
  ((await desk(who)).json as { id: string }[]).find((row) => row.id === id);
const detail = async (who: Signed, id: string) =>
  (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: who.cookie })).json;
const remove = (who: Signed, id: string) =>
  call(enquiries, 'DELETE', `/api/contact-requests/${id}`, { cookie: who.cookie });
const erase = (who: Signed, email: string) =>
  call(enquiries, 'POST', '/api/contact-requests/erase', { cookie: who.cookie, body: { email } });

/**
 * An answer with what makes two enquiries two (their ids, addresses, engagements' ids,
 * the instants they were made at and the signed PDFs' digests) written the same, so what is
 * left is compared field by field.
 */
function alike(value: unknown, ids: readonly string[]): unknown {
  let text = JSON.stringify(value);
  for (const [index, id] of ids.entries()) text = text.split(id).join(`<id ${index}>`);
  return JSON.parse(
    text
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, '<instant>')
      .replace(/Fixture enquiry \d+/g, '<message>')
      .replace(/"[0-9a-f]{64}"/g, '"<sha256>"'),
  );
}

/**
 * A detail `alike`, its activity in a fixed order: the alert and the client's acknowledgement
 * go out at once, so which delivery is logged first differs from one enquiry to the next.
 */
function detailAlike(value: { activity: unknown[] }, ids: readonly string[]): unknown {
  const same = alike(value, ids) as { activity: unknown[] };
  const order = (entry: unknown) => JSON.stringify(entry);
  return { ...same, activity: same.activity.toSorted((a, b) => order(a).localeCompare(order(b))) };
}

describe('an enquiry an accepted costs agreement keeps, with a suspicion and without', () => {
  it('is the same to a staff-role account in the list, the detail, a delete and an erasure', async () => {
    const named = await anAcceptedEngagement(alice, { enquiry: { email: 'named.client@example.com' } });
    const plain = await anAcceptedEngagement(alice, { enquiry: { email: 'plain.client@example.com' } });
    await suspect(named.enquiryId);
    const ids = (engagement: typeof named) => [engagement.enquiryId, engagement.id, engagement.token, engagement.email];

    const namedRow = await rowOf(carol, named.enquiryId);
    const plainRow = await rowOf(carol, plain.enquiryId);
    expect(namedRow).toMatchObject({ kept: { what: 'engagement' } });
    expect(alike(namedRow, ids(named))).toEqual(alike(plainRow, ids(plain)));
    expect(detailAlike(await detail(carol, named.enquiryId), ids(named))).toEqual(
      detailAlike(await detail(carol, plain.enquiryId), ids(plain)),
    );

    const namedDelete = await remove(carol, named.enquiryId);
    const plainDelete = await remove(carol, plain.enquiryId);
    expect(namedDelete.status).toBe(409);
    expect({ status: namedDelete.status, body: namedDelete.json }).toEqual({
      status: plainDelete.status,
      body: plainDelete.json,
    });

    const namedErasure = await erase(carol, named.email);
    const plainErasure = await erase(carol, plain.email);
    expect(namedErasure.status).toBe(200);
    expect(alike(namedErasure.json, ids(named))).toEqual(alike(plainErasure.json, ids(plain)));
  });
});

describe('an enquiry only the register keeps', () => {
  it('is kept by "law" for a staff-role account (list, detail, delete, erasure); a principal sees the register', async () => {
    const email = 'only.suspected@example.com';
    const enquiryId = await anEnquiry({ email });
    await suspect(enquiryId);
    const truth = (await rowOf(alice, enquiryId)) as unknown as { kept: { until: string } };
    expect(truth.kept).toEqual({
      what: 'suspicion',
      section: 'AML/CTF Act 2006 s 111 (suspicious matter register)',
      until: truth.kept.until,
    });
    const neutral = { what: 'law', section: 'AML/CTF Act 2006 s 111', until: truth.kept.until };

    expect(await rowOf(carol, enquiryId)).toMatchObject({ kept: neutral });
    expect((await detail(carol, enquiryId)).kept).toEqual(neutral);
    expect((await detail(alice, enquiryId)).kept).toEqual(truth.kept);

    const refused = await remove(carol, enquiryId);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      error: `This enquiry has records, which the law requires us to keep (AML/CTF Act 2006 s 111) until ${truth.kept.until}.`,
    });
    expect((await remove(alice, enquiryId)).json.error).toContain('suspicious matter register');

    const erased = await erase(carol, email);
    expect(erased.json).toEqual({
      deleted: 0,
      kept: [{ id: enquiryId, reason: 'AML/CTF Act 2006 s 111', until: truth.kept.until }],
    });
    expect((await erase(alice, email)).json.kept[0].reason).toBe('AML/CTF Act 2006 s 111 (suspicious matter register)');

    // Nothing a staff-role account reads names it.
    const carolsDetail = await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: carol.cookie });
    for (const answer of [await desk(carol), carolsDetail])
      expect(answer.text.toLowerCase()).not.toMatch(/suspicio|register/);
  });
});

type Page = { entries: { id: string; action: string }[]; next: string | null };
const auditPage = async (who: Signed, query: string): Promise<Page> => {
  const answer = await call(audit, 'GET', `/api/audit?${query}`, { cookie: who.cookie });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
};

describe('the audit log', () => {
  it('is the same to a staff-role account after a suspicion is recorded, read and reported', async () => {
    const enquiryId = await anEnquiry();
    await recordAudit({ by: alice, action: 'enquiry.update', target: enquiryId });
    const before = await auditPage(carol, 'limit=20');
    const id = await suspect(enquiryId);
    await call(suspicions, 'GET', '/api/suspicions', { cookie: alice.cookie });
    await call(suspicions, 'PATCH', `/api/suspicions/${id}`, {
      cookie: alice.cookie,
      body: { reportedAt: '2026-11-20', reference: 'SMR-9' },
    });
    expect(await auditPage(carol, 'limit=20')).toEqual(before);
    expect(await auditPage(carol, 'limit=20&action=suspicion')).toEqual({ entries: [], next: null });
    // A principal's log has each of them.
    const principals = (await auditPage(alice, 'limit=20')).entries.map((entry) => entry.action);
    expect(principals.slice(0, 3)).toEqual(['suspicion.report', 'suspicion.read', 'suspicion.record']);
  });

  it('leaves them out before the page is cut: a staff page is full, and next follows from it', async () => {
    // Ten entries in a past day of their own, every other one about the register.
    const day = '2025-06-02';
    const written: string[] = [];
    for (let index = 0; index < 10; index++) {
      const action = index % 2 === 0 ? 'enquiry.update' : 'suspicion.read';
      const at = `${day}T0${index}:00:00.000Z`;
      await recordAudit({ by: alice, action, target: `t${index}`, at });
      written.push(action);
    }
    const range = `from=${day}&to=${day}`;
    const first = await auditPage(carol, `${range}&limit=3`);
    expect(first.entries.map((entry) => entry.action)).toEqual(Array(3).fill('enquiry.update'));
    expect(first.next).toBe(first.entries[2]!.id);
    const second = await auditPage(carol, `${range}&limit=3&before=${first.next}`);
    expect(second.entries.map((entry) => entry.action)).toEqual(Array(2).fill('enquiry.update'));
    expect(second.next).toBeNull();
    // A principal's pages hold all ten.
    const all = await auditPage(alice, `${range}&limit=10`);
    expect(all.entries.map((entry) => entry.action)).toEqual(written.reverse());
  });
});

describe("the register's notices", () => {
  it("reach each principal's own address (else the alert address), never staff's, never the webhook", async () => {
    const enquiryId = await anEnquiry();
    mails.length = 0;
    hooks.length = 0;
    const id = await suspect(enquiryId, 'terrorism-financing');
    const recorded = mails.flatMap((mail) => mail.to).sort();
    expect(recorded).toEqual([ALICE_MAIL, DESK].sort());

    mails.length = 0;
    const due = await alertDueReports();
    expect(due.map((item) => item.id)).toContain(id);
    const daily = mails.flatMap((mail) => mail.to).sort();
    expect(daily).toEqual([ALICE_MAIL, DESK].sort());
    expect(daily).not.toContain(CAROL_MAIL);
    expect(hooks).toEqual([]);
  });
});
