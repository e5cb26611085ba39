/**
 * Joint clients and variations: each joint client accepts for themselves through their own
 * link, and the engagement is accepted only once every one has; an accepted engagement is
 * varied by an updated disclosure the client accepts the same way, and both stay on record.
 * Real handlers over a real local Blobs server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import engage from '#functions/engage.ts';
import engagements from '#functions/engagements.ts';
import enquiries from '#functions/enquiries.ts';
import { openStore } from '#server/repositories/blobs.ts';
import { getEngagement } from '#server/repositories/engagements-store.ts';
import { ACCEPTANCE, anAcceptedEngagement, anEnquiry, aSentEngagement } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

const staffCall = (method: string, path: string, body?: unknown) =>
  call(engagements, method, path, { cookie: staff.cookie, body });
const send = (enquiryId: string, body: unknown = {}) =>
  staffCall('POST', `/api/contact-requests/${enquiryId}/engagement`, body);
const vary = (id: string, body: unknown) => staffCall('POST', `/api/engagements/${id}/variation`, body);
const detail = async (enquiryId: string) =>
  (await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: staff.cookie })).json;
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

let network = 0;
const ip = () => `203.0.113.${++network}`;
const accept = (token: string, fullName: string) =>
  call(engage, 'POST', `/api/engage/${token}/accept`, {
    body: { ...ACCEPTANCE, fullName },
    context: { ip: ip() },
  });
const view = (token: string) => call(engage, 'GET', `/api/engage/${token}`, { context: { ip: ip() } });

/**
 * A person no other test uses: the same enquiry twice within minutes is one enquiry (the
 * desk's repeat rule), and one accepted engagement per enquiry would refuse the next.
 */
let people = 0;
const person = () => ({ email: `variation.${++people}@example.com` });

const COUPLE = [
  { name: 'Ada Client', email: 'ada@example.com' },
  { name: 'Bo Client', email: 'bo@example.com' },
];

describe('joint clients', () => {
  it('gives each client their own link, and accepts the engagement only once both have', async () => {
    const enquiryId = await anEnquiry(person());
    const sent = await send(enquiryId, { clients: COUPLE });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    // Without SMTP no link went out: each client's link is in the answer, for staff to pass on.
    expect(sent.json.clients).toMatchObject([
      { name: 'Ada Client', email: 'ada@example.com', emailed: false },
      { name: 'Bo Client', email: 'bo@example.com', emailed: false },
    ]);
    const [ada, bo] = sent.json.clients.map((client: { url: string }) => tokenOf(client.url));
    expect(ada).not.toBe(bo);

    const first = await accept(ada, 'Ada Client');
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.status).toBe('waiting-for-others');
    let seen = await detail(enquiryId);
    expect(seen.engagement.status).not.toBe('accepted');
    expect(seen.engagement.acceptedAt).toBeUndefined();
    expect(seen.engagement.clients[0].acceptedAt).toBe(first.json.acceptedAt);
    expect(seen.engagement.clients[1].acceptedAt).toBeUndefined();
    expect(seen.status).not.toBe('instructed');
    // Ada's page says she accepted and who is still to; Bo's still asks him to accept.
    expect((await view(ada)).json).toMatchObject({
      youAcceptedAt: first.json.acceptedAt,
      clients: [
        { name: 'Ada Client', accepted: true },
        { name: 'Bo Client', accepted: false },
      ],
    });
    expect((await view(bo)).json.youAcceptedAt).toBeUndefined();
    // One acceptance each: Ada cannot accept for Bo by accepting again.
    expect((await accept(ada, 'Ada Client')).status).toBe(409);

    const second = await accept(bo, 'Bo Client');
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json.status).toBe('accepted');
    seen = await detail(enquiryId);
    expect(seen.engagement.status).toBe('accepted');
    expect(seen.status).toBe('instructed');

    // Each acceptance is recorded on its own; the engagement's signed copy is the last one's
    // PDF, which prints both.
    const { record } = (await getEngagement(sent.json.id))!;
    expect(record.clients.map((client) => client.acceptance?.fullName)).toEqual(['Ada Client', 'Bo Client']);
    expect(record.acceptance?.documentSha256).toBe(record.clients[1]!.acceptance!.documentSha256);
    expect(record.clients[0]!.acceptance!.documentSha256).not.toBe(record.acceptance?.documentSha256);
    const pdf = await staffCall('GET', `/api/engagements/${sent.json.id}/document.pdf`);
    expect(pdf.status).toBe(200);
  });

  it('reads a record stored before joint clients as one client, whose link still opens and accepts', async () => {
    const sent = await aSentEngagement(staff, { enquiry: person() });
    const { record } = (await getEngagement(sent.id))!;
    const [only] = record.clients;
    // The shape every engagement had before joint clients: the client's link and details at the top.
    const { clients: _clients, ...rest } = record;
    const legacy = { ...rest, tokenHash: only!.tokenHash, clientEmail: only!.email, clientName: only!.name };
    await openStore('engagements').setJSON(`records/${sent.id}`, legacy);

    expect((await view(sent.token)).status).toBe(200);
    const accepted = await accept(sent.token, 'Ada Client');
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    expect(accepted.json.status).toBe('accepted');
    const after = (await getEngagement(sent.id))!.record;
    expect(after.clients).toMatchObject([
      { name: only!.name, email: only!.email, acceptance: { fullName: 'Ada Client' } },
    ]);
    expect(after.acceptance?.documentSha256).toBe(after.clients[0]!.acceptance!.documentSha256);
  });

  it('takes one to four clients, each with their own address', async () => {
    const enquiryId = await anEnquiry(person());
    const five = Array.from({ length: 5 }, (_, n) => ({ name: `Client ${n}`, email: `c${n}@example.com` }));
    expect((await send(enquiryId, { clients: five })).status).toBe(400);
    expect((await send(enquiryId, { clients: [] })).status).toBe(400);
    const shared = [COUPLE[0], { name: 'Bo Client', email: 'ADA@example.com' }];
    expect((await send(enquiryId, { clients: shared })).status).toBe(400);
    expect((await send(enquiryId, { clients: [{ name: 'Ada', email: 'not an address' }] })).status).toBe(400);
  });
});

describe('variations', () => {
  const REASON = 'The property is a vacant block, not an established home: a different duty and more searches.';

  it('sends an updated disclosure over an accepted engagement; accepted, both stay on record and the desk shows the current', async () => {
    const original = await anAcceptedEngagement(staff, { enquiry: person() });
    const varied = await vary(original.id, {
      reason: REASON,
      quote: { price: 950000, role: 'buying', propertyType: 'established', contractDate: '2026-11-20' },
    });
    expect(varied.status, JSON.stringify(varied.json)).toBe(201);
    expect(varied.json.variationOf).toBe(original.id);
    expect(varied.json.id).not.toBe(original.id);
    const token = tokenOf(varied.json.url);

    // The disclosure opens with what changed and why.
    const shown = (await view(token)).json;
    expect(shown.disclosure[0].heading).toBe('What has changed, and why');
    expect(shown.disclosure[0].paragraphs).toContain(`Why: ${REASON}`);
    expect(shown.disclosure[0].paragraphs.join(' ')).toMatch(/Estimated transfer duty: was \$[\d,.]+, now \$[\d,.]+/);

    // While it is open, a second variation waits (409), and an open one cannot be varied.
    expect((await vary(original.id, { reason: 'Again' })).status).toBe(409);
    expect((await vary(varied.json.id, { reason: 'Again' })).status).toBe(409);
    // Nor does a fresh engagement bypass the accepted one.
    expect((await send(original.enquiryId, { replace: true })).status).toBe(409);

    let seen = await detail(original.enquiryId);
    expect(seen.engagement).toMatchObject({ id: varied.json.id, status: 'viewed', variationOf: original.id });
    expect(seen.engagementHistory).toMatchObject([{ id: original.id, status: 'accepted' }]);

    const accepted = await accept(token, 'Ada Client');
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    seen = await detail(original.enquiryId);
    expect(seen.engagement).toMatchObject({ id: varied.json.id, status: 'accepted', variationReason: REASON });
    expect(seen.engagementHistory).toMatchObject([{ id: original.id, status: 'accepted' }]);
    expect(
      seen.activity.some((entry: { text?: string }) => entry.text === 'Variation accepted online by Ada Client'),
    ).toBe(true);
    // Both acceptances are kept, each with its own signed copy.
    const before = (await getEngagement(original.id))!.record;
    const after = (await getEngagement(varied.json.id))!.record;
    expect(before.acceptance?.documentSha256).toBeDefined();
    expect(after.acceptance?.documentSha256).toBeDefined();
    expect(after.acceptance?.documentSha256).not.toBe(before.acceptance?.documentSha256);

    // The earlier version is no longer in force: the current one is what a new variation varies.
    expect((await vary(original.id, { reason: 'Again' })).status).toBe(409);
    expect((await vary(varied.json.id, { reason: 'Settlement moved' })).status).toBe(201);
  });

  it('needs what changed and why, an accepted engagement, and staff', async () => {
    const original = await anAcceptedEngagement(staff, { enquiry: person() });
    const bare = await vary(original.id, {});
    expect(bare.status).toBe(400);
    expect(bare.json.fieldErrors.reason).toEqual(['Please say what changed and why']);
    const anonymous = await call(engagements, 'POST', `/api/engagements/${original.id}/variation`, {
      body: { reason: REASON },
    });
    expect(anonymous.status).toBe(401);

    const enquiryId = await anEnquiry(person());
    const open = await send(enquiryId);
    const refused = await vary(open.json.id, { reason: REASON });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe('Only an accepted engagement can be varied. Resend or replace this one instead.');
  });

  it('replaces an open variation when asked, ending its link', async () => {
    const original = await anAcceptedEngagement(staff, { enquiry: person() });
    const first = await vary(original.id, { reason: REASON });
    const second = await vary(original.id, { reason: `${REASON} Also a rush.`, replace: true });
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    expect((await view(tokenOf(first.json.url))).status).toBe(410);
    const seen = await detail(original.enquiryId);
    expect(seen.engagement.id).toBe(second.json.id);
  });
});
