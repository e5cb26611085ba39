/**
 * A real SMTP server on this machine that keeps every message it accepts: the one mail
 * capture of the tests. The site sends through its real SMTP path (nodemailer) and a test
 * reads what a client would have received.
 * - The e2e server (scripts/test-server.ts) keeps each message as a file in a folder
 *   (`{n}.eml`, raw as sent), which tests/e2e/mailbox.ts reads from the test's process.
 * - The function tests (tests/functions/smtp.ts) keep them in memory and can have the
 *   server refuse the next few, as a server that is down would.
 * It lives here, not under tests/, because the e2e server is a script and scripts never
 * import from tests/.
 */
import { once } from 'node:events';
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** The message as sent, bytes unchanged. */
  raw: Buffer;
  /** The envelope's sender and recipients (what the SMTP session said, not the headers). */
  from: string;
  to: string[];
}

export interface MailCapture {
  /** `smtp://127.0.0.1:{port}`, for ALERT_SMTP_URL. */
  url: string;
  /** Refuses the next `count` messages (421, as a busy or broken server answers). */
  refuse(count: number): void;
  stop(): Promise<void>;
}

export interface MailCaptureOptions {
  /** Keeps each message as a file here, in arrival order. */
  directory?: string;
  /** Called with each message accepted. */
  onMail?: (mail: CapturedMail) => void;
}

export async function startMailCapture({ directory, onMail }: MailCaptureOptions): Promise<MailCapture> {
  if (directory) mkdirSync(directory, { recursive: true });
  // A folder kept from an earlier run (the local inbox, dev-mail.ts) goes on from its last message.
  let count = directory
    ? Math.max(0, ...readdirSync(directory).map((name) => Number(/^(\d+)\.eml$/.exec(name)?.[1] ?? 0)))
    : 0;
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Above the largest message the site sends (an engagement with its signed PDF).
    size: 20 * 1024 * 1024,
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
        const raw = Buffer.concat(chunks);
        if (directory) {
          // Zero-padded, so the files list in arrival order; written aside and renamed into
          // place, so a reader never sees half a message.
          const name = `${String(++count).padStart(6, '0')}.eml`;
          writeFileSync(path.join(directory, `${name}.part`), raw);
          renameSync(path.join(directory, `${name}.part`), path.join(directory, name));
        }
        onMail?.({
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        done();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    refuse: (next) => void (refusals = next),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
