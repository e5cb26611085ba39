/**
 * No alert lost in a crash: a separate process (its own modules, the same Blobs server)
 * takes an enquiry and is killed with SIGKILL at a chosen point of `accept()` (the
 * `CRASH_AT` hook). Whatever was stored by then, the scheduled retry in this process must
 * alert staff about every enquiry that is stored, and about nothing that is not.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enquiries from '#functions/enquiries.ts';
import { ORPHAN_AFTER_MS, retryDueAlerts } from '#server/mail/staff-alerts.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { listAlerts } from '#server/repositories/alert-outbox-store.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

const hooks: { enquiry: { id: string }; deliveryId: string; idempotencyKey: string | undefined }[] = [];
const receiver: Server = createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const key = req.headers['idempotency-key'];
    hooks.push({ ...JSON.parse(raw), idempotencyKey: Array.isArray(key) ? key.join() : key });
    res.writeHead(200).end();
  });
});
let staff: { cookie: string };

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  process.env.ALERT_WEBHOOK_URL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  resetLeadDeskEnv();
  staff = await signedInStaff();
});

afterAll(() => {
  delete process.env.ALERT_WEBHOOK_URL;
  resetLeadDeskEnv();
  receiver.close();
});

/** Posts one enquiry in a racer process that dies at `point`; answers how it ended. */
async function postAndCrash(point: string, firstName: string): Promise<NodeJS.Signals | null> {
  const child = fork(path.resolve(import.meta.dirname, '..', 'racer.ts'), [], {
    env: { ...process.env, CRASH_AT: point },
    execArgv: [],
    stdio: 'inherit',
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.send({
    run: [
      {
        fn: 'contact',
        method: 'POST',
        path: '/api/contact',
        body: {
          firstName,
          lastName: 'Crash',
          email: 'crash@example.com',
          phone: '0400 000 000',
          serviceType: 'residential-purchase',
          message: 'Please call',
        },
      },
    ],
  });
  const [, signal] = await exited;
  return signal;
}

const stored = async () =>
  (await call(enquiries, 'GET', '/api/contact-requests', { cookie: staff.cookie })).json as {
    id: string;
    firstName: string;
  }[];

describe('an enquiry taken by a process that is killed', () => {
  it('is alerted by the retry when the process dies right after storing it', async () => {
    expect(await postAndCrash('enquiry:stored', 'Stored')).toBe('SIGKILL');
    const [enquiry] = (await stored()).filter((item) => item.firstName === 'Stored');
    expect(enquiry).toBeDefined();
    expect(hooks).toEqual([]);

    // The scheduled retry, a minute later, finds the intent and delivers it.
    await retryDueAlerts(new Date(Date.now() + 61_000));
    expect(hooks.map((hook) => hook.enquiry.id)).toEqual([enquiry!.id]);
    expect(await listAlerts()).toEqual([]);
  });

  it('alerts nobody about an enquiry that was never stored, and drops its intent', async () => {
    hooks.length = 0;
    expect(await postAndCrash('enquiry:after-alert-intent', 'Unstored')).toBe('SIGKILL');
    expect((await stored()).filter((item) => item.firstName === 'Unstored')).toEqual([]);
    const [intent] = await listAlerts();
    expect(intent).toBeDefined();

    // Its enquiry may still be on its way: kept for a while, then dropped, never sent.
    await retryDueAlerts(new Date(Date.now() + 61_000));
    expect(await listAlerts()).toHaveLength(1);
    await retryDueAlerts(new Date(Date.parse(intent!.createdAt) + ORPHAN_AFTER_MS + 1));
    expect(await listAlerts()).toEqual([]);
    expect(hooks).toEqual([]);
  });

  it('sends the alert again after a crash between its delivery and its removal, under the same delivery id', async () => {
    hooks.length = 0;
    expect(await postAndCrash('alert:delivered', 'Repeated')).toBe('SIGKILL');
    const [enquiry] = (await stored()).filter((item) => item.firstName === 'Repeated');
    expect(enquiry).toBeDefined();
    expect(hooks.map((hook) => hook.enquiry.id)).toEqual([enquiry!.id]);

    // At least once: the retry cannot know the receiver had it, so it sends it again.
    await retryDueAlerts(new Date(Date.now() + 2 * 60 * 60_000));
    expect(hooks.map((hook) => hook.enquiry.id)).toEqual([enquiry!.id, enquiry!.id]);
    const [first, repeat] = hooks;
    expect(first!.deliveryId).toBe(`enquiry-alert-${enquiry!.id}`);
    expect(repeat!.deliveryId).toBe(first!.deliveryId);
    expect(first!.idempotencyKey).toBe(first!.deliveryId);
    expect(repeat!.idempotencyKey).toBe(first!.deliveryId);
    expect(await listAlerts()).toEqual([]);
  });
});
