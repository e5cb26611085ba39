/**
 * Who may be responsible, and what Form 1 and the Electronic Transactions Act add to an
 * engagement: only a team member marked a solicitor (with a practising certificate number,
 * printed in the disclosure), the date and the client's name, fee lines before GST, the
 * consent to deal electronically recorded with the acceptance, and a draft PDF the client
 * can keep before accepting. Real handlers over a real local Blobs server.
 */
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import engage from '#functions/engage.ts';
import engagements from '#functions/engagements.ts';
import settings from '#functions/settings.ts';
import { getEngagement } from '#server/repositories/engagements-store.ts';
import { formatAudCents } from '#src/content/money.ts';
import { splitGst } from '#src/shared/engagement-document.ts';
import { computeQuote } from '#src/shared/quote.ts';
import {
  CERTIFICATE_NEEDS_SOLICITOR,
  PRACTISING_CERTIFICATE_FORMAT,
  SOLICITOR_NEEDS_CERTIFICATE,
} from '#src/shared/schemas/settings.ts';
import { ACCEPTANCE, anEnquiry, ENQUIRY } from '../fixtures/builders.ts';
import { aQuote } from '../fixtures/quote.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';
import { invokeRouted } from '../routing.ts';

useBlobs();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

const QUOTE = aQuote({ price: 900000, contractDate: '2026-11-20' });
const CLERK = { name: 'Casey Clerk', role: 'Settlement Coordinator', principal: false, solicitor: false };
const SOLICITOR = {
  name: 'Sol Icitor',
  role: 'Principal Solicitor',
  principal: true,
  solicitor: true,
  practisingCertificate: 'P0012345',
};

const current = async () => {
  const { updatedAt: _updatedAt, ...fields } = (await call(settings, 'GET', '/api/settings', { cookie: staff.cookie }))
    .json;
  return fields;
};
const saveTeam = async (team: unknown[]) =>
  call(settings, 'PUT', '/api/settings', { cookie: staff.cookie, body: { ...(await current()), team } });
const send = (id: string, body: unknown = {}) =>
  call(engagements, 'POST', `/api/contact-requests/${id}/engagement`, { cookie: staff.cookie, body });
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
let network = 0;
const clientIp = () => `203.0.113.${++network}`;
const client = (method: string, path: string, body?: unknown) =>
  call(engage, method, path, { body, context: { ip: clientIp() } });
/** A PDF as the client's browser downloads it, byte for byte. */
const download = async (path: string) => {
  const response = await invokeRouted(engage, new Request(new URL(path, ORIGIN)), { ip: clientIp() });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
};

describe('solicitors in Settings', () => {
  it('marks a member a solicitor only with a practising certificate number of the accepted shape', async () => {
    const refused = await saveTeam([{ ...SOLICITOR, practisingCertificate: undefined }]);
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors.team).toEqual([SOLICITOR_NEEDS_CERTIFICATE]);
    const malformed = await saveTeam([{ ...SOLICITOR, practisingCertificate: 'PC #12' }]);
    expect(malformed.json.fieldErrors.team).toEqual([PRACTISING_CERTIFICATE_FORMAT]);
    const noDigit = await saveTeam([{ ...SOLICITOR, practisingCertificate: 'ABC' }]);
    expect(noDigit.json.fieldErrors.team).toEqual([PRACTISING_CERTIFICATE_FORMAT]);
    const clerkWithNumber = await saveTeam([{ ...CLERK, practisingCertificate: '12345' }]);
    expect(clerkWithNumber.json.fieldErrors.team).toEqual([CERTIFICATE_NEEDS_SOLICITOR]);
    const saved = await saveTeam([CLERK, { ...SOLICITOR, practisingCertificate: ' 12345/2026 ' }]);
    expect(saved.status).toBe(200);
    expect(saved.json.team[1]).toMatchObject({ solicitor: true, practisingCertificate: '12345/2026' });
    expect(saved.json.team[0]).toMatchObject({ solicitor: false });
    expect(saved.json.team[0]).not.toHaveProperty('practisingCertificate');
  });
});

describe('the responsible solicitor', () => {
  it('refuses a team member who is not a solicitor (400 naming the field), and takes a solicitor', async () => {
    expect((await saveTeam([CLERK, SOLICITOR])).status).toBe(200);
    const id = await anEnquiry({ quote: QUOTE });
    const refused = await send(id, { solicitor: CLERK.name });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors).toEqual({
      solicitor: [
        `${CLERK.name} is not marked a solicitor in Settings: only a solicitor with a practising certificate can be responsible`,
      ],
    });
    const sent = await send(id, { solicitor: SOLICITOR.name });
    expect(sent.status).toBe(201);
    const view = (await client('GET', `/api/engage/${tokenOf(sent.json.url)}`)).json;
    expect(view.solicitor).toEqual({
      name: SOLICITOR.name,
      role: SOLICITOR.role,
      practisingCertificate: SOLICITOR.practisingCertificate,
    });
    const page = await client('GET', `/engage/${tokenOf(sent.json.url)}`);
    expect(page.text).toContain('Practising certificate');
    expect(page.text).toContain(SOLICITOR.practisingCertificate);
  });

  it('without a choice takes the principal solicitor, never a non-solicitor listed first', async () => {
    expect(
      (
        await saveTeam([
          { ...CLERK, principal: true },
          { ...SOLICITOR, principal: false },
        ])
      ).status,
    ).toBe(200);
    const sent = await send(await anEnquiry({ quote: QUOTE }));
    expect(sent.status).toBe(201);
    expect((await getEngagement(sent.json.id))!.record.content.solicitor.name).toBe(SOLICITOR.name);
  });

  it('with no solicitor on the team names the practice itself, never a non-lawyer', async () => {
    expect((await saveTeam([{ ...CLERK, principal: true }])).status).toBe(200);
    const sent = await send(await anEnquiry({ quote: QUOTE }));
    expect(sent.status).toBe(201);
    const { solicitor, practice } = (await getEngagement(sent.json.id))!.record.content;
    expect(solicitor).toEqual({ name: practice.name, role: 'Law practice' });
  });
});

describe('Form 1 and dealing electronically', () => {
  it('dates the disclosure, names the client and states each fee before GST and with it', async () => {
    expect((await saveTeam([SOLICITOR])).status).toBe(200);
    const sent = await send(await anEnquiry({ quote: QUOTE }));
    const { disclosure, quote } = (await getEngagement(sent.json.id))!.record.content;
    const first = disclosure[0]!;
    expect(first.heading).toBe('Date and client');
    expect(first.paragraphs[0]).toMatch(/^Date provided to you: \d{1,2} [A-Z][a-z]+ 20\d\d$/);
    expect(first.paragraphs[1]).toBe(`Client: ${ENQUIRY.firstName} ${ENQUIRY.lastName}`);
    const fee = disclosure.find((section) => section.heading === 'Our professional fee (fixed)')!;
    const figures = computeQuote({ ...QUOTE }, { today: quote.inputs.contractDate! });
    for (const item of figures.feeItems) {
      expect(fee.paragraphs).toContain(
        `${item.label}: ${formatAudCents(splitGst(item.amount).exGst)} excluding GST (${formatAudCents(item.amount)} including GST)`,
      );
    }
  });

  it('refuses an acceptance without the consent to deal electronically, and records it with one', async () => {
    expect((await saveTeam([SOLICITOR])).status).toBe(200);
    const sent = await send(await anEnquiry({ quote: QUOTE }));
    const token = tokenOf(sent.json.url);
    const without = await client('POST', `/api/engage/${token}/accept`, { ...ACCEPTANCE, electronic: false });
    expect(without.status).toBe(400);
    expect(without.json.fieldErrors.electronic).toEqual(['Please confirm you agree to deal with us electronically']);
    const page = await client('GET', `/engage/${token}`);
    expect(page.text).toContain('I agree to receive, read and accept these documents electronically');
    expect((await client('POST', `/api/engage/${token}/accept`, ACCEPTANCE)).status).toBe(200);
    const { acceptance } = (await getEngagement(sent.json.id))!.record;
    expect(acceptance!.consents).toEqual({ understood: true, accept: true, instruct: true, electronic: true });
  });

  it('offers the client a draft PDF of the disclosure before accepting, on the same link', async () => {
    expect((await saveTeam([SOLICITOR])).status).toBe(200);
    const sent = await send(await anEnquiry({ quote: QUOTE }));
    const token = tokenOf(sent.json.url);
    const page = await client('GET', `/engage/${token}`);
    expect(page.text).toContain(`href="/api/engage/${token}/draft.pdf"`);
    expect(page.text).toContain('Download this disclosure (PDF)');
    const { response: draft, bytes } = await download(`/api/engage/${token}/draft.pdf`);
    expect(draft.status).toBe(200);
    expect(draft.headers.get('content-type')).toBe('application/pdf');
    expect(draft.headers.get('content-disposition')).toContain('draft.pdf');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getSubject()).toContain('not accepted');
    // The same bytes each time: the draft is dated when it was sent, not when it was fetched.
    const again = await download(`/api/engage/${token}/draft.pdf`);
    expect(Buffer.from(again.bytes).equals(Buffer.from(bytes))).toBe(true);
    // An unknown link gets no draft.
    expect((await client('GET', `/api/engage/${'x'.repeat(43)}/draft.pdf`)).status).toBe(404);
  });
});
