/**
 * The e2e servers, one per Playwright worker (playwright.config.ts, decision 050): worker n
 * (`parallelIndex` n) talks only to the server on port E2E_PORT + n, which keeps its mail in
 * E2E_MAIL_DIR/n. Read by the config (to start them) and by the tests (to find their own).
 */
import path from 'node:path';

export interface E2eServer {
  port: number;
  url: string;
  /** Where this server's SMTP capture keeps what it sends (tests/e2e/mailbox.ts). */
  mailDir: string;
}

const basePort = () => Number(process.env.E2E_PORT ?? 8890);

export function e2eServer(parallelIndex: number): E2eServer {
  const mailRoot = process.env.E2E_MAIL_DIR;
  if (!mailRoot) throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright.config.ts');
  const port = basePort() + parallelIndex;
  return { port, url: `http://localhost:${port}`, mailDir: path.join(mailRoot, String(parallelIndex)) };
}

/** Every server of the run, as many as workers (E2E_WORKERS, set by the config). */
export const E2E_SERVERS = (): E2eServer[] =>
  Array.from({ length: Number(process.env.E2E_WORKERS ?? 1) }, (_, index) => e2eServer(index));
