/**
 * The client's due diligence through the engagement link, the API: joint clients, read, save a
 * draft, submit, and the status rules. Real handlers and local Blobs; the engagement is sent and
 * accepted through the real functions first (engage-cdd-kit.ts).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import engage from '#functions/engage.ts';
import engagements from '#functions/engagements.ts';
import cdd from '#functions/due-diligence.ts';
import { PRACTICE } from '#src/content/practice.ts';
import { getSettings } from '#server/repositories/settings-store.ts';
import { getCdd, replaceCdd } from '#server/repositories/due-diligence-store.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { AGENT_AUTHORITY_DETAILS } from '#src/shared/schemas/cdd-submission.ts';
import { CDD_CLOSED } from '#src/shared/states/due-diligence.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { resetClock, setClockTo } from '#src/shared/clock.ts';
import { ACCEPTANCE, anEnquiry } from '../fixtures/builders.ts';
import { call } from '../harness.ts';
import { attr, pageText, parsePage, textOf } from '../html.ts';
import {
  ACTING,
  AGENT,
  AGENT_PREFIX,
  COMPANY,
  DECLARATIONS,
  INDIVIDUAL,
  NAME,
  OWNER,
  OWNER_BIRTH,
  acceptedEngagement,
  activityOf,
  api,
  getPage,
  ip,
  notice,
  postForm,
  setStatus,
  staff,
  useEngageCdd,
  useKey,
} from './engage-cdd-kit.ts';

useEngageCdd();

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
      // The key before the body: one that would be refused says nothing while there is no key.
      await api('PUT', token, '', { parties: [] }),
      await api('POST', token, '/submit', {}),
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
    // So must a submit that sends a body: `{}` is a draft without its keys, not the stored one.
    const empty = await api('POST', token, '/submit', {});
    expect(empty.status).toBe(400);
    expect(empty.json.fieldErrors).toEqual({
      parties: ['Please send the parties (the whole draft: a save replaces it)'],
      declarations: ['Please send the declarations (the whole draft: a save replaces it)'],
    });
    expect((await api('GET', token)).json.status).toBe('in-progress');
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
