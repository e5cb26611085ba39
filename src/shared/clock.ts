/**
 * The site's clock: every server-side "now" (the functions, the build's loaders, the local
 * server's request paths) comes from here, never from `Date.now()` or `new Date()` directly
 * (ESLint refuses those in server code: docs/decisions/024-layers-checked-by-lint.md). So
 * sessions, engagements, due diligence, alerts, retention and scheduled posts all agree on
 * what time it is.
 *
 * In production it is the real time, always. Only the local end-to-end server moves it
 * (scripts/lib/server.ts, `testClock`), so that a test can let a scheduled post come due
 * without waiting for the wall clock, and puts it back when it is done:
 * - the functions' clock moves in the server's own process (`setClockTo`); nothing in
 *   netlify/functions calls it, so on Netlify nothing can;
 * - the build runs in a child process, which gets the offset in its environment from
 *   scripts/lib/astro-build.ts and reads it through `buildNow`.
 */

let offsetMs = 0;

/** Now, in milliseconds: the real time, plus or minus what the local test server set. */
export const now = (): number => Date.now() + offsetMs;

/** How far this process's clock is off the real time (0 in production). */
export const clockOffsetMs = (): number => offsetMs;

/**
 * Test server only: sets this process's clock to `instant`, later or earlier than it is; it
 * runs on from there. A value that is not a time changes nothing.
 */
export function setClockTo(instant: number): number {
  if (Number.isFinite(instant)) offsetMs = instant - Date.now();
  return now();
}

/** Test server only: back to the real time. */
export function resetClock(): number {
  offsetMs = 0;
  return now();
}

/** The variable that carries the offset to the build's process (scripts/lib/astro-build.ts). */
export const BUILD_CLOCK_OFFSET_VAR = 'LOCAL_BUILD_CLOCK_OFFSET_MS';

/**
 * The build's clock: the real time, or the local test server's when it started this build.
 * The offset counts only off Netlify: Netlify's builds always run with `NETLIFY=true`, so a
 * variable of this name set in its settings is ignored there (and `astroBuild` overwrites
 * what it inherits with its own process's offset, 0 unless the test server moved it).
 */
export function buildNow(env: Record<string, string | undefined> = globalThis.process?.env ?? {}): number {
  if (env.NETLIFY === 'true') return Date.now();
  const offset = Number(env[BUILD_CLOCK_OFFSET_VAR] ?? 0);
  return Date.now() + (Number.isFinite(offset) ? offset : 0);
}
