/**
 * The client's side of a matter: signing in by e-mail (one answer for every address, a link
 * that works once for 15 minutes, a cookie that is never a staff session), their matters as
 * JSON and as a page without JavaScript, the calendar file (read back by ical.js), and
 * sign-out. Update requests are my-matters-updates.test.ts's.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import contactRequests from '#functions/enquiries.ts';
import matters from '#functions/matters.ts';
import myMatters from '#functions/my-matters.ts';
import { escapeText, foldLine } from '#server/matters/calendar.ts';
import { SIGN_IN_ANSWER } from '#src/content/client-matter.ts';
import { now, setClockTo } from '#src/shared/clock.ts';
import { call, signedInStaff } from '../harness.ts';
import { parsePage, pageText, textOf } from '../html.ts';
import { readMail } from '../smtp.ts';
import { validateHtml } from '../vnu.ts';
import { useClientMatters } from './client-matters-kit.ts';

const kit = useClientMatters();
const { smtp, signIn, aClientMatter, linkFor, signedInClient } = kit;

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
    const staffToken = kit.staff.cookie.split('=')[1]!;
    for (const as of [kit.staff.cookie, `matter_session=${staffToken}`]) {
      expect((await call(myMatters, 'GET', '/api/my-matters', { cookie: as })).status).toBe(401);
    }
    // The page signed out: the sign-in form.
    expect(pageText((await call(myMatters, 'GET', '/matter/', { cookie: kit.staff.cookie })).text)).toContain(
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
    kit.staff = await signedInStaff('staff');
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
    expect(await validateHtml({ signedOut: signedOut.text, signedIn: signedIn.text, refused: refused.text })).toEqual(
      [],
    );
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
    const { nswBusinessDaysBefore } = await import('#src/shared/sydney-time.ts');
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
