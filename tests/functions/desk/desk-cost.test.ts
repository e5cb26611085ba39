/**
 * The desk's counts and metrics cost the same however many enquiries are stored: the
 * counts read no enquiry at all (they are kept as enquiries change), and a period's
 * metrics read only the enquiries of that period. "Read" is seen in the enquiry cache,
 * emptied first as on a fresh instance: every enquiry read lands in it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import enquiries from '#functions/enquiries.ts';
import leadMetrics from '#functions/lead-metrics.ts';
import { openStore } from '#server/repositories/blobs.ts';
import { applyRetention } from '#server/desk/erasure.ts';
import { createStoredEnquiry, enquiryCache, recountStatuses } from '#server/repositories/enquiries-store.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

const DAY = 86_400_000;
let staff: { cookie: string };
const person = (n: number) => ({
  firstName: `Cost${n}`,
  lastName: 'Tester',
  email: `cost${n}@example.com`,
  phone: '0400 111 222',
  serviceType: 'residential-sale',
});
const counts = async () =>
  (await call(leadMetrics, 'GET', '/api/lead-metrics?only=counts', { cookie: staff.cookie })).json;
const sydneyDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date(ms));

beforeAll(async () => {
  staff = await signedInStaff();
  // 200 enquiries, one every two days back from 10 days ago; 3 in the last two days.
  const now = Date.now();
  for (let i = 0; i < 200; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        createStoredEnquiry(person(i + n), new Date(now - 10 * DAY - (i + n) * 2 * DAY)),
      ),
    );
  }
  for (let n = 0; n < 3; n++) await createStoredEnquiry(person(1000 + n), new Date(now - n * 3_600_000));
});

describe('the desk over many enquiries', () => {
  it('counts the statuses without reading an enquiry, and keeps them as enquiries change', async () => {
    enquiryCache.clear();
    expect(await counts()).toEqual({
      total: 203,
      byStatus: { new: 203, contacted: 0, quoted: 0, instructed: 0, lost: 0 },
    });
    expect(enquiryCache.size()).toBe(0);

    const [first, second] = (await call(enquiries, 'GET', '/api/contact-requests?limit=2', { cookie: staff.cookie }))
      .json;
    await call(enquiries, 'PATCH', `/api/contact-requests/${first.id}`, {
      cookie: staff.cookie,
      body: { status: 'quoted' },
    });
    await call(enquiries, 'DELETE', `/api/contact-requests/${second.id}`, { cookie: staff.cookie });
    expect(await counts()).toEqual({
      total: 202,
      byStatus: { new: 201, contacted: 0, quoted: 1, instructed: 0, lost: 0 },
    });
  });

  it('reads only the period asked for, and counts it right', async () => {
    enquiryCache.clear();
    const now = Date.now();
    const response = await call(
      leadMetrics,
      'GET',
      `/api/lead-metrics?from=${sydneyDay(now - 3 * DAY)}&to=${sydneyDay(now + DAY)}`,
      { cookie: staff.cookie },
    );
    // The spans of time that hold those days, never the 200 older enquiries.
    expect(enquiryCache.size()).toBeLessThan(20);
    expect(response.json.total).toBe(2); // the three recent ones, less the one deleted above
  });

  it('sets a count a crash left off right at the daily recount', async () => {
    const store = openStore('contact-requests');
    const { blobs } = await store.list({ prefix: 'counts/' });
    expect(blobs.length).toBeGreaterThan(0);
    // As if a process died between an enquiry's write and its count's: one count is off.
    const key = blobs[0]!.key;
    const shard = (await store.get(key, { type: 'json' })) as { byStatus: Record<string, number> };
    await store.setJSON(key, { byStatus: { ...shard.byStatus, new: shard.byStatus.new! + 5 } });
    expect((await counts()).total).toBe(207);
    await applyRetention();
    expect((await counts()).total).toBe(202);
    await recountStatuses();
    expect((await counts()).total).toBe(202);
  });
});
