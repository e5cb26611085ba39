/**
 * Suspicious matters from when they arose, heard at once (issue 31), through the real
 * handlers: the report's clock runs from `formedAt` (24 hours for terrorism financing, else
 * the end of the 3rd NSW business day after, the Bank Holiday counted out), the register
 * rows carry it; recording one e-mails every principal at once (their own address, else the
 * alert address; never a staff-role account, the webhook or the client); and from then on
 * the enquiry's due diligence needs enhanced due diligence, shown to principals only.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import cdd from '#functions/due-diligence.ts';
import suspicions from '#functions/suspicions.ts';
import { setOwnEmail } from '#server/repositories/users-store.ts';
import { resetClock, setClockTo } from '#src/shared/clock.ts';
import { ENHANCED_NEEDED } from '#src/shared/schemas/cdd-verification.ts';
import { sydneyInstant, sydneyToday } from '#src/shared/sydney-time.ts';
import { aSubmittedDueDiligence, anEnquiry, IN_PERSON_VERIFICATION } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { readMail, useSmtp } from '../smtp.ts';
import { useWebhookReceiver } from '../webhook.ts';

useBlobs();
const DESK = 'desk@example-conveyancing.com.au';
const { mails } = useSmtp({ alertsTo: DESK });
const hooks = useWebhookReceiver();
useCddKey();

type Signed = Awaited<ReturnType<typeof signedInStaff>>;
/** Pia and Quentin are principals (Pia with her own notice address); Sam is staff, with one too. */
let pia: Signed;
let quentin: Signed;
let sam: Signed;
const PIA_MAIL = 'pia.principal@example-conveyancing.com.au';
const SAM_MAIL = 'sam.staff@example-conveyancing.com.au';
const signIn = async () => {
  [pia, quentin, sam] = [await signedInStaff(), await signedInStaff(), await signedInStaff('staff')];
  await setOwnEmail(pia.username, pia.id, PIA_MAIL);
  await setOwnEmail(sam.username, sam.id, SAM_MAIL);
};
beforeAll(signIn);
/** Sessions run on the clock too: back at the real time, sign in again. */
afterEach(async () => {
  resetClock();
  await signIn();
});

const GROUNDS = 'Cash deposit split across Vexlund accounts, refused to name the payer';
const record = (who: Signed, enquiryId: string, body: Record<string, unknown>) =>
  call(suspicions, 'POST', `/api/contact-requests/${enquiryId}/suspicion`, {
    cookie: who.cookie,
    body: { kind: 'money-laundering', grounds: GROUNDS, ...body },
  });
const register = async () => (await call(suspicions, 'GET', '/api/suspicions', { cookie: pia.cookie })).json as any[];
const readCdd = async (who: Signed, id: string) =>
  (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: who.cookie })).json;

describe('the clock runs from when the suspicion was formed', () => {
  it('takes formedAt (before the enquiry, not in the future) and works the report out from it', async () => {
    // Saturday 1 August 2026, 10 am Sydney: the suspicion arose in a call the afternoon before.
    setClockTo(sydneyInstant(2026, 8, 1, 10, 0));
    await signIn();
    const enquiryId = await anEnquiry();
    const formedAt = '2026-07-31T15:00:00+10:00';
    const other = await record(sam, enquiryId, { formedAt });
    expect(other.status, other.text).toBe(201);
    // Friday 31 July: Monday 3 August is the Bank Holiday, so Tue 4, Wed 5, Thu 6; due at its end.
    expect(other.json.reportDueBy).toBe(new Date(sydneyInstant(2026, 8, 7, 0, 0)).toISOString());
    const terror = await record(sam, enquiryId, { kind: 'terrorism-financing', formedAt });
    expect(terror.json.reportDueBy).toBe(new Date(Date.parse(formedAt) + 24 * 3600_000).toISOString());
    // Without formedAt: now (the test clock runs on from 10 am).
    const now = await record(sam, enquiryId, { kind: 'terrorism-financing' });
    const dueIn = Date.parse(now.json.reportDueBy) - sydneyInstant(2026, 8, 2, 10, 0);
    expect(dueIn).toBeGreaterThanOrEqual(0);
    expect(dueIn).toBeLessThan(60_000);

    const rows = await register();
    expect(rows.find((row) => row.id === other.json.id)).toMatchObject({
      formedAt: new Date(Date.parse(formedAt)).toISOString(),
      reportDueBy: other.json.reportDueBy,
    });
    const recorded = rows.find((row) => row.id === now.json.id);
    expect(recorded.formedAt).toBe(recorded.recordedAt);

    const future = await record(sam, enquiryId, { formedAt: '2026-08-01T10:05:00+10:00' });
    expect(future.status).toBe(400);
    expect(future.json.fieldErrors).toEqual({ formedAt: ['The suspicion cannot have been formed in the future'] });
    const vague = await record(sam, enquiryId, { formedAt: 'yesterday afternoon' });
    expect(Object.keys(vague.json.fieldErrors)).toEqual(['formedAt']);
    expect((await record(sam, enquiryId, { formedAt: '2026-07-31' })).status).toBe(400);
  });
});

describe('every principal hears of it at once', () => {
  it('e-mails each principal (own address, else the alert address), never a staff account, the webhook or the client', async () => {
    const enquiryId = await anEnquiry({ email: 'suspect-client@example.com' });
    mails.length = 0;
    hooks.length = 0;
    const made = await record(sam, enquiryId, {});
    expect(made.status).toBe(201);
    const to = mails.flatMap((mail) => mail.to).sort();
    expect(to).toEqual([DESK, PIA_MAIL].sort());
    for (const mail of mails) {
      const read = await readMail(mail);
      expect(read.subject).toBe('Suspicious matter recorded: report due');
      expect(read.text).toContain('A suspicious matter was recorded in the register.');
      expect(read.text).toContain(`/admin?suspicion=${made.json.id}`);
      expect(read.text).toMatch(/due by \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+1[01]:00/);
      // Nothing else: no grounds, no enquiry, no kind.
      expect(read.text).not.toContain('Vexlund');
      expect(read.text).not.toContain(enquiryId);
      expect(String(read.text).toLowerCase()).not.toContain('laundering');
    }
    expect(to).not.toContain(SAM_MAIL);
    expect(to).not.toContain('suspect-client@example.com');
    expect(hooks).toEqual([]);
  });
});

describe('enhanced due diligence after a suspicion', () => {
  const ENHANCED = {
    sourceOfWealth: 'Salary as an engineer',
    sourceOfFunds: 'Savings account statements for 12 months',
    notes: 'Bank statements sighted; funds traced to salary',
  };
  const verifyBody = (version: number, enhanced?: typeof ENHANCED) => ({
    verification: IN_PERSON_VERIFICATION,
    version,
    risk: { rating: 'low', reason: 'Known client' },
    ...(enhanced ? { enhanced } : {}),
  });

  it('asks for it at verification, shows it due to principals only, until a principal records it', async () => {
    const { enquiryId: id, record: stored } = await aSubmittedDueDiligence(pia);
    const staffBefore = await readCdd(sam, id);
    expect((await record(sam, id, {})).status).toBe(201);
    // A staff-role account's view is as it was.
    expect(await readCdd(sam, id)).toStrictEqual(staffBefore);

    const bare = await call(cdd, 'POST', `/api/contact-requests/${id}/cdd/verify`, {
      cookie: sam.cookie,
      body: verifyBody(stored.version),
    });
    expect(bare.status).toBe(400);
    expect(bare.json.fieldErrors).toEqual({ enhanced: [ENHANCED_NEEDED] });
    const done = await call(cdd, 'POST', `/api/contact-requests/${id}/cdd/verify`, {
      cookie: sam.cookie,
      body: verifyBody(stored.version, ENHANCED),
    });
    expect(done.json).toEqual({ status: 'verified' });

    const principalView = await readCdd(quentin, id);
    expect(principalView.enhancedReview).toEqual({ due: expect.any(String) });
    expect(principalView.ratings.at(-1).enhanced).toEqual(ENHANCED);
    expect('enhancedReview' in (await readCdd(sam, id))).toBe(false);

    // A staff account's re-screen with it is not the principal's review; a principal's is.
    const rescreen = (who: Signed, version: number) =>
      call(cdd, 'POST', `/api/contact-requests/${id}/cdd/rescreen`, {
        cookie: who.cookie,
        body: { checkedAt: sydneyToday(), result: 'no-match', version, enhanced: ENHANCED },
      });
    expect((await rescreen(sam, principalView.version)).json).toEqual({ status: 'verified' });
    expect((await readCdd(quentin, id)).enhancedReview.done).toBeUndefined();
    expect((await rescreen(quentin, principalView.version + 1)).json).toEqual({ status: 'verified' });
    const reviewed = (await readCdd(quentin, id)).enhancedReview;
    expect(reviewed.done >= reviewed.due).toBe(true);
    expect('enhancedReview' in (await readCdd(sam, id))).toBe(false);
  });
});
