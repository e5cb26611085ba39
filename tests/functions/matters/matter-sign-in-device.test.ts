/**
 * A stranger cannot keep a client from signing in (POST /api/matter-sign-in): the browser
 * that opened a sign-in link for the address before carries a device cookie, kept through
 * sign-out, and its requests get their link whatever strangers sent; from any other browser
 * the address and network limits hold, and one link at most goes to an address in 15 minutes.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import myMatters from '#functions/my-matters.ts';
import { takeMailGate } from '#server/repositories/client-sessions-store.ts';
import { now, resetClock, setClockTo } from '#src/shared/clock.ts';
import { aClientMatter } from '../fixtures/client-matter.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { readMail, useSmtp } from '../smtp.ts';

useBlobs();
useCddKey();
const { mails } = useSmtp({ alertsTo: 'desk@example-conveyancing.com.au' });
afterEach(() => {
  resetClock();
});

let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  staff = await signedInStaff('staff');
});

let strangers = 0;
const strangerNetwork = () => `203.0.113.${++strangers % 250}`;
let clients = 0;
/** Each client's own network, so one test's flood of it does not spill into the next. */
const clientNetwork = () => `198.51.100.${++clients % 250}`;

const ask = (email: string, ip: string, cookie?: string) =>
  call(myMatters, 'POST', '/api/matter-sign-in', { body: { email }, context: { ip }, ...(cookie ? { cookie } : {}) });
const linksTo = (email: string) => mails.filter((mail) => mail.to.includes(email));

/** The link of the newest e-mail to `email`. */
async function newestLink(email: string): Promise<string> {
  const mail = linksTo(email).at(-1);
  expect(mail, `an e-mail to ${email}`).toBeTruthy();
  const link = /http:\/\/localhost:8888(\/matter\/sign-in\/[A-Za-z0-9_-]{43})/.exec((await readMail(mail!)).text ?? '');
  expect(link).toBeTruthy();
  return link![1]!;
}

/** Opens the newest link: the browser's cookies as it would send them back (session and device). */
async function openNewestLink(email: string): Promise<{ session: string; device: string; setCookies: string[] }> {
  const opened = await call(myMatters, 'GET', await newestLink(email));
  expect(opened.status).toBe(303);
  const setCookies = opened.headers.getSetCookie();
  const pair = (prefix: string) => setCookies.find((value) => value.startsWith(prefix))!.split(';')[0]!;
  return { session: pair('matter_session='), device: pair('matter_device_'), setCookies };
}

/** A client with a matter; the e-mails it took (the engagement's, the identity's) are forgotten. */
async function aClient(email: string): Promise<void> {
  await aClientMatter(staff, email);
  for (let index = mails.length - 1; index >= 0; index--) if (mails[index]!.to.includes(email)) mails.splice(index, 1);
}

/** A client who signed in once from their own browser, on their own network. */
async function aClientWhoSignedIn(email: string, network = clientNetwork()) {
  await aClient(email);
  expect((await ask(email, network)).status).toBe(202);
  return openNewestLink(email);
}

describe('the device cookie', () => {
  it('is set when the e-mailed link signs the browser in: HttpOnly, SameSite=Strict, 180 days, and kept on sign-out', async () => {
    const { session, device, setCookies } = await aClientWhoSignedIn('kept-device@example.com');
    const set = setCookies.find((value) => value.startsWith('matter_device_'))!;
    for (const part of ['HttpOnly', 'SameSite=Strict', 'Path=/', `Max-Age=${180 * 24 * 60 * 60}`])
      expect(set).toContain(part);
    // Its name and value hold no address.
    expect(decodeURIComponent(set)).not.toContain('kept-device');
    expect(Buffer.from(device.split('.')[1] ?? '', 'base64url').toString()).not.toContain('kept-device');

    const out = await call(myMatters, 'POST', '/api/matter-sign-out', { cookie: `${session}; ${device}` });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((value) => value.startsWith('matter_device_'))).toBe(false);

    // Over HTTPS it is __Host- and Secure.
    await ask('kept-device@example.com', clientNetwork(), device);
    const secure = await call(
      myMatters,
      'GET',
      `https://conveyancing.example${await newestLink('kept-device@example.com')}`,
    );
    const secureDevice = secure.headers.getSetCookie().find((value) => value.includes('matter_device_'))!;
    expect(secureDevice).toMatch(/^__Host-matter_device_[0-9a-f]{16}=/);
    expect(secureDevice).toContain('Secure');
  });
});

describe("under a stranger's flood", () => {
  it('the known browser gets its link, after sign-out too; the client is mailed once by the flood', async () => {
    const email = 'flooded@example.com';
    const CLIENT_NETWORK = clientNetwork();
    const { session, device } = await aClientWhoSignedIn(email, CLIENT_NETWORK);
    await call(myMatters, 'POST', '/api/matter-sign-out', { cookie: `${session}; ${device}` });
    // Past the first link's 15 minutes: the flood starts on a quiet address.
    setClockTo(now() + 16 * 60_000);
    const before = linksTo(email).length;

    // A stranger: ten requests for the client's address from ten networks, and five made-up
    // addresses from the client's own network.
    for (let index = 0; index < 10; index++) expect((await ask(email, strangerNetwork())).status).toBe(202);
    for (let index = 0; index < 5; index++)
      expect((await ask(`made-up-${index}@example.com`, CLIENT_NETWORK)).status).toBe(202);
    expect(linksTo(email).length - before).toBe(1);

    // The client, from another browser on their network: today's limits hold (the network and the address are spent).
    expect((await ask(email, CLIENT_NETWORK)).status).toBe(202);
    expect(linksTo(email).length - before).toBe(1);

    // The client's own browser: its link, at once, and it signs in.
    expect((await ask(email, CLIENT_NETWORK, device)).status).toBe(202);
    expect(linksTo(email).length - before).toBe(2);
    const again = await openNewestLink(email);
    expect((await call(myMatters, 'GET', '/api/my-matters', { cookie: again.session })).status).toBe(200);
  });

  it("counts a known browser's own requests apart (5 in 15 minutes), and another address's cookie is no device", async () => {
    const email = 'own-limit@example.com';
    const { device } = await aClientWhoSignedIn(email);
    const before = linksTo(email).length;
    for (let index = 0; index < 7; index++) expect((await ask(email, strangerNetwork(), device)).status).toBe(202);
    expect(linksTo(email).length - before).toBe(5);

    // The cookie is bound to its address: this one's token under another client's cookie
    // name, or a forged token, is no known browser (and the quarter hour's one link is spent).
    const other = 'other-client@example.com';
    const theirs = await aClientWhoSignedIn(other);
    const theirName = theirs.device.split('=')[0]!;
    const before2 = linksTo(other).length;
    await ask(other, strangerNetwork(), `${theirName}=${device.split('=')[1]}`);
    await ask(other, strangerNetwork(), `${theirName}=forged.token.value`);
    expect(linksTo(other).length - before2).toBe(0);
    await ask(other, strangerNetwork(), theirs.device);
    expect(linksTo(other).length - before2).toBe(1);
  });
});

describe('from unknown browsers', () => {
  it('sends one link an address in 15 minutes however many ask, then one again', async () => {
    const email = 'one-a-quarter@example.com';
    await aClient(email);
    for (let index = 0; index < 4; index++) expect((await ask(email, strangerNetwork())).status).toBe(202);
    expect(linksTo(email)).toHaveLength(1);
    setClockTo(now() + 15 * 60_000 + 1000);
    await ask(email, strangerNetwork());
    expect(linksTo(email)).toHaveLength(2);
  });

  it('sends one link for requests sent at once (the gate is a conditional write)', async () => {
    const email = 'at-once@example.com';
    await aClient(email);
    // Five: the address's limit admits all of them, so the gate alone decides.
    await Promise.all(Array.from({ length: 5 }, () => ask(email, strangerNetwork())));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(linksTo(email)).toHaveLength(1);
    // The gate itself, taken by twenty at once through the store's conditional write: once.
    const taken = await Promise.all(Array.from({ length: 20 }, () => takeMailGate('ab12cd34ef56ab78', now() + 60_000)));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
});
