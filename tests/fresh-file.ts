/**
 * Every test file starts as it did in a process of its own, though files now share a worker
 * (`isolate: false` in vitest.config.ts): starting a process, its environment and Vitest in
 * it cost more per file than most files' tests (the suite took twice as long).
 *
 * Vitest runs this before each file in the worker. What a file could leave behind for the
 * next one is put back here:
 * - the modules of this repository and the libraries Vitest loads: evaluated again for each
 *   file, so no cache, clock offset, key ring or settings parsed from the environment
 *   carries over (what Vitest itself does between the files of an isolated worker);
 * - the environment, as it was when the worker started: files set secrets, keys and
 *   addresses in `process.env` at the top or in their hooks, and never unset them;
 * - the working directory, real timers and stubbed globals.
 * Mocks are restored, and `vi.mock` forgotten, by Vitest itself after each file.
 */
import { vi } from 'vitest';

const worker = globalThis as { freshFileStart?: { env: Record<string, string | undefined>; cwd: string } };
worker.freshFileStart ??= { env: { ...process.env }, cwd: process.cwd() };
const start = worker.freshFileStart;

vi.unstubAllEnvs();
vi.unstubAllGlobals();
vi.useRealTimers();
for (const name of Object.keys(process.env)) if (!(name in start.env)) delete process.env[name];
Object.assign(process.env, start.env);
process.chdir(start.cwd);
vi.resetModules();
