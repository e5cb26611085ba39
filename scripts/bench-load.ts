/**
 * `npm run bench:load`: 1,000 enquiries, 50 in flight, through the production server,
 * then how many of the 201s the staff list shows. Goal: 0 lost, 0 5xx.
 *
 *   npm run bench:load                      starts `npm start`'s server over a throwaway
 *                                           Blobs directory, with a throwaway staff account
 *   npm run bench:load -- --url http://localhost:8888
 *                                           a server you run; signs in as STAFF_USERNAME
 *                                           with STAFF_PASSWORD; the enquiries stay in its data
 *   --total N, --concurrency N              other sizes
 *
 * A benchmark, not a test: it prints figures and exits 0 even when something was lost (the
 * crash test, tests/functions/repositories/crash.test.ts, is the one that fails). It only targets this
 * machine: a thousand fake enquiries have no business in a deployed site's data, and
 * Netlify's rate limit on POST /api/contact (10 a minute per IP) would answer most of them
 * 429. Should the local server ever enforce that limit, the 429s show in the histogram as
 * refused, not lost: only enquiries answered 201 count towards "lost".
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createStaffIn,
  freePort,
  listedIds,
  sendEnquiries,
  signIn,
  spawnServer,
  type ChildServer,
} from './lib/child-server.ts';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    total: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '50' },
  },
});
const total = Number(options.total);
const concurrency = Number(options.concurrency);
if (!(Number.isInteger(total) && total > 0 && Number.isInteger(concurrency) && concurrency > 0)) {
  console.error('--total and --concurrency take positive whole numbers.');
  process.exit(2);
}

let server: ChildServer | undefined;
let directory: string | undefined;
const cleanUp = async () => {
  await server?.kill('SIGTERM');
  if (directory) rmSync(directory, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

let url: string;
let staff: { username: string; password: string };
if (options.url) {
  const target = new URL(options.url);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(target.hostname)) {
    console.error('bench:load only runs against a server on this machine (localhost).');
    process.exit(2);
  }
  const { STAFF_USERNAME: username, STAFF_PASSWORD: password } = process.env;
  if (!username || !password) {
    console.error(
      'With --url, set STAFF_USERNAME and STAFF_PASSWORD to an account on that server (npm run staff:add).',
    );
    process.exit(2);
  }
  url = target.origin;
  staff = { username, password };
} else {
  directory = mkdtempSync(path.join(tmpdir(), 'bench-load-blobs-'));
  staff = { username: 'bench-load', password: randomBytes(18).toString('base64url') };
  url = '';
}

try {
  if (directory) {
    await createStaffIn(directory, staff.username, staff.password);
    console.log('Starting the production server over a throwaway Blobs directory…');
    server = await spawnServer({
      blobsDir: directory,
      port: await freePort(),
      sessionSecret: randomBytes(32).toString('base64url'),
    });
    url = server.url;
  }
  const cookie = await signIn(url, staff.username, staff.password);
  const before = await listedIds(url, cookie);

  console.log(`Sending ${total} enquiries to ${url}/api/contact, ${concurrency} in flight…`);
  const started = performance.now();
  const outcomes = await sendEnquiries(url, { total, concurrency });
  const seconds = (performance.now() - started) / 1000;

  const listed = await listedIds(url, cookie);
  const created = outcomes.filter((outcome) => outcome.status === 201 && outcome.id);
  const stored = created.filter((outcome) => listed.has(outcome.id!) && !before.has(outcome.id!));
  const serverErrors = outcomes.filter((outcome) => outcome.status >= 500).length;
  const failed = outcomes.filter((outcome) => outcome.status === 0).length;

  const histogram = new Map<string, number>();
  for (const { status } of outcomes) {
    const label = status === 0 ? 'no answer' : String(status);
    histogram.set(label, (histogram.get(label) ?? 0) + 1);
  }
  const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const ms = (value: number) => `${Math.round(value)} ms`;

  console.log(
    `\nbench:load  ${total} enquiries, ${concurrency} in flight, ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s)`,
  );
  console.log(
    `  statuses   ${[...histogram]
      .sort()
      .map(([label, count]) => `${label}: ${count}`)
      .join(', ')}`,
  );
  if (histogram.has('429'))
    console.log('             (429 = refused by a rate limit: the visitor is told, nothing is lost)');
  console.log(`  latency    p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(times.at(-1)!)}`);
  console.log(
    `  staff list stored ${stored.length} of ${created.length} 201s, lost ${created.length - stored.length}, ` +
      `5xx ${serverErrors}${failed ? `, no answer ${failed}` : ''}`,
  );
  console.log(
    `  goal       0 lost, 0 5xx: ${created.length === stored.length && serverErrors === 0 && failed === 0 ? 'met' : 'NOT met'}`,
  );
  if (server && (serverErrors || failed)) console.log(`\nLast server output:\n${server.output()}`);
} finally {
  await cleanUp();
}
