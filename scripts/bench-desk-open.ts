/**
 * `npm run bench:api`, the desk through the production server over 10,000 stored
 * enquiries: what the browser asks when staff open the desk (the first page, the status
 * counts, the alert channels, in parallel) and the metrics panel's 30- and 90-day figures.
 * Goal: desk open p95 ≤ 300 ms. `BENCH_ONLY=desk npm run bench:api` runs only this part.
 *
 * The enquiries arrive one every 2.6 hours over three years (lib/bench-enquiries.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STATUS_COUNTS_PATH } from '../src/islands/admin/desk/useDesk.ts';
import { time, type Timing } from './lib/bench-timing.ts';

const TOTAL = 10_000;
const DAY_MS = 86_400_000;

export async function benchDeskOpen(): Promise<void> {
  const directory = mkdtempSync(path.join(tmpdir(), 'bench-desk-blobs-'));
  process.env.BLOBS_DIR = directory;
  const { startServer } = await import('./lib/server.ts');
  const server = await startServer({ port: 0, build: false });
  try {
    const { upsertUser } = await import('../netlify/functions/_shared/repositories/users-store.ts');
    const { hashPassword } = await import('../netlify/functions/_shared/http/auth.ts');
    const { storeBenchEnquiries } = await import('./lib/bench-enquiries.ts');
    await upsertUser('bench-staff', await hashPassword('bench-password-long'));
    await storeBenchEnquiries(TOTAL, 20);
    const base = server.url;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: 'bench-staff', password: 'bench-password-long' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const get = (url: string) => fetch(`${base}${url}`, { headers: { cookie } });
    // What useDesk asks on open, refresh and after each change, as the browser does: at once.
    const deskCalls = ['/api/contact-requests?limit=50', STATUS_COUNTS_PATH, '/api/lead-alerts'];
    const deskOpen = async () => {
      const answers = await Promise.all(deskCalls.map(get));
      await Promise.all(answers.slice(1).map((answer) => answer.arrayBuffer()));
      return answers[0]!;
    };
    const now = Date.now();
    const day = (offset: number) => new Date(now - offset * DAY_MS).toISOString().slice(0, 10);
    const metrics = (days: number) => () => get(`/api/lead-metrics?from=${day(days - 1)}&to=${day(0)}`);
    for (let i = 0; i < 3; i++) await (await deskOpen()).arrayBuffer(); // warm up

    const rows: [string, Timing][] = [
      [`desk open: ${deskCalls.length} calls at once (30 runs)`, await time(30, deskOpen)],
      ['GET /api/lead-metrics, last 30 days (30 runs)', await time(30, metrics(30))],
      ['GET /api/lead-metrics, last 90 days (30 runs)', await time(30, metrics(90))],
    ];
    console.log(`\nThe desk through the production server over ${TOTAL} enquiries, milliseconds\n`);
    console.log(`calls on open: ${deskCalls.join(', ')}\n`);
    console.log(`| ${'call'.padEnd(48)} | ${'median'.padStart(8)} | ${'p95'.padStart(8)} | ${'goal'.padStart(7)} |`);
    console.log(`|${'-'.repeat(50)}|${'-'.repeat(10)}|${'-'.repeat(10)}|${'-'.repeat(9)}|`);
    for (const [name, result] of rows) {
      console.log(
        `| ${name.padEnd(48)} | ${result.median.toFixed(1).padStart(8)} | ${result.p95.toFixed(1).padStart(8)} | ${'≤ 300'.padStart(7)} |`,
      );
    }
    console.log();
  } finally {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}
