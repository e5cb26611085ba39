/**
 * `npm run bench:api`: latency of the API handlers in process, over Netlify's local
 * Blobs server in a throwaway directory, then of the same calls through the local
 * production server (scripts/lib/bench-server.ts). A benchmark, not a test: it prints, it never
 * fails. Targets: POST /api/contact p95 ≤ 20 ms; GET /api/contact-requests with 1,000
 * stored requests p95 ≤ 300 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import contact from '../netlify/functions/contact.ts';
import enquiries from '../netlify/functions/enquiries.ts';
import login from '../netlify/functions/login.ts';
import { hashPassword } from '../netlify/functions/_shared/http/auth.ts';
import { upsertUser } from '../netlify/functions/_shared/repositories/users-store.ts';
import { benchThroughServer } from './lib/bench-server.ts';
import { BENCH_ENQUIRY, time } from './lib/bench-timing.ts';
import { startLocalBlobs } from './lib/local-blobs.ts';
import { benchLeadDesk } from './bench-lead-desk.ts';
import { benchDeskOpen } from './bench-desk-open.ts';

const ORIGIN = 'http://localhost:8888';
process.env.SESSION_SECRET ??= 'benchmark-only-secret-0123456789-abcdefghijklmnop';

const directory = mkdtempSync(path.join(tmpdir(), 'bench-blobs-'));
const blobs = await startLocalBlobs(directory);

const post = (body: unknown) =>
  new Request(`${ORIGIN}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(body),
  });

/** `BENCH_ONLY=lead-desk npm run bench:api` runs only the lead desk's cases (they take minutes). */
const leadDeskOnly = process.env.BENCH_ONLY === 'lead-desk';
/** `BENCH_ONLY=desk npm run bench:api` runs only the desk through the server (scripts/bench-desk-open.ts). */
const deskOnly = process.env.BENCH_ONLY === 'desk';

async function signIn(): Promise<string> {
  await upsertUser('bench-staff', await hashPassword('bench-password-long'));
  const answer = await login(
    new Request(`${ORIGIN}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ username: 'bench-staff', password: 'bench-password-long' }),
    }),
  );
  return (answer.headers.get('set-cookie') ?? '').split(';')[0]!;
}

try {
  if (leadDeskOnly) await benchLeadDesk(await signIn());
  else if (deskOnly) await benchDeskOpen();
  else await benchAll();
} finally {
  await blobs.stop();
  rmSync(directory, { recursive: true, force: true });
}

async function benchAll() {
  // Warm up module loading and the Blobs connection.
  for (let i = 0; i < 20; i++) await contact(post(BENCH_ENQUIRY));

  const create = await time(300, () => contact(post(BENCH_ENQUIRY)));

  // Fill up to 1,000 stored requests, then time the staff list.
  const stored = 20 + 300;
  for (let i = stored; i < 1000; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, 1000 - i) }, () => contact(post(BENCH_ENQUIRY))));
  }
  const cookie = await signIn();
  const listRequest = () => enquiries(new Request(`${ORIGIN}/api/contact-requests`, { headers: { cookie } }));
  // The first read of a fresh instance fetches every enquiry; later reads only new ones.
  const cold = await time(1, listRequest);
  const count = ((await (await listRequest()).json()) as unknown[]).length;
  const list = await time(30, listRequest);

  const row = (name: string, result: { median: number; p95: number }, target: number) =>
    `| ${name.padEnd(48)} | ${result.median.toFixed(1).padStart(8)} | ${result.p95.toFixed(1).padStart(8)} | ${`≤ ${target}`.padStart(7)} | ${result.p95 <= target ? 'met' : 'MISSED'} |`;
  console.log(`\nAPI handlers in process (Node ${process.version}, local Blobs server), milliseconds\n`);
  console.log(
    `| ${'call'.padEnd(48)} | ${'median'.padStart(8)} | ${'p95'.padStart(8)} | ${'target'.padStart(7)} | p95    |`,
  );
  console.log(`|${'-'.repeat(50)}|${'-'.repeat(10)}|${'-'.repeat(10)}|${'-'.repeat(9)}|--------|`);
  console.log(row('POST /api/contact (300 runs)', create, 20));
  console.log(row(`GET /api/contact-requests, ${count} stored (30 runs)`, list, 300));
  console.log(row('  the same, first read of a cold instance', cold, 300));
  console.log();

  await benchLeadDesk(cookie);
  await benchThroughServer({ contact: create, list });
  await benchDeskOpen();
}
