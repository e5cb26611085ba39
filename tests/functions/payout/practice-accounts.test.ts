/**
 * Settings › Accounts: a change to the practice's trust or office account is a request a
 * principal makes and another account approves (never the requester); it can be withdrawn;
 * every principal and the alert address hear of the request and the approval, without the
 * digits; every step is audited; the digits are sealed at rest and in a backup.
 */
import { describe, expect, it } from 'vitest';
import session from '#functions/user.ts';
import settingsAccounts from '#functions/settings-accounts.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { accountReference } from '#server/payout/reference-code.ts';
import { backedUpText, filesAtRest } from '../at-rest.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { readableText, useSmtp } from '../smtp.ts';

const blobs = useBlobs();
useCddKey();
const STAFF_INBOX = 'desk@example-conveyancing.com.au';
const smtp = useSmtp({ alertsTo: STAFF_INBOX });

const TRUST = {
  name: 'Hills District Conveyancing Trust Account',
  bsb: '062 000',
  number: '9876 5432',
  bank: 'Commonwealth Bank',
};
const DIGITS = /062|9876|5432|98765432/;
/**
 * A mail's text with the staff's usernames taken out: the harness names them by the time
 * (staff-1-1796231062148), whose digits can hold any of the account's, so only what is
 * left is checked for them.
 */
const withoutNames = (text: string, ...people: { username: string }[]) =>
  people.reduce((rest, person) => rest.replaceAll(person.username, '(name)'), text);

const get = (cookie: string) => call(settingsAccounts, 'GET', '/api/settings/accounts', { cookie });
const put = (cookie: string, kind: string, body: unknown) =>
  call(settingsAccounts, 'PUT', `/api/settings/accounts/${kind}`, { cookie, body });
const approve = (cookie: string, kind: string, body?: unknown) =>
  call(settingsAccounts, 'POST', `/api/settings/accounts/${kind}/approve`, { cookie, body });
const withdraw = (cookie: string, kind: string) =>
  call(settingsAccounts, 'DELETE', `/api/settings/accounts/${kind}/pending`, { cookie });

describe('the practice’s accounts', () => {
  it('change only when another account approves the request, and everyone is told without the digits', async () => {
    const ann = await signedInStaff('principal');
    const ben = await signedInStaff('principal');
    const cal = await signedInStaff('staff');
    expect(
      (
        await call(session, 'PUT', '/api/user/email', {
          cookie: ben.cookie,
          body: { email: 'ben@example-conveyancing.com.au' },
        })
      ).status,
    ).toBe(200);

    expect((await get(cal.cookie)).json).toEqual({ trust: null });
    expect((await call(settingsAccounts, 'GET', '/api/settings/accounts')).status).toBe(401);
    // Staff cannot ask; a bad BSB is a field error; there is no third account.
    expect((await put(cal.cookie, 'trust', TRUST)).status).toBe(403);
    const bad = await put(ann.cookie, 'trust', { ...TRUST, bsb: '06200', number: '12' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['bsb', 'number']);
    expect((await put(ann.cookie, 'savings', TRUST)).status).toBe(404);

    smtp.mails.length = 0;
    const asked = await put(ann.cookie, 'trust', TRUST);
    expect(asked.status).toBe(202);
    expect(asked.json.pending).toMatchObject({
      account: 'trust',
      requestedBy: { id: ann.id, username: ann.username },
      requestedAt: expect.any(String),
    });
    // A request waits: nothing changed, and a second request waits for the first.
    const waiting = (await get(cal.cookie)).json;
    expect(waiting.trust).toBeNull();
    expect(waiting.pending).toMatchObject({ account: 'trust', details: { bsb: '062-000', number: '98765432' } });
    expect((await put(ben.cookie, 'trust', TRUST)).status).toBe(409);

    // Told at once: the alert address and every principal's own address, with no digits.
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to.sort()).toEqual(['ben@example-conveyancing.com.au', STAFF_INBOX].sort());
    const requestMail = await readableText(smtp.mails[0]!);
    expect(requestMail).toContain('is waiting for approval');
    expect(withoutNames(requestMail, ann, ben, cal)).not.toMatch(DIGITS);

    // Never the requester; anyone else, staff included.
    expect((await approve(ann.cookie, 'trust')).status).toBe(403);
    expect((await approve(cal.cookie, 'office')).status).toBe(409);
    expect((await approve(cal.cookie, 'trust', { requestedAt: '2020-01-01T00:00:00.000Z' })).status).toBe(409);
    smtp.mails.length = 0;
    const approved = await approve(cal.cookie, 'trust', { requestedAt: asked.json.pending.requestedAt });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.trust).toEqual({
      name: TRUST.name,
      bsb: '062-000',
      number: '98765432',
      bank: TRUST.bank,
      reference: accountReference('062-000', '98765432'),
    });
    expect(approved.json.pending).toBeUndefined();
    expect(smtp.mails).toHaveLength(1);
    const approvedMail = await readableText(smtp.mails[0]!);
    expect(approvedMail).toContain(`${cal.username} approved the change`);
    expect(withoutNames(approvedMail, ann, ben, cal)).not.toMatch(DIGITS);

    expect(
      (await listAudit())
        .filter((event) => event.action.startsWith('accounts.'))
        .map((e) => [e.action, e.by, e.target]),
    ).toEqual([
      ['accounts.request', ann.username, 'trust'],
      ['accounts.approve', cal.username, 'trust'],
    ]);
  });

  it('can be withdrawn, and then nothing changes', async () => {
    const ann = await signedInStaff('principal');
    const cal = await signedInStaff('staff');
    expect((await put(ann.cookie, 'office', { ...TRUST, name: 'Office' })).status).toBe(202);
    expect((await withdraw(cal.cookie, 'office')).status).toBe(403);
    expect((await withdraw(ann.cookie, 'office')).status).toBe(204);
    expect((await withdraw(ann.cookie, 'office')).status).toBe(409);
    expect((await approve(cal.cookie, 'office')).status).toBe(409);
    expect((await get(cal.cookie)).json.office).toBeUndefined();
    expect((await listAudit()).map((event) => event.action)).toContain('accounts.withdraw');
  });

  it('keeps the digits sealed at rest and in a backup', async () => {
    const body = (await get((await signedInStaff('staff')).cookie)).json;
    expect(body.trust.number).toBe('98765432');
    expect(filesAtRest(blobs.directory())).not.toMatch(/98765432|062-000/);
    const backedUp = await backedUpText();
    expect(backedUp).toContain('practice-accounts/accounts');
    expect(backedUp).not.toMatch(/98765432|062-000/);
  });
});

describe('the reference code', () => {
  it('is the same for the same digits however written, and changes with any digit', () => {
    expect(accountReference('062-000', '98765432')).toBe(accountReference('062000', '9876 5432'));
    expect(accountReference('062-000', '98765432')).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/);
    expect(accountReference('062-000', '98765433')).not.toBe(accountReference('062-000', '98765432'));
  });
});
