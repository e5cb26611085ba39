import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/chromium.ts';
import { E2E_SERVERS } from './tests/e2e/servers.ts';

/**
 * One end-to-end server per Playwright worker (decision 050): the production build on its own
 * port, over a throwaway Blobs store, site folder, clock and mailbox of its own, so a test that
 * moves the clock or rebuilds the site disturbs nobody else. Worker n (its `parallelIndex`)
 * uses the server on port E2E_PORT + n (tests/e2e/servers.ts). As many workers as the machine
 * has cores (E2E_WORKERS for another number).
 */
process.env.E2E_WORKERS ||= String(Math.max(1, availableParallelism()));
/**
 * The key to the e2e servers' clock control (scripts/lib/server.ts, `testClock`), made once
 * per run: set here in the runner, it reaches the servers below and the test workers, which
 * inherit the runner's environment (and keep it when they load this file again).
 */
process.env.E2E_CLOCK_TOKEN ||= randomBytes(24).toString('base64url');
/**
 * Where the servers' SMTP servers (scripts/lib/mail-capture.ts) leave the messages the site
 * sends to clients, a folder per server; the tests read them there (tests/e2e/mailbox.ts).
 */
process.env.E2E_MAIL_DIR ||= mkdtempSync(path.join(tmpdir(), 'e2e-mail-'));

const servers = E2E_SERVERS();
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${servers[0]!.port}`,
  // A file's tests run in order in one worker (many build on the one before); files spread
  // over the workers, each worker on its own server.
  fullyParallel: false,
  workers: servers.length,
  retries: 0,
  // Ceilings, not waits: tests wait on states. The slowest honest journey (a rebuild and a
  // scheduled post coming due) takes about 40 s on a loaded 2-core machine; 60 s leaves it
  // half again. Axe runs add their own allowance (fixtures.ts, expectNoAxeViolations).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // A stray `test.only` must not pass CI by running one test (`.ci/run` sets CI).
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // No trace unless asked for (E2E_TRACE=1): recording one snapshots the page at every step,
  // and that alone made a spec 15% slower on two cores (public-navigation: 94 s of test time
  // with it, 80 s without). A failure's message and the list reporter say what failed; to see
  // it step by step, rerun that spec with E2E_TRACE=1 and open its trace.
  use: { trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off' },
  webServer: servers.map((server) => {
    mkdirSync(server.mailDir, { recursive: true });
    return {
      command: 'node scripts/test-server.ts',
      url: `${server.url}/`,
      env: { PORT: String(server.port), E2E_CLOCK_TOKEN: process.env.E2E_CLOCK_TOKEN!, E2E_MAIL_DIR: server.mailDir },
      // The servers build the site at once, sharing the cores.
      timeout: 360_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    };
  }),
  // Every test runs at desktop width; a test tagged @phone runs at 375 px too, and one tagged
  // @phone-only runs there alone. A journey whose behaviour does not depend on the width runs
  // once, untagged; every page and admin tab is still checked at 375 px for layout and axe.
  projects: [
    { name: 'desktop', grepInvert: /@phone-only/, use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      grep: /@phone/,
      use: { ...chromium, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
    },
  ],
});
