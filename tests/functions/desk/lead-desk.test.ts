/** The lead desk's pipeline API against a real local Blobs server. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import leadMetrics from '#functions/lead-metrics.ts';
import { enquiryCache } from '#server/repositories/enquiries-store.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

const person = (firstName: string, extra: Record<string, unknown> = {}) => ({
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}@example.com`,
  phone: '0400 111 222',
  serviceType: 'residential-sale',
  propertyAddress: '1 Example St, Castle Hill NSW',
  ...extra,
});

async function enquire(firstName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await call(contact, 'POST', '/api/contact', { body: person(firstName, extra) });
  expect(response.status).toBe(201);
  return response.json.id;
}

const get = (path: string) => call(enquiries, 'GET', path, { cookie: staff.cookie });
const patch = (id: string, body: unknown) =>
  call(enquiries, 'PATCH', `/api/contact-requests/${id}`, { cookie: staff.cookie, body });
const note = (id: string, body: unknown) =>
  call(enquiries, 'POST', `/api/contact-requests/${id}/notes`, { cookie: staff.cookie, body });

describe('enquiry pipeline', () => {
  it('stores a new enquiry as new, unassigned, version 1', async () => {
    const id = await enquire('Nora');
    const detail = await get(`/api/contact-requests/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ id, status: 'new', assignee: null, firstContactAt: null, version: 1 });
    expect(detail.json.activity[0]).toMatchObject({ type: 'created', by: 'website' });
    expect(Date.parse(detail.json.deleteAfter) - Date.parse(detail.json.createdAt)).toBe(730 * 24 * 60 * 60 * 1000);
  });

  it('moves an enquiry on, sets first contact once, and records each change', async () => {
    const id = await enquire('Olive');
    const contacted = await patch(id, { status: 'contacted', version: 1 });
    expect(contacted.status).toBe(200);
    expect(contacted.json).toMatchObject({ status: 'contacted', version: 2 });
    const firstContactAt = contacted.json.firstContactAt;
    expect(firstContactAt).toEqual(expect.any(String));

    const assigned = await patch(id, { assignee: staff.username, status: 'quoted', version: 2 });
    expect(assigned.json).toMatchObject({ status: 'quoted', assignee: staff.username, firstContactAt, version: 3 });

    const activity = (await get(`/api/contact-requests/${id}`)).json.activity;
    expect(activity.map((entry: { type: string }) => entry.type)).toEqual(['created', 'status', 'status', 'assigned']);
    expect(activity[1]).toMatchObject({ by: staff.username, from: 'new', to: 'contacted' });
    expect(activity[3]).toMatchObject({ from: null, to: staff.username });
  });

  it('answers 400 for an unknown status or assignee, and for lost without a reason', async () => {
    const id = await enquire('Pia');
    expect((await patch(id, { status: 'won' })).status).toBe(400);
    const unknown = await patch(id, { assignee: 'nobody-here' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors.assignee).toEqual(['Unknown staff member']);
    expect((await patch(id, { status: 'lost' })).status).toBe(400);
    const lost = await patch(id, { status: 'lost', lostReason: 'Went with another firm' });
    expect(lost.json).toMatchObject({ status: 'lost', lostReason: 'Went with another firm' });
  });

  it('moves an enquiry from every status to every other, as the pipeline table allows (decision 052)', async () => {
    const statuses = ['new', 'contacted', 'quoted', 'instructed', 'lost'] as const;
    const id = await enquire('Rhea');
    let at: string = 'new';
    // Each status to each other one, in turn: new→contacted→…→lost→new→quoted→…, every pair once.
    for (const from of statuses) {
      for (const to of statuses) {
        if (from === to) continue;
        if (at !== from) expect((await patch(id, { status: from, lostReason: 'Went elsewhere' })).status).toBe(200);
        const moved = await patch(id, { status: to, lostReason: 'Went elsewhere' });
        expect(moved.status, `${from} to ${to}`).toBe(200);
        expect(moved.json.status).toBe(to);
        at = to;
      }
    }
  });

  it('answers 409 to a stale version and leaves the newer change in place', async () => {
    const id = await enquire('Quinn');
    expect((await patch(id, { status: 'contacted', version: 1 })).status).toBe(200);
    const stale = await patch(id, { status: 'lost', lostReason: 'x', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatch(/changed this enquiry/);
    expect((await get(`/api/contact-requests/${id}`)).json.status).toBe('contacted');
  });

  it('answers 404 for an enquiry that does not exist and 401 without a session', async () => {
    expect((await patch('zzzzzzzzzzzzzzzzzzzzzzz', { status: 'contacted' })).status).toBe(404);
    expect((await call(enquiries, 'GET', '/api/contact-requests')).status).toBe(401);
    expect((await call(enquiries, 'PATCH', '/api/contact-requests/x', { body: {} })).status).toBe(401);
  });

  it('adds notes and logged calls; a call is the first contact', async () => {
    const id = await enquire('Rex');
    const added = await note(id, { text: 'Left a voicemail', kind: 'call' });
    expect(added.status).toBe(201);
    expect(added.json.firstContactAt).toEqual(expect.any(String));
    expect(added.json.status).toBe('new');
    const plain = await note(id, { text: 'Prefers e-mail' });
    expect(plain.status).toBe(201);
    expect(plain.json.firstContactAt).toBe(added.json.firstContactAt);
    expect(plain.json.activity.slice(1)).toMatchObject([
      { type: 'call', text: 'Left a voicemail', by: staff.username },
      { type: 'note', text: 'Prefers e-mail' },
    ]);
    // The version the note answered with is current: editing right after it is no conflict.
    expect((await patch(id, { status: 'contacted', version: plain.json.version })).status).toBe(200);
    expect((await note(id, { text: '   ' })).status).toBe(400);
    expect((await note(id, { text: 'x', kind: 'fax' })).status).toBe(400);
  });

  it('keeps both of two edits made at once by separate instances without a version', async () => {
    const id = await enquire('Sage');
    vi.resetModules();
    const other = (await import('#functions/enquiries.ts')).default;
    const [a, b] = await Promise.all([
      patch(id, { status: 'contacted' }),
      call(other, 'PATCH', `/api/contact-requests/${id}`, { cookie: staff.cookie, body: { assignee: staff.username } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const final = (await get(`/api/contact-requests/${id}`)).json;
    expect(final).toMatchObject({ status: 'contacted', assignee: staff.username, version: 3 });
  });

  it('lets exactly one of two edits on the same version win across instances', async () => {
    const id = await enquire('Tate');
    vi.resetModules();
    const other = (await import('#functions/enquiries.ts')).default;
    const [a, b] = await Promise.all([
      patch(id, { status: 'contacted', version: 1 }),
      call(other, 'PATCH', `/api/contact-requests/${id}`, {
        cookie: staff.cookie,
        body: { status: 'quoted', version: 1 },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'contacted' : 'quoted';
    expect((await get(`/api/contact-requests/${id}`)).json).toMatchObject({ status: winner, version: 2 });
  });
});

describe('status counts', () => {
  it('follow a search: only the enquiries it matches are counted', async () => {
    const first = await enquire('Counted', { email: 'counted.one@example.com' });
    await enquire('Counted', { email: 'counted.two@example.com' });
    await enquire('Uncounted', { email: 'other.person@example.com', phone: '0411 999 888' });
    expect((await patch(first, { status: 'quoted' })).status).toBe(200);
    const counts = (q: string) =>
      call(leadMetrics, 'GET', `/api/lead-metrics?only=counts&q=${encodeURIComponent(q)}`, { cookie: staff.cookie });
    const matched = await counts(' counted ');
    expect(matched.status).toBe(200);
    // 'counted' is in 'Uncounted' too: the search's own rule (name, e-mail, phone) decides.
    expect(matched.json).toEqual({ total: 3, byStatus: { new: 2, contacted: 0, quoted: 1, instructed: 0, lost: 0 } });
    expect((await counts('counted.two@')).json).toEqual({
      total: 1,
      byStatus: { new: 1, contacted: 0, quoted: 0, instructed: 0, lost: 0 },
    });
  });
});

describe('listing', () => {
  it('filters by status, searches name, e-mail and phone, and pages with limit and before', async () => {
    const ids: string[] = [];
    for (const name of ['Uma', 'Vic', 'Wes', 'Xan', 'Yael'])
      ids.push(await enquire(name, { phone: `0411 000 ${100 + ids.length}` }));
    await patch(ids[1]!, { status: 'contacted' });
    await patch(ids[3]!, { status: 'contacted' });

    const contacted = (await get('/api/contact-requests?status=contacted')).json.map((r: { id: string }) => r.id);
    expect(contacted.slice(0, 2)).toEqual([ids[3], ids[1]]);
    expect((await get('/api/contact-requests?status=nope')).status).toBe(400);

    const byName = (await get('/api/contact-requests?q=wES')).json;
    expect(byName.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
    const byEmail = (await get('/api/contact-requests?q=XAN@EXAMPLE')).json;
    expect(byEmail.map((r: { id: string }) => r.id)).toEqual([ids[3]]);
    const byPhone = (await get('/api/contact-requests?q=0411000104')).json;
    expect(byPhone.map((r: { id: string }) => r.id)).toEqual([ids[4]]);

    const first = (await get('/api/contact-requests?limit=2')).json.map((r: { id: string }) => r.id);
    expect(first).toEqual([ids[4], ids[3]]);
    const second = (await get(`/api/contact-requests?limit=2&before=${ids[3]}`)).json.map((r: { id: string }) => r.id);
    expect(second).toEqual([ids[2], ids[1]]);
    const all = (await get('/api/contact-requests')).json;
    const createdAt = all.map((r: { createdAt: string }) => r.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    expect((await get('/api/contact-requests?limit=0')).status).toBe(400);
  });

  it('keeps the newest enquiries listed past the cache cap', async () => {
    enquiryCache.setLimit(3);
    try {
      const ids: string[] = [];
      for (const name of ['Cap', 'Cara', 'Cato', 'Cleo', 'Cole']) ids.push(await enquire(name));
      for (let round = 0; round < 2; round++) {
        const listed = (await get('/api/contact-requests')).json.map((r: { id: string }) => r.id);
        expect(listed.slice(0, 5)).toEqual([...ids].reverse());
      }
      expect(enquiryCache.size()).toBe(3);
      expect(enquiryCache.has(ids[4]!)).toBe(true);
    } finally {
      enquiryCache.setLimit(20_000);
    }
  });

  it('never shows a warm instance a stale status changed by another instance', async () => {
    const id = await enquire('Zed');
    const before = (await get('/api/contact-requests')).json.find((r: { id: string }) => r.id === id);
    expect(before.status).toBe('new');
    vi.resetModules();
    const other = (await import('#functions/enquiries.ts')).default;
    const changed = await call(other, 'PATCH', `/api/contact-requests/${id}`, {
      cookie: staff.cookie,
      body: { status: 'quoted' },
    });
    expect(changed.status).toBe(200);
    const after = (await get('/api/contact-requests')).json.find((r: { id: string }) => r.id === id);
    expect(after).toMatchObject({ status: 'quoted', version: 2 });
  });
});
