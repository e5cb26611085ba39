/**
 * A client asking for an update on their matter: staff see it waiting with its age and answer
 * it by e-mail; one request every 10 minutes and three waiting at most, decided by the store's
 * conditional write when many are sent at once; a post from another site is refused.
 */
import { describe, expect, it } from 'vitest';
import matters from '#functions/matters.ts';
import myMatters from '#functions/my-matters.ts';
import { UPDATE_LIMIT_WAITING, UPDATE_SENT } from '#src/content/client-matter.ts';
import { now, setClockTo } from '#src/shared/clock.ts';
import { call, signedInStaff } from '../harness.ts';
import { pageText } from '../html.ts';
import { readMail } from '../smtp.ts';
import { STAFF_INBOX, useClientMatters } from './client-matters-kit.ts';

const kit = useClientMatters();
const { smtp, aClientMatter, signedInClient } = kit;

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

    const row = (await call(matters, 'GET', '/api/matters', { cookie: kit.staff.cookie })).json.find(
      (r: { id: string }) => r.id === id,
    );
    expect(row).toMatchObject({ updateRequests: 1, oldestUpdateRequestAt: asked.json.at });
    const detail = (await call(matters, 'GET', `/api/matters/${id}`, { cookie: kit.staff.cookie })).json;
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
    const answer = (requestId: string, body: unknown, as = kit.staff.cookie) =>
      call(matters, 'POST', `/api/matters/${id}/update-requests/${requestId}/answer`, { cookie: as, body });
    const row = async () =>
      (await call(matters, 'GET', '/api/matters', { cookie: kit.staff.cookie })).json.find(
        (r: { id: string }) => r.id === id,
      );

    // Staff read each waiting question itself, oldest first.
    const detail = (await call(matters, 'GET', `/api/matters/${id}`, { cookie: kit.staff.cookie })).json;
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
      by: kit.staff.username,
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
          cookie: kit.staff.cookie,
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

    // Ten minutes and five seconds on: the clock ran on while the first request was taken, so
    // exactly 23:10:00 here can be a few milliseconds short of ten minutes after it (CI saw it).
    setClockTo(Date.parse('2026-12-02T23:10:05Z'));
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
    kit.staff = await signedInStaff('staff');
    const answered = await call(matters, 'POST', `/api/matters/${id}/update-requests/${second.json.id}/answer`, {
      cookie: kit.staff.cookie,
      body: {},
    });
    expect(answered.status).toBe(200);
    expect((await ask('Fourth, once one is answered')).status).toBe(201);

    const record = (await call(matters, 'GET', `/api/matters/${id}`, { cookie: kit.staff.cookie })).json;
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
    const record = (await call(matters, 'GET', `/api/matters/${id}`, { cookie: kit.staff.cookie })).json;
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
