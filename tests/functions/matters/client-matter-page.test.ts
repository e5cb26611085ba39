/**
 * The matter page clients find (issue 34): staff record the price (`PATCH /api/matters/{id}`
 * `{ price }`, whole dollars) and the duty deadline carries its amount from the quote's own
 * engine; the client's page names the responsible person, the property, the price and the
 * contract date, shows progress ("3 of 9") and the conversation, newest first; and every
 * e-mail to the client once the matter is open links to /matter/.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import engage from '#functions/engage.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import matters from '#functions/matters.ts';
import myMatters from '#functions/my-matters.ts';
import { dutyTables } from '#server/site/duty-years.ts';
import { dutyTableFor } from '#src/shared/duty-tables.ts';
import { transferDuty } from '#src/shared/quote.ts';
import { clockOffsetMs, now, resetClock, setClockTo } from '#src/shared/clock.ts';
import { aVerifiedDueDiligence } from '../fixtures/builders.ts';
import { call, cookieFrom, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { pageText } from '../html.ts';
import { readableText, readMail, useSmtp } from '../smtp.ts';
import { validateHtml } from '../vnu.ts';

useBlobs();
const smtp = useSmtp();
useCddKey();

let staff: { cookie: string; username: string };
afterEach(async () => {
  const moved = clockOffsetMs() !== 0;
  resetClock();
  if (moved) staff = await signedInStaff('staff');
});
beforeAll(async () => {
  staff = await signedInStaff('staff');
});

const CONTRACT_DATE = '2026-11-25';

async function aClientMatter(email: string) {
  const { enquiryId } = await aVerifiedDueDiligence(staff, {
    enquiry: { email, propertyAddress: '4 Wattle Way, Kellyville NSW 2155' },
  });
  const opened = await call(matters, 'POST', `/api/contact-requests/${enquiryId}/matter`, {
    cookie: staff.cookie,
    body: { side: 'purchase', propertyType: 'established', contractDate: CONTRACT_DATE },
  });
  expect(opened.status, opened.text).toBe(201);
  return opened.json as { id: string; enquiryId: string };
}

let networks = 0;
async function signedInClient(email: string): Promise<string> {
  const asked = await call(myMatters, 'POST', '/api/matter-sign-in', {
    body: { email },
    context: { ip: `203.0.113.${++networks}` },
  });
  expect(asked.status).toBe(202);
  const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1)!;
  const link = /http:\/\/localhost:8888(\/matter\/sign-in\/[A-Za-z0-9_-]{43})/.exec(
    (await readMail(mail)).text ?? '',
  )?.[1];
  const opened = await call(myMatters, 'GET', link!);
  expect(opened.status).toBe(303);
  return cookieFrom(opened.headers);
}

const patch = (id: string, body: unknown) =>
  call(matters, 'PATCH', `/api/matters/${id}`, { cookie: staff.cookie, body });

const dutyOf = (view: { deadlines: { key: string; amount?: number }[] }) =>
  view.deadlines.find((deadline) => deadline.key === 'duty');

describe('the price on the matter', () => {
  it('gives the duty deadline its amount, from the quote’s engine, for the price on the contract date', async () => {
    const { id } = await aClientMatter('priced@example.com');
    const before = await call(matters, 'GET', `/api/matters/${id}`, { cookie: staff.cookie });
    expect(dutyOf(before.json)).toBeDefined();
    expect(dutyOf(before.json)).not.toHaveProperty('amount');

    const priced = await patch(id, { price: 850_000 });
    expect(priced.status, priced.text).toBe(200);
    expect(priced.json.price).toBe(850_000);
    const { table } = dutyTableFor(CONTRACT_DATE, await dutyTables());
    const expected = transferDuty(
      {
        price: 850_000,
        role: 'buying',
        propertyType: 'established',
        firstHomeBuyer: false,
        foreignPurchaser: false,
        foreignShare: 100,
        rush: false,
      },
      table,
      CONTRACT_DATE,
    )!.total;
    // $11,152 + $4.50 per $100 over $372,000 (2025-26 general rates): a real figure, not a stand-in.
    expect(expected).toBeGreaterThan(30_000);
    expect(dutyOf(priced.json)?.amount).toBe(Math.round(expected));
    expect(priced.json.timeline.at(-1).text).toContain('price $850,000');

    // A renegotiated price: the amount follows.
    const lower = await patch(id, { price: 800_000 });
    expect(dutyOf(lower.json)?.amount).toBeLessThan(dutyOf(priced.json)!.amount!);
    // Cleared: no amount.
    const cleared = await patch(id, { price: null });
    expect(cleared.json).not.toHaveProperty('price');
    expect(dutyOf(cleared.json)).not.toHaveProperty('amount');
  });

  it('takes whole dollars only, naming the field', async () => {
    const { id } = await aClientMatter('badprice@example.com');
    for (const price of [850_000.5, 0, -5, '850,000', 2_000_000_000]) {
      const refused = await patch(id, { price });
      expect(refused.status, String(price)).toBe(400);
      expect(refused.json.fieldErrors.price, String(price)).toEqual([
        'Please enter the price in whole dollars, e.g. 850000',
      ]);
    }
  });

  it('is staff’s alone: a client cannot set it', async () => {
    const { id } = await aClientMatter('notstaff@example.com');
    const client = await signedInClient('notstaff@example.com');
    const tried = await call(matters, 'PATCH', `/api/matters/${id}`, { cookie: client, body: { price: 1 } });
    expect(tried.status).toBe(401);
  });
});

describe('the client’s page', () => {
  it('names who acts, the property, price and contract date, progress in words and as a bar, and the duty’s amount', async () => {
    const email = 'glance@example.com';
    const { id } = await aClientMatter(email);
    await patch(id, { price: 850_000 });
    const tick = await call(matters, 'POST', `/api/matters/${id}/milestones/contract-reviewed`, {
      cookie: staff.cookie,
      body: { done: true },
    });
    expect(tick.status, tick.text).toBe(200);
    const cookie = await signedInClient(email);

    const json = await call(myMatters, 'GET', '/api/my-matters', { cookie });
    const [matter] = json.json;
    expect(matter.summary).toMatchObject({
      responsible: { name: expect.any(String) },
      price: 850_000,
      contractDate: CONTRACT_DATE,
      // Engaged and identity verified (the records) and the contract reviewed: 3 of the purchase's 9.
      progress: { done: 3, total: 9 },
      conversation: [],
    });
    expect(dutyOf(matter)?.amount).toBeGreaterThan(0);

    const page = await call(myMatters, 'GET', '/matter/', { cookie });
    expect(page.status).toBe(200);
    // The page's text with no spaces at all (its elements run together as text).
    const squash = (words: string) => words.replace(/\s+/g, '');
    const text = squash(pageText(page.text));
    expect(text).toContain(squash(`Responsible for your matter ${matter.summary.responsible.name}`));
    expect(text).toContain(squash('Property 4 Wattle Way, Kellyville NSW 2155'));
    expect(text).toContain(squash('Price $850,000'));
    expect(text).toContain(squash('Contract date Wednesday 25 November 2026'));
    expect(text).toContain(squash('3 of 9 steps done'));
    expect(page.text).toMatch(/<progress aria-labelledby="progress-[^"]+"[^>]* value="3" max="9"/);
    expect(text).toContain(squash(`Amount: $${dutyOf(matter)!.amount!.toLocaleString('en-AU')}`));
    expect(await validateHtml({ matter: page.text })).toEqual([]);
  });

  it('shows each question with its answer and when, newest first', async () => {
    const email = 'talk@example.com';
    const { id } = await aClientMatter(email);
    const cookie = await signedInClient(email);
    const ask = (message: string) =>
      call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, { cookie, body: { message } });
    const first = await ask('Has the bank approved the loan?');
    expect(first.status).toBe(201);
    // One request every 10 minutes.
    setClockTo(now() + 11 * 60_000);
    const second = await ask('When do I get the keys?');
    const answered = await call(matters, 'POST', `/api/matters/${id}/update-requests/${first.json.id}/answer`, {
      cookie: staff.cookie,
      body: { reply: 'Yes: formal approval came today.' },
    });
    expect(answered.status, answered.text).toBe(200);

    const [matter] = (await call(myMatters, 'GET', '/api/my-matters', { cookie })).json;
    expect(matter.summary.conversation).toEqual([
      { at: second.json.at, message: 'When do I get the keys?' },
      {
        at: first.json.at,
        message: 'Has the bank approved the loan?',
        answeredAt: expect.any(String),
        reply: 'Yes: formal approval came today.',
      },
    ]);
    const text = pageText((await call(myMatters, 'GET', '/matter/', { cookie })).text).replace(/\s+/g, ' ');
    const newer = text.indexOf('When do I get the keys?');
    const older = text.indexOf('Has the bank approved the loan?');
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
    expect(text).toContain('Waiting for our answer.');
    expect(text).toContain('We answered');
    expect(text).toContain('Yes: formal approval came today.');
  });
});

describe('every e-mail once the matter is open', () => {
  it('links to /matter/ ("Follow your matter"), as do the engagement and identity pages; none before the matter is open', async () => {
    const email = 'follow@example.com';
    smtp.mails.length = 0;
    const { enquiryId, token } = await aVerifiedDueDiligence(staff, { enquiry: { email } });
    const before = smtp.mails.filter((mail) => mail.to.includes(email));
    expect(before.length).toBeGreaterThan(0);
    for (const mail of before) expect(await readableText(mail)).not.toContain('Follow your matter');
    const followLink = '<a href="/matter/">Follow your matter</a>';
    const pages = async () => [
      (await call(engage, 'GET', `/engage/${token}`)).text,
      (await call(engageCdd, 'GET', `/engage/${token}/identity`)).text,
    ];
    for (const page of await pages()) expect(page).not.toContain(followLink);

    const opened = await call(matters, 'POST', `/api/contact-requests/${enquiryId}/matter`, {
      cookie: staff.cookie,
      body: { side: 'purchase', propertyType: 'established', contractDate: CONTRACT_DATE },
    });
    const id = opened.json.id as string;
    // Open now: the engagement's page and the identity page link to it.
    for (const page of await pages()) expect(page).toContain(followLink);
    const cookie = await signedInClient(email);
    const asked = await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, {
      cookie,
      body: { message: 'Any news?' },
    });
    smtp.mails.length = 0;
    await call(matters, 'POST', `/api/matters/${id}/update-requests/${asked.json.id}/answer`, {
      cookie: staff.cookie,
      body: { reply: 'Not yet.' },
    });
    const after = smtp.mails.filter((mail) => mail.to.includes(email));
    expect(after).toHaveLength(1);
    const text = await readableText(after[0]!);
    expect(text).toContain('Follow your matter: http://localhost:8888/matter/');
  });
});
