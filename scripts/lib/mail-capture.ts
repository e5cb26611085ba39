/**
 * A real SMTP server on this machine that keeps every message it receives as a file
 * (`{n}.eml`, raw as sent), for the end-to-end tests: the site sends through its real
 * SMTP path (nodemailer) and a test reads what a client would have received.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface MailCapture {
  /** `smtp://127.0.0.1:{port}`, for ALERT_SMTP_URL. */
  url: string;
  stop(): Promise<void>;
}

export async function startMailCapture(directory: string): Promise<MailCapture> {
  mkdirSync(directory, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Zero-padded, so the files list in arrival order.
        writeFileSync(path.join(directory, `${String(++count).padStart(6, '0')}.eml`), Buffer.concat(chunks));
        done();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
