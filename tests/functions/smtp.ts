/**
 * The tests' one SMTP capture (scripts/lib/mail-capture.ts), set as the site's mail server
 * (ALERT_SMTP_URL, ALERT_EMAIL_FROM; ALERT_EMAIL_TO when staff alerts are wanted too) for
 * the file or `describe` block that calls `useSmtp`. It keeps the messages it accepts during
 * each test (emptied before the next, with any refusals left over) and can refuse the next
 * few, as a server that is down would.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { startMailCapture, type MailCapture } from '#scripts/lib/mail-capture.ts';

export interface Received {
  /** The message as sent (latin1, so any bytes survive). */
  raw: string;
  from: string;
  to: string[];
}

export const SENDER = 'website@example-conveyancing.com.au';

/** Every message the running file's capture has accepted in this test (what `useSmtp` returns as `mails`). */
let current: Received[] = [];

/**
 * The newest engagement link e-mailed to `to` in this test, or null: the API answers an
 * e-mailed link to nobody but the client, so a test that plays the client reads it here.
 */
export async function linkMailedTo(to: string): Promise<string | null> {
  for (const mail of [...current].reverse()) {
    if (!mail.to.includes(to)) continue;
    const match = /https?:\/\/\S+\/engage\/[A-Za-z0-9_-]{43}/.exec((await readMail(mail)).text ?? '');
    if (match) return match[0];
  }
  return null;
}

export function useSmtp({ alertsTo }: { alertsTo?: string } = {}): {
  mails: Received[];
  /** Refuses the next `count` messages (421, as a busy or broken server answers). */
  refuse(count: number): void;
} {
  const mails: Received[] = [];
  let capture: MailCapture | undefined;
  beforeAll(async () => {
    current = mails;
    capture = await startMailCapture({
      onMail: ({ raw, from, to }) => mails.push({ raw: raw.toString('latin1'), from, to }),
    });
    process.env.ALERT_SMTP_URL = capture.url;
    process.env.ALERT_EMAIL_FROM = SENDER;
    if (alertsTo) process.env.ALERT_EMAIL_TO = alertsTo;
    else delete process.env.ALERT_EMAIL_TO;
    resetLeadDeskEnv();
  });
  beforeEach(() => {
    mails.length = 0;
    capture?.refuse(0);
  });
  afterAll(async () => {
    for (const name of ['ALERT_SMTP_URL', 'ALERT_EMAIL_FROM', 'ALERT_EMAIL_TO']) delete process.env[name];
    resetLeadDeskEnv();
    await capture?.stop();
    if (current === mails) current = [];
  });
  return {
    mails,
    refuse: (count) => {
      if (!capture) throw new Error('useSmtp: refuse() is for tests, after the server has started');
      capture.refuse(count);
    },
  };
}

/** A message as a mail client reads it (mailparser: parts split, encodings undone). */
export const readMail = (mail: Received): Promise<ParsedMail> => simpleParser(Buffer.from(mail.raw, 'latin1'));

/** What a reader sees of a message: its subject, then its plain text (for "contains"/"never contains" checks). */
export async function readableText(mail: Received): Promise<string> {
  const { subject, text } = await readMail(mail);
  return `${subject ?? ''}\n${text ?? ''}`;
}
