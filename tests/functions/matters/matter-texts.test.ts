/**
 * Texts about a matter (docs/decisions/033-text-messages.md), against a local capture of
 * ClickSend's REST API: the client opts in (an Australian mobile, normalised to E.164) or
 * out on their page, JSON or a form without JavaScript; a milestone tick and a deadline
 * reminder each send one text, with the practice's credentials, short, in GSM, ending with
 * the bank-details warning and the practice's name; nothing goes when texts are not set up
 * or the client did not opt in; a provider that fails is retried by the outbox without
 * holding up the e-mail, and a client who stopped texts meanwhile gets none.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import matters from '#functions/matters.ts';
import myMatters from '#functions/my-matters.ts';
import { retryDueClientMails } from '#server/mail/client-mail.ts';
import { gsmLength, toGsm7 } from '#server/mail/sms-text.ts';
import { sendMatterNotices } from '#server/matters/matter-mail.ts';
import { listMails } from '#server/repositories/mail-outbox-store.ts';
import { TEXTS_MOBILE_MESSAGE, TEXTS_WHY } from '#src/content/client-texts.ts';
import { australianMobile } from '#src/shared/schemas/client-matter.ts';
import { now, resetClock, setClockTo } from '#src/shared/clock.ts';
import { sydneyInstant } from '#src/shared/sydney-time.ts';
import { aVerifiedDueDiligence } from '../fixtures/builders.ts';
import { call, cookieFrom, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { pageText } from '../html.ts';
import { SMS_API_KEY, SMS_SENDER, SMS_USERNAME, setSmsEnv, useSmsCapture } from '../sms-capture.ts';
import { readMail, readableText, useSmtp } from '../smtp.ts';
import { validateHtml } from '../vnu.ts';
import { sendDigestsNow } from '../fixtures/digests.ts';

useBlobs();
const smtp = useSmtp();
const sms = useSmsCapture();
useCddKey();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff('staff');
});
afterEach(async () => {
  resetClock();
  setSmsEnv(sms.url());
  staff = await signedInStaff('staff');
});

const sydneyAt = (date: string, hhmm = '10:00') => {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = hhmm.split(':').map(Number);
  return sydneyInstant(y!, m!, d!, hh!, mm!);
};
/** Moves the clock and signs staff in again (a session is good for 8 hours of the clock's time). */
const clockAt = async (instant: number) => {
  setClockTo(instant);
  staff = await signedInStaff('staff');
};

let clients = 0;
/** A verified client with a matter (contract 2026-11-25, established home) and a client cookie. */
async function aClient() {
  const email = `texts-${++clients}@example.com`;
  const { enquiryId } = await aVerifiedDueDiligence(staff, { enquiry: { email } });
  const opened = await call(matters, 'POST', `/api/contact-requests/${enquiryId}/matter`, {
    cookie: staff.cookie,
    body: { side: 'purchase', propertyType: 'established', contractDate: '2026-11-25' },
  });
  expect(opened.status, opened.text).toBe(201);
  expect(
    (await call(myMatters, 'POST', '/api/matter-sign-in', { body: { email }, context: { ip: `192.0.2.${clients}` } }))
      .status,
  ).toBe(202);
  const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1)!;
  const link = /http:\/\/localhost:8888(\/matter\/sign-in\/[A-Za-z0-9_-]{43})/.exec(
    (await readMail(mail)).text ?? '',
  )![1]!;
  const cookie = cookieFrom((await call(myMatters, 'GET', link)).headers);
  smtp.mails.length = 0;
  return { id: opened.json.id as string, email, cookie };
}

const texts = (id: string, cookie: string | undefined, body: unknown) =>
  call(myMatters, 'POST', `/api/my-matters/${id}/texts`, { cookie, body });
const formPost = (id: string, cookie: string, form: string) =>
  call(myMatters, 'POST', `/api/my-matters/${id}/texts`, {
    cookie,
    raw: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const tick = (id: string, key: string, body: unknown) =>
  call(matters, 'POST', `/api/matters/${id}/milestones/${key}`, { cookie: staff.cookie, body });
const textsTo = (mobile: string) => sms.texts.filter((text) => text.body.messages[0]?.to === mobile);

describe('opting in and out', () => {
  it('normalises the ways Australians write a mobile to E.164, and refuses the rest', () => {
    for (const typed of ['0412 345 678', '+61 412 345 678', '(0412) 345-678', '61412345678', '0061412345678']) {
      expect(australianMobile(typed), typed).toBe('+61412345678');
    }
    for (const typed of [
      '02 5550 0123',
      '+61 2 5550 0123',
      '0412 345 67',
      '+1 415 555 0100',
      '04123456789',
      'mobile',
    ]) {
      expect(australianMobile(typed), typed).toBeNull();
    }
  });

  it('takes a mobile as JSON, shows it to staff, and stops on request, the client’s or staff’s', async () => {
    const client = await aClient();
    const other = await aClient();
    expect((await texts(client.id, undefined, { texts: 'on', mobile: '0412 345 678' })).status).toBe(401);
    const bad = await texts(client.id, client.cookie, { texts: 'on', mobile: '02 5550 0123' });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.mobile).toEqual([TEXTS_MOBILE_MESSAGE]);
    expect((await texts(client.id, client.cookie, { texts: 'on' })).json.fieldErrors.mobile).toEqual([
      TEXTS_MOBILE_MESSAGE,
    ]);
    // Another client's matter is the same 404 as none.
    expect((await texts(other.id, client.cookie, { texts: 'on', mobile: '0412 345 678' })).status).toBe(404);

    const on = await texts(client.id, client.cookie, { texts: 'on', mobile: '+61 412 345 678' });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toEqual({ texts: { mobile: '+61412345678' } });
    const staffView = await call(matters, 'GET', `/api/matters/${client.id}`, { cookie: staff.cookie });
    expect(staffView.json.texts).toMatchObject({ mobile: '+61412345678' });
    expect(staffView.json.timeline.at(-1).text).toBe('Texts turned on, to +61412345678');
    expect((await call(myMatters, 'GET', '/api/my-matters', { cookie: client.cookie })).json[0].texts).toEqual({
      mobile: '+61412345678',
    });
    // Staff can stop them (the client asked by phone, or replied STOP), never turn them on.
    const staffPatch = (body: unknown) =>
      call(matters, 'PATCH', `/api/matters/${client.id}`, { cookie: staff.cookie, body });
    expect((await staffPatch({ texts: { mobile: '+61499999999' } })).status).toBe(400);
    const stoppedByStaff = await staffPatch({ texts: null });
    expect(stoppedByStaff.status, stoppedByStaff.text).toBe(200);
    expect(stoppedByStaff.json.texts).toBeNull();
    expect(stoppedByStaff.json.timeline.at(-1).text).toBe('Changed: texts turned off');
  });

  it('is offered on the page without JavaScript: why the number is asked, the form, a bad number shown back, on and off', async () => {
    const other = await aClient();
    const page = await call(myMatters, 'GET', '/matter/', { cookie: other.cookie });
    expect(pageText(page.text)).toContain(TEXTS_WHY);
    const refused = await formPost(other.id, other.cookie, 'texts=on&mobile=5550+0123');
    expect(refused.status).toBe(400);
    expect(pageText(refused.text)).toContain(TEXTS_MOBILE_MESSAGE);
    expect(refused.text).toContain('value="5550 0123"');
    const taken = await formPost(other.id, other.cookie, 'texts=on&mobile=0498+765+432');
    expect(taken.status).toBe(200);
    expect(pageText(taken.text)).toContain('We will text 0498 765 432 about your matter.');
    expect(await validateHtml({ offered: page.text, refused: refused.text, on: taken.text })).toEqual([]);
    const stopped = await formPost(other.id, other.cookie, 'texts=off');
    expect(pageText(stopped.text)).toContain('We have stopped the texts. We will still e-mail you.');
    const after = await call(matters, 'GET', `/api/matters/${other.id}`, { cookie: staff.cookie });
    expect(after.json.texts).toBeNull();
    expect(after.json.timeline.at(-1).text).toBe('Texts turned off');
  });

  it('is not offered when texts are not set up (or set up wrongly): no form on the page, 409 to a request', async () => {
    const client = await aClient();
    setSmsEnv(null);
    const page = await call(myMatters, 'GET', '/matter/', { cookie: client.cookie });
    expect(page.status).toBe(200);
    expect(pageText(page.text)).not.toContain(TEXTS_WHY);
    expect(page.text).not.toContain('/texts');
    const refused = await texts(client.id, client.cookie, { texts: 'on', mobile: '0412 345 678' });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe('Text messages are not set up');
    // A sender ID the register would not take (spaces, over 11 characters) turns texts off too.
    setSmsEnv(sms.url());
    process.env.SMS_SENDER_ID = 'Hills Conveyancing';
    expect((await texts(client.id, client.cookie, { texts: 'on', mobile: '0412 345 678' })).status).toBe(409);
  });
});

describe('sending', () => {
  it('texts one milestone change, with the practice’s credentials and sender ID, short, in GSM, ending with the warning and the name', async () => {
    await clockAt(sydneyAt('2026-11-26'));
    const client = await aClient();
    await texts(client.id, client.cookie, { texts: 'on', mobile: '0411 111 111' });
    const ticked = await tick(client.id, 'exchanged', { done: true, note: 'See https://example.com/pay for details' });
    expect(ticked.status, ticked.text).toBe(200);
    await expect.poll(() => textsTo('+61411111111').length).toBe(1);
    const [sent] = textsTo('+61411111111');
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v3/sms/send');
    expect(sent!.authorization).toBe(`Basic ${Buffer.from(`${SMS_USERNAME}:${SMS_API_KEY}`).toString('base64')}`);
    const message = sent!.body.messages[0]!;
    expect(message.from).toBe(SMS_SENDER);
    expect(message.body).toBe(
      [
        'Your purchase: Contracts exchanged - done. Next: Cooling-off period ends, Wed 2 Dec 2026, 5:00pm. Details by e-mail.',
        'We will never send you new bank details by e-mail: before you transfer money, call us on (02) 5550 0123',
        'Hills District Conveyancing',
      ].join('\n'),
    );
    // Two segments at most, every character GSM, and nothing anyone typed (the note's link stays in the e-mail).
    expect(toGsm7(message.body)).toBe(message.body);
    expect(gsmLength(message.body)).toBeLessThanOrEqual(306);
    expect(message.body).not.toMatch(/https?:|www\./);
    // The e-mail went too.
    await sendDigestsNow(); // the e-mail waits 2 minutes for more changes (milestone-digest.ts)
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(client.email)).length).toBe(1);
    // The same tick again changes nothing and sends nothing.
    await tick(client.id, 'exchanged', { done: true, note: 'See https://example.com/pay for details' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(textsTo('+61411111111')).toHaveLength(1);
  });

  it('texts a deadline reminder once, 2 business days before', async () => {
    await clockAt(sydneyAt('2026-11-25', '09:00'));
    const client = await aClient();
    await texts(client.id, client.cookie, { texts: 'on', mobile: '0422 222 222' });
    setClockTo(sydneyAt('2026-11-27'));
    await sendMatterNotices();
    expect(textsTo('+61422222222')).toHaveLength(0);
    setClockTo(sydneyAt('2026-11-30'));
    await sendMatterNotices();
    await sendMatterNotices();
    expect(textsTo('+61422222222').map((text) => text.body.messages[0]!.body.split('\n')[0])).toEqual([
      'Reminder, your purchase: Cooling-off period ends, Wed 2 Dec 2026, 5:00pm (estimate).',
    ]);
  });

  it('sends nothing when the client did not opt in, or when texts are not set up', async () => {
    await clockAt(sydneyAt('2026-11-26'));
    const quiet = await aClient();
    const optedIn = await aClient();
    await texts(optedIn.id, optedIn.cookie, { texts: 'on', mobile: '0433 333 333' });
    expect((await tick(quiet.id, 'exchanged', { done: true })).status).toBe(200);
    setSmsEnv(null);
    expect((await tick(optedIn.id, 'exchanged', { done: true })).status).toBe(200);
    // Both e-mails went; not one text.
    await sendDigestsNow(); // the e-mail waits 2 minutes for more changes (milestone-digest.ts)
    await expect.poll(() => smtp.mails.length).toBe(2);
    expect(sms.texts).toHaveLength(0);
    expect((await listMails()).filter((entry) => entry.channel === 'sms')).toHaveLength(0);
  });

  it('retries a text the provider refused, without holding up the e-mail; a client who stops texts meanwhile gets none', async () => {
    await clockAt(sydneyAt('2026-11-26'));
    const client = await aClient();
    await texts(client.id, client.cookie, { texts: 'on', mobile: '0444 444 444' });
    sms.refuse(1);
    expect((await tick(client.id, 'exchanged', { done: true })).status).toBe(200);
    await expect.poll(() => textsTo('+61444444444').length).toBe(1);
    await sendDigestsNow(); // the e-mail waits 2 minutes for more changes (milestone-digest.ts)
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(client.email)).length).toBe(1);
    expect(await readableText(smtp.mails.at(-1)!)).toContain('Contracts exchanged');
    const owed = (await listMails()).filter((entry) => entry.to === '+61444444444');
    expect(owed).toHaveLength(1);
    // The scheduled retry, once due (the first retry is a minute after the failed attempt).
    await retryDueClientMails(new Date(now() + 30_000));
    expect(textsTo('+61444444444')).toHaveLength(1);
    await retryDueClientMails(new Date(now() + 2 * 60_000));
    expect(textsTo('+61444444444')).toHaveLength(2);
    expect((await listMails()).filter((entry) => entry.to === '+61444444444')).toHaveLength(0);

    // Refused again (the message this time, as for a lack of credit), then the client stops
    // texts: the retry drops it unsent.
    sms.refuse(1, 'message');
    expect((await tick(client.id, 'exchanged', { done: false })).status).toBe(200);
    await expect.poll(() => textsTo('+61444444444').length).toBe(3);
    expect((await listMails()).filter((entry) => entry.to === '+61444444444')).toHaveLength(1);
    await texts(client.id, client.cookie, { texts: 'off' });
    await retryDueClientMails(new Date(now() + 2 * 60_000));
    expect(textsTo('+61444444444')).toHaveLength(3);
    expect((await listMails()).filter((entry) => entry.to === '+61444444444')).toHaveLength(0);
  });
});
