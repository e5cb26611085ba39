/** The local scheduler runs each scheduled function as its cron says, on its own clock. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HostedFunction } from '#scripts/lib/functions-host.ts';
import { createScheduler, parseSchedule } from '#scripts/lib/scheduler.ts';

const fn = (name: string, schedule: string): HostedFunction => ({
  name,
  handler: () => undefined,
  config: { schedule },
});
const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

/** Drives the scheduler minute by minute from `start` for `minutes`; counts runs per function. */
async function runFor(functions: HostedFunction[], start: string, minutes: number) {
  const runs: Record<string, string[]> = {};
  const scheduler = createScheduler(
    functions,
    async (job, now) => {
      (runs[job.name] ??= []).push(now.toISOString());
    },
    at(start),
  );
  for (let i = 1; i <= minutes; i++) {
    scheduler.runDue(new Date(at(start).getTime() + i * MINUTE));
    await scheduler.settle();
  }
  return runs;
}

describe('the local scheduler', () => {
  it('honours each cron expression: every minute, every five, hourly, @daily', async () => {
    const runs = await runFor(
      [fn('minutely', '* * * * *'), fn('five', '*/5 * * * *'), fn('hourly', '0 * * * *'), fn('daily', '@daily')],
      '2026-11-23T10:00:30.000Z',
      2 * 24 * 60,
    );
    expect(runs.minutely).toHaveLength(2 * 24 * 60);
    expect(runs.five).toHaveLength((2 * 24 * 60) / 5);
    expect(runs.hourly).toHaveLength(48);
    // Daily at midnight UTC, as on Netlify: twice in two days, at the minute after midnight.
    expect(runs.daily).toEqual(['2026-11-24T00:00:30.000Z', '2026-11-25T00:00:30.000Z']);
  });

  it('runs a job once for a stretch that covers several occurrences, and never twice for one', async () => {
    const ran: string[] = [];
    const scheduler = createScheduler(
      [fn('minutely', '* * * * *')],
      async () => {
        ran.push('run');
      },
      at('2026-11-23T10:00:00.000Z'),
    );
    expect(scheduler.runDue(at('2026-11-23T10:05:00.000Z'))).toEqual(['minutely']);
    await scheduler.settle();
    expect(scheduler.runDue(at('2026-11-23T10:05:00.000Z'))).toEqual([]);
    expect(scheduler.runDue(at('2026-11-23T10:05:59.000Z'))).toEqual([]);
    expect(scheduler.runDue(at('2026-11-23T10:06:00.000Z'))).toEqual(['minutely']);
  });

  it('never starts a run while the last one is still going', async () => {
    let finish = () => {};
    const scheduler = createScheduler(
      [fn('slow', '* * * * *')],
      () => new Promise<void>((resolve) => (finish = resolve)),
      at('2026-11-23T10:00:00.000Z'),
    );
    expect(scheduler.runDue(at('2026-11-23T10:01:00.000Z'))).toEqual(['slow']);
    expect(scheduler.runDue(at('2026-11-23T10:02:00.000Z'))).toEqual([]);
    finish();
    await scheduler.settle();
    expect(scheduler.runDue(at('2026-11-23T10:03:00.000Z'))).toEqual(['slow']);
  });

  it('refuses an expression that is not cron', () => {
    expect(() => parseSchedule('every minute')).toThrow();
  });

  it('has at most one function of the site running every minute', async () => {
    const directory = path.resolve('netlify/functions');
    const files = (await readdir(directory)).filter((file) => /\.ts$/.test(file) && !file.startsWith('_'));
    const everyMinute: string[] = [];
    for (const file of files) {
      const { config } = (await import(path.join(directory, file))) as { config?: { schedule?: string } };
      if (!config?.schedule) continue;
      const schedule = parseSchedule(config.schedule);
      const first = schedule.nextRun(at('2026-11-23T10:00:30.000Z'))!;
      if (schedule.nextRun(first)!.getTime() - first.getTime() === MINUTE) everyMinute.push(file);
    }
    expect(everyMinute.length).toBeLessThanOrEqual(1);
  });
});
