/**
 * `npm run bench:api`, second part: the same calls through the local production server
 * (HTTP, routing, the functions host), so that a per-call cost of the server itself (it was
 * about a second a call when every call ran in a fresh worker) shows next to the handlers'.
 * By default it starts the server over a throwaway Blobs directory on a free port, without
 * building the site; BENCH_SERVER_URL times a server that is already running instead
 * (with BENCH_STAFF_USERNAME and BENCH_STAFF_PASSWORD for the staff list).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_ENQUIRY, time, type Timing } from './bench-timing.ts';

export interface InProcessFigures {
  contact: Timing;
  list: Timing;
}

export async function benchThroughServer(inProcess: InProcessFigures): Promise<void> {
  const external = process.env.BENCH_SERVER_URL;
  let stop = async () => {};
  let base: string;
  const staff = {
    username: process.env.BENCH_STAFF_USERNAME ?? 'bench-staff',
    password: process.env.BENCH_STAFF_PASSWORD ?? 'bench-password-long',
  };
  if (external) {
    base = external.replace(/\/$/, '');
  } else {
    const directory = mkdtempSync(path.join(tmpdir(), 'bench-server-blobs-'));
    process.env.BLOBS_DIR = directory;
    const { startServer } = await import('./server.ts');
    const server = await startServer({ port: 0, build: false });
    const { upsertUser } = await import('#server/repositories/users-store.ts');
    const { hashPassword } = await import('#server/http/auth.ts');
    await upsertUser(staff.username, await hashPassword(staff.password));
    base = server.url;
    stop = async () => {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    };
  }

  try {
    const postEnquiry = () =>
      fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(BENCH_ENQUIRY),
      });
    for (let i = 0; i < 10; i++) await (await postEnquiry()).arrayBuffer(); // warm up
    const user = await time(100, () => fetch(`${base}/api/user`), { okStatus: 401 });
    const contact = await time(300, postEnquiry);

    let list: Timing | null = null;
    let count = 0;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(staff),
    });
    if (login.ok) {
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const listCall = () => fetch(`${base}/api/contact-requests`, { headers: { cookie } });
      count = ((await (await listCall()).json()) as unknown[]).length;
      // Up to 1,000 stored requests, as in process.
      for (let stored = count; stored < 1000; stored += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, 1000 - stored) }, async () => (await postEnquiry()).arrayBuffer()),
        );
      }
      count = ((await (await listCall()).json()) as unknown[]).length;
      list = await time(30, listCall);
    } else {
      console.log(`(staff sign-in on ${base} answered ${login.status}: the staff list is not timed)`);
    }

    const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(1)).padStart(11);
    const row = (name: string, server: Timing | null, local?: Timing) =>
      `| ${name.padEnd(48)} | ${ms(server?.median)} | ${ms(server?.p95)} | ${ms(local?.median)} | ${ms(local?.p95)} |`;
    console.log(
      `\nThe same calls through the production server (${external ? base : 'npm start, in this process, free port'}), milliseconds\n`,
    );
    const head = ['server p50', 'server p95', 'in-proc p50', 'in-proc p95']
      .map((name) => name.padStart(11))
      .join(' | ');
    console.log(`| ${'call'.padEnd(48)} | ${head} |`);
    console.log(`|${'-'.repeat(50)}|${`${'-'.repeat(13)}|`.repeat(4)}`);
    console.log(row('GET /api/user, signed out (401, 100 runs)', user));
    console.log(row('POST /api/contact (300 runs)', contact, inProcess.contact));
    console.log(row(`GET /api/contact-requests, ${count} stored (30 runs)`, list, inProcess.list));
    console.log();
  } finally {
    await stop();
  }
}
