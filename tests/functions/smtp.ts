/**
 * A real SMTP server on this machine for the function tests (smtp-server), set as the
 * site's mail server (ALERT_SMTP_URL, ALERT_EMAIL_FROM; ALERT_EMAIL_TO when staff alerts
 * are wanted too) for the file or `describe` block that calls `useSmtp`. It keeps every
 * message it accepts and can refuse the next few, as a server that is down would.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { resetLeadDeskEnv } from '../../netlify/functions/_shared/platform/env.ts';

export interface Received {
  /** The message as sent (latin1, so any bytes survive). */
  raw: string;
  from: string;
  to: string[];
}

export const SENDER = 'website@example-conveyancing.com.au';

export function useSmtp({ alertsTo }: { alertsTo?: string } = {}): {
  mails: Received[];
  /** Refuses the next `count` messages (421, as a busy or broken server answers). */
  refuse(count: number): void;
} {
  const mails: Received[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onMailFrom(_address, _session, done) {
      if (refusals > 0) {
        refusals--;
        return done(Object.assign(new Error('Service unavailable'), { responseCode: 421 }));
      }
      done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          raw: Buffer.concat(chunks).toString('latin1'),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        done();
      });
    },
  });
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    process.env.ALERT_SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    process.env.ALERT_EMAIL_FROM = SENDER;
    if (alertsTo) process.env.ALERT_EMAIL_TO = alertsTo;
    else delete process.env.ALERT_EMAIL_TO;
    resetLeadDeskEnv();
  });
  afterAll(async () => {
    for (const name of ['ALERT_SMTP_URL', 'ALERT_EMAIL_FROM', 'ALERT_EMAIL_TO']) delete process.env[name];
    resetLeadDeskEnv();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { mails, refuse: (count) => void (refusals = count) };
}
