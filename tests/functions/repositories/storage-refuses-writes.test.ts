/**
 * Storage that is up but refuses writes (a full disk, a read-only volume, a platform 5xx):
 * a small proxy in front of the real local Blobs server answers 500 to every PUT while
 * `refusing`, and passes everything else through. Nothing it refused may be acknowledged:
 * the enquiry (JSON and form post), a PATCH of an enquiry, an engagement's acceptance and a
 * settings save each answer the failure, in a few seconds, and leave nothing written.
 *
 * The client's own retry pause is the one Netlify has (5 s: @netlify/blobs shortens it to
 * 1 ms under NODE_ENV=test), so an answer that waited on the client's retries is seen.
 */
import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
});

import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import engage from '#functions/engage.ts';
import enquiries from '#functions/enquiries.ts';
import settings from '#functions/settings.ts';
import { retryDueAlerts } from '#server/mail/staff-alerts.ts';
import { getEngagement } from '#server/repositories/engagements-store.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { ENQUIRY_MESSAGES } from '#src/content/practice.ts';
import { ACCEPTANCE, anEnquiry, aSentEngagement, ENQUIRY } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

/** Seconds an answer may take while the store refuses: one retry of the client's alone is 5. */
const ANSWER_WITHIN_MS = 4_000;

/** Which writes the proxy refuses: a PUT's path (`/{site}/{store}/{key}`) in, whether to answer 500. */
let refuses: (path: string) => boolean = () => false;
/** PUTs refused so far. */
let refused = 0;

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the proxy in front of the Blobs server the environment names, and points the environment at it. */
async function refusingProxy(): Promise<Server> {
  const context = JSON.parse(Buffer.from(process.env.NETLIFY_BLOBS_CONTEXT!, 'base64').toString());
  const target = String(context.uncachedEdgeURL);
  // A failure here rejects unhandled, which Vitest reports against this file.
  const pass = async (req: IncomingMessage, res: ServerResponse) => {
    const sent = await body(req);
    if (req.method === 'PUT' && refuses(decodeURIComponent(req.url ?? ''))) {
      refused++;
      res.writeHead(500, { 'content-type': 'text/plain' }).end('The disk is full');
      return;
    }
    const headers = Object.entries(req.headers).flatMap(([name, value]) =>
      value === undefined || ['host', 'connection', 'content-length'].includes(name)
        ? []
        : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
    );
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const answer = await fetch(new URL(req.url ?? '/', target), {
      method: req.method,
      headers,
      body: hasBody ? new Uint8Array(sent) : undefined,
    });
    const passed = [...answer.headers].filter(([name]) => !['content-length', 'transfer-encoding'].includes(name));
    res.writeHead(answer.status, Object.fromEntries(passed));
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
  const proxy = createServer((req, res) => void pass(req, res));
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ ...context, edgeURL: url, uncachedEdgeURL: url }),
  ).toString('base64');
  return proxy;
}

/** Alerts the webhook received, by enquiry id. */
const alerted: string[] = [];
async function receive(req: IncomingMessage, res: ServerResponse) {
  const payload = JSON.parse((await body(req)).toString());
  alerted.push(payload.enquiry.id);
  res.writeHead(200).end();
}
const receiver = createServer((req, res) => void receive(req, res));

let proxy: Server;
let staff: { cookie: string };
beforeAll(async () => {
  proxy = await refusingProxy();
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  process.env.ALERT_WEBHOOK_URL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  resetLeadDeskEnv();
  staff = await signedInStaff();
});
afterAll(() => {
  delete process.env.ALERT_WEBHOOK_URL;
  resetLeadDeskEnv();
  proxy.close();
  receiver.close();
});

/** Runs `act` while every write is refused; answers its answer and how long it took. */
async function whileRefused<T>(act: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  refuses = () => true;
  refused = 0;
  const started = performance.now();
  try {
    const answer = await act();
    return { answer, ms: performance.now() - started };
  } finally {
    refuses = () => false;
  }
}

const listed = async () =>
  (await call(enquiries, 'GET', '/api/contact-requests', { cookie: staff.cookie })).json as {
    id: string;
    firstName: string;
    status: string;
  }[];

let enquiryNumber = 0;
const someone = () => ({ ...ENQUIRY, firstName: 'Refused', message: `Refused enquiry ${++enquiryNumber}` });

describe('while storage refuses every write', () => {
  it('answers an enquiry sent as JSON 503 with the phone, soon, and stores nothing', async () => {
    const before = (await listed()).length;
    const { answer, ms } = await whileRefused(() => call(contact, 'POST', '/api/contact', { body: someone() }));
    expect(refused).toBeGreaterThan(0);
    expect(answer.status).toBe(503);
    expect(answer.json.error).toBe(ENQUIRY_MESSAGES.failureDescription('(02) 5550 0123'));
    // and says when to try again.
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await listed()).length).toBe(before);
  });

  it('answers a form post with the error page that gives the phone, and stores nothing', async () => {
    const before = (await listed()).length;
    const { answer, ms } = await whileRefused(() =>
      call(contact, 'POST', '/api/contact', {
        raw: new URLSearchParams({
          firstName: 'Refused',
          lastName: 'Form',
          email: 'refused.form@example.com',
          phone: '0400 000 000',
          serviceType: 'contract-review',
          propertyAddress: '',
          message: `Refused form post ${++enquiryNumber}`,
          website: '',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(refused).toBeGreaterThan(0);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/enquiry-error/?form=contact&reason=unavailable');
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await listed()).length).toBe(before);
  });

  it('answers a PATCH of an enquiry 503 and leaves the enquiry as it was', async () => {
    const id = await anEnquiry();
    const { answer, ms } = await whileRefused(() =>
      call(enquiries, 'PATCH', `/api/contact-requests/${id}`, {
        cookie: staff.cookie,
        body: { status: 'contacted', version: 1 },
      }),
    );
    expect(refused).toBeGreaterThan(0);
    expect(answer.status).toBe(503);
    expect(answer.json.error).toEqual(expect.any(String));
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    const after = await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: staff.cookie });
    expect(after.json).toMatchObject({ status: 'new', version: 1 });
  });

  it("answers an engagement's acceptance 503 and leaves it unaccepted", async () => {
    const { id, token } = await aSentEngagement(staff);
    const { answer, ms } = await whileRefused(() =>
      call(engage, 'POST', `/api/engage/${token}/accept`, { body: ACCEPTANCE, context: { ip: '198.51.100.7' } }),
    );
    expect(refused).toBeGreaterThan(0);
    expect(answer.status).toBe(503);
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    const { record } = (await getEngagement(id))!;
    expect(record.status).not.toBe('accepted');
    expect(record.acceptance ?? null).toBeNull();
  });

  it('answers a settings save 503 and keeps the settings as they were', async () => {
    const { updatedAt: _updatedAt, ...before } = (
      await call(settings, 'GET', '/api/settings', { cookie: staff.cookie })
    ).json;
    const { answer, ms } = await whileRefused(() =>
      call(settings, 'PUT', '/api/settings', {
        cookie: staff.cookie,
        body: { ...before, name: 'A Name That Was Never Saved' },
      }),
    );
    expect(refused).toBeGreaterThan(0);
    expect(answer.status).toBe(503);
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    const after = (await call(settings, 'GET', '/api/settings', { cookie: staff.cookie })).json;
    expect(after.name).toBe(before.name);
  });
});

describe('while storage refuses some writes', () => {
  it('stores, lists and alerts every enquiry it acknowledged', async () => {
    alerted.length = 0;
    refused = 0;
    const answers = [];
    try {
      for (let i = 0; i < 12; i++) {
        // Every third enquiry's own record is refused, after its alert's intent was taken;
        // every fifth, its alert's intent; the rest go through.
        refuses = (path) =>
          (i % 3 === 0 && /:contact-requests\/[a-z0-9]+$/.test(path)) ||
          (i % 5 === 1 && path.includes(':alert-outbox/'));
        const answer = await call(contact, 'POST', '/api/contact', { body: { ...someone(), firstName: `Some${i}` } });
        // Nothing between: an enquiry either stored or told to call.
        expect([201, 503]).toContain(answer.status);
        answers.push(answer);
      }
    } finally {
      refuses = () => false;
    }
    expect(refused).toBeGreaterThan(0);
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => String(answer.json.id));
    expect(acknowledged.length).toBeGreaterThan(0);
    const ids = new Set((await listed()).map((enquiry) => enquiry.id));
    for (const id of acknowledged) {
      expect(ids.has(id), `${id} is listed`).toBe(true);
      expect((await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie: staff.cookie })).status).toBe(200);
    }
    // What the immediate delivery could not claim or send, the scheduled retry does.
    await retryDueAlerts(new Date(Date.now() + 60 * 60_000));
    for (const id of acknowledged) expect(alerted, `${id} is alerted`).toContain(id);
  });
});
