/**
 * No lead lost in a crash: the production server is killed with SIGKILL (no shutdown
 * hooks, nothing flushed) in the middle of a burst of enquiries, started again over the
 * same Blobs directory, and every enquiry that was answered 201 must be in the staff list.
 * An answer given before the write is stored fails this test.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createStaffIn,
  freePort,
  listedIds,
  sendEnquiries,
  signIn,
  spawnServer,
  type ChildServer,
} from '#scripts/lib/child-server.ts';

// Small enough for a shared CI machine, large enough that the kill falls mid-burst;
// `npm run bench:load` is the full-size run.
const BURST = 160;
const CONCURRENCY = 20;
/** Answers to wait for before pulling the plug: well into the burst, far from its end. */
const KILL_AFTER = 60;

const blobsDir = mkdtempSync(path.join(tmpdir(), 'crash-blobs-'));
const sessionSecret = randomBytes(32).toString('base64url');
const staff = { username: 'crash-test', password: randomBytes(18).toString('base64url') };
const running: ChildServer[] = [];

afterAll(async () => {
  for (const server of running) await server.kill('SIGKILL');
  rmSync(blobsDir, { recursive: true, force: true });
});

describe('a server killed mid-burst', () => {
  it('lists every enquiry it answered 201 once it is started again over the same data', async () => {
    await createStaffIn(blobsDir, staff.username, staff.password);
    const port = await freePort();
    const first = await spawnServer({ blobsDir, port, sessionSecret });
    running.push(first);

    let killed: Promise<string> | undefined;
    const outcomes = await sendEnquiries(first.url, {
      total: BURST,
      concurrency: CONCURRENCY,
      onOutcome: (_outcome, done) => {
        if (done === KILL_AFTER) killed = first.kill('SIGKILL');
      },
    });
    expect(await killed).toBe('SIGKILL');

    const answered = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.id!);
    // The kill really fell inside the burst: some enquiries were answered, later ones were not.
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER - CONCURRENCY);
    expect(outcomes.filter((outcome) => outcome.status === 0).length).toBeGreaterThan(0);
    // Nothing but stored enquiries and dropped connections: no 5xx on the way down.
    expect(outcomes.filter((outcome) => outcome.status !== 201 && outcome.status !== 0)).toEqual([]);

    const second = await spawnServer({ blobsDir, port: await freePort(), sessionSecret });
    running.push(second);
    const listed = await listedIds(second.url, await signIn(second.url, staff.username, staff.password));
    const lost = answered.filter((id) => !listed.has(id));
    expect(lost, `${lost.length} of ${answered.length} answered enquiries are missing`).toEqual([]);

    await second.kill('SIGTERM');
  }, 360_000);
});
