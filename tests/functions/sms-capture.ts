/**
 * The tests' SMS capture (scripts/lib/sms-capture.ts, a stand-in for ClickSend's REST API), set
 * as the site's SMS provider (CLICKSEND_USERNAME, CLICKSEND_API_KEY, SMS_SENDER_ID,
 * CLICKSEND_API_URL) for the file that calls `useSmsCapture`. It keeps the requests of each
 * test (emptied before the next) and can refuse the next few.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSmsCapture, type CapturedText, type SmsCapture } from '#scripts/lib/sms-capture.ts';

export type SentText = CapturedText;

export const SMS_USERNAME = 'practice-api';
export const SMS_API_KEY = 'ABCD-1234-test-key';
export const SMS_SENDER = 'HillsConvey';

const NAMES = ['CLICKSEND_USERNAME', 'CLICKSEND_API_KEY', 'SMS_SENDER_ID', 'CLICKSEND_API_URL'] as const;

/** Sets the SMS provider's variables to the capture at `url`, or removes them all (`null`). */
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
  /**
   * Refuses the next `count` requests, recording them all the same: 'down' answers 503;
   * 'message' answers 200 with the message refused, as ClickSend does for a lack of credit.
   */
  refuse(count: number, how?: 'down' | 'message'): void;
  /** The API's address, for a test that takes the provider away and puts it back. */
  url(): string;
} {
  const texts: SentText[] = [];
  let capture: SmsCapture | undefined;
  beforeAll(async () => {
    capture = await startSmsCapture({ onText: (text) => texts.push(text) });
    setSmsEnv(capture.url);
  });
  beforeEach(() => {
    texts.length = 0;
    capture?.refuse(0);
  });
  afterAll(async () => {
    setSmsEnv(null);
    await capture?.stop();
  });
  return {
    texts,
    refuse: (count, how) => capture!.refuse(count, how),
    url: () => capture!.url,
  };
}
