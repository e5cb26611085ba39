import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/chromium.ts';

/** The end-to-end server: the production build on its own port and a throwaway Blobs store. */
const PORT = Number(process.env.E2E_PORT ?? 8890);
/**
 * The key to the e2e server's clock control (scripts/lib/server.ts, `testClock`), made once
 * per run: set here in the runner, it reaches the server below and the test workers, which
 * inherit the runner's environment (and keep it when they load this file again).
 */
process.env.E2E_CLOCK_TOKEN ||= randomBytes(24).toString('base64url');
/**
 * Where the e2e server's SMTP server (scripts/lib/mail-capture.ts) leaves the messages the
 * site sends to clients; the tests read them there (tests/e2e/mailbox.ts). Made once per run.
 */
process.env.E2E_MAIL_DIR ||= mkdtempSync(path.join(tmpdir(), 'e2e-mail-'));
/**
 * Where the workers queue for their turns on the shared server (tests/e2e/shared-state.ts):
 * a test that moves the clock or rebuilds the site runs only beside tests it cannot disturb.
 */
process.env.E2E_LOCK_DIR ||= mkdtempSync(path.join(tmpdir(), 'e2e-turns-'));

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${PORT}`,
  // Two files at a time, each test waiting for its turn (tests/e2e/shared-state.ts): on a
  // 2-core machine much of a journey is waiting on the server, a rebuild or the browser, and
  // a second worker fills it (decision 040). The tests of one file still run in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Ceilings, not waits: tests wait on states. CI runs on a shared 2-core machine where a
  // 20-second journey has taken more than 45 s; a test that hangs still fails, just later.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // A stray `test.only` must not pass CI by running one test (`.ci/run` sets CI).
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node scripts/test-server.ts',
    url: `http://localhost:${PORT}/`,
    env: { PORT: String(PORT), E2E_CLOCK_TOKEN: process.env.E2E_CLOCK_TOKEN, E2E_MAIL_DIR: process.env.E2E_MAIL_DIR },
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: { ...chromium, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
    },
  ],
});
