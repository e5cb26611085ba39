/**
 * The payout rules that lean on staff sign-in and on the client's address
 * (docs/decisions/046-verified-funds-channel.md, 045-staff-passkeys.md): while the practice
 * requires passkeys, a client's bank details are revealed only to a session a passkey
 * started; and details that arrive within 7 days of a principal changing the client's
 * address are high risk.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import engagements from '#functions/engagements.ts';
import login from '#functions/login.ts';
import myMatters from '#functions/my-matters.ts';
import passkeys from '#functions/passkeys.ts';
import payouts from '#functions/payouts.ts';
import { PASSKEY_NEEDED } from '#server/payout/payout-workflow.ts';
import { latestPointer } from '#server/repositories/engagements-store.ts';
import { saveSignInSettings } from '#server/repositories/settings-store.ts';
import { aClientMatter, signedInClient } from '../fixtures/client-matter.ts';
import { call, ORIGIN, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { SoftwareAuthenticator } from '../software-authenticator.ts';
import { useSmtp } from '../smtp.ts';

useBlobs();
useCddKey();
const smtp = useSmtp();

const DETAILS = { accountName: 'Vera Quokka', bsb: '112 879', number: '4455 6677' };
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

let ann: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  ann = await signedInStaff('principal');
});

let clients = 0;
async function aSellerWithDetails() {
  const email = `seller-signin-${++clients}@example.com`;
  const matter = await aClientMatter(ann, email, { side: 'sale' }, { phone: '0499 000 111' });
  const cookie = await signedInClient(smtp.mails, email);
  return { ...matter, email, cookie };
}
const put = (cookie: string, id: string) =>
  call(myMatters, 'PUT', `/api/my-matters/${id}/payout`, { cookie, body: DETAILS });
const reveal = (cookie: string, id: string) => call(payouts, 'POST', `/api/matters/${id}/payout/reveal`, { cookie });

describe('revealing a client’s bank details while the practice requires passkeys', () => {
  it('is refused to a session a password started, and allowed to one a passkey started', async () => {
    const cal = await signedInStaff('staff');
    const authenticator = await SoftwareAuthenticator.create();
    const options = await call(passkeys, 'POST', '/api/passkeys/options', { cookie: cal.cookie, body: {} });
    const response = await authenticator.register(options.json, { origin: ORIGIN });
    const added = await call(passkeys, 'POST', '/api/passkeys', {
      cookie: `${cal.cookie}; ${cookiesOf(options.headers)}`,
      body: { response },
    });
    expect(added.status).toBe(201);
    const seller = await aSellerWithDetails();
    expect((await put(seller.cookie, seller.id)).status).toBe(201);

    // Optional: the password's session reveals, as before.
    expect((await reveal(cal.cookie, seller.id)).status).toBe(200);
    await saveSignInSettings({ passkeys: 'required' }, ann.id);
    const refused = await reveal(cal.cookie, seller.id);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe(PASSKEY_NEEDED);

    const signIn = await call(login, 'POST', '/api/login/passkey/options', { body: {} });
    const assertion = await authenticator.assert(signIn.json, { origin: ORIGIN });
    const signedIn = await call(login, 'POST', '/api/login/passkey', {
      cookie: cookiesOf(signIn.headers),
      body: { response: assertion },
    });
    expect(signedIn.status).toBe(200);
    const session = cookiesOf(signedIn.headers)
      .split('; ')
      .find((pair) => pair.startsWith('staff_session='))!;
    const revealed = await reveal(session, seller.id);
    expect(revealed.status).toBe(200);
    expect(revealed.json.number).toBe('44556677');
    await saveSignInSettings({ passkeys: 'optional' }, ann.id);
  });
});

describe('details that arrive soon after the client’s address was changed', () => {
  it('are high risk, naming the address change', async () => {
    const seller = await aSellerWithDetails();
    const pointer = await latestPointer(seller.enquiryId);
    const changed = await call(engagements, 'POST', `/api/engagements/${pointer!.engagementId}/clients/0/address`, {
      cookie: ann.cookie,
      body: { email: `moved-${seller.email}`, reason: 'The client asked by phone' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await put(seller.cookie, seller.id)).status).toBe(201);
    const view = await call(payouts, 'GET', `/api/matters/${seller.id}/payout`, { cookie: ann.cookie });
    expect(view.json).toMatchObject({ highRisk: true, highRiskReasons: ['address-changed'] });
  });
});
