/**
 * A page of the lead desk lists only the spans of time it needs (enquiries.ts,
 * SPAN_LEVELS). These prove the pages still come newest first, without gaps or repeats,
 * across every span boundary, and with filters.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import enquiries from '#functions/enquiries.ts';
import {
  createStoredEnquiry,
  enquiryCache,
  getStoredEnquiry,
  listStoredEnquiries,
  replaceStoredEnquiry,
  type ListOptions,
} from '#server/repositories/enquiries-store.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

const SECOND = 1_000;
const DAY = 86_400 * SECOND;
/** Ages that fall into each span level and straddle their boundaries. */
const AGES_MS = [
  -3 * SECOND, // another instance's clock a little ahead
  0,
  0,
  5 * SECOND,
  40 * SECOND,
  50 * SECOND,
  100 * SECOND,
  20 * 60 * SECOND,
  40 * 60 * SECOND,
  3_600 * SECOND,
  0.7 * DAY,
  1.5 * DAY,
  3 * DAY,
  20 * DAY,
  30 * DAY,
  60 * DAY,
  400 * DAY,
  2 * 365 * DAY,
  3 * 365 * DAY,
  40 * 365 * DAY,
];

const enquiry = (n: number) => ({
  firstName: `Paging${n}`,
  lastName: 'Test',
  email: `paging${n}@example.com`,
  phone: '0400 000 000',
  serviceType: 'residential-purchase',
});

let all: string[] = [];

beforeAll(async () => {
  const now = Date.now();
  const ids = await Promise.all(
    AGES_MS.map(async (age, n) => (await createStoredEnquiry(enquiry(n) as never, new Date(now - age))).id),
  );
  all = ids.sort().reverse();
});

async function pages(limit: number, filter?: ListOptions['filter']): Promise<string[][]> {
  const result: string[][] = [];
  let before: string | undefined;
  for (;;) {
    const page = (await listStoredEnquiries({ limit, before, filter })).map((record) => record.id);
    if (page.length === 0) return result;
    expect(page.length).toBeLessThanOrEqual(limit);
    result.push(page);
    before = page.at(-1);
  }
}

describe('lead desk pages over spans of time', () => {
  it('lists every enquiry once, newest first, in pages of any size, warm and cold', async () => {
    expect(all).toHaveLength(AGES_MS.length);
    for (const limit of [1, 2, 3, 7, 50]) {
      enquiryCache.clear();
      expect((await pages(limit)).flat(), `pages of ${limit}, cold`).toEqual(all);
      expect((await pages(limit)).flat(), `pages of ${limit}, warm`).toEqual(all);
    }
    expect((await listStoredEnquiries()).map((record) => record.id)).toEqual(all);
  });

  it('fills the first page from the newest enquiries, including one from a clock a little ahead', async () => {
    expect((await listStoredEnquiries({ limit: 5 })).map((record) => record.id)).toEqual(all.slice(0, 5));
  });

  it('pages a status filter across spans, and shows a status changed since the last read', async () => {
    const contacted = all.filter((_, n) => n % 3 === 1);
    await listStoredEnquiries({ limit: 50 }); // the cache now holds every record as `new`
    for (const id of contacted) {
      const found = (await getStoredEnquiry(id))!;
      expect(await replaceStoredEnquiry({ ...found.record, status: 'contacted' }, found.etag, found.record)).toBe(true);
    }
    const isContacted = (record: { status: string }) => record.status === 'contacted';
    for (const limit of [1, 2, 50]) {
      expect((await pages(limit, isContacted)).flat(), `pages of ${limit}`).toEqual(contacted);
    }

    const { cookie: staff } = await signedInStaff();
    const first = await call(enquiries, 'GET', '/api/contact-requests?status=contacted&limit=2', { cookie: staff });
    expect((first.json as { id: string }[]).map((item) => item.id)).toEqual(contacted.slice(0, 2));
    const next = await call(
      enquiries,
      'GET',
      `/api/contact-requests?status=contacted&limit=50&before=${contacted[1]}`,
      {
        cookie: staff,
      },
    );
    expect((next.json as { id: string }[]).map((item) => item.id)).toEqual(contacted.slice(2));
  });

  it('puts first an enquiry from a clock a little ahead, even across a span boundary', async () => {
    // A second before the end of a 47-second span (keys' first 8 base-36 characters).
    const span = 36 ** 3;
    const now = (Math.floor(Date.now() / span) + 1) * span - SECOND;
    const ahead = await createStoredEnquiry(enquiry(200) as never, new Date(now + 3 * SECOND));
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      expect((await listStoredEnquiries({ limit: 1 }))[0]?.id).toBe(ahead.id);
    } finally {
      vi.useRealTimers();
    }
  });
});
