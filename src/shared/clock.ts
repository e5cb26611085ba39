/**
 * The time by which the site decides whether a post is public yet: the API's list and
 * article, the scheduled rebuild of posts that came due, the rebuild status, and the build.
 *
 * In production it is the real time, always. Only the local end-to-end server moves it
 * (scripts/lib/server.ts, `testClock`), so that a test can let a scheduled post come due
 * without waiting for the wall clock:
 * - the functions' clock moves in the server's own process (`advanceClockTo`); nothing in
 *   netlify/functions calls it, so on Netlify nothing can;
 * - the build runs in a child process, which gets the offset in its environment from
 *   scripts/lib/astro-build.ts and reads it through `buildNow`.
 */

let offsetMs = 0;

/** Now, in milliseconds: the real time, plus what the local test server moved it on. */
export const now = (): number => Date.now() + offsetMs;

/** How far this process's clock is ahead of the real time (0 in production). */
export const clockOffsetMs = (): number => offsetMs;

/**
 * Test server only: moves this process's clock on to `instant`. Never back: a post that
 * went public stays public, and the rebuild status's times only move forward.
 */
export function advanceClockTo(instant: number): number {
  if (Number.isFinite(instant)) offsetMs = Math.max(offsetMs, instant - Date.now());
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
  return Date.now() + (Number.isFinite(offset) && offset > 0 ? offset : 0);
}
