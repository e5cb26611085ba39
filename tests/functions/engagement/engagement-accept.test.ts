/**
 * The client's acceptance: recorded once, with its evidence and a PDF whose bytes match the
 * recorded hash; the enquiry instructed once; every refusal. Real handlers and Blobs;
 * the race runs in separate processes against one Blobs server.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import engage from '#functions/engage.ts';
import engagements from '#functions/engagements.ts';
import enquiries from '#functions/enquiries.ts';
import { runEngagementJobs } from '#server/engagement/engagement-reminders.ts';
import { getEngagement } from '#server/repositories/engagements-store.ts';
import { contentDigestInput } from '#src/shared/schemas/engagement.ts';
import { anEnquiry, aSentEngagement } from '../fixtures/builders.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';
import { readableText, useSmtp } from '../smtp.ts';
import { useRacers } from '../racers.ts';
import { invokeRouted } from '../routing.ts';

useBlobs();
const racers = useRacers(3, ['engage', 'engagements']);

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

const ACCEPTANCE = {
  fullName: 'Ada Lovelace Client',
  understood: true,
  accept: true,
  instruct: true,
  electronic: true,
};
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

const sentEngagement = () => aSentEngagement(staff);

let network = 0;
const ip = () => `192.0.2.${++network}`;
const acceptJson = (token: string, body: unknown) =>
  call(engage, 'POST', `/api/engage/${token}/accept`, {
    body,
    context: { ip: ip() },
    headers: { 'user-agent': 'TestBrowser/1.0' },
  });

/**
 * A browser's plain form post (no JavaScript) from the page, whose `Referrer-Policy:
 * no-referrer` makes the browser send `Origin: null` (and an older Safari no Sec-Fetch-Site).
 */
async function acceptForm(token: string, fields: Record<string, string>) {
  const request = new Request(new URL(`/api/engage/${token}/accept`, ORIGIN), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    body: new URLSearchParams(fields).toString(),
  });
  return invokeRouted(engage, request, { ip: ip() });
}

const pdfOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe('accepting an engagement', () => {
  it('records the evidence once, instructs the enquiry, and serves the PDF whose bytes match its hash on both sides', async () => {
    const { enquiryId, id, token } = await sentEngagement();
    const accepted = await acceptJson(token, ACCEPTANCE);
    expect(accepted.status).toBe(200);
    const { acceptedAt, documentSha256 } = accepted.json;
    expect(documentSha256).toMatch(/^[0-9a-f]{64}$/);

    const { record } = (await getEngagement(id))!;
    expect(record.status).toBe('accepted');
    expect(record.acceptance).toMatchObject({
      at: acceptedAt,
      fullName: ACCEPTANCE.fullName,
      consents: { understood: true, accept: true, instruct: true, electronic: true },
      termsVersion: record.content.terms.version,
      contentSha256: sha256(contentDigestInput(record.content)),
      userAgent: 'TestBrowser/1.0',
      documentSha256,
    });
    expect(record.acceptance!.addressDigest).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(record)).not.toContain('192.0.2.');

    const staffPdf = await invokeRouted(
      engagements,
      new Request(new URL(`/api/engagements/${id}/document.pdf`, ORIGIN), { headers: { cookie: staff.cookie } }),
    );
    expect(staffPdf.status).toBe(200);
    expect(staffPdf.headers.get('content-type')).toBe('application/pdf');
    expect(sha256(await pdfOf(staffPdf))).toBe(documentSha256);
    const clientPdf = await invokeRouted(engage, new Request(new URL(`/api/engage/${token}/document.pdf`, ORIGIN)), {
      ip: ip(),
    });
    expect(clientPdf.status).toBe(200);
    expect(sha256(await pdfOf(clientPdf))).toBe(documentSha256);

    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: staff.cookie })).json;
    expect(detail.status).toBe('instructed');
    expect(detail.engagement).toMatchObject({ id, status: 'accepted', acceptedAt, documentSha256 });
    const instructed = detail.activity.filter((entry: { to?: string }) => entry.to === 'instructed');
    expect(instructed).toHaveLength(1);
    expect(instructed[0].text).toContain(ACCEPTANCE.fullName);

    // Once and never again.
    const again = await acceptJson(token, { ...ACCEPTANCE, fullName: 'Someone Else' });
    expect(again.status).toBe(409);
    expect((await getEngagement(id))!.record.acceptance!.fullName).toBe(ACCEPTANCE.fullName);
  });

  it('refuses a missing name or consent with field errors, recording nothing', async () => {
    const { id, token } = await sentEngagement();
    const missing = await acceptJson(token, { fullName: '  ', understood: true, accept: false });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fieldErrors).sort()).toEqual(['accept', 'electronic', 'fullName', 'instruct']);
    expect((await getEngagement(id))!.record.acceptance).toBeUndefined();
  });

  it('refuses a revoked, a resent-old and an unknown link', async () => {
    const { id, token } = await sentEngagement();
    const resent = await call(engagements, 'POST', `/api/engagements/${id}/resend`, { cookie: staff.cookie });
    expect((await acceptJson(token, ACCEPTANCE)).status).toBe(410);
    const newToken = new URL(resent.json.url).pathname.split('/').pop()!;
    await call(engagements, 'POST', `/api/engagements/${id}/revoke`, { cookie: staff.cookie });
    expect((await acceptJson(newToken, ACCEPTANCE)).status).toBe(410);
    expect((await acceptJson('x'.repeat(43), ACCEPTANCE)).status).toBe(404);
    expect((await getEngagement(id))!.record.acceptance).toBeUndefined();
  });

  it('takes a plain form post: 303 back to the page, which then shows the acceptance', async () => {
    const { token } = await sentEngagement();
    const bad = await acceptForm(token, { fullName: 'Ada Form', understood: 'true' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/html');
    const html = await bad.text();
    expect(html).toContain('value="Ada Form"');
    expect(html).toContain('aria-invalid="true"');

    const good = await acceptForm(token, {
      fullName: 'Ada Form',
      understood: 'true',
      accept: 'true',
      instruct: 'true',
      electronic: 'true',
    });
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe(`/engage/${token}`);
    const pageAfter = await invokeRouted(engage, new Request(new URL(`/engage/${token}`, ORIGIN)), { ip: ip() });
    expect(pageAfter.status).toBe(200);
    const shown = await pageAfter.text();
    expect(shown).toContain('You accepted this costs agreement');
    expect(shown).toContain(`/api/engage/${token}/document.pdf`);
    expect(shown).not.toContain('name="fullName"');
    // A second post of the same form (a double submit) lands on the same page.
    const twice = await acceptForm(token, {
      fullName: 'Ada Form',
      understood: 'true',
      accept: 'true',
      instruct: 'true',
      electronic: 'true',
    });
    expect(twice.status).toBe(303);
  });

  it('serves the page with the link-safe headers and the site policy; unknown links get the one 404 page', async () => {
    const { token } = await sentEngagement();
    const shown = await invokeRouted(engage, new Request(new URL(`/engage/${token}`, ORIGIN)), { ip: ip() });
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.headers.get('x-robots-tag')).toContain('noindex');
    expect(shown.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(shown.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const unknown = await invokeRouted(engage, new Request(new URL(`/engage/${'Z'.repeat(43)}`, ORIGIN)), { ip: ip() });
    const other = await invokeRouted(engage, new Request(new URL('/engage/nonsense', ORIGIN)), { ip: ip() });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(await other.text());
  });

  it('records exactly one of two acceptances racing in separate processes', async () => {
    const { enquiryId, id, token } = await sentEngagement();
    const answers = await racers.race((racer) => [
      {
        fn: 'engage',
        method: 'POST',
        path: `/api/engage/${token}/accept`,
        body: { ...ACCEPTANCE, fullName: `Racer ${racer}` },
      },
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const { record } = (await getEngagement(id))!;
    expect(record.acceptance!.documentSha256).toBe(winner.json.documentSha256);
    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: staff.cookie })).json;
    expect(detail.activity.filter((entry: { to?: string }) => entry.to === 'instructed')).toHaveLength(1);
  });

  it('keeps the winner’s PDF when the loser of the race made the very same bytes', async () => {
    // Same name, browser and network in the same millisecond: both racers render one PDF,
    // stored under one hash. Raced through the store's conditional write, a few times over.
    const at = Date.now();
    for (let round = 0; round < 3; round++) {
      const { id, token } = await sentEngagement();
      const accept = () =>
        call(engage, 'POST', `/api/engage/${token}/accept`, {
          body: ACCEPTANCE,
          context: { ip: '192.0.2.250' },
          headers: { 'user-agent': 'TestBrowser/1.0' },
        });
      const frozen = vi.spyOn(Date, 'now').mockReturnValue(at + round);
      let answers;
      try {
        answers = await Promise.all([accept(), accept()]);
      } finally {
        frozen.mockRestore();
      }
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const { record } = (await getEngagement(id))!;
      const pdf = await invokeRouted(
        engagements,
        new Request(new URL(`/api/engagements/${id}/document.pdf`, ORIGIN), { headers: { cookie: staff.cookie } }),
      );
      expect(pdf.status).toBe(200);
      expect(sha256(await pdfOf(pdf))).toBe(record.acceptance!.documentSha256);
    }
  });

  it('sends exactly one of two engagements sent at once from separate processes', async () => {
    const enquiryId = await anEnquiry({ firstName: 'Dee', lastName: 'Double', email: 'dee@example.com' });
    const answers = await racers.race(() => [
      {
        fn: 'engagements',
        method: 'POST',
        path: `/api/contact-requests/${enquiryId}/engagement`,
        body: {},
        cookie: staff.cookie,
      },
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it('leaves the enquiry to staff once instructed: the job does not move it back', async () => {
    const { enquiryId, token } = await sentEngagement();
    expect((await acceptJson(token, ACCEPTANCE)).status).toBe(200);
    const lost = await call(enquiries, 'PATCH', `/api/contact-requests/${enquiryId}`, {
      cookie: staff.cookie,
      body: { status: 'lost', lostReason: 'The client withdrew' },
    });
    expect(lost.json.status).toBe('lost');
    await runEngagementJobs(ORIGIN, async () => false, false);
    const detail = (await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: staff.cookie })).json;
    expect(detail.status).toBe('lost');
    expect(detail.activity.filter((entry: { to?: string }) => entry.to === 'instructed')).toHaveLength(1);
  });

  it('opens a real link from a network that made six bogus guesses, and many times at once', async () => {
    const { token } = await sentEngagement();
    const from = '203.0.113.78';
    const open = (t: string) =>
      invokeRouted(engage, new Request(new URL(`/api/engage/${t}`, ORIGIN)), { ip: from }).then((r) => r.status);
    const guesses = [];
    for (let n = 0; n < 6; n++) guesses.push(await open(`${'B'.repeat(42)}${n}`));
    expect(guesses).toEqual([404, 404, 404, 404, 404, 429]);
    expect(await open(token)).toBe(200);
    // The page, its PDF link, a refresh, another tab: none of them is a guess.
    expect(await Promise.all(Array.from({ length: 8 }, () => open(token)))).toEqual(Array(8).fill(200));
    const page = await invokeRouted(engage, new Request(new URL(`/engage/${token}`, ORIGIN)), { ip: from });
    expect(page.status).toBe(200);
    expect(await open(`${'B'.repeat(42)}z`)).toBe(429);
  });

  it('keeps counting guesses from a network that also opens a real link', async () => {
    const { token } = await sentEngagement();
    const from = '203.0.113.77';
    const open = (t: string) =>
      invokeRouted(engage, new Request(new URL(`/api/engage/${t}`, ORIGIN)), { ip: from }).then((r) => r.status);
    for (let n = 0; n < 4; n++) expect(await open(`${'G'.repeat(42)}${n}`)).toBe(404);
    expect(await open(token)).toBe(200);
    expect(await open(`${'G'.repeat(42)}x`)).toBe(404);
    expect(await open(`${'G'.repeat(42)}y`)).toBe(429);
  });
});

describe('the signed copy by e-mail', () => {
  const { mails } = useSmtp();

  it('says the agreement is accepted and work starts once identity is verified, never that the practice is acting', async () => {
    const { token, email } = await sentEngagement();
    expect((await acceptJson(token, ACCEPTANCE)).status).toBe(200);
    // The enquiry's acknowledgement and the costs agreement came first, to the same address.
    const signedCopy = async () => {
      const texts = await Promise.all(mails.map(async (mail) => ({ mail, text: await readableText(mail) })));
      return texts.filter(({ text }) => text.startsWith('Your signed costs agreement'));
    };
    await vi.waitFor(async () => expect(await signedCopy()).toHaveLength(1), { timeout: 15_000 });
    const [{ mail, text: raw }] = (await signedCopy()) as [{ mail: (typeof mails)[number]; text: string }];
    expect(mail.to).toEqual([email]);
    const text = raw.replace(/\s+/g, ' ');
    expect(text).toContain('you accepted our costs disclosure and costs agreement for your matter');
    expect(text).toContain('we start work on your matter once we have verified your identity');
    expect(text).toContain('Continue to your identity details');
    expect(text).not.toMatch(/acting for you|act for you/i);
  });
});
