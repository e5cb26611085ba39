/**
 * A local receiver for the staff alert webhook (`ALERT_WEBHOOK_URL`), for tests that must
 * show what the practice's shared channel heard, or that it heard nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { resetLeadDeskEnv } from '#server/platform/env.ts';

/** Sets the webhook to a receiver for the file's tests; answers the bodies it received. */
export function useWebhookReceiver(): string[] {
  const hooks: string[] = [];
  const receiver: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hooks.push(body);
      res.end('ok');
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    process.env.ALERT_WEBHOOK_URL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    resetLeadDeskEnv();
  });
  afterAll(async () => {
    delete process.env.ALERT_WEBHOOK_URL;
    resetLeadDeskEnv();
    await new Promise((resolve) => receiver.close(resolve));
  });
  return hooks;
}
