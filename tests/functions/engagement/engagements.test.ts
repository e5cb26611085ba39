/** Engagements: staff send, preview, resend, revoke; the client's link. Real handlers over a real local Blobs server. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import engage from '#functions/engage.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import engagements from '#functions/engagements.ts';
import enquiries from '#functions/enquiries.ts';
import { COSTS_AGREEMENT } from '#src/content/costs-agreement.ts';
import { computeQuote } from '#src/shared/quote.ts';
import { ACCEPTANCE, anEnquiry } from '../fixtures/builders.ts';
import { aQuote } from '../fixtures/quote.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { linkMailedTo, readableText, useSmtp } from '../smtp.ts';

const { directory } = useBlobs();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

const QUOTE = aQuote({ price: 900000, contractDate: '2026-11-20' });

/** An enquiry without a quote unless the test gives one. */
const enquire = (extra: Record<string, unknown> = {}) => anEnquiry({ quote: undefined, ...extra });

const staffCall = (method: string, path: string, body?: unknown) =>
  call(engagements, method, path, { cookie: staff.cookie, body });
const send = (id: string, body: unknown = {}) => staffCall('POST', `/api/contact-requests/${id}/engagement`, body);
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const detail = async (id: string) =>
  (await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: staff.cookie })).json;
/** Each client gets its own network, so one test's guesses never throttle another's. */
let network = 0;
const client = (path: string, ip = `198.51.100.${++network}`) => call(engage, 'GET', path, { context: { ip } });

describe('sending an engagement', () => {
  it('needs a quote from the enquiry or the body (400), and staff (401)', async () => {
    const id = await enquire();
    const bare = await send(id);
    expect(bare.status).toBe(400);
    expect(bare.json.fieldErrors.quote).toBeDefined();
    const anonymous = await call(engagements, 'POST', `/api/contact-requests/${id}/engagement`, {
      body: { quote: QUOTE },
    });
    expect(anonymous.status).toBe(401);
  });

  it('recomputes every figure on the server and answers 201 with a 14-day link', async () => {
    const id = await enquire();
    const response = await send(id, { quote: QUOTE, figures: { professionalFee: 1 } });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ status: 'sent', figures: computeQuote(QUOTE), emailed: false });
    expect(response.json.url).toMatch(/^http:\/\/localhost:8888\/engage\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(response.json.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
    const seen = await detail(id);
    expect(seen.engagement).toMatchObject({ id: response.json.id, status: 'sent', reminders: true });
    expect(seen.activity.at(-1)).toMatchObject({ type: 'engagement', by: staff.username });
  });

  it('uses the enquiry quote when the body has none, and refuses a second open one unless replaced', async () => {
    const id = await enquire({ quote: QUOTE });
    const first = await send(id);
    expect(first.status).toBe(201);
    const again = await send(id);
    expect(again.status).toBe(409);
    const replaced = await send(id, { replace: true });
    expect(replaced.status).toBe(201);
    expect((await client(`/api/engage/${tokenOf(first.json.url)}`)).status).toBe(410);
    expect((await client(`/api/engage/${tokenOf(replaced.json.url)}`)).status).toBe(200);
  });

  it('refuses a solicitor who is not on the team', async () => {
    const id = await enquire({ quote: QUOTE });
    const response = await send(id, { solicitor: 'Nobody Known' });
    expect(response.status).toBe(400);
    expect(response.json.fieldErrors.solicitor).toBeDefined();
  });

  it('previews exactly what the client will see, storing nothing', async () => {
    const id = await enquire({ quote: QUOTE });
    const preview = await staffCall('POST', `/api/contact-requests/${id}/engagement/preview`, {
      propertyAddress: '7 Preview Rd, Kellyville NSW',
    });
    expect(preview.status).toBe(200);
    expect(preview.json.sampleTerms).toBe(COSTS_AGREEMENT.sample);
    expect(preview.json.view.matter.propertyAddress).toBe('7 Preview Rd, Kellyville NSW');
    expect((await detail(id)).engagement).toBeNull();
    const sent = await send(id, { propertyAddress: '7 Preview Rd, Kellyville NSW' });
    const view = await client(`/api/engage/${tokenOf(sent.json.url)}`);
    const { status: _status, expiresAt: _expires, ...shown } = view.json;
    const { status: _s, expiresAt: _e, ...previewed } = preview.json.view;
    expect(shown).toEqual(previewed);
  });
});

describe('the client link', () => {
  it('shows the disclosure and terms, nothing staff-only, and records the first view once', async () => {
    const id = await enquire({ quote: QUOTE });
    const sent = await send(id);
    const response = await client(`/api/engage/${tokenOf(sent.json.url)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(Object.keys(response.json).sort()).toEqual(
      ['disclosure', 'expiresAt', 'figures', 'matter', 'practice', 'privacy', 'solicitor', 'status', 'terms'].sort(),
    );
    expect(response.json.status).toBe('viewed');
    expect(response.json.terms).toMatchObject({ version: COSTS_AGREEMENT.version, text: COSTS_AGREEMENT.text });
    expect(response.text).not.toContain('ada@example.com');
    expect(response.text).not.toContain('tokenHash');
    await client(`/api/engage/${tokenOf(sent.json.url)}`);
    const seen = await detail(id);
    expect(seen.engagement.status).toBe('viewed');
    expect(
      seen.activity.filter((entry: { text?: string }) => entry.text === 'Engagement opened by the client'),
    ).toHaveLength(1);
  });

  it('answers one 404 for unknown and malformed tokens, and throttles guessing per network', async () => {
    const ip = '203.0.113.9';
    const unknown = await client(`/api/engage/${'A'.repeat(43)}`, ip);
    const malformed = await client('/api/engage/short', ip);
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(malformed.text).toBe(unknown.text);
    for (let n = 0; n < 3; n++) expect((await client(`/api/engage/${'B'.repeat(43)}`, ip)).status).toBe(404);
    const throttled = await client(`/api/engage/${'C'.repeat(43)}`, ip);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another network is not held back.
    expect((await client(`/api/engage/${'D'.repeat(43)}`)).status).toBe(404);
  });

  it('ends the old link on resend and every link on revoke (410)', async () => {
    const id = await enquire({ quote: QUOTE });
    const sent = await send(id);
    const resent = await staffCall('POST', `/api/engagements/${sent.json.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.json.url).not.toBe(sent.json.url);
    expect((await client(`/api/engage/${tokenOf(sent.json.url)}`)).status).toBe(410);
    expect((await client(`/api/engage/${tokenOf(resent.json.url)}`)).status).toBe(200);
    const revoked = await staffCall('POST', `/api/engagements/${sent.json.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.status).toBe('revoked');
    expect((await client(`/api/engage/${tokenOf(resent.json.url)}`)).status).toBe(410);
    expect((await staffCall('POST', `/api/engagements/${sent.json.id}/resend`)).status).toBe(409);
    expect((await detail(id)).engagement.status).toBe('revoked');
  });

  it('switches reminders off and on', async () => {
    const id = await enquire({ quote: QUOTE });
    const sent = await send(id, { reminders: false });
    expect((await detail(id)).engagement.reminders).toBe(false);
    const on = await staffCall('PATCH', `/api/engagements/${sent.json.id}`, { reminders: true });
    expect(on.json.reminders).toBe(true);
  });

  it('has no signed copy before acceptance (404 on both sides)', async () => {
    const id = await enquire({ quote: QUOTE });
    const sent = await send(id);
    expect((await staffCall('GET', `/api/engagements/${sent.json.id}/document.pdf`)).status).toBe(404);
    expect((await client(`/api/engage/${tokenOf(sent.json.url)}/document.pdf`)).status).toBe(404);
  });

  it('never writes a link token to the log, even when the answer is an error', async () => {
    const id = await enquire({ quote: QUOTE });
    const token = tokenOf((await send(id)).json.url);
    const saved = process.env.CDD_ENCRYPTION_KEY;
    delete process.env.CDD_ENCRYPTION_KEY;
    resetCddKeyEnv();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Without the key the due-diligence call answers 503, which is logged with its address.
      const answer = await call(engageCdd, 'GET', `/api/engage/${token}/cdd`, { context: { ip: '198.51.100.250' } });
      expect(answer.status).toBe(503);
      const lines = logged.mock.calls.map((args) => args.map(String).join(' '));
      expect(lines.some((line) => line.includes('/api/engage/…/cdd'))).toBe(true);
      expect(lines.filter((line) => line.includes(token))).toEqual([]);
    } finally {
      logged.mockRestore();
      if (saved === undefined) delete process.env.CDD_ENCRYPTION_KEY;
      else process.env.CDD_ENCRYPTION_KEY = saved;
      resetCddKeyEnv();
    }
  });

  it('stores the token only as a hash', async () => {
    const id = await enquire({ quote: QUOTE });
    const sent = await send(id);
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const path = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(directory());
    const token = tokenOf(sent.json.url);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file).not.toContain(token);
      expect(readFileSync(file, 'latin1')).not.toContain(token);
    }
  });
});

describe('an accepted engagement’s link, without e-mail', () => {
  it('can be ended and a new one issued: the acceptance stands, the old link answers 410', async () => {
    const id = await enquire({ quote: QUOTE });
    const sent = await send(id);
    const token = tokenOf(sent.json.url);
    expect((await call(engage, 'POST', `/api/engage/${token}/accept`, { body: ACCEPTANCE })).status).toBe(200);
    const reissued = await staffCall('POST', `/api/engagements/${sent.json.id}/resend`);
    expect(reissued.status).toBe(200);
    // Not e-mailed: staff get the link to pass on.
    expect(reissued.json).toMatchObject({ emailed: false, url: expect.stringMatching(/\/engage\//) });
    expect((await client(`/api/engage/${token}`)).status).toBe(410);
    const opened = await client(`/api/engage/${tokenOf(reissued.json.url)}`);
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String) });
    const seen = await detail(id);
    expect(seen.engagement).toMatchObject({ status: 'accepted' });
    expect(seen.activity.map((entry: { text?: string }) => entry.text)).toContain(
      "The client's link to the accepted engagement was ended and a new one issued",
    );
  });
});

describe('links by e-mail', () => {
  const smtp = useSmtp();
  const email = () => `linked.${++network}@example.com`;

  it('are the client’s alone: send and resend answer no url when the e-mail went, and the client’s mail has it', async () => {
    const to = email();
    const id = await enquire({ quote: QUOTE, email: to });
    const sent = await send(id);
    expect(sent.status).toBe(201);
    expect(sent.json.emailed).toBe(true);
    expect(sent.json).not.toHaveProperty('url');
    const mailed = (await linkMailedTo(to))!;
    expect((await client(`/api/engage/${tokenOf(mailed)}`)).status).toBe(200);

    const resent = await staffCall('POST', `/api/engagements/${sent.json.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.json).toEqual({
      expiresAt: expect.any(String),
      emailed: true,
      clients: [{ name: expect.any(String), email: to, emailed: true }],
    });
    const remailed = (await linkMailedTo(to))!;
    expect(remailed).not.toBe(mailed);
    expect((await client(`/api/engage/${tokenOf(mailed)}`)).status).toBe(410);

    // Accepted: staff end the client's link, and the new one goes to the client alone.
    expect((await call(engage, 'POST', `/api/engage/${tokenOf(remailed)}/accept`, { body: ACCEPTANCE })).status).toBe(
      200,
    );
    const reissued = await staffCall('POST', `/api/engagements/${sent.json.id}/resend`);
    expect(reissued.status).toBe(200);
    expect(reissued.json).not.toHaveProperty('url');
    const newest = (await linkMailedTo(to))!;
    expect(newest).not.toBe(remailed);
    expect((await client(`/api/engage/${tokenOf(remailed)}`)).status).toBe(410);
    expect((await client(`/api/engage/${tokenOf(newest)}`)).json.status).toBe('accepted');
    const text = await readableText(smtp.mails.at(-1)!);
    expect(text).toContain('Your accepted costs agreement: a new link');
    expect(text).toContain('Any earlier link we sent you has ended.');
  });

  it('answer the url when the e-mail failed, for staff to pass on', async () => {
    const id = await enquire({ quote: QUOTE, email: email() });
    smtp.refuse(1);
    const sent = await send(id);
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ emailed: false, url: expect.stringMatching(/\/engage\/[A-Za-z0-9_-]{43}$/) });
    expect((await client(`/api/engage/${tokenOf(sent.json.url)}`)).status).toBe(200);
  });
});
