/**
 * A local stand-in for ClickSend's REST API (`POST {url}/sms/send`, docs/decisions/033): it
 * records every request as it arrived (path, the Authorization header, the JSON body) and
 * answers as ClickSend does, or refuses the next few as a provider that is down (HTTP 503) or
 * out of credit (200 with the message refused) would. The function tests
 * (tests/functions/sms-capture.ts) read what it recorded; the e2e server sets it as the
 * site's provider so that the client's page offers texts. It lives here, not under tests/,
 * because the e2e server is a script and scripts never import from tests/.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedText {
  method: string;
  path: string;
  authorization: string | undefined;
  body: { messages: { source: string; from: string; to: string; body: string; custom_string: string }[] };
}

export interface SmsCapture {
  /** `http://127.0.0.1:{port}/v3`, for CLICKSEND_API_URL. */
  url: string;
  /** Refuses the next `count` requests, recording them all the same. */
  refuse(count: number, how?: 'down' | 'message'): void;
  stop(): Promise<void>;
}

export async function startSmsCapture({ onText }: { onText?: (text: CapturedText) => void } = {}): Promise<SmsCapture> {
  let refusals = 0;
  let refusal: 'down' | 'message' = 'down';
  let count = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: CapturedText['body'] = { messages: [] };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CapturedText['body'];
      } catch {
        // Recorded as an empty request: the test that reads it fails on what it expected.
      }
      count++;
      onText?.({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body });
      const refused = refusals > 0 ? refusal : null;
      if (refused) refusals--;
      res.setHeader('content-type', 'application/json');
      if (refused === 'down') {
        res.statusCode = 503;
        res.end(JSON.stringify({ http_code: 503, response_code: 'SERVICE_UNAVAILABLE', response_msg: 'down' }));
        return;
      }
      const messages = body.messages ?? [];
      res.end(
        JSON.stringify({
          http_code: 200,
          response_code: 'SUCCESS',
          response_msg: 'Messages queued for delivery.',
          data: {
            total_count: messages.length,
            queued_count: messages.length,
            messages: messages.map((message, index) => ({
              ...message,
              message_id: `CAPTURED-${count}-${index}`,
              status: refused === 'message' ? 'INSUFFICIENT_CREDIT' : 'SUCCESS',
            })),
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`,
    refuse: (next, how = 'down') => {
      refusals = next;
      refusal = how;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
