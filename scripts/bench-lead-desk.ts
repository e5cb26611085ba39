/**
 * The lead desk's part of `npm run bench:api`: a status change (PATCH) and the staff list
 * over 10,000 stored enquiries, first page of 50 and the whole list, warm and cold ("cold"
 * empties this instance's enquiry cache before each read, as a fresh instance starts).
 * Goals: PATCH p95 ≤ 50 ms; a page of 50 out of 10,000 ≤ 300 ms.
 * The enquiries are stored as if received over three years (lib/bench-enquiries.ts).
 */
import enquiries from '../netlify/functions/enquiries.ts';
import { enquiryCache } from '../netlify/functions/_shared/repositories/enquiries-store.ts';
import { BENCH_ENQUIRIES, storeBenchEnquiries } from './lib/bench-enquiries.ts';
import { time, type Timing } from './lib/bench-timing.ts';

const ORIGIN = 'http://localhost:8888';
const TOTAL = BENCH_ENQUIRIES;

export async function benchLeadDesk(cookie: string) {
  await storeBenchEnquiries(TOTAL);
  const get = (query: string) => () =>
    enquiries(new Request(`${ORIGIN}/api/contact-requests${query}`, { headers: { cookie } }));
  const ids = ((await (await get('?limit=200')()).json()) as { id: string }[]).map((item) => item.id);
  const statuses = ['contacted', 'quoted', 'instructed', 'new'];
  let n = 0;
  const patch = () => {
    const id = ids[n % ids.length]!;
    const status = statuses[Math.floor(n / ids.length) % statuses.length]!;
    n++;
    return enquiries(
      new Request(`${ORIGIN}/api/contact-requests/${id}`, {
        method: 'PATCH',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      }),
      // As Netlify calls it: the path's parameters come with the request.
      { params: { id } },
    );
  };

  const results: [string, Timing, number][] = [];
  results.push(['PATCH /api/contact-requests/{id} status (200 runs)', await time(200, patch), 50]);
  const cold = () => enquiryCache.clear();
  results.push([`GET …?limit=50 of ${TOTAL}, warm (30 runs)`, await time(30, get('?limit=50')), 300]);
  results.push([`GET …?limit=50 of ${TOTAL}, cold (10 runs)`, await time(10, get('?limit=50'), { before: cold }), 300]);
  results.push([
    `GET …?status=contacted&limit=50, cold (10)`,
    await time(10, get('?status=contacted&limit=50'), { before: cold }),
    300,
  ]);
  await get('')();
  results.push([`GET …?status=contacted&limit=50, warm (30)`, await time(30, get('?status=contacted&limit=50')), 300]);
  results.push([`GET … full list of ${TOTAL}, warm (10 runs)`, await time(10, get('')), Infinity]);
  results.push([`GET … full list of ${TOTAL}, cold (3 runs)`, await time(3, get(''), { before: cold }), Infinity]);

  console.log(`Lead desk over ${TOTAL} enquiries, milliseconds\n`);
  console.log(
    `| ${'call'.padEnd(48)} | ${'median'.padStart(8)} | ${'p95'.padStart(8)} | ${'goal'.padStart(7)} | p95    |`,
  );
  console.log(`|${'-'.repeat(50)}|${'-'.repeat(10)}|${'-'.repeat(10)}|${'-'.repeat(9)}|--------|`);
  for (const [name, result, goal] of results) {
    const goalText = Number.isFinite(goal) ? `≤ ${goal}` : '–';
    const met = Number.isFinite(goal) ? (result.p95 <= goal ? 'met' : 'MISSED') : '';
    console.log(
      `| ${name.padEnd(48)} | ${result.median.toFixed(1).padStart(8)} | ${result.p95.toFixed(1).padStart(8)} | ${goalText.padStart(7)} | ${met.padEnd(6)} |`,
    );
  }
  console.log();
}
