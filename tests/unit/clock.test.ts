/**
 * The site's clock (src/shared/clock.ts): the real time unless the local e2e server set it,
 * forward or back, until it is reset; the build reads the offset its parent gave it, never
 * on Netlify.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const HOUR = 3_600_000;

/** A fresh copy of the module: its offset is per process, so each case starts from 0. */
const freshClock = async () => {
  vi.resetModules();
  return import('#src/shared/clock.ts');
};

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-23T09:00:00Z'), toFake: ['Date'] });
  return () => vi.useRealTimers();
});

describe('the site clock', () => {
  it('is the real time until moved', async () => {
    const clock = await freshClock();
    expect(clock.now()).toBe(Date.now());
    expect(clock.clockOffsetMs()).toBe(0);
    vi.advanceTimersByTime(HOUR);
    expect(clock.now()).toBe(Date.now());
  });

  it('is set to an instant, later or earlier, and keeps running from there until reset', async () => {
    const clock = await freshClock();
    const tomorrow = Date.parse('2026-11-24T09:00:00Z');
    expect(clock.setClockTo(tomorrow)).toBe(tomorrow);
    expect(clock.clockOffsetMs()).toBe(24 * HOUR);
    vi.advanceTimersByTime(HOUR);
    expect(clock.now()).toBe(Date.parse('2026-11-24T10:00:00Z'));
    expect(clock.setClockTo(Number.NaN)).toBe(Date.parse('2026-11-24T10:00:00Z'));

    const lastWeek = Date.parse('2026-11-16T10:00:00Z');
    expect(clock.setClockTo(lastWeek)).toBe(lastWeek);
    expect(clock.clockOffsetMs()).toBe(-7 * 24 * HOUR);
    vi.advanceTimersByTime(HOUR);
    expect(clock.now()).toBe(Date.parse('2026-11-16T11:00:00Z'));

    expect(clock.resetClock()).toBe(Date.parse('2026-11-23T11:00:00Z'));
    expect(clock.clockOffsetMs()).toBe(0);
  });

  it("lets the build read the offset it was given, except on Netlify's builds", async () => {
    const { buildNow, BUILD_CLOCK_OFFSET_VAR } = await freshClock();
    expect(buildNow({})).toBe(Date.now());
    expect(buildNow({ [BUILD_CLOCK_OFFSET_VAR]: String(2 * HOUR) })).toBe(Date.now() + 2 * HOUR);
    expect(buildNow({ [BUILD_CLOCK_OFFSET_VAR]: String(2 * HOUR), NETLIFY: 'true' })).toBe(Date.now());
    expect(buildNow({ [BUILD_CLOCK_OFFSET_VAR]: String(-HOUR) })).toBe(Date.now() - HOUR);
    expect(buildNow({ [BUILD_CLOCK_OFFSET_VAR]: 'soon' })).toBe(Date.now());
  });
});

describe("the build's environment (scripts/lib/astro-build.ts)", () => {
  it("carries this process's offset, over any value it inherited", async () => {
    const clock = await freshClock();
    const { buildEnv } = await import('#scripts/lib/astro-build.ts');
    const inherited = { PATH: '/usr/bin', [clock.BUILD_CLOCK_OFFSET_VAR]: String(48 * HOUR) };
    expect(buildEnv(inherited)).toEqual({ PATH: '/usr/bin', [clock.BUILD_CLOCK_OFFSET_VAR]: '0' });
    clock.setClockTo(Date.now() + HOUR);
    expect(clock.buildNow(buildEnv(inherited))).toBe(Date.now() + HOUR);
    clock.setClockTo(Date.now() - 2 * HOUR);
    expect(clock.buildNow(buildEnv(inherited))).toBe(Date.now() - 2 * HOUR);
  });
});
