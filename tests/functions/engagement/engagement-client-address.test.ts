/**
 * Clients' addresses stay the clients': once a client has accepted, a variation goes only to
 * the addresses that accepted (a member of staff cannot send it to their own mailbox in the
 * client's name), and changing an accepted client's address is a principal's act that tells
 * the old address at once, without the new one, and is audited with its reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import audit from '#functions/audit.ts';
import engage from '#functions/engage.ts';
import engagements from '#functions/engagements.ts';
import { getEngagement } from '#server/repositories/engagements-store.ts';
import { ACCEPTANCE, anAcceptedEngagement, anEnquiry, aSentEngagement } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { linkMailedTo, readableText, useSmtp } from '../smtp.ts';

useBlobs();
const { mails } = useSmtp();

let principal: { cookie: string; id: string };
let staff: { cookie: string };
beforeAll(async () => {
  principal = await signedInStaff('principal');
  staff = await signedInStaff('staff');
});

let people = 0;
const client = () => `address.${++people}@client.example`;
const REASON = 'Fee corrected';
const vary = (cookie: string, id: string, clients?: { name: string; email: string }[]) =>
  call(engagements, 'POST', `/api/engagements/${id}/variation`, {
    cookie,
    body: { reason: REASON, ...(clients && { clients }) },
  });
const changeAddress = (cookie: string, id: string, index: number, body: unknown) =>
  call(engagements, 'POST', `/api/engagements/${id}/clients/${index}/address`, { cookie, body });

describe('a variation of an accepted engagement', () => {
  it("is refused (409) when it names an address that did not accept, even with the client's name", async () => {
    const email = client();
    const accepted = await anAcceptedEngagement(staff, { enquiry: { email } });
    const name = (await getEngagement(accepted.id))!.record.clients[0]!.name;
    const redirected = await vary(staff.cookie, accepted.id, [{ name, email: 'me.staff@staff.example' }]);
    expect(redirected.status).toBe(409);
    expect(redirected.json.error).toMatch(/goes only to the addresses that accepted/);
    expect(redirected.json.error).toMatch(/a principal changes it/);
    // No variation was made, and nothing went to the other mailbox.
    expect(mails.some((mail) => mail.to.includes('me.staff@staff.example'))).toBe(false);
    // The accepted address (however it is written) or none at all: the variation goes out.
    const same = await vary(staff.cookie, accepted.id, [{ name, email: `  ${email.toUpperCase()} ` }]);
    expect(same.status, JSON.stringify(same.json)).toBe(201);
  });
});

describe("changing an accepted client's address", () => {
  it('is a principal’s (403 staff); tells the old address without the new one; audited with the reason', async () => {
    const email = client();
    const accepted = await anAcceptedEngagement(staff, { enquiry: { email } });
    const body = { email: 'new.home@client.example', reason: 'Client phoned: new mailbox' };
    expect((await changeAddress(staff.cookie, accepted.id, 0, body)).status).toBe(403);
    mails.length = 0;
    const changed = await changeAddress(principal.cookie, accepted.id, 0, body);
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.clients[0].email).toBe('new.home@client.example');
    await expect.poll(() => mails.length).toBe(1);
    expect(mails[0]!.to).toEqual([email]);
    const text = await readableText(mails[0]!);
    expect(text).toContain('was changed');
    expect(text).toContain('If you did not ask for this, please call us');
    expect(text).not.toContain('new.home');
    // No link went to the new address: that waits for staff to resend.
    expect(mails.some((mail) => mail.to.includes('new.home@client.example'))).toBe(false);
    const entries = (await call(audit, 'GET', '/api/audit?action=engagement&limit=50', { cookie: principal.cookie }))
      .json.entries as { action: string; target: string; byId: string }[];
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'engagement.client-address',
        target: `${accepted.enquiryId} (client 1: Client phoned: new mailbox)`,
        byId: principal.id,
      }),
    );
    // Now the variation may go to the new address, and not to the old one.
    const name = changed.json.clients[0].name;
    expect((await vary(staff.cookie, accepted.id, [{ name, email }])).status).toBe(409);
    expect((await vary(staff.cookie, accepted.id, [{ name, email: 'new.home@client.example' }])).status).toBe(201);
  });

  it('refuses a client who has not accepted (409), the same address (400) and no such client (404)', async () => {
    const email = client();
    const sent = await aSentEngagement(staff, { enquiry: { email } });
    const body = { email: 'other@client.example', reason: 'Typo' };
    expect((await changeAddress(principal.cookie, sent.id, 0, body)).status).toBe(409);
    const accepted = await anAcceptedEngagement(staff, { enquiry: { email: client() } });
    const record = (await getEngagement(accepted.id))!.record;
    const same = await changeAddress(principal.cookie, accepted.id, 0, {
      email: record.clients[0]!.email,
      reason: 'x',
    });
    expect(same.status).toBe(400);
    expect(same.json.fieldErrors.email).toBeDefined();
    expect((await changeAddress(principal.cookie, accepted.id, 3, body)).status).toBe(404);
    expect(
      (await changeAddress(principal.cookie, accepted.id, 0, { email: 'not an address', reason: 'x' })).status,
    ).toBe(400);
    expect((await changeAddress(principal.cookie, accepted.id, 0, { email: 'ok@client.example' })).status).toBe(400);
  });
});

describe('a joint client accepting', () => {
  it("must type their own name, not the other client's (400 fieldErrors.fullName); case and spaces aside", async () => {
    const enquiryId = await anEnquiry({ email: client() });
    const couple = [
      { name: 'Jack Joint', email: client() },
      { name: 'Jill Joint', email: client() },
    ];
    const sent = await call(engagements, 'POST', `/api/contact-requests/${enquiryId}/engagement`, {
      cookie: staff.cookie,
      body: { clients: couple },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const jack = new URL((await linkMailedTo(couple[0]!.email))!).pathname.split('/').pop()!;
    const accept = (fullName: string) =>
      call(engage, 'POST', `/api/engage/${jack}/accept`, {
        body: { ...ACCEPTANCE, fullName },
        context: { ip: `198.51.100.${++people}` },
      });
    const asJill = await accept('Jill Joint');
    expect(asJill.status).toBe(400);
    expect(asJill.json.fieldErrors.fullName).toEqual([
      "This link is Jack Joint's: type your own full name as it is here, Jack Joint",
    ]);
    expect((await getEngagement(sent.json.id))!.record.clients[0]!.acceptance).toBeUndefined();
    const asJack = await accept('  jack   JOINT ');
    expect(asJack.status, JSON.stringify(asJack.json)).toBe(200);
  });
});
