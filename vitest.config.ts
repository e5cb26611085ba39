import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The build's content collections, loaded from the test's Blobs (tests/functions/astro-content.ts).
  resolve: {
    alias: { 'astro:content': fileURLToPath(new URL('./tests/functions/astro-content.ts', import.meta.url)) },
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file gets its own throwaway Blobs server. A worker process runs file after file
    // (`isolate: false`): a process of its own per file, with its environment and Vitest
    // started again, cost more than most files' tests. tests/fresh-file.ts, run before each
    // file, gives it what a new process would: its modules evaluated again, the environment
    // as the worker started, real timers. (3 Dec 2026: the tests/unit files 66 s to 33 s, the
    // component tests 45 s to 21 s, tests/functions/desk 110 s to 45 s.)
    pool: 'forks',
    isolate: false,
    setupFiles: ['tests/fresh-file.ts'],
    // Vitest's default is one process fewer than the cores: one on CI's 2-core machine, which
    // left a core idle (a file's functions and its Blobs server share one thread). Two at once
    // is safe: files share no port, Blobs directory, clock or environment, none needs another's
    // secrets, and the one file that rebuilds this checkout's dist/ (server.test.ts) is the
    // only one that reads it.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Two projects, both run by `npm run test:unit`; `npx vitest run --project components`
    // runs the islands' tests alone. Each inherits the options above (Vitest 5's `extends`).
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/functions/**/*.test.ts'],
          environment: 'node',
          // One W3C validator for the run, not one per page check (decision 057).
          globalSetup: ['tests/functions/vnu-service.ts'],
        },
      },
      {
        // The islands in a DOM with Testing Library, their calls to /api answered at `fetch`
        // (tests/components/kit/fetch.ts). Mirrors src/islands/.
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          // happy-dom, not jsdom: it implements <dialog>'s showModal (decision 049).
          environment: 'happy-dom',
          // After tests/fresh-file.ts, which the root config gives every project.
          setupFiles: ['tests/components/kit/setup.ts'],
          // A test types a few dozen keys; on a busy 2-core machine that can take 10 s.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
