/**
 * The audit log: every kind of admin write leaves one entry naming who, when,
 * what and which record (by id, never an enquiry's personal details), listed newest first
 * by `GET /api/audit?limit=&before=`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import audit from '#functions/audit.ts';
import blogPosts from '#functions/blog-posts.ts';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import services from '#functions/services.ts';
import session from '#functions/user.ts';
import siteBuilds from '#functions/site-builds.ts';
import staff from '#functions/staff.ts';
import testimonials from '#functions/testimonials.ts';
import { applyRetention } from '#server/desk/erasure.ts';
import { hashPassword } from '#server/http/auth.ts';
import { findUser, upsertUser } from '#server/repositories/users-store.ts';
import login from '#functions/login.ts';
import { recordAudit } from '#server/repositories/audit-store.ts';
import { actorNote } from '#src/islands/admin/settings/audit-sentences.ts';
import { call, cookieFrom, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let me: { cookie: string; username: string; password: string };
beforeAll(async () => {
  me = await signedInStaff();
});

const PERSON = {
  firstName: 'Wilhelmina',
  lastName: 'Auditee',
  email: 'wilhelmina.auditee@example.com',
  phone: '0400 987 654',
  serviceType: 'residential-sale',
  propertyAddress: '77 Secretive Rd, Castle Hill NSW',
};
const NOTE_TEXT = 'Rang about her divorce settlement';

/** Every entry, newest first, read a few at a time through `before`. */
async function wholeLog(cookie: string, limit = 4) {
  const entries: any[] = [];
  let before: string | null = null;
  for (;;) {
    const query: string = before ? `?limit=${limit}&before=${before}` : `?limit=${limit}`;
    const page = await call(audit, 'GET', `/api/audit${query}`, { cookie });
    expect(page.status).toBe(200);
    expect(page.json.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...page.json.entries);
    before = page.json.next;
    if (!before) return entries;
  }
}

describe('the audit log', () => {
  it('has an entry for every kind of admin write, newest first, without personal details', async () => {
    const { cookie } = me;
    const ok = <R extends { status: number; text: string }>(response: R, status: number): R => {
      expect(response.status, response.text).toBe(status);
      return response;
    };
    const expected: [string, string][] = [];
    const expect_ = (action: string, target: string) => expected.push([action, target]);

    const post = { title: 'Audit post', slug: `audit-${Date.now()}`, content: 'Body', isPublished: false };
    const created = ok(await call(blogPosts, 'POST', '/api/blog-posts', { cookie, body: post }), 201).json;
    expect_('blog-posts.create', created.id);
    ok(
      await call(blogPosts, 'PUT', `/api/blog-posts/${created.id}`, {
        cookie,
        body: { ...post, title: 'Audit post 2' },
      }),
      200,
    );
    expect_('blog-posts.update', created.id);
    ok(await call(blogPosts, 'DELETE', `/api/blog-posts/${created.id}`, { cookie }), 204);
    expect_('blog-posts.delete', created.id);

    const testimonial = {
      title: 'Priya, Kellyville',
      position: 'First home buyer',
      content: 'Clear advice.',
      source: 'Google review',
      receivedAt: '2026-10-01',
      consent: true,
      isActive: true,
    };
    const t = ok(await call(testimonials, 'POST', '/api/testimonials', { cookie, body: testimonial }), 201).json;
    expect_('testimonials.create', t.id);
    const tu = ok(
      await call(testimonials, 'PUT', `/api/testimonials/${t.id}`, {
        cookie,
        body: { ...testimonial, version: t.version },
      }),
      200,
    ).json;
    expect_('testimonials.update', t.id);
    ok(
      await call(testimonials, 'PUT', `/api/testimonials/${t.id}`, {
        cookie,
        body: { isActive: false, version: tu.version },
      }),
      200,
    );
    expect_('testimonials.deactivate', t.id);
    ok(await call(testimonials, 'DELETE', `/api/testimonials/${t.id}`, { cookie }), 204);
    expect_('testimonials.delete', t.id);

    const service = {
      title: 'Strata Advice',
      description: 'By-laws explained.',
      icon: 'building',
      features: ['Strata report review'],
      timeFrame: '1-2 weeks',
      serviceAreas: ['Castle Hill'],
      isActive: false,
    };
    const s = ok(await call(services, 'POST', '/api/services', { cookie, body: service }), 201).json;
    expect_('services.create', s.id);
    const su = ok(
      await call(services, 'PUT', `/api/services/${s.id}`, { cookie, body: { ...service, version: s.version } }),
      200,
    ).json;
    expect_('services.update', s.id);
    ok(
      await call(services, 'PUT', `/api/services/${s.id}`, { cookie, body: { isActive: true, version: su.version } }),
      200,
    );
    expect_('services.activate', s.id);
    ok(await call(services, 'DELETE', `/api/services/${s.id}`, { cookie }), 204);
    expect_('services.delete', s.id);

    const enquiry = ok(await call(contact, 'POST', '/api/contact', { body: PERSON }), 201).json.id;
    ok(
      await call(enquiries, 'PATCH', `/api/contact-requests/${enquiry}`, { cookie, body: { status: 'contacted' } }),
      200,
    );
    expect_('enquiry.update', enquiry);
    ok(
      await call(enquiries, 'POST', `/api/contact-requests/${enquiry}/notes`, { cookie, body: { text: NOTE_TEXT } }),
      201,
    );
    expect_('enquiry.note', enquiry);
    ok(await call(enquiries, 'DELETE', `/api/contact-requests/${enquiry}`, { cookie }), 204);
    expect_('enquiry.delete', enquiry);
    ok(await call(contact, 'POST', '/api/contact', { body: PERSON }), 201);
    ok(await call(enquiries, 'POST', '/api/contact-requests/erase', { cookie, body: { email: PERSON.email } }), 200);
    expect_('enquiry.erase', '1 enquiries');

    ok(await call(siteBuilds, 'POST', '/api/site-builds', { cookie }), 202);
    expect_('site.rebuild', 'public site');

    const added = ok(
      await call(staff, 'POST', '/api/staff', {
        cookie,
        body: { username: 'audit-member', password: 'initial-password-1234' },
      }),
      201,
    ).json;
    expect_('staff.add', added.id);
    ok(await call(staff, 'DELETE', `/api/staff/${added.id}`, { cookie }), 204);
    expect_('staff.remove', added.id);
    const changed = ok(
      await call(session, 'PUT', '/api/user/password', {
        cookie,
        body: { currentPassword: me.password, newPassword: 'a-changed-password-here' },
      }),
      200,
    );
    const myId = changed.json.id;
    expect_('staff.password', myId);
    const fresh = cookieFrom(changed.headers);

    const log = await wholeLog(fresh);
    // Newest first: the reverse of the order the writes were made in.
    expect(log.map((e) => [e.action, e.target])).toEqual([...expected].reverse());
    for (const entry of log) expect(entry.by).toBe(me.username);
    expect(log.map((e) => e.id)).toEqual([...log.map((e) => e.id)].sort().reverse());
    expect(log.map((e) => e.at)).toEqual([...log.map((e) => e.at)].sort().reverse());
    const text = JSON.stringify(log);
    for (const detail of [
      ...Object.values(PERSON).filter((v) => v !== 'residential-sale'),
      NOTE_TEXT,
      'Wilhelmina',
      'Auditee',
    ]) {
      expect(text).not.toContain(detail);
    }
  });

  it('refuses a bad limit or before, and anonymous callers', async () => {
    expect((await call(audit, 'GET', '/api/audit')).status).toBe(401);
    const fresh = await signedInStaff();
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?before=../x', '?before=zz']) {
      expect((await call(audit, 'GET', `/api/audit${query}`, { cookie: fresh.cookie })).status, query).toBe(400);
    }
  });
});

describe('who the audit names', () => {
  // The first describe changed `me`'s password, which ended its session.
  let admin: { cookie: string; username: string };
  beforeAll(async () => {
    admin = await signedInStaff();
  });

  /** Adds `username` through the portal, signs in as them and changes their password (an audited act). */
  async function addAndAct(username: string): Promise<string> {
    const added = await call(staff, 'POST', '/api/staff', {
      cookie: admin.cookie,
      body: { username, password: 'initial-password-1234' },
    });
    expect(added.status, added.text).toBe(201);
    const signedIn = await call(login, 'POST', '/api/login', { body: { username, password: 'initial-password-1234' } });
    expect(signedIn.status).toBe(200);
    const changed = await call(session, 'PUT', '/api/user/password', {
      cookie: cookieFrom(signedIn.headers),
      body: { currentPassword: 'initial-password-1234', newPassword: 'their-own-password-1' },
    });
    expect(changed.status).toBe(200);
    return added.json.id;
  }

  it('tells a removed account from a new one under the same username, by the id kept with each entry', async () => {
    const username = `bob-${Date.now()}`;
    const oldBob = await addAndAct(username);
    expect((await call(staff, 'DELETE', `/api/staff/${oldBob}`, { cookie: admin.cookie })).status).toBe(204);
    const newBob = await addAndAct(username);
    expect(newBob).not.toBe(oldBob);

    const changes = (await wholeLog(admin.cookie, 100)).filter(
      (entry) => entry.action === 'staff.password' && entry.by === username,
    );
    expect(changes.map((entry) => entry.byId)).toEqual([newBob, oldBob]);
    // The portal names accounts by what `GET /api/staff` lists now: new Bob, not old Bob.
    const names = new Map(
      (
        (await call(staff, 'GET', '/api/staff', { cookie: admin.cookie })).json as { id: string; username: string }[]
      ).map((member) => [member.id, member.username]),
    );
    expect(actorNote(changes[0], names)).toBe('');
    expect(actorNote(changes[1], names)).toBe('(account since removed)');
  });

  it('reserves `system` and `website` in any case, so no account passes for the scheduled jobs', async () => {
    for (const username of ['system', 'System', 'SYSTEM', 'Website']) {
      const refused = await call(staff, 'POST', '/api/staff', {
        cookie: admin.cookie,
        body: { username, password: 'initial-password-1234' },
      });
      expect(refused.status, username).toBe(400);
      expect(refused.json.fieldErrors.username).toEqual([
        'That username is reserved for the site itself. Please choose another.',
      ]);
      await expect(upsertUser(username, await hashPassword('a-long-enough-password'))).rejects.toThrow(/reserved/);
    }
    process.env.ENQUIRY_RETENTION_DAYS = '1';
    try {
      const { resetLeadDeskEnv } = await import('#server/platform/env.ts');
      resetLeadDeskEnv();
      const id = (await call(contact, 'POST', '/api/contact', { body: PERSON })).json.id;
      expect(await applyRetention(new Date(Date.now() + 3 * 86_400_000))).toBeGreaterThanOrEqual(1);
      expect(id).toEqual(expect.any(String));
    } finally {
      delete process.env.ENQUIRY_RETENTION_DAYS;
      (await import('#server/platform/env.ts')).resetLeadDeskEnv();
    }
    const [job] = (await wholeLog(admin.cookie, 100)).filter((entry) => entry.action === 'enquiry.retention');
    expect(job).toMatchObject({ by: 'system', byId: null });
    expect(actorNote(job, new Map())).toBe('(scheduled job)');
  });

  it('records who exported enquiries as CSV, under which filter, without the search text', async () => {
    const id = (await call(contact, 'POST', '/api/contact', { body: PERSON })).json.id;
    expect(
      (
        await call(enquiries, 'PATCH', `/api/contact-requests/${id}`, {
          cookie: admin.cookie,
          body: { status: 'lost', lostReason: 'Price' },
        })
      ).status,
    ).toBe(200);
    const csv = await call(
      enquiries,
      'GET',
      '/api/contact-requests/export.csv?status=lost&q=Wilhelmina&from=2026-01-01',
      { cookie: admin.cookie },
    );
    expect(csv.status).toBe(200);
    const [entry] = (await wholeLog(admin.cookie, 100)).filter((e) => e.action === 'enquiry.export');
    const adminNow = await findUser(admin.username);
    expect(entry).toMatchObject({
      by: admin.username,
      byId: adminNow!.id,
      target: '1 enquiries; status=lost, from=2026-01-01, with a search',
    });
    expect(JSON.stringify(entry)).not.toContain('Wilhelmina');
  });

  it('narrows the log to one person, one action or its family, and Sydney days, page by page', async () => {
    // A past week of its own, so entries other tests write today never fall inside it.
    const ann = { id: 'ann-account-id', username: `ann-${Date.now().toString(36)}` };
    const ben = { id: 'ben-account-id', username: `ben-${Date.now().toString(36)}` };
    // 10 Mar 2025, 11:30 pm in Sydney is still the 10th there, but the 10th in UTC too; 1 am on the
    // 12th in Sydney is the 11th in UTC: the days are Sydney's.
    const entries: [typeof ann, string, string][] = [
      [ann, 'staff.remove', '2025-03-10T12:30:00.000Z'], // 10 Mar, 11:30 pm Sydney
      [ben, 'staff.add', '2025-03-10T13:30:00.000Z'], // 11 Mar, 12:30 am Sydney
      [ann, 'staff.add', '2025-03-11T05:00:00.000Z'], // 11 Mar
      [ben, 'staff.add.principal', '2025-03-11T05:30:00.000Z'], // 11 Mar
      [ann, 'enquiry.update', '2025-03-11T06:00:00.000Z'], // 11 Mar
      [ann, 'staff.password', '2025-03-11T14:00:00.000Z'], // 12 Mar, 1 am Sydney
    ];
    for (const [by, action, at] of entries) await recordAudit({ by, action, target: by.id, at });
    const list = async (query: string) => {
      const answer = await call(audit, 'GET', `/api/audit?${query}`, { cookie: admin.cookie });
      expect(answer.status, answer.text).toBe(200);
      return answer.json as { entries: { action: string; by: string; at: string }[]; next: string | null };
    };
    const march = 'from=2025-03-10&to=2025-03-12';

    // Ann's staff actions (the family), newest first, two to a page.
    const first = await list(`${march}&by=${ann.username}&action=staff&limit=2`);
    expect(first.entries.map((entry) => entry.action)).toEqual(['staff.password', 'staff.add']);
    expect(first.next).not.toBeNull();
    const second = await list(`${march}&by=${ann.username}&action=staff&limit=2&before=${first.next}`);
    expect(second.entries.map((entry) => entry.action)).toEqual(['staff.remove']);
    expect(second.next).toBeNull();

    // One action exactly (adding a staff account is not adding a principal); a family never
    // matches a longer word ('staff' is not 'staffing').
    expect((await list(`${march}&action=staff.add`)).entries.map((entry) => entry.by)).toEqual([
      ann.username,
      ben.username,
    ]);
    expect((await list(`${march}&action=enquiry`)).entries.map((entry) => entry.action)).toEqual(['enquiry.update']);
    expect((await list(`${march}&action=staf`)).entries).toEqual([]);

    // Days are Sydney's, both ends included.
    expect((await list('from=2025-03-11&to=2025-03-11')).entries.map((entry) => entry.at)).toEqual([
      '2025-03-11T06:00:00.000Z',
      '2025-03-11T05:30:00.000Z',
      '2025-03-11T05:00:00.000Z',
      '2025-03-10T13:30:00.000Z',
    ]);
    expect((await list('from=2025-03-12&to=2025-03-12')).entries.map((entry) => entry.action)).toEqual([
      'staff.password',
    ]);
    // An empty parameter is no filter, as a form sends it.
    expect((await list(`${march}&by=&action=`)).entries).toHaveLength(6);

    for (const [query, field] of [
      ['from=2025-02-30', 'from'],
      ['to=yesterday', 'to'],
      // A date with a time is no day (it once answered 500).
      ['from=2026-12-01T00:00', 'from'],
      ['to=2026-12-01T00:00:00Z', 'to'],
      ['from=2025-03-12&to=2025-03-10', 'to'],
      ['action=DROP%20TABLE', 'action'],
    ]) {
      const refused = await call(audit, 'GET', `/api/audit?${query}`, { cookie: admin.cookie });
      expect(refused.status, query).toBe(400);
      expect(Object.keys(refused.json.fieldErrors), query).toEqual([field]);
    }
  });
});
