/**
 * The client's side of a matter: signing in by e-mail (one answer for every address, a link
 * that works once for 15 minutes, a cookie that is never a staff session), their matters as
 * JSON and as a page without JavaScript, the calendar file (read back by ical.js), update
 * requests that staff see waiting, and sign-out.
 */
import ICAL from 'ical.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import contactRequests from '../../../netlify/functions/enquiries.ts';
import matters from '../../../netlify/functions/matters.ts';
import myMatters from '../../../netlify/functions/my-matters.ts';
import { escapeText, foldLine } from '../../../netlify/functions/_shared/matters/calendar.ts';
import { SIGN_IN_ANSWER, UPDATE_LIMIT_WAITING, UPDATE_SENT } from '../../../src/content/client-matter.ts';
import { clockOffsetMs, now, resetClock, setClockTo } from '../../../src/shared/clock.ts';
import { aVerifiedDueDiligence } from '../fixtures/builders.ts';
import { call, cookieFrom, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { parsePage, pageText, textOf } from '../html.ts';
import { readMail, useSmtp } from '../smtp.ts';
import { validateHtml } from '../vnu.ts';

useBlobs();
const STAFF_INBOX = 'desk@example-conveyancing.com.au';
const smtp = useSmtp({ alertsTo: STAFF_INBOX });
useCddKey();
afterEach(async () => {
  const moved = clockOffsetMs() !== 0;
  resetClock();
  if (moved) staff = await signedInStaff('staff');
});

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff('staff');
});

let networks = 0;
/** Each sign-in from a network of its own, unless the test names one: the per-network limit is tested apart. */
const signIn = (email: string, ip = `198.51.100.${++networks % 250}`) =>
  call(myMatters, 'POST', '/api/matter-sign-in', { body: { email }, context: { ip } });

/** A verified client at `email` with a matter (contract 2026-11-25, established home, standard cooling-off). */
async function aClientMatter(email: string, body: Record<string, unknown> = {}) {
  const { enquiryId } = await aVerifiedDueDiligence(staff, { enquiry: { email } });
  const opened = await call(matters, 'POST', `/api/contact-requests/${enquiryId}/matter`, {
    cookie: staff.cookie,
    body: { side: 'purchase', propertyType: 'established', contractDate: '2026-11-25', ...body },
  });
  expect(opened.status, opened.text).toBe(201);
  return opened.json as { id: string; enquiryId: string };
}

/** The sign-in link of the newest e-mail to `email`. */
async function linkFor(email: string): Promise<string> {
  const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
  expect(mail, `an e-mail to ${email}`).toBeTruthy();
  const { text } = await readMail(mail!);
  const link = /http:\/\/localhost:8888(\/matter\/sign-in\/[A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];
  expect(link, text).toBeTruthy();
  return link!;
}

/** Signs `email` in through the e-mailed link; the client's cookie. */
async function signedInClient(email: string): Promise<string> {
  expect((await signIn(email)).status).toBe(202);
  const opened = await call(myMatters, 'GET', await linkFor(email));
  expect(opened.status).toBe(303);
  return cookieFrom(opened.headers);
}

describe('signing in', () => {
  it('answers a client and a stranger alike, and e-mails only the client a link ending with the bank warning', async () => {
    await aClientMatter('known@example.com');
    smtp.mails.length = 0;
    const known = await signIn('  Known@Example.com ');
    const unknown = await signIn('stranger@example.com');
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.headers.get('x-robots-tag')).toContain('noindex');
    }
    expect(known.text).toBe(unknown.text);
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());

    expect(smtp.mails.map((mail) => mail.to).flat()).toEqual(['known@example.com']);
    const { text, subject } = await readMail(smtp.mails[0]!);
    expect(subject).toMatch(/^Your sign-in link/);
    expect(text).toContain('It works once, for 15 minutes');
    expect(text!.trimEnd()).toMatch(
      /We will never send you new bank details by e-mail: before you transfer money, call us on .+$/,
    );

    // A form post without JavaScript gets the page with the same one answer.
    const form = await call(myMatters, 'POST', '/api/matter-sign-in', {
      raw: 'email=stranger%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      context: { ip: '203.0.113.9' },
    });
    expect(form.status).toBe(202);
    expect(pageText(form.text)).toContain(SIGN_IN_ANSWER);
  });

  it('refuses a malformed address (400 by field, or the page with its message)', async () => {
    const bad = await signIn('not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.email).toEqual(['Please enter a valid email address']);
    const form = await call(myMatters, 'POST', '/api/matter-sign-in', {
      raw: 'email=nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect(pageText(form.text)).toContain('There is a problem');
  });

  it('opens a client session from the link once: 303 with the cookie, then 410; an unknown link 404', async () => {
    await aClientMatter('once@example.com');
    await signIn('once@example.com');
    const link = await linkFor('once@example.com');
    const first = await call(myMatters, 'GET', link);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/matter/');
    const cookie = first.headers.get('set-cookie')!;
    // Plain http://localhost cannot keep a Secure cookie: the plain name there, as staff's.
    expect(cookie).toMatch(/^matter_session=/);
    for (const part of ['HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${30 * 24 * 60 * 60}`])
      expect(cookie).toContain(part);

    const again = await call(myMatters, 'GET', link);
    expect(again.status).toBe(410);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(pageText(again.text)).toContain('has been used or has expired');
    expect((await call(myMatters, 'GET', `/matter/sign-in/${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('over HTTPS the cookie is __Host- and Secure', async () => {
    await aClientMatter('secure@example.com');
    await signIn('secure@example.com');
    const link = await linkFor('secure@example.com');
    const opened = await call(myMatters, 'GET', `https://conveyancing.example${link}`);
    expect(opened.status).toBe(303);
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-matter_session=/);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Domain');
  });

  it('a link ends 15 minutes after it was sent (test clock)', async () => {
    await aClientMatter('late@example.com');
    await signIn('late@example.com');
    const link = await linkFor('late@example.com');
    setClockTo(now() + 15 * 60 * 1000 + 1000);
    expect((await call(myMatters, 'GET', link)).status).toBe(410);
  });

  it('sends one link an address in 15 minutes to unknown browsers, whatever the network, and answers 202 throughout', async () => {
    await aClientMatter('flood@example.com');
    smtp.mails.length = 0;
    for (let i = 0; i < 7; i++) expect((await signIn('flood@example.com')).status).toBe(202);
    expect(smtp.mails.filter((mail) => mail.to.includes('flood@example.com'))).toHaveLength(1);
  });

  it('takes at most 5 requests a network in 15 minutes, whichever the addresses', async () => {
    await aClientMatter('net1@example.com');
    smtp.mails.length = 0;
    // Five made-up addresses spend the network: the client's own request from it gets no link.
    for (let i = 0; i < 5; i++) expect((await signIn(`made-up-${i}@example.com`, '192.0.2.77')).status).toBe(202);
    expect((await signIn('net1@example.com', '192.0.2.77')).status).toBe(202);
    expect(smtp.mails).toHaveLength(0);
    // From another network it does.
    expect((await signIn('net1@example.com')).status).toBe(202);
    expect(smtp.mails).toHaveLength(1);
  });
});

describe('a client session', () => {
  it('opens only its own matters (401 without it; another client’s matter is 404)', async () => {
    const mine = await aClientMatter('mine@example.com');
    const theirs = await aClientMatter('theirs@example.com');
    const cookie = await signedInClient('mine@example.com');

    expect((await call(myMatters, 'GET', '/api/my-matters')).status).toBe(401);
    const listed = await call(myMatters, 'GET', '/api/my-matters', { cookie });
    expect(listed.status).toBe(200);
    expect(listed.json.map((matter: { id: string }) => matter.id)).toEqual([mine.id]);

    for (const [method, path, body] of [
      ['GET', `/api/my-matters/${theirs.id}/calendar.ics`, undefined],
      ['POST', `/api/my-matters/${theirs.id}/update-requests`, { message: 'Where is it?' }],
    ] as const) {
      const answer = await call(myMatters, method, path, { cookie, body });
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toContain('theirs@example.com');
    }
    expect(pageText((await call(myMatters, 'GET', '/matter/', { cookie })).text)).not.toContain(theirs.id);
  });

  it('never opens a staff route, and a staff cookie is not a client session', async () => {
    const { enquiryId, id } = await aClientMatter('notstaff@example.com');
    const cookie = await signedInClient('notstaff@example.com');
    const token = cookie.split('=')[1]!;
    for (const as of [cookie, `staff_session=${token}`]) {
      expect((await call(matters, 'GET', '/api/matters', { cookie: as })).status).toBe(401);
      expect((await call(matters, 'GET', `/api/matters/${id}`, { cookie: as })).status).toBe(401);
      expect((await call(contactRequests, 'GET', `/api/contact-requests/${enquiryId}`, { cookie: as })).status).toBe(
        401,
      );
    }
    const staffToken = staff.cookie.split('=')[1]!;
    for (const as of [staff.cookie, `matter_session=${staffToken}`]) {
      expect((await call(myMatters, 'GET', '/api/my-matters', { cookie: as })).status).toBe(401);
    }
    // The page signed out: the sign-in form.
    expect(pageText((await call(myMatters, 'GET', '/matter/', { cookie: staff.cookie })).text)).toContain(
      'Send me a sign-in link',
    );
  });

  it('signing out ends the session on the server', async () => {
    await aClientMatter('leaving@example.com');
    const cookie = await signedInClient('leaving@example.com');
    const out = await call(myMatters, 'POST', '/api/matter-sign-out', {
      cookie,
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/^matter_session=;.*Max-Age=0/);
    expect((await call(myMatters, 'GET', '/api/my-matters', { cookie })).status).toBe(401);
  });
});

describe('their matter', () => {
  it('gives the deadlines worked out from the rules, each with its basis, and the next with a countdown', async () => {
    setClockTo(Date.parse('2026-11-26T23:00:00Z')); // Friday 27 November, 10 am in Sydney
    // A staff session is good for 8 hours of the clock's time.
    staff = await signedInStaff('staff');
    const { id } = await aClientMatter('dates@example.com');
    const cookie = await signedInClient('dates@example.com');
    const [matter] = (await call(myMatters, 'GET', '/api/my-matters', { cookie })).json;
    expect(Object.keys(matter).sort()).toEqual(
      [
        'daysToNext',
        'deadlines',
        'id',
        'milestones',
        'needs',
        'next',
        'property',
        'responsible',
        'side',
        'summary',
        'texts',
        'updateRequests',
      ].sort(),
    );
    expect(matter.id).toBe(id);
    // Texts are the client's choice (decision 033): none until they ask.
    expect(matter.texts).toBeNull();
    const byKey = Object.fromEntries(matter.deadlines.map((d: { key: string }) => [d.key, d]));
    expect(byKey['cooling-off']).toMatchObject({ date: '2026-12-02', time: '17:00', confirmed: false });
    expect(byKey['cooling-off'].basis).toContain('s 66S');
    expect(byKey.settlement).toMatchObject({ date: '2027-01-06', confirmed: false });
    expect(byKey.duty).toMatchObject({ date: '2027-01-06' });
    expect(matter.next).toEqual({
      key: 'cooling-off',
      label: 'Cooling-off period ends',
      date: '2026-12-02',
      time: '17:00',
    });
    expect(matter.daysToNext).toBe(5);
    expect(matter.milestones.find((m: { key: string }) => m.key === 'identity-verified').done).toBe(true);

    const html = (await call(myMatters, 'GET', '/matter/', { cookie })).text;
    const text = pageText(html);
    expect(textOf(parsePage(html).withAttribute('data-testid', 'next-deadline')[0]!)).toMatch(
      /Cooling-off period ends: Wednesday,? 2 December 2026 at 5:00 pm \(Sydney time\), in 5 days\./,
    );
    expect(text).toContain('estimate until your conveyancer confirms it');
    expect(text).toContain('Add these dates to your calendar');
    expect(text.trimEnd()).toMatch(
      /We will never send you new bank details by e-mail: before you transfer money, call us on .+$/,
    );
  });

  it('a waived cooling-off period has no cooling-off deadline', async () => {
    await aClientMatter('waived@example.com', { coolingOff: 'waived' });
    const cookie = await signedInClient('waived@example.com');
    const [matter] = (await call(myMatters, 'GET', '/api/my-matters', { cookie })).json;
    expect(matter.deadlines.map((d: { key: string }) => d.key)).toEqual(['settlement', 'duty']);
  });

  it('sends the page noindex, under the site’s CSP, valid to the W3C checker', async () => {
    await aClientMatter('page@example.com', { dates: [{ label: 'Finance approval', date: '2026-12-16' }] });
    const cookie = await signedInClient('page@example.com');
    const signedOut = await call(myMatters, 'GET', '/matter/');
    const signedIn = await call(myMatters, 'GET', '/matter/', { cookie });
    for (const answer of [signedOut, signedIn]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(answer.headers.get('x-robots-tag')).toContain('noindex');
      expect(parsePage(answer.text).withAttribute('name', 'robots')).toHaveLength(1);
    }
    const { id } = (await call(myMatters, 'GET', '/api/my-matters', { cookie })).json[0];
    const refused = await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, {
      cookie,
      raw: 'message=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.status).toBe(400);
    expect(validateHtml({ signedOut: signedOut.text, signedIn: signedIn.text, refused: refused.text })).toEqual([]);
  });
});

describe('the calendar file', () => {
  it('is RFC 5545 that ical.js reads: one event per deadline with its reminders, cooling-off 9 am to 5 pm in UTC, CRLF, lines of 75 octets at most', async () => {
    await aClientMatter('ics@example.com', {
      propertyType: 'off-the-plan',
      dates: [{ label: 'Finance approval; bank, "lender" – ünïcödé', date: '2026-12-16' }],
    });
    const cookie = await signedInClient('ics@example.com');
    const [matter] = (await call(myMatters, 'GET', '/api/my-matters', { cookie })).json;
    expect((await call(myMatters, 'GET', `/api/my-matters/${matter.id}/calendar.ics`)).status).toBe(401);
    const answer = await call(myMatters, 'GET', `/api/my-matters/${matter.id}/calendar.ics`, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.text.endsWith('\r\n')).toBe(true);
    const lines = answer.text.split('\r\n').slice(0, -1);
    expect(lines.every((line) => !line.includes('\n') && Buffer.byteLength(line) <= 75)).toBe(true);

    const calendar = new ICAL.Component(ICAL.parse(answer.text));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(matter.deadlines.length);
    const cooling = events.find((event) => event.summary.startsWith('Cooling-off period ends'))!;
    // Off the plan: the 10th business day, 5 pm Sydney (AEDT, UTC+11), the event running from 9 am that day.
    expect(cooling.endDate.toJSDate().toISOString()).toBe('2026-12-09T06:00:00.000Z');
    expect(cooling.startDate.toJSDate().toISOString()).toBe('2026-12-08T22:00:00.000Z');
    // Reminders at 9 am Sydney: two NSW business days before (Mon 7 Dec), and the morning of the day.
    const triggers = (event: ICAL.Event) =>
      event.component
        .getAllSubcomponents('valarm')
        .map((valarm) => {
          expect(valarm.getFirstPropertyValue('action')).toBe('DISPLAY');
          expect(String(valarm.getFirstPropertyValue('description'))).toBeTruthy();
          return (valarm.getFirstPropertyValue('trigger') as ICAL.Time).toJSDate().toISOString();
        })
        .sort();
    expect(triggers(cooling)).toEqual(['2026-12-06T22:00:00.000Z', '2026-12-08T22:00:00.000Z']);
    const settlement = events.find((event) => event.summary.startsWith('Settlement'))!;
    const settlementDay = settlement.startDate.toString();
    const { nswBusinessDaysBefore } = await import('../../../src/shared/sydney-time.ts');
    const twoBefore = await nswBusinessDaysBefore(settlementDay, 2);
    expect(triggers(settlement)).toEqual([new Date(`${twoBefore}T09:00:00+11:00`).toISOString()]);
    for (const event of events) expect(triggers(event).length, event.summary).toBeGreaterThanOrEqual(1);
    const finance = events.find((event) => event.summary.startsWith('Finance approval'))!;
    expect(finance.summary).toBe('Finance approval; bank, "lender" – ünïcödé: 1 Example St, Castle Hill NSW 2154');
    expect(finance.startDate.isDate).toBe(true);
    expect(finance.startDate.toString()).toBe('2026-12-16');
    expect(cooling.description).toContain('s 66S');
    expect(cooling.description).toContain('estimate until your conveyancer confirms it');
    expect(cooling.description).toMatch(/We will never send you new bank details by e-mail/);
  });

  it('folds without splitting a character and escapes text', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(80)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((line, i) => (i === 0 ? line : line.slice(1)))
        .join(''),
    ).toBe(`SUMMARY:${'é'.repeat(80)}`);
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });
});

describe('asking for an update', () => {
  it('201; staff see it waiting with its age and the question on the timeline; staff are alerted', async () => {
    const { id } = await aClientMatter('asks@example.com');
    const cookie = await signedInClient('asks@example.com');
    smtp.mails.length = 0;
    const bad = await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, {
      cookie,
      body: { message: ' ' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.message).toEqual(['Please tell us what you would like to know']);
    expect(
      (await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, { body: { message: 'Hi' } })).status,
    ).toBe(401);

    const asked = await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, {
      cookie,
      body: { message: 'Has the bank confirmed?' },
    });
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({ id: expect.any(String), at: expect.any(String) });

    const row = (await call(matters, 'GET', '/api/matters', { cookie: staff.cookie })).json.find(
      (r: { id: string }) => r.id === id,
    );
    expect(row).toMatchObject({ updateRequests: 1, oldestUpdateRequestAt: asked.json.at });
    const detail = (await call(matters, 'GET', `/api/matters/${id}`, { cookie: staff.cookie })).json;
    expect(detail.timeline.at(-1)).toMatchObject({ by: 'client', text: 'Update requested: Has the bank confirmed?' });

    const alert = smtp.mails.find((mail) => mail.to.includes(STAFF_INBOX));
    expect(alert, 'a staff alert').toBeTruthy();
    const { subject, text } = await readMail(alert!);
    // Named by the client and the property, with the link to the matter (issue 34).
    expect(subject).toBe('Update requested: Ada Client, 1 Example St, Castle Hill NSW 2154');
    expect(text).toContain('asked for an update on their purchase of 1 Example St, Castle Hill NSW 2154');
    expect(text).toContain(`http://localhost:8888/admin?matter=${id}`);
    // The question stays on the matter, never in an e-mail.
    expect(text).not.toContain('Has the bank confirmed?');
    expect(text).not.toContain('asks@example.com');

    // Without JavaScript: the form post answers with the page and its confirmation (past the
    // 10 minutes one request waits for the next).
    setClockTo(now() + 11 * 60_000);
    const form = await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, {
      cookie,
      raw: 'message=And+the+settlement+time%3F',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(201);
    expect(pageText(form.text)).toContain(UPDATE_SENT);
    const after = (await call(myMatters, 'GET', '/api/my-matters', { cookie })).json[0];
    expect(after.updateRequests).toBe(2);
  });

  it('staff answer a waiting request: the reply is e-mailed with the bank warning, and the waiting count and age drop', async () => {
    const { id } = await aClientMatter('answered@example.com');
    const cookie = await signedInClient('answered@example.com');
    const ask = async (message: string) =>
      (await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, { cookie, body: { message } })).json as {
        id: string;
        at: string;
      };
    const first = await ask('Has the bank confirmed?');
    setClockTo(now() + 11 * 60_000);
    const second = await ask('And the settlement time?');
    const answer = (requestId: string, body: unknown, as = staff.cookie) =>
      call(matters, 'POST', `/api/matters/${id}/update-requests/${requestId}/answer`, { cookie: as, body });
    const row = async () =>
      (await call(matters, 'GET', '/api/matters', { cookie: staff.cookie })).json.find(
        (r: { id: string }) => r.id === id,
      );

    // Staff read each waiting question itself, oldest first.
    const detail = (await call(matters, 'GET', `/api/matters/${id}`, { cookie: staff.cookie })).json;
    expect(detail.waitingRequests).toEqual([
      { id: first.id, at: first.at, message: 'Has the bank confirmed?' },
      { id: second.id, at: second.at, message: 'And the settlement time?' },
    ]);

    // Only staff answer; the client's cookie is no staff session.
    expect((await answer(first.id, {}, cookie)).status).toBe(401);
    expect((await answer('no-such-request', {})).status).toBe(404);
    expect((await answer(first.id, { reply: 42 })).status).toBe(400);
    smtp.mails.length = 0;

    const answered = await answer(first.id, { reply: 'Yes: the bank approved your loan this morning.' });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.json.waitingRequests).toEqual([
      { id: second.id, at: second.at, message: 'And the settlement time?' },
    ]);
    expect(answered.json.timeline.at(-1)).toMatchObject({
      by: staff.username,
      text: 'Update request answered: Yes: the bank approved your loan this morning.',
    });
    expect(await row()).toMatchObject({ updateRequests: 1, oldestUpdateRequestAt: second.at });

    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0]!.to).toEqual(['answered@example.com']);
    const { subject, text } = await readMail(smtp.mails[0]!);
    expect(subject).toBe('An update on your matter');
    expect(text).toContain('Yes: the bank approved your loan this morning.');
    expect(text!.trimEnd()).toMatch(
      /We will never send you new bank details by e-mail: before you transfer money, call us on .+$/,
    );

    // Answered once only: a second answer (two people at once) sends no second reply.
    expect((await answer(first.id, { reply: 'Again' })).status).toBe(409);

    // Marked answered without a reply (say, by phone): nothing is e-mailed.
    const quiet = await answer(second.id, {});
    expect(quiet.status).toBe(200);
    expect(quiet.json.waitingRequests).toEqual([]);
    expect(quiet.json.timeline.at(-1)).toMatchObject({ text: 'Update request answered' });
    const cleared = await row();
    expect(cleared.updateRequests).toBe(0);
    expect(cleared).not.toHaveProperty('oldestUpdateRequestAt');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(1);
    expect((await call(myMatters, 'GET', '/api/my-matters', { cookie })).json[0].updateRequests).toBe(0);

    const other = await aClientMatter('other-answer@example.com');
    expect(
      (
        await call(matters, 'POST', `/api/matters/${other.id}/update-requests/${first.id}/answer`, {
          cookie: staff.cookie,
          body: {},
        })
      ).status,
    ).toBe(404);
  });

  it('takes one request every 10 minutes and 3 waiting at most: 429 saying when, with Retry-After; staff hear of each one taken', async () => {
    const { id } = await aClientMatter('limits@example.com');
    const cookie = await signedInClient('limits@example.com');
    const ask = (message: string) =>
      call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, { cookie, body: { message } });
    const staffNotices = () => smtp.mails.filter((mail) => mail.to.includes(STAFF_INBOX)).length;
    smtp.mails.length = 0;
    // 10:00 am Sydney on a fixed day, so the refusal's time is known.
    setClockTo(Date.parse('2026-12-02T23:00:00Z'));
    expect((await ask('First question')).status).toBe(201);

    setClockTo(Date.parse('2026-12-02T23:04:00Z'));
    const soon = await ask('Second, four minutes on');
    expect(soon.status).toBe(429);
    expect(soon.json).toEqual({
      error: 'You asked for an update a moment ago. You can ask again from 10:10 am (Sydney time).',
    });
    const wait = Number(soon.headers.get('retry-after'));
    // Six minutes, give or take the moments the test's own calls took (the clock runs on).
    expect(wait).toBeGreaterThan(350);
    expect(wait).toBeLessThanOrEqual(365);
    // The same without JavaScript: the page, the question kept in the form, the refusal shown.
    const form = await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, {
      cookie,
      raw: 'message=Still+there%3F',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(429);
    expect(form.headers.get('retry-after')).toBeTruthy();
    expect(pageText(form.text)).toContain('You can ask again from 10:10 am (Sydney time).');
    expect(form.text).toContain('Still there?');

    setClockTo(Date.parse('2026-12-02T23:10:00Z'));
    const second = await ask('Second, ten minutes on');
    expect(second.status, second.text).toBe(201);
    setClockTo(Date.parse('2026-12-02T23:21:00Z'));
    expect((await ask('Third')).status).toBe(201);

    // Three waiting: no fourth, however long after, until staff answer one.
    setClockTo(Date.parse('2026-12-03T02:00:00Z'));
    const fourth = await ask('Fourth');
    expect(fourth.status).toBe(429);
    expect(fourth.json).toEqual({ error: UPDATE_LIMIT_WAITING });
    expect(fourth.headers.get('retry-after')).toBe('600');
    staff = await signedInStaff('staff');
    const answered = await call(matters, 'POST', `/api/matters/${id}/update-requests/${second.json.id}/answer`, {
      cookie: staff.cookie,
      body: {},
    });
    expect(answered.status).toBe(200);
    expect((await ask('Fourth, once one is answered')).status).toBe(201);

    const record = (await call(matters, 'GET', `/api/matters/${id}`, { cookie: staff.cookie })).json;
    expect(record.timeline.filter((entry: { by: string }) => entry.by === 'client')).toHaveLength(4);
    // One staff notice for each request taken, none for those refused.
    await expect.poll(staffNotices).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(staffNotices()).toBe(4);
  });

  it("takes one of many requests sent at once (the store's conditional write decides), and tells staff once", async () => {
    const { id } = await aClientMatter('racing-asks@example.com');
    const cookie = await signedInClient('racing-asks@example.com');
    smtp.mails.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, {
          cookie,
          body: { message: `At once ${index}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // The others are refused: over the limit, or (a write that lost every retry) asked to send again.
    for (const status of statuses) expect([201, 409, 429]).toContain(status);
    const record = (await call(matters, 'GET', `/api/matters/${id}`, { cookie: staff.cookie })).json;
    expect(record.waitingRequests).toHaveLength(1);
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(STAFF_INBOX)).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((mail) => mail.to.includes(STAFF_INBOX))).toHaveLength(1);
  });

  it('refuses a post from another site', async () => {
    const { id } = await aClientMatter('csrf@example.com');
    const cookie = await signedInClient('csrf@example.com');
    const forged = await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, {
      cookie,
      origin: 'https://evil.example',
      body: { message: 'x' },
    });
    expect(forged.status).toBe(403);
  });
});
