/**
 * The client's due diligence through the engagement link: the API (read, save a draft,
 * submit), the status rules, the form page without JavaScript (its parser, each button,
 * the refused submit), and that nothing the client types reaches the Blobs directory in
 * plain text. Real handlers and local Blobs; the engagement is sent and accepted through
 * the real functions first.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import engage from '../../../netlify/functions/engage.ts';
import engagements from '../../../netlify/functions/engagements.ts';
import engageCdd from '../../../netlify/functions/engage-cdd.ts';
import cdd from '../../../netlify/functions/cdd.ts';
import enquiries from '../../../netlify/functions/enquiries.ts';
import { applyAction, parseAction, parseCddForm } from '../../../netlify/functions/_shared/due-diligence/identity-form.ts';
import { cddNotYetPage, cddPage } from '../../../netlify/functions/_shared/pages/identity-page.tsx';
import {
  identityUnavailablePage,
  somethingWentWrongPage,
} from '../../../netlify/functions/_shared/pages/link-error-page.tsx';
import { collectionNotice } from '../../../src/content/amlctf.ts';
import { PRACTICE } from '../../../src/content/practice.ts';
import { getSettings } from '../../../netlify/functions/_shared/repositories/settings-store.ts';
import { resetCddKeyEnv } from '../../../netlify/functions/_shared/crypto/cdd-keys.ts';
import { getCdd, replaceCdd } from '../../../netlify/functions/_shared/repositories/due-diligence-store.ts';
import { listAudit } from '../../../netlify/functions/_shared/repositories/audit-store.ts';
import { AGENT_AUTHORITY_DETAILS, cddDraftSchema, type CddStatus } from '../../../src/shared/schemas/cdd.ts';
import { CDD_CLOSED } from '../../../src/shared/states/due-diligence.ts';
import { sydneyToday } from '../../../src/shared/sydney-time.ts';
import { resetClock, setClockTo } from '../../../src/shared/clock.ts';
import { ACCEPTANCE, aSentEngagement, anAcceptedEngagement, anEnquiry, ENQUIRY } from '../fixtures/builders.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';
import { attr, pageText, parsePage, textOf, type Element } from '../html.ts';
import { invokeRouted } from '../routing.ts';
import { validateHtml } from '../vnu.ts';

const blobs = useBlobs();

const KEY = randomBytes(32).toString('base64');
const useKey = (key: string) => {
  process.env.CDD_ENCRYPTION_KEY = key;
  resetCddKeyEnv();
};
beforeEach(() => useKey(KEY));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let staff: { cookie: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

// Distinctive details that appear nowhere else (the enquiry is Ada Client's, the acceptance Ada's).
const NAME = 'Ottoline Vexley-Quarrington';
const BIRTH = '1971-03-14';
const OWNER = 'Bartholomew Zanzibar-Oakes';
const OWNER_BIRTH = '1969-09-02';

const INDIVIDUAL = {
  type: 'individual',
  fullName: NAME,
  dateOfBirth: BIRTH,
  address: '12 Uncommonly Rd, Glebe NSW 2037',
  phone: '0412 345 678',
  email: 'ottoline@example.com',
};
const COMPANY = {
  type: 'company',
  name: 'Quarrington Holdings Pty Ltd',
  acnOrAbn: '123 456 789',
  registeredAddress: '1 Registered Pl, Sydney NSW 2000',
  principalPlace: '2 Business St, Parramatta NSW 2150',
  directors: [NAME],
  owners: [
    {
      fullName: OWNER,
      dateOfBirth: OWNER_BIRTH,
      address: '9 Owner Ave, Ryde NSW 2112',
      phone: '0400 999 888',
      email: 'bart@example.com',
    },
  ],
};
// The person acting for the customer (an attorney), as distinctive as the customer.
const AGENT_NAME = 'Wilhelmina Attorney-Prynne';
const AGENT_BIRTH = '1958-06-30';
const AGENT = {
  fullName: AGENT_NAME,
  dateOfBirth: AGENT_BIRTH,
  address: '4 Attorney Lane, Katoomba NSW 2780',
  phone: '0411 222 333',
  email: 'wilhelmina@example.com',
};
const ACTING = {
  value: true,
  authority: 'power-of-attorney',
  details: 'Enduring power of attorney dated 1 March 2025',
  agent: AGENT,
};
const AGENT_PREFIX = 'declarations.actingForAnother';

const DECLARATIONS = {
  actingForAnother: { value: false },
  pep: { value: false },
  foreignPerson: { value: false },
  purpose: 'home',
  sourceOfFunds: [{ kind: 'savings' }, { kind: 'loan', lender: 'Example Mutual Bank' }],
};

let network = 0;
const ip = () => `198.51.100.${(++network % 250) + 1}`;

/** An engagement sent to a buyer (or a seller), and by default accepted. */
function acceptedEngagement({ role = 'buying', accept = true }: { role?: string; accept?: boolean } = {}) {
  const enquiry =
    role === 'selling' ? { serviceType: 'residential-sale', quote: { ...ENQUIRY.quote, role: 'selling' } } : {};
  return (accept ? anAcceptedEngagement : aSentEngagement)(staff, { enquiry });
}

const api = (method: string, token: string, suffix = '', body?: unknown) =>
  call(engageCdd, method, `/api/engage/${token}/cdd${suffix}`, { body, context: { ip: ip() } });

/** The collection notice the API gives with every read (the practice's name as the tests' settings have it). */
const notice = collectionNotice(PRACTICE.name);

const getPage = async (token: string, query = '') => {
  const response = await invokeRouted(engageCdd, new Request(new URL(`/engage/${token}/identity${query}`, ORIGIN)), {
    ip: ip(),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
};

/** A browser's plain form post from the page (no JavaScript). */
async function postForm(token: string, fields: [string, string][]) {
  const request = new Request(new URL(`/engage/${token}/identity`, ORIGIN), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });
  const response = await invokeRouted(engageCdd, request, { ip: ip() });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const activityOf = async (enquiryId: string): Promise<{ type: string; text?: string }[]> =>
  (await call(enquiries, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: staff.cookie })).json.activity;

async function setStatus(enquiryId: string, status: CddStatus) {
  const found = (await getCdd(enquiryId))!;
  expect(await replaceCdd({ ...found.record, status, version: found.record.version + 1 }, found.etag)).toBe(true);
}

describe('joint clients', () => {
  it('opens once both have accepted, and a submission needs an individual for each of them', async () => {
    // A couple no other test uses (the same enquiry twice within minutes is one enquiry).
    const enquiryId = await anEnquiry({ email: 'joint.couple@example.com' });
    const sent = await call(engagements, 'POST', `/api/contact-requests/${enquiryId}/engagement`, {
      cookie: staff.cookie,
      body: {
        clients: [
          { name: 'Ada Client', email: 'ada@example.com' },
          { name: 'Bo Client', email: 'bo@example.com' },
        ],
      },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const [ada, bo] = sent.json.clients.map((client: { url: string }) =>
      new URL(client.url).pathname.split('/').pop()!,
    );
    const accept = (token: string, fullName: string) =>
      call(engage, 'POST', `/api/engage/${token}/accept`, {
        body: { ...ACCEPTANCE, fullName },
        context: { ip: ip() },
      });
    expect((await accept(ada, 'Ada Client')).status).toBe(200);
    // Not yet accepted by everyone: the identity details stay closed.
    expect((await api('GET', ada)).status).toBe(404);
    expect((await accept(bo, 'Bo Client')).status).toBe(200);

    // Each link's form starts with its own client: the name they accepted under and their
    // e-mail; the enquiry's phone is neither's (it came from another address).
    const prefilled = async (token: string) => {
      const form = parsePage((await getPage(token)).html);
      return ['fullName', 'email', 'phone'].map((key) => attr(form.byId(`parties.0.${key}`), 'value') ?? '');
    };
    expect(await prefilled(ada)).toEqual(['Ada Client', 'ada@example.com', '']);
    expect(await prefilled(bo)).toEqual(['Bo Client', 'bo@example.com', '']);

    const one = await api('POST', ada, '/submit', { parties: [INDIVIDUAL], declarations: DECLARATIONS });
    expect(one.status).toBe(400);
    expect(one.json.fieldErrors.parties).toEqual([
      'Please add the details of each person who accepted the costs agreement (Ada Client, Bo Client).',
    ]);
    const second = { ...INDIVIDUAL, fullName: 'Bo Client', email: 'bo@example.com' };
    const both = await api('POST', bo, '/submit', { parties: [INDIVIDUAL, second], declarations: DECLARATIONS });
    expect(both.status, JSON.stringify(both.json)).toBe(200);
  });
});

describe('the due-diligence API', () => {
  it('answers 404 on every call before the engagement is accepted, and for an unknown link', async () => {
    const { token } = await acceptedEngagement({ accept: false });
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PUT', '', { parties: [], declarations: {} }],
      ['POST', '/submit', undefined],
    ] as const) {
      const answer = await api(method, token, suffix, body);
      expect(answer.status, `${method} ${suffix}`).toBe(404);
      expect(answer.json).toEqual({ error: 'Your identity details open once you have accepted the costs agreement.' });
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const shown = await getPage(token);
    expect(shown.status).toBe(404);
    expect(shown.html).toContain('open once you have accepted the costs agreement');
    expect(shown.html).toContain(`href="/engage/${token}"`);
    expect((await api('GET', 'Z'.repeat(43))).status).toBe(404);
    expect((await getPage('Z'.repeat(43))).status).toBe(404);
  });

  it('answers 503 without CDD_ENCRYPTION_KEY in the client’s words and the practice’s phone; the setup goes to the log only', async () => {
    const { token } = await acceptedEngagement();
    useKey('');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const words = `Identity details can't be taken right now; please call us on ${(await getSettings()).phone}.`;
    for (const answer of [
      await api('GET', token),
      await api('PUT', token, '', { parties: [], declarations: {} }),
      await api('POST', token, '/submit'),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({ error: words });
    }
    const shown = await getPage(token);
    expect(shown.status).toBe(503);
    expect(shown.headers.get('content-type')).toContain('text/html');
    expect(pageText(shown.html)).toContain(words);
    const posted = await postForm(token, [['action', 'save']]);
    expect(posted.status).toBe(503);
    for (const text of [shown.html, posted.html]) {
      expect(text).not.toContain('CDD_ENCRYPTION_KEY');
      expect(text).not.toContain('openssl');
    }
    // The operator finds the instructions in the log.
    expect(logged.mock.calls.flat().join(' ')).toContain('CDD_ENCRYPTION_KEY is not set');
  });

  it('with a wrong key answers the identity page as an HTML error page, never JSON', async () => {
    const { token } = await acceptedEngagement();
    expect(
      (await api('PUT', token, '', { parties: [{ type: 'individual', fullName: NAME }], declarations: {} })).status,
    ).toBe(200);
    useKey(randomBytes(32).toString('base64'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const shown = await getPage(token);
    expect(shown.status).toBe(500);
    expect(shown.headers.get('content-type')).toContain('text/html');
    expect(shown.html).toMatch(/^<!DOCTYPE html>/i);
    expect(shown.html).toContain('Something went wrong');
    const posted = await postForm(token, [['action', 'save']]);
    expect(posted.status).toBe(500);
    expect(posted.headers.get('content-type')).toContain('text/html');
  });

  it('gives the collection notice (APP 5) in the API and on the page, one text', async () => {
    const { token } = await acceptedEngagement();
    const given = (await api('GET', token)).json.notice;
    const text = given.paragraphs.join(' ');
    // Who, why, the Act, AUSTRAC, what happens without, access and correction, the policy.
    expect(text).toContain(PRACTICE.name);
    expect(text).toContain('Anti-Money Laundering and Counter-Terrorism Financing Act 2006');
    expect(text).toContain('AUSTRAC');
    expect(text).toContain('we cannot act for you');
    expect(text).toMatch(/correct/);
    expect(given.privacyPolicy.href).toBe('/privacy');
    const shown = await getPage(token);
    const page = parsePage(shown.html);
    const section = textOf(page.byId('collection-notice-section'));
    for (const paragraph of given.paragraphs) expect(section).toContain(paragraph);
    expect(shown.html).toContain('href="/privacy"');
  });

  it('saves a partial draft and reads it back; the timeline says so once, without the details', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    expect((await api('GET', token)).json).toEqual({ status: 'not-started', parties: [], declarations: {}, notice });
    const partial = {
      parties: [{ type: 'individual', fullName: `  ${NAME} ` }],
      declarations: { pep: { value: false } },
    };
    const saved = await api('PUT', token, '', partial);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('x-robots-tag')).toContain('noindex');
    const expected = {
      status: 'in-progress',
      parties: [{ type: 'individual', fullName: NAME }],
      declarations: { pep: { value: false } },
    };
    expect(saved.json).toEqual(expected);
    expect((await api('GET', token)).json).toEqual({ ...expected, notice });
    const more = await api('PUT', token, '', { ...partial, parties: [{ ...INDIVIDUAL, phone: '' }] });
    expect(more.json.parties[0]).not.toHaveProperty('phone');
    const entries = (await activityOf(enquiryId)).filter((entry) => entry.text?.startsWith('Identity details'));
    expect(entries.map((entry) => entry.text)).toEqual(['Identity details saved by the client (draft)']);
    expect(JSON.stringify(await activityOf(enquiryId))).not.toContain('Vexley');
    // A PUT must carry the whole draft: a body without it would empty the draft.
    const slip = await api('PUT', token, '', { parties: [] });
    expect(slip.status).toBe(400);
    expect(Object.keys(slip.json.fieldErrors)).toEqual(['declarations']);
    expect((await api('GET', token)).json.parties).toHaveLength(1);
  });

  it("audits what a client reads and submits through their link as the client's act, without a detail", async () => {
    const { enquiryId, token } = await acceptedEngagement();
    const mine = async () =>
      (await listAudit())
        .filter((entry) => entry.target.startsWith(enquiryId) && entry.action.endsWith('.client'))
        .map((entry) => `${entry.by} ${entry.action} ${entry.target}`);
    // An empty form shows nothing of the client's: no entry.
    await api('GET', token);
    expect(await mine()).toEqual([]);
    expect((await api('PUT', token, '', { parties: [INDIVIDUAL], declarations: DECLARATIONS })).status).toBe(200);
    await api('GET', token);
    await getPage(token);
    expect((await api('POST', token, '/submit')).status).toBe(200);
    expect(await mine()).toEqual([
      `website cdd.read.client ${enquiryId} (client 1)`,
      `website cdd.read.client ${enquiryId} (client 1)`,
      `website cdd.submit.client ${enquiryId} (client 1)`,
    ]);
    expect(JSON.stringify(await listAudit())).not.toContain('Vexley');
  });

  it('refuses an incomplete submission with a message per field path, changing nothing', async () => {
    const { token } = await acceptedEngagement();
    const draft = {
      parties: [
        { ...INDIVIDUAL, dateOfBirth: undefined },
        { ...COMPANY, owners: [{ ...COMPANY.owners[0], fullName: '' }] },
      ],
      declarations: DECLARATIONS,
    };
    expect((await api('PUT', token, '', draft)).status).toBe(200);
    const refused = await api('POST', token, '/submit');
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('Please check the highlighted fields');
    expect(Object.keys(refused.json.fieldErrors).sort()).toEqual([
      'parties.0.dateOfBirth',
      'parties.1.owners.0.fullName',
    ]);
    expect((await api('GET', token)).json.status).toBe('in-progress');
  });

  it('notes the client’s saves on the timeline at most once an hour, and every submit', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    const body = { parties: [INDIVIDUAL], declarations: DECLARATIONS };
    const edited = { ...body, parties: [{ ...INDIVIDUAL, phone: '0499 000 222' }] };
    const texts = async () => (await activityOf(enquiryId)).map((entry) => entry.text);
    for (let cycle = 0; cycle < 20; cycle++) {
      expect((await api('PUT', token, '', cycle % 2 ? edited : body)).json.status).toBe('in-progress');
      expect((await api('POST', token, '/submit')).status).toBe(200);
    }
    expect((await texts()).filter((text) => text === 'Identity details saved by the client (draft)')).toHaveLength(1);
    expect((await texts()).filter((text) => text === 'Identity details submitted')).toHaveLength(20);

    // An hour on, a new spell of drafting is noted again.
    setClockTo(Date.now() + 61 * 60_000);
    try {
      expect((await api('PUT', token, '', body)).json.status).toBe('in-progress');
    } finally {
      resetClock();
    }
    expect((await texts()).filter((text) => text === 'Identity details saved by the client (draft)')).toHaveLength(2);
  });

  it('submits an individual and a company with one 25% owner; an edit goes back to in-progress; 409 once verified', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    const body = { parties: [INDIVIDUAL, COMPANY], declarations: DECLARATIONS };
    expect((await api('PUT', token, '', body)).status).toBe(200);
    const submitted = await api('POST', token, '/submit');
    expect(submitted.status).toBe(200);
    expect(submitted.json).toEqual({ status: 'submitted' });
    const read = (await api('GET', token)).json;
    expect(read.status).toBe('submitted');
    expect(read.parties[1].owners[0]).toMatchObject({ fullName: OWNER, dateOfBirth: OWNER_BIRTH });
    expect((await getCdd(enquiryId))!.record.submittedAt).toBeDefined();
    expect((await activityOf(enquiryId)).map((entry) => entry.text)).toContain('Identity details submitted');

    // Looking again changes nothing; an edit goes back to drafting; a submit with a body saves it.
    expect((await api('PUT', token, '', body)).json.status).toBe('submitted');
    const edited = { ...body, parties: [{ ...INDIVIDUAL, phone: '0499 000 111' }, COMPANY] };
    expect((await api('PUT', token, '', edited)).json.status).toBe('in-progress');
    expect((await api('POST', token, '/submit', body)).json).toEqual({ status: 'submitted' });
    expect((await api('GET', token)).json.parties[0].phone).toBe(INDIVIDUAL.phone);

    // Staff have it: the client can no longer change it.
    await setStatus(enquiryId, 'verified');
    expect((await api('PUT', token, '', edited)).status).toBe(409);
    expect((await api('POST', token, '/submit')).status).toBe(409);
    // And the link no longer shows the details it gave (they are kept for years).
    expect((await api('GET', token)).json).toEqual({ status: 'verified', parties: [], declarations: {}, notice });
    const shown = await getPage(token);
    expect(shown.html).toContain('Verified');
    expect(shown.html).not.toContain('<form');
    expect(shown.html).not.toContain(NAME);
    const posted = await postForm(token, [
      ['parties.0.type', 'individual'],
      ['parties.0.fullName', 'Changed'],
      ['action', 'save'],
    ]);
    expect(posted.status).toBe(409);
    expect(posted.html).toContain('Verified');
    expect(posted.html).not.toContain('<form');
    expect((await getCdd(enquiryId))!.record.parties[0]).toMatchObject({ fullName: NAME });
    await setStatus(enquiryId, 'awaiting-approval');
    expect((await api('PUT', token, '', edited)).status).toBe(409);
    // Rejected: the client may correct and resubmit.
    await setStatus(enquiryId, 'rejected');
    expect((await api('PUT', token, '', edited)).json.status).toBe('in-progress');
  });

  it('changes nothing once the matter is closed, whatever the status was: 409 with a message on every write', async () => {
    for (const status of ['in-progress', 'submitted', 'rejected'] as const) {
      const { enquiryId, token } = await acceptedEngagement();
      const body = { parties: [INDIVIDUAL, COMPANY], declarations: DECLARATIONS };
      expect((await api('PUT', token, '', body)).status).toBe(200);
      await setStatus(enquiryId, status);
      const closed = await call(cdd, 'POST', `/api/contact-requests/${enquiryId}/close`, {
        cookie: staff.cookie,
        body: { endedAt: sydneyToday() },
      });
      expect(closed.status).toBe(200);
      const before = (await getCdd(enquiryId))!.record;

      // The break found: a link still held emptied the record the law keeps.
      const emptied = await api('PUT', token, '', { parties: [], declarations: {} });
      expect(emptied.status).toBe(409);
      expect(emptied.json).toEqual({ error: CDD_CLOSED });
      expect((await api('POST', token, '/submit')).status).toBe(409);
      expect((await api('POST', token, '/submit', body)).json.error).toBe(CDD_CLOSED);
      const posted = await postForm(token, [
        ['parties.0.type', 'individual'],
        ['parties.0.fullName', 'Changed'],
        ['action', 'submit'],
      ]);
      expect(posted.status).toBe(409);
      expect(posted.html).toContain('Your matter has ended');
      expect(posted.html).not.toContain('<form');
      expect((await getCdd(enquiryId))!.record).toEqual(before);

      const shown = await getPage(token);
      expect(shown.html).toContain('Your matter has ended');
      expect(shown.html).not.toContain('<form');
      expect(shown.html).not.toContain(NAME);
    }
  });

  it('takes the person acting for the customer and their authority; a yes without them is refused under each field, a no keeps neither', async () => {
    const { token } = await acceptedEngagement();
    const acting = (actingForAnother: unknown) => ({
      parties: [INDIVIDUAL],
      declarations: { ...DECLARATIONS, actingForAnother },
    });
    expect((await api('PUT', token, '', acting({ value: true }))).status).toBe(200);
    const bare = await api('POST', token, '/submit');
    expect(bare.status).toBe(400);
    expect(bare.json.fieldErrors).toEqual({
      [`${AGENT_PREFIX}.details`]: [AGENT_AUTHORITY_DETAILS],
      [`${AGENT_PREFIX}.authority`]: ['Please choose the authority the person acts under'],
      [`${AGENT_PREFIX}.agent`]: ['Please give the details of the person acting for the customer'],
    });
    // Each of the person's fields is named as theirs, and they must be an adult.
    const halfAgent = { ...ACTING, agent: { fullName: ' ', dateOfBirth: '2010-01-01', address: AGENT.address } };
    const half = await api('POST', token, '/submit', acting(halfAgent));
    expect(half.json.fieldErrors).toEqual({
      [`${AGENT_PREFIX}.agent.fullName`]: ['Please enter the full name of the person acting for the customer'],
      [`${AGENT_PREFIX}.agent.dateOfBirth`]: ['The person acting for the customer must be 18 or over'],
      [`${AGENT_PREFIX}.agent.phone`]: ['Please enter a phone number for the person acting'],
      [`${AGENT_PREFIX}.agent.email`]: ['Please enter an e-mail address for the person acting'],
    });
    const other = await api('POST', token, '/submit', acting({ ...ACTING, authority: 'friend' }));
    expect(other.json.fieldErrors).toEqual({
      [`${AGENT_PREFIX}.authority`]: ['Please choose the authority the person acts under'],
    });

    expect((await api('POST', token, '/submit', acting(ACTING))).json).toEqual({ status: 'submitted' });
    expect((await api('GET', token)).json.declarations.actingForAnother).toEqual(ACTING);

    // A "no" submitted with the fields a draft held keeps neither the person nor the authority.
    const { token: other2 } = await acceptedEngagement();
    const no = { ...ACTING, value: false };
    expect((await api('POST', other2, '/submit', acting(no))).json).toEqual({ status: 'submitted' });
    expect((await api('GET', other2)).json.declarations.actingForAnother).toEqual({
      value: false,
      details: ACTING.details,
    });
  });

  it('refuses a customer of 17 (18 the next day) and takes one of 18 that day', async () => {
    // 12 noon in Sydney: the test runs far from midnight, on a day it chose.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-23T01:00:00.000Z'));
    const { token } = await acceptedEngagement();
    const young = { parties: [{ ...INDIVIDUAL, dateOfBirth: '2008-11-24' }], declarations: DECLARATIONS };
    const refused = await api('POST', token, '/submit', young);
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors['parties.0.dateOfBirth'][0]).toMatch(/must be 18 or over/);
    const adult = { parties: [{ ...INDIVIDUAL, dateOfBirth: '2008-11-23' }], declarations: DECLARATIONS };
    expect((await api('POST', token, '/submit', adult)).status).toBe(200);
  });

  it('asks no source of funds for a sale', async () => {
    const { enquiryId, token } = await acceptedEngagement({ role: 'selling' });
    const { sourceOfFunds: _, ...declarations } = DECLARATIONS;
    expect((await api('POST', token, '/submit', { parties: [INDIVIDUAL], declarations })).status).toBe(200);
    const buyer = await acceptedEngagement();
    const refused = await api('POST', buyer.token, '/submit', { parties: [INDIVIDUAL], declarations });
    expect(refused.json.fieldErrors).toEqual({
      'declarations.sourceOfFunds': [
        'Source of funds: please choose where the money for the purchase comes from (one or more)',
      ],
    });
    expect((await getCdd(enquiryId))!.record.status).toBe('submitted');
  });

  it('reads a record stored with one source of funds (as before several were asked) as a list of one, for the client and staff', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    expect((await api('POST', token, '/submit', { parties: [INDIVIDUAL], declarations: DECLARATIONS })).status).toBe(
      200,
    );
    const found = (await getCdd(enquiryId))!;
    const before = { kind: 'loan', lender: 'Old Style Bank' };
    const stored = { ...found.record, declarations: { ...found.record.declarations, sourceOfFunds: before } };
    expect(await replaceCdd(stored as unknown as typeof found.record, found.etag)).toBe(true);
    expect((await api('GET', token)).json.declarations.sourceOfFunds).toEqual([before]);
    const staffView = await call(cdd, 'GET', `/api/contact-requests/${enquiryId}/cdd`, { cookie: staff.cookie });
    expect(staffView.json.declarations.sourceOfFunds).toEqual([before]);
    expect(pageText((await getPage(token)).html)).toContain('A loan: Old Style Bank');
  });

  it('keeps both of two saves racing on one record: the loser retries on the fresh record', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        api('PUT', token, '', { parties: [{ type: 'individual', fullName: `Racer ${name}` }], declarations: {} }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const { record } = (await getCdd(enquiryId))!;
    expect(record.version).toBe(3);
  });
});

describe('nothing in plain text at rest', () => {
  it('finds neither the name nor the date of birth anywhere under the Blobs directory or in a backup, yet the client and staff APIs return them', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    await postForm(token, [
      ...Object.entries(INDIVIDUAL).map(([key, value]) => [`parties.0.${key}`, value] as [string, string]),
      ['parties.1.type', 'company'],
      ['parties.1.name', COMPANY.name],
      ['parties.1.acnOrAbn', COMPANY.acnOrAbn],
      ['parties.1.registeredAddress', COMPANY.registeredAddress],
      ['parties.1.principalPlace', COMPANY.principalPlace],
      ['parties.1.directors', NAME],
      ...Object.entries(COMPANY.owners[0]!).map(
        ([key, value]) => [`parties.1.owners.0.${key}`, value] as [string, string],
      ),
      ['declarations.actingForAnother.value', 'yes'],
      [`${AGENT_PREFIX}.authority`, ACTING.authority],
      [`${AGENT_PREFIX}.details`, ACTING.details],
      ...Object.entries(AGENT).map(([key, value]) => [`${AGENT_PREFIX}.agent.${key}`, value] as [string, string]),
      ['declarations.pep.value', 'no'],
      ['declarations.foreignPerson.value', 'no'],
      ['declarations.purpose', 'home'],
      ['declarations.sourceOfFunds.kind', 'savings'],
      ['action', 'submit'],
    ]);
    const read = await api('GET', token);
    expect(read.json.status).toBe('submitted');
    expect(read.json.declarations.actingForAnother.agent).toMatchObject({
      fullName: AGENT_NAME,
      dateOfBirth: AGENT_BIRTH,
    });
    expect(read.json.parties[0]).toMatchObject({ fullName: NAME, dateOfBirth: BIRTH });
    expect(read.json.parties[1].owners[0]).toMatchObject({ fullName: OWNER, dateOfBirth: OWNER_BIRTH });

    const files = readdirSync(blobs.directory(), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file).toString('latin1');
      for (const secret of [
        NAME,
        'Vexley',
        BIRTH,
        OWNER,
        'Zanzibar',
        OWNER_BIRTH,
        'Uncommonly Rd',
        AGENT_NAME,
        AGENT_BIRTH,
        'Attorney Lane',
      ]) {
        if (text.includes(secret)) found.push(`${secret} in ${file}`);
      }
    }
    expect(found).toEqual([]);

    // A backup (scripts/backup.ts, as run by hand) carries the ciphertext only.
    const root = mkdtempSync(path.join(tmpdir(), 'cdd-at-rest-'));
    try {
      const file = path.join(root, 'backup.jsonl');
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, BLOBS_DIR: blobs.directory() };
      const run = spawnSync(process.execPath, ['scripts/backup.ts', file], { env, encoding: 'utf8' });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      const decoded = lines.map((line) => {
        const entry = JSON.parse(line) as { data?: string };
        return line + (entry.data ? Buffer.from(entry.data, 'base64').toString('latin1') : '');
      });
      expect(decoded.some((text) => text.includes('due-diligence'))).toBe(true);
      for (const secret of [NAME, BIRTH, OWNER, OWNER_BIRTH, AGENT_NAME, AGENT_BIRTH]) {
        expect(decoded.filter((text) => text.includes(secret))).toEqual([]);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }

    // Staff read them decrypted (and the read is audited, tested in cdd-staff.test.ts).
    const cdd = (await import('../../../netlify/functions/cdd.ts')).default;
    const staffView = await call(cdd, 'GET', `/api/contact-requests/${enquiryId}/cdd`, { cookie: staff.cookie });
    expect(staffView.status).toBe(200);
    expect(staffView.json.parties[0]).toMatchObject({ fullName: NAME, dateOfBirth: BIRTH });
    expect(staffView.json.parties[1].owners[0]).toMatchObject({ fullName: OWNER, dateOfBirth: OWNER_BIRTH });
  });
});

describe('the form parser', () => {
  it('reads the post back into the draft’s shape, in index order, lists split per line', () => {
    const form = new URLSearchParams([
      ['parties.1.type', 'company'],
      ['parties.1.name', 'Acme Pty Ltd'],
      ['parties.1.directors', ' Jo Director \r\n\r\nSam Director\n'],
      ['parties.1.owners.1.fullName', 'Second Owner'],
      ['parties.1.owners.0.fullName', 'First Owner'],
      ['parties.1.owners.0.dateOfBirth', '1970-01-02'],
      ['parties.1.owners.0.shoeSize', '44'],
      ['parties.0.type', 'individual'],
      ['parties.0.fullName', 'Ivy Person'],
      ['parties.0.fullName', 'A repeat is ignored'],
      ['parties.0.name', 'not an individual’s field'],
      ['parties.99.type', 'individual'],
      ['parties.3.type', 'trust'],
      ['parties.3.beneficiaries', 'The settlor’s grandchildren'],
      ['declarations.pep.value', 'yes'],
      ['declarations.pep.details', 'My aunt, a senator'],
      ['declarations.foreignPerson.value', 'no'],
      ['declarations.actingForAnother.value', 'maybe'],
      ['declarations.purpose', 'investment'],
      // Several sources share one name; the lender goes with the loan, the details with nothing ticked for them.
      ['declarations.sourceOfFunds.kind', 'loan'],
      ['declarations.sourceOfFunds.kind', 'savings'],
      ['declarations.sourceOfFunds.kind', 'loan'],
      ['declarations.sourceOfFunds.lender', 'Bank'],
      ['declarations.sourceOfFunds.details', 'left from before'],
      ['action', 'add-owner:1'],
    ]);
    const { action, draft } = parseCddForm(form);
    expect(action).toEqual({ kind: 'add-owner', party: 1 });
    expect(draft).toEqual({
      parties: [
        { type: 'individual', fullName: 'Ivy Person' },
        {
          type: 'company',
          name: 'Acme Pty Ltd',
          directors: ['Jo Director', 'Sam Director'],
          owners: [{ fullName: 'First Owner', dateOfBirth: '1970-01-02' }, { fullName: 'Second Owner' }],
        },
        { type: 'trust', beneficiaries: ['The settlor’s grandchildren'], owners: [] },
      ],
      declarations: {
        pep: { value: true, details: 'My aunt, a senator' },
        foreignPerson: { value: false },
        purpose: 'investment',
        sourceOfFunds: [{ kind: 'savings' }, { kind: 'loan', lender: 'Bank' }],
      },
    });
    expect(cddDraftSchema.safeParse(draft).success).toBe(true);
  });

  it('reads each button, and saves on anything else', () => {
    expect(parseAction('submit')).toEqual({ kind: 'submit' });
    expect(parseAction('add-party:trust')).toEqual({ kind: 'add-party', type: 'trust' });
    expect(parseAction('remove-party:2')).toEqual({ kind: 'remove-party', party: 2 });
    expect(parseAction('remove-owner:1.3')).toEqual({ kind: 'remove-owner', party: 1, owner: 3 });
    for (const other of [
      null,
      '',
      'add-party:alien',
      'remove-party:',
      'remove-party:-1',
      'remove-owner:1',
      'add-owner:99',
      'x',
    ]) {
      expect(parseAction(other), String(other)).toEqual({ kind: 'save' });
    }
  });

  it('applies a button to the draft without touching the original', () => {
    const draft = cddDraftSchema.parse({
      parties: [{ type: 'company', owners: [{ fullName: 'A' }, { fullName: 'B' }] }],
    });
    const removed = applyAction(draft, { kind: 'remove-owner', party: 0, owner: 0 });
    expect(removed.draft.parties[0]).toMatchObject({ owners: [{ fullName: 'B' }] });
    expect(removed.anchor).toBe('party-0-owners');
    expect(draft.parties[0]).toMatchObject({ owners: [{ fullName: 'A' }, { fullName: 'B' }] });
    expect(applyAction(draft, { kind: 'add-party', type: 'individual' }).anchor).toBe('party-1');
    expect(applyAction(draft, { kind: 'add-owner', party: 0 }).anchor).toBe('party-0-owner-2');
    expect(applyAction(draft, { kind: 'add-owner', party: 5 }).draft).toBe(draft);
  });
});

describe('the identity page without JavaScript', () => {
  it('each button saves what was typed, does its step and lands where it changed', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    const first = await getPage(token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(first.html).toContain('name="parties.0.fullName"');
    expect(first.html).toContain('type="date"');
    expect(attr(parsePage(first.html).byId('parties.0.dateOfBirth'), 'autocomplete')).toBe('bday');
    expect(first.html).not.toContain('<script');
    // The first customer starts with what the practice knows: the accepted name, the e-mail, the enquiry's phone.
    const start = parsePage(first.html);
    expect(['fullName', 'email', 'phone'].map((key) => attr(start.byId(`parties.0.${key}`), 'value'))).toEqual([
      'Ada Client',
      'ada@example.com',
      '0400 111 222',
    ]);
    // Why we ask, once, folded away; then what to have ready and how long it takes.
    const text = pageText(first.html);
    expect(text.split('Why we ask').length - 1).toBe(1);
    expect(text).toContain('requires us to identify and verify each customer');
    expect(text).toContain('a current passport or Australian driver licence');
    expect(text).toContain('for a loan the lender’s name');
    expect(text).toContain('It takes about 10 minutes for each person');
    expect(text).toContain('within 2 business days');
    // The only customer cannot be removed.
    expect(first.html).not.toContain('remove-party');
    // Each "If yes…" box sits in its question, marked to show only once its choice is ticked (CSS :has()).
    // The box's field wrapper, then the box around it.
    const revealOf = (id: string) => attr((start.byId(id).parentNode as Element).parentNode as Element, 'class');
    expect(revealOf('declarations.pep.details')).toBe('reveal reveal-yes');
    expect(revealOf('declarations.purposeDetails')).toBe('reveal reveal-other');
    expect(revealOf('declarations.sourceOfFunds.lender')).toBe('reveal reveal-loan');
    expect(attr(start.byId('declarations.sourceOfFunds.kind-savings'), 'type')).toBe('checkbox');

    const typed: [string, string][] = [
      ['parties.0.type', 'individual'],
      ['parties.0.fullName', NAME],
    ];
    const added = await postForm(token, [...typed, ['action', 'add-party:company']]);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`/engage/${token}/identity#party-1`);
    expect(added.headers.get('referrer-policy')).toBe('no-referrer');
    const withCompany = (await getPage(token)).html;
    expect(withCompany).toContain(`value="${NAME}"`);
    // Two customers: each can be removed, and Enter in a field still saves (the first button).
    expect(withCompany).toContain('value="remove-party:0"');
    expect(withCompany.indexOf('value="save"')).toBeLessThan(withCompany.indexOf('value="remove-party:0"'));
    expect(withCompany).toContain('id="party-1"');
    expect(withCompany).toContain('name="parties.1.directors"');

    const company: [string, string][] = [...typed, ['parties.1.type', 'company'], ['parties.1.name', 'Acme Pty Ltd']];
    const owner = await postForm(token, [...company, ['action', 'add-owner:1']]);
    expect(owner.headers.get('location')).toBe(`/engage/${token}/identity#party-1-owner-0`);
    expect((await getPage(token)).html).toContain('name="parties.1.owners.0.dateOfBirth"');

    const removedOwner = await postForm(token, [
      ...company,
      ['parties.1.owners.0.fullName', 'X'],
      ['action', 'remove-owner:1.0'],
    ]);
    expect(removedOwner.headers.get('location')).toBe(`/engage/${token}/identity#party-1-owners`);
    expect((await api('GET', token)).json.parties[1].owners).toEqual([]);

    const removedParty = await postForm(token, [...company, ['action', 'remove-party:0']]);
    expect(removedParty.headers.get('location')).toBe(`/engage/${token}/identity#parties`);
    expect((await api('GET', token)).json.parties).toEqual([{ type: 'company', name: 'Acme Pty Ltd', owners: [] }]);

    const saved = await postForm(token, [...typed, ['declarations.pep.value', 'no'], ['action', 'save']]);
    expect(saved.headers.get('location')).toBe(`/engage/${token}/identity?saved=1#saved`);
    const savedPage = (await getPage(token, '?saved=1')).html;
    expect(savedPage).toContain('Your draft is saved');
    expect(attr(parsePage(savedPage).byId('declarations.pep.value-no'), 'checked')).toBe('');
    // Enter in a field submits with the first button, which must be "Save draft".
    expect(savedPage.indexOf('value="save"')).toBeLessThan(savedPage.indexOf('value="add-party:individual"'));
    expect(savedPage).not.toContain('remove-party');
    expect((await activityOf(enquiryId)).map((entry) => entry.text)).toContain(
      'Identity details saved by the client (draft)',
    );
  });

  it('shows a refused submit again (400) with a summary, each message under its field, and the values kept', async () => {
    const { token } = await acceptedEngagement();
    const refused = await postForm(token, [
      ['parties.0.type', 'individual'],
      ['parties.0.fullName', NAME],
      ['parties.0.dateOfBirth', ''],
      ['declarations.pep.value', 'yes'],
      ['action', 'submit'],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('text/html');
    const { html } = refused;
    expect(html).toContain('<title>Error: Your identity details');
    expect(html).toContain('role="alert"');
    const page = parsePage(html);
    const summaryLinks = page
      .all('a')
      .filter((link) => attr(link, 'href')?.startsWith('#'))
      .map((link) => [attr(link, 'href'), textOf(link)]);
    expect(summaryLinks).toContainEqual(['#parties.0.dateOfBirth', 'Please enter the date of birth']);
    expect(summaryLinks).toContainEqual([
      '#declarations.pep.details',
      'Please say who, and what public position is held',
    ]);
    expect(summaryLinks.map(([href]) => href)).toContain('#declarations.purpose-home');
    const birth = page.byId('parties.0.dateOfBirth');
    expect([attr(birth, 'type'), attr(birth, 'name'), attr(birth, 'autocomplete')]).toEqual([
      'date',
      'parties.0.dateOfBirth',
      'bday',
    ]);
    expect(attr(birth, 'aria-invalid')).toBe('true');
    expect(attr(birth, 'aria-describedby')).toBe('parties.0.dateOfBirth-error');
    expect(textOf(page.byId('parties.0.dateOfBirth-error'))).toBe('Please enter the date of birth');
    expect(attr(page.byId('parties.0.fullName'), 'value')).toBe(NAME);
    expect(attr(page.byId('declarations.pep.value-yes'), 'checked')).toBe('');
    // The draft was kept.
    expect((await api('GET', token)).json).toMatchObject({ status: 'in-progress', parties: [{ fullName: NAME }] });
  });

  it('asks the person acting and their authority under the question: a yes left empty names each of their fields, a no posts them empty and keeps nothing', async () => {
    const { token } = await acceptedEngagement();
    const first = parsePage((await getPage(token)).html);
    expect(attr(first.byId(`${AGENT_PREFIX}.agent.fullName`), 'autocomplete')).toBe('off');
    expect(attr(first.byId(`${AGENT_PREFIX}.authority-power-of-attorney`), 'type')).toBe('radio');
    const answers = (acting: 'yes' | 'no', agent: Record<string, string>): [string, string][] => [
      ...Object.entries(INDIVIDUAL).map(([key, value]) => [`parties.0.${key}`, value] as [string, string]),
      ['declarations.actingForAnother.value', acting],
      [`${AGENT_PREFIX}.details`, ''],
      ...Object.keys(AGENT).map((key) => [`${AGENT_PREFIX}.agent.${key}`, agent[key] ?? ''] as [string, string]),
      ['declarations.pep.value', 'no'],
      ['declarations.foreignPerson.value', 'no'],
      ['declarations.purpose', 'home'],
      ['declarations.sourceOfFunds.kind', 'savings'],
      ['action', 'submit'],
    ];
    const refused = await postForm(token, answers('yes', {}));
    expect(refused.status).toBe(400);
    const page = parsePage(refused.html);
    const summary = page
      .all('a')
      .filter((link) => attr(link, 'href')?.startsWith('#declarations.actingForAnother'))
      .map((link) => [attr(link, 'href'), textOf(link)]);
    expect(summary).toEqual([
      [`#${AGENT_PREFIX}.details`, AGENT_AUTHORITY_DETAILS],
      [`#${AGENT_PREFIX}.authority-power-of-attorney`, 'Please choose the authority the person acts under'],
      [`#${AGENT_PREFIX}.agent.fullName`, 'Please enter the full name of the person acting for the customer'],
      [`#${AGENT_PREFIX}.agent.dateOfBirth`, 'Please enter the date of birth of the person acting'],
      [`#${AGENT_PREFIX}.agent.address`, 'Please enter the residential address of the person acting'],
      [`#${AGENT_PREFIX}.agent.phone`, 'Please enter a phone number for the person acting'],
      [`#${AGENT_PREFIX}.agent.email`, 'Please enter an e-mail address for the person acting'],
    ]);
    expect(textOf(page.byId(`${AGENT_PREFIX}.agent.fullName-error`))).toBe(
      'Please enter the full name of the person acting for the customer',
    );

    const done = await postForm(token, [
      ...answers('yes', AGENT).filter(([key]) => key !== `${AGENT_PREFIX}.details`),
      [`${AGENT_PREFIX}.details`, ACTING.details],
      [`${AGENT_PREFIX}.authority`, ACTING.authority],
    ]);
    expect(done.status).toBe(303);
    expect((await api('GET', token)).json.declarations.actingForAnother).toEqual(ACTING);
    // Read back after submitting; the form again when the client asks to change it.
    expect(pageText((await getPage(token)).html)).toContain(`Yes: ${AGENT_NAME} (power of attorney)`);
    const shown = (await getPage(token, '?change=1')).html;
    expect(attr(parsePage(shown).byId(`${AGENT_PREFIX}.authority-power-of-attorney`), 'checked')).toBe('');

    const { token: nobody } = await acceptedEngagement();
    expect((await postForm(nobody, answers('no', {}))).status).toBe(303);
    expect((await api('GET', nobody)).json.declarations.actingForAnother).toEqual({ value: false });
  });

  it('submits a complete form: 303 to the confirmation, then the answers read back with what happens next; the engagement page follows', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    const engagementNext = async () => {
      const response = await invokeRouted(engage, new Request(new URL(`/engage/${token}`, ORIGIN)), { ip: ip() });
      const page = parsePage(await response.text());
      return {
        headings: page.all('h3').map(textOf),
        identityLink: page.all('a').find((a) => attr(a, 'href') === `/engage/${token}/identity`),
      };
    };
    const before = await engagementNext();
    expect(before.headings).toContain('Next: your identity details');
    expect(before.identityLink && textOf(before.identityLink)).toBe('Continue to your identity details');

    const done = await postForm(token, [
      ...Object.entries(INDIVIDUAL).map(([key, value]) => [`parties.0.${key}`, value] as [string, string]),
      ['declarations.actingForAnother.value', 'no'],
      ['declarations.pep.value', 'no'],
      ['declarations.foreignPerson.value', 'no'],
      ['declarations.purpose', 'home'],
      ['declarations.sourceOfFunds.kind', 'savings'],
      ['declarations.sourceOfFunds.kind', 'loan'],
      ['declarations.sourceOfFunds.lender', 'Example Mutual Bank'],
      ['action', 'submit'],
    ]);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/engage/${token}/identity#status`);
    expect((await api('GET', token)).json.declarations.sourceOfFunds).toEqual([
      { kind: 'savings' },
      { kind: 'loan', lender: 'Example Mutual Bank' },
    ]);
    const shown = await getPage(token);
    const text = pageText(shown.html);
    expect(text).toContain('You submitted your identity details on');
    expect(text).toContain('We will check them and contact you');
    expect(text).toContain('What happens next');
    // Read back, not a form: nothing below "Submitted" can be typed into.
    expect(shown.html).not.toContain('<form');
    expect(parsePage(shown.html).all('input')).toEqual([]);
    expect(text).toContain(NAME);
    // The date of birth to its year only: what staff hold is not read back in full.
    expect(text).toContain('Year of birth1971Residential address');
    expect(text).not.toContain('14 March 1971');
    expect(shown.html).not.toContain('1971-03-14');
    expect(text).toContain('Savings; A loan: Example Mutual Bank');
    const change = parsePage(shown.html)
      .all('a')
      .find((a) => textOf(a) === 'Change your details');
    expect(attr(change!, 'href')).toBe(`/engage/${token}/identity?change=1#parties`);
    const changing = parsePage((await getPage(token, '?change=1')).html);
    expect(attr(changing.byId('parties.0.fullName'), 'value')).toBe(NAME);
    expect(attr(changing.byId('declarations.sourceOfFunds.kind-loan'), 'checked')).toBe('');

    const after = await engagementNext();
    expect(after.headings).toContain('Next: we check your identity details');
    expect(after.headings).not.toContain('Next: your identity details');
    expect(after.identityLink && textOf(after.identityLink)).toBe('See the details you gave');

    // Verified: the status alone, no empty list of customers; the engagement page says so.
    await setStatus(enquiryId, 'verified');
    const verified = await getPage(token);
    expect(pageText(verified.html)).toContain('We have verified your identity details');
    expect(parsePage(verified.html).all('h2').map(textOf)).not.toContain('Your customers');
    expect(parsePage(verified.html).all('h2').map(textOf)).not.toContain('What you gave us');
    const done2 = await engagementNext();
    expect(done2.headings).toContain('Your identity is verified');
    expect(done2.headings.some((heading) => heading.startsWith('Next:'))).toBe(false);
  });
});

/** The W3C validator over each state of the page (tests/functions/vnu.ts). */
describe('the W3C validator', () => {
  it('finds no error or warning in any state of the identity page', () => {
    const practice = { name: 'Hills Conveyancing', phone: '(02) 5550 0123' };
    const token = 'T'.repeat(43);
    const values = cddDraftSchema.parse({
      parties: [INDIVIDUAL, COMPANY, { type: 'trust', owners: [{}] }],
      declarations: { ...DECLARATIONS, actingForAnother: ACTING },
    });
    const view = (status: CddStatus) => ({ view: { status, ...values }, submittedAt: '2026-11-23T07:30:00.000Z' });
    const messages = validateHtml({
      empty: cddPage({
        token,
        practice,
        buying: true,
        cdd: { view: { status: 'not-started', parties: [], declarations: {} } },
      }),
      saved: cddPage({ token, practice, buying: true, cdd: view('in-progress'), saved: true }),
      errors: cddPage({
        token,
        practice,
        buying: true,
        cdd: view('in-progress'),
        form: {
          values,
          error: 'Please check the highlighted fields',
          fieldErrors: {
            'parties.0.dateOfBirth': ['Please enter the date of birth', 'A second message'],
            'parties.1.directors.0': ['Please enter the director’s name'],
            'parties.1.owners': ['Please add the owners'],
            'parties.2': ['Please check this party'],
            'declarations.pep': ['Please say'],
            'declarations.sourceOfFunds.1.lender': ['Source of funds: please name the lender of the loan'],
            [`${AGENT_PREFIX}.authority`]: ['Please choose the authority the person acts under'],
            [`${AGENT_PREFIX}.agent`]: ['Please give the details of the person acting for the customer'],
            [`${AGENT_PREFIX}.agent.email`]: ['Please enter an e-mail address for the person acting'],
            parties: ['Please add at least one customer'],
          },
        },
      }),
      submitted: cddPage({ token, practice, buying: false, cdd: view('submitted') }),
      changing: cddPage({ token, practice, buying: true, cdd: view('submitted'), change: true }),
      prefilled: cddPage({
        token,
        practice,
        buying: true,
        cdd: { view: { status: 'not-started', parties: [], declarations: {} } },
        known: { fullName: 'Ada Client', email: 'ada@example.com', phone: '0400 111 222' },
      }),
      rejected: cddPage({ token, practice, buying: true, cdd: view('rejected') }),
      awaiting: cddPage({ token, practice, buying: true, cdd: view('awaiting-approval') }),
      verified: cddPage({ token, practice, buying: true, cdd: view('verified') }),
      closed: cddPage({
        token,
        practice,
        buying: true,
        cdd: { view: { status: 'in-progress', parties: [], declarations: {} }, closed: true },
      }),
      notYet: cddNotYetPage(token, practice, 'Please accept your costs agreement first.'),
      unavailable: identityUnavailablePage(),
      failed: somethingWentWrongPage(),
    });
    expect(messages).toEqual([]);
  }, 120_000);
});
