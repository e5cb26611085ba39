/**
 * The client's bank details on a matter: entered on /matter/ only within 15 minutes of
 * signing in (JSON and the page's form), seen by staff masked with every version, revealed in
 * full only through the audited reveal, called back on a number the practice already had,
 * approved by a second person (a principal when high risk, never on a payee no-match), reset
 * by a change, told to principals and the client without the digits, and sealed at rest and
 * in a backup. And the practice's trust account on the page, only shortly after signing in.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import myMatters from '#functions/my-matters.ts';
import payouts from '#functions/payouts.ts';
import session from '#functions/user.ts';
import settingsAccounts from '#functions/settings-accounts.ts';
import { accountReference } from '#server/payout/reference-code.ts';
import { NOT_ON_RECORD, SIGN_IN_AGAIN } from '#server/payout/payout-workflow.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { keyId } from '#server/crypto/sealed-records.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { getPayout, resealPayouts } from '#server/repositories/payouts-store.ts';
import { readAccounts, resealAccounts } from '#server/repositories/practice-accounts-store.ts';
import { randomBytes } from 'node:crypto';
import { now, resetClock, setClockTo } from '#src/shared/clock.ts';
import { addCalendarDays, sydneyToday } from '#src/shared/sydney-time.ts';
import { SAME_PERSON, CALL_BACK_FIRST, PAYEE_NO_MATCH, PRINCIPAL_REQUIRED } from '#src/shared/states/payout.ts';
import { backedUpText, filesAtRest } from '../at-rest.ts';
import { aClientMatter, signedInClient } from '../fixtures/client-matter.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { pageText } from '../html.ts';
import { readableText, readMail, useSmtp } from '../smtp.ts';

const blobs = useBlobs();
const KEY = useCddKey();
const STAFF_INBOX = 'desk@example-conveyancing.com.au';
const smtp = useSmtp({ alertsTo: STAFF_INBOX });
afterEach(() => resetClock());

/** On the enquiry; the identity record (the builders') has 0400 111 222. */
const ENQUIRY_PHONE = '0499 000 111';
const DETAILS = { accountName: 'Vera Quokka', bsb: '112 879', number: '4455 6677' };
const CHANGED = { accountName: 'Vera Quokka', bsb: '062-000', number: '10203040' };
const DIGITS = /112.?879|4455.?6677|44556677|062.?000|10203040/;

let ann: Awaited<ReturnType<typeof signedInStaff>>;
let ben: Awaited<ReturnType<typeof signedInStaff>>;
let cal: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  ann = await signedInStaff('principal');
  ben = await signedInStaff('principal');
  cal = await signedInStaff('staff');
  await call(session, 'PUT', '/api/user/email', {
    cookie: ben.cookie,
    body: { email: 'ben@example-conveyancing.com.au' },
  });
});

const put = (cookie: string | undefined, id: string, body: unknown) =>
  call(myMatters, 'PUT', `/api/my-matters/${id}/payout`, { ...(cookie ? { cookie } : {}), body });
const view = (cookie: string, id: string) => call(payouts, 'GET', `/api/matters/${id}/payout`, { cookie });
const callBack = (cookie: string, id: string, body: Record<string, unknown> = {}) =>
  call(payouts, 'POST', `/api/matters/${id}/payout/call-back`, {
    cookie,
    body: {
      calledNumber: ENQUIRY_PHONE,
      calledAt: new Date(now()).toISOString(),
      readBack: true,
      payeeCheck: 'match',
      note: 'Read back all digits',
      ...body,
    },
  });
const approve = (cookie: string, id: string) => call(payouts, 'POST', `/api/matters/${id}/payout/approve`, { cookie });

let clients = 0;
async function aSeller(body: Record<string, unknown> = {}) {
  const email = `seller-${++clients}@example.com`;
  const matter = await aClientMatter(ann, email, { side: 'sale', ...body }, { phone: ENQUIRY_PHONE });
  const cookie = await signedInClient(smtp.mails, email);
  smtp.mails.length = 0;
  return { ...matter, email, cookie };
}

describe('the client’s bank details', () => {
  it('are taken only from the signed-in client within 15 minutes of signing in', async () => {
    const seller = await aSeller();
    expect((await put(undefined, seller.id, DETAILS)).status).toBe(401);
    const bad = await put(seller.cookie, seller.id, { ...DETAILS, bsb: '11287', number: '12' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['bsb', 'number']);
    const other = await aSeller();
    expect((await put(seller.cookie, other.id, DETAILS)).status).toBe(404);

    setClockTo(now() + 16 * 60 * 1000);
    const late = await put(seller.cookie, seller.id, DETAILS);
    expect(late.status).toBe(403);
    expect(late.json.error).toBe(SIGN_IN_AGAIN);
    const lateForm = await call(myMatters, 'POST', `/api/my-matters/${seller.id}/payout`, {
      cookie: seller.cookie,
      raw: new URLSearchParams(DETAILS).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(lateForm.status).toBe(403);
    expect(pageText(lateForm.text)).toContain('only within 15 minutes of signing in');
    expect((await view(cal.cookie, seller.id)).status).toBe(404);
    resetClock();

    const saved = await put(seller.cookie, seller.id, DETAILS);
    expect(saved.status).toBe(201);
    expect(saved.json).toEqual({ status: 'submitted' });
  });

  it('are shown to staff masked, with every version, and in full only through the audited reveal', async () => {
    const seller = await aSeller();
    await put(seller.cookie, seller.id, DETAILS);
    const masked = await view(cal.cookie, seller.id);
    expect(masked.status).toBe(200);
    expect(masked.json).toMatchObject({
      status: 'submitted',
      accountName: 'Vera Quokka',
      bsb: '112-879',
      numberLast3: '677',
      highRisk: false,
      next: { step: 'call-back' },
    });
    expect(masked.text).not.toContain('44556677');
    expect(masked.json.versions).toHaveLength(1);

    const revealed = await call(payouts, 'POST', `/api/matters/${seller.id}/payout/reveal`, { cookie: cal.cookie });
    expect(revealed.status).toBe(200);
    expect(revealed.json).toEqual({ accountName: 'Vera Quokka', bsb: '112-879', number: '44556677' });
    expect((await listAudit()).filter((event) => event.action === 'payout.reveal').at(-1)).toMatchObject({
      by: cal.username,
      target: `${seller.id} version 1`,
    });
    expect((await call(payouts, 'POST', `/api/matters/${seller.id}/payout/reveal`)).status).toBe(401);
  });

  it('are called back only on a number the practice had, then approved by another person', async () => {
    const seller = await aSeller();
    await put(seller.cookie, seller.id, DETAILS);
    expect((await approve(ben.cookie, seller.id)).json.error).toBe(CALL_BACK_FIRST.message);

    const stranger = await callBack(cal.cookie, seller.id, { calledNumber: '0411 999 888' });
    expect(stranger.status).toBe(400);
    expect(stranger.json.fieldErrors.calledNumber).toEqual([NOT_ON_RECORD]);
    const future = await callBack(cal.cookie, seller.id, { calledAt: new Date(now() + 60 * 60 * 1000).toISOString() });
    expect(future.status).toBe(400);
    expect(future.json.fieldErrors.calledAt).toBeDefined();
    const before = await callBack(cal.cookie, seller.id, { calledAt: new Date(now() - 2 * 60 * 1000).toISOString() });
    expect(before.json.fieldErrors.calledAt).toEqual(['The call must come after the details arrived']);
    expect((await callBack(cal.cookie, seller.id, { readBack: false })).status).toBe(400);

    // The identity record's number is on record too, written another way.
    // Given to the minute, as a person types it: the minute the details arrived counts as after them.
    const sameMinute = new Date(Math.floor(now() / 60_000) * 60_000).toISOString();
    const called = await callBack(cal.cookie, seller.id, { calledNumber: '+61 400 111 222', calledAt: sameMinute });
    expect(called.status, called.text).toBe(200);
    expect(called.json).toMatchObject({
      status: 'called-back',
      callBack: { by: { id: cal.id }, payeeCheck: 'match', readBack: true },
      next: { step: 'approve', notBy: [cal.id] },
    });
    expect((await callBack(ann.cookie, seller.id)).status).toBe(409);

    const same = await approve(cal.cookie, seller.id);
    expect(same.status).toBe(403);
    expect(same.json.error).toBe(SAME_PERSON.message);
    smtp.mails.length = 0;
    const approved = await approve(ann.cookie, seller.id);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({
      status: 'approved',
      approval: { by: { id: ann.id } },
      next: { step: 'none' },
    });
    expect((await approve(ben.cookie, seller.id)).status).toBe(409);
    expect((await listAudit()).map((event) => event.action)).toEqual(
      expect.arrayContaining(['payout.submit', 'payout.call-back', 'payout.approve']),
    );
  });

  it('cannot be approved after a payee check that did not match', async () => {
    const seller = await aSeller();
    await put(seller.cookie, seller.id, DETAILS);
    expect((await callBack(cal.cookie, seller.id, { payeeCheck: 'no-match' })).json.next.step).toBe('re-enter');
    const refused = await approve(ann.cookie, seller.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(PAYEE_NO_MATCH.message);
  });

  it('start again at submitted when the client changes them, keeping every version, and everyone is told', async () => {
    const seller = await aSeller();
    await put(seller.cookie, seller.id, DETAILS);
    await callBack(cal.cookie, seller.id);
    await approve(ann.cookie, seller.id);
    smtp.mails.length = 0;

    expect((await put(seller.cookie, seller.id, CHANGED)).status).toBe(201);
    const after = (await view(cal.cookie, seller.id)).json;
    expect(after).toMatchObject({
      status: 'submitted',
      bsb: '062-000',
      numberLast3: '040',
      next: { step: 'call-back' },
    });
    expect(after.callBack).toBeUndefined();
    expect(after.versions.map((version: { numberLast3: string }) => version.numberLast3)).toEqual(['677', '040']);
    expect(after.versions[0]).toMatchObject({ callBack: { by: { id: cal.id } }, approval: { by: { id: ann.id } } });

    // The principals and the alert address, at once, naming the matter; the client, at the address on record.
    const toStaff = smtp.mails.filter((mail) => mail.to.includes(STAFF_INBOX));
    expect(toStaff).toHaveLength(1);
    expect(toStaff[0]!.to).toContain('ben@example-conveyancing.com.au');
    const notice = await readableText(toStaff[0]!);
    expect(notice).toContain(`Changed bank details for the matter of`);
    expect(notice).toContain(seller.id);
    expect(notice).not.toMatch(DIGITS);
    const toClient = smtp.mails.filter((mail) => mail.to.includes(seller.email));
    expect(toClient).toHaveLength(1);
    const text = (await readMail(toClient[0]!)).text ?? '';
    expect(text).toMatch(
      /Your bank details for this matter were changed on .+\. If this was not you, call us now on \(02\) 5550 0123\./,
    );
    expect(text).not.toMatch(DIGITS);
  });

  it('are high risk within 7 days of settlement, and then only a principal other than the caller approves', async () => {
    const seller = await aSeller({ settlementDate: addCalendarDays(sydneyToday(now()), 5) });
    await put(seller.cookie, seller.id, DETAILS);
    expect((await view(cal.cookie, seller.id)).json).toMatchObject({
      highRisk: true,
      highRiskReasons: ['near-settlement'],
    });
    await callBack(ann.cookie, seller.id);
    const staff = await approve(cal.cookie, seller.id);
    expect(staff.status).toBe(403);
    expect(staff.json.error).toBe(PRINCIPAL_REQUIRED.message);
    expect((await approve(ann.cookie, seller.id)).status).toBe(403);
    expect((await approve(ben.cookie, seller.id)).status).toBe(200);
  });

  it('wait in the Bank details queue until approved', async () => {
    const seller = await aSeller();
    await put(seller.cookie, seller.id, DETAILS);
    const queue = (await call(payouts, 'GET', '/api/payouts', { cookie: cal.cookie })).json;
    expect(queue).toContainEqual(expect.objectContaining({ matterId: seller.id, status: 'submitted' }));
    expect(JSON.stringify(queue)).not.toMatch(DIGITS);
  });

  it('are sealed at rest and in a backup', async () => {
    const seller = await aSeller();
    await put(seller.cookie, seller.id, DETAILS);
    await callBack(cal.cookie, seller.id, { note: 'Spoke to Vera herself' });
    const atRest = filesAtRest(blobs.directory());
    expect(atRest).not.toMatch(/44556677|112-879|Spoke to Vera/);
    const backedUp = await backedUpText();
    expect(backedUp).toContain(`payouts/${seller.id}`);
    expect(backedUp).not.toMatch(/44556677|112-879|Spoke to Vera/);
  });
});

describe('the trust account on the client’s page', () => {
  it('is shown only within 15 minutes of signing in, with the sentence and the reference code', async () => {
    const trust = { name: 'Hills Trust', bsb: '062-000', number: '98765432', bank: 'Commonwealth Bank' };
    expect(
      (await call(settingsAccounts, 'PUT', '/api/settings/accounts/trust', { cookie: ann.cookie, body: trust })).status,
    ).toBe(202);
    expect(
      (await call(settingsAccounts, 'POST', '/api/settings/accounts/trust/approve', { cookie: ben.cookie })).status,
    ).toBe(200);
    const seller = await aSeller();

    const fresh = pageText((await call(myMatters, 'GET', '/matter/', { cookie: seller.cookie })).text);
    expect(fresh).toContain('98765432');
    expect(fresh).toContain(accountReference('062-000', '98765432'));
    expect(fresh).toContain(
      'Before you transfer, call us on (02) 5550 0123 and read these digits back. We will never send or change bank details by e-mail, text or phone call.',
    );
    // The matters' JSON never carries it.
    expect((await call(myMatters, 'GET', '/api/my-matters', { cookie: seller.cookie })).text).not.toContain('98765432');

    setClockTo(now() + 16 * 60 * 1000);
    const stale = pageText((await call(myMatters, 'GET', '/matter/', { cookie: seller.cookie })).text);
    expect(stale).not.toContain('98765432');
    expect(stale).toContain('Send me a new sign-in link');
  });
});

describe('a key rotation', () => {
  it('re-seals every version, call-back and the practice accounts under the new key, which alone then opens them', async () => {
    const seller = await aSeller();
    await put(seller.cookie, seller.id, DETAILS);
    await callBack(cal.cookie, seller.id);
    await put(seller.cookie, seller.id, CHANGED);
    const next = randomBytes(32);
    process.env.CDD_ENCRYPTION_KEY = next.toString('base64');
    process.env.CDD_ENCRYPTION_KEY_PREVIOUS = KEY;
    resetCddKeyEnv();
    const kid = keyId(next);
    expect(await resealPayouts(kid)).toBeGreaterThan(0);
    expect(await resealAccounts(kid)).toBe(true);
    const record = (await getPayout(seller.id))!;
    expect(record.versions.flatMap((v) => [v.sealed.kid, ...(v.callBack ? [v.callBack.sealed.kid] : [])])).toEqual([
      kid,
      kid,
      kid,
    ]);
    expect((await readAccounts()).trust?.kid).toBe(kid);
    expect(await resealPayouts(kid)).toBe(0);
    // Without the old key, everything still opens.
    process.env.CDD_ENCRYPTION_KEY_PREVIOUS = '';
    resetCddKeyEnv();
    expect((await view(cal.cookie, seller.id)).json.versions[0].callBack.calledNumber).toBe(ENQUIRY_PHONE);
  });
});
