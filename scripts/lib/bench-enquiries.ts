/**
 * The benchmarks' store of enquiries: `total` of them, as if they had arrived over three
 * years (one every 2.6 hours for 10,000, about what the practice receives), not all within
 * the minute it takes to write them: the desk lists only the spans of time a page needs, so
 * a burst would measure a shape of store the practice never has. Enquiries already stored
 * count towards the total.
 */
import { createStoredEnquiry, listStoredEnquiries } from '#server/repositories/enquiries-store.ts';

export const BENCH_ENQUIRIES = 10_000;
const SPREAD_MS = 3 * 365 * 86_400_000;

export async function storeBenchEnquiries(total = BENCH_ENQUIRIES, batch = 100): Promise<void> {
  const have = (await listStoredEnquiries()).length;
  const now = Date.now();
  for (let i = have; i < total; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, total - i) }, (_, n) =>
        createStoredEnquiry(
          {
            firstName: `Lead${i + n}`,
            lastName: 'Bench',
            email: `lead${i + n}@example.com`,
            phone: '0400 000 000',
            serviceType: 'residential-purchase',
          },
          new Date(now - ((i + n) * SPREAD_MS) / total),
        ),
      ),
    );
  }
}
