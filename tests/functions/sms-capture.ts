/**
 * A local stand-in for ClickSend's REST API (`POST /v3/sms/send`), set as the site's SMS
 * provider (CLICKSEND_USERNAME, CLICKSEND_API_KEY, SMS_SENDER_ID, CLICKSEND_API_URL) for the
 * file that calls `useSmsCapture`. It records every request as it arrived (path, the
 * Authorization header, the JSON body) and answers as ClickSend does; it can refuse the next
 * few, as a provider that is down would (HTTP 503).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface SentText {
  method: string;
  path: string;
  authorization: string | undefined;
  body: { messages: { source: string; from: string; to: string; body: string; custom_string: string }[] };
}

export const SMS_USERNAME = 'practice-api';
export const SMS_API_KEY = 'ABCD-1234-test-key';
export const SMS_SENDER = 'HillsConvey';

const NAMES = ['CLICKSEND_USERNAME', 'CLICKSEND_API_KEY', 'SMS_SENDER_ID', 'CLICKSEND_API_URL'] as const;

/** Sets the SMS provider's variables to the capture, or removes them all (`null`). */
export function setSmsEnv(url: string | null): void {
  if (!url) {
    for (const name of NAMES) delete process.env[name];
    return;
  }
  process.env.CLICKSEND_USERNAME = SMS_USERNAME;
  process.env.CLICKSEND_API_KEY = SMS_API_KEY;
  process.env.SMS_SENDER_ID = SMS_SENDER;
  process.env.CLICKSEND_API_URL = url;
}

export function useSmsCapture(): {
  texts: SentText[];
  /** Answers the next `count` requests 503, recording them all the same. */
  refuse(count: number): void;
  /** The API's address, for a test that takes the provider away and puts it back. */
  url(): string;
} {
  const texts: SentText[] = [];
  let refusals = 0;
  let server: Server | undefined;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as SentText['body'];
        texts.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body });
        res.setHeader('content-type', 'application/json');
        if (refusals > 0) {
          refusals--;
          res.statusCode = 503;
          res.end(JSON.stringify({ http_code: 503, response_code: 'SERVICE_UNAVAILABLE', response_msg: 'down' }));
          return;
        }
        res.end(
          JSON.stringify({
            http_code: 200,
            response_code: 'SUCCESS',
            response_msg: 'Messages queued for delivery.',
            data: {
              total_price: 0.0792,
              total_count: body.messages.length,
              queued_count: body.messages.length,
              messages: body.messages.map((message, index) => ({
                ...message,
                message_id: `TEST-${texts.length}-${index}`,
                status: 'SUCCESS',
              })),
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
    setSmsEnv(url);
  });
  beforeEach(() => {
    texts.length = 0;
    refusals = 0;
  });
  afterAll(async () => {
    setSmsEnv(null);
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return {
    texts,
    refuse: (count) => {
      refusals = count;
    },
    url: () => url,
  };
}
