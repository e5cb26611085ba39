/**
 * The local scheduler: runs each scheduled function when its cron expression says, as
 * Netlify's scheduler does (in UTC, at most once a minute): `@daily` once a day, `0 * * * *`
 * once an hour. Cron is parsed by `croner` (the nicknames `@hourly`, `@daily`, `@weekly`,
 * `@monthly`, `@yearly` included), not by us.
 *
 * Time is the scheduler's own clock, so that tests run due jobs without the wall clock:
 * `runDue(now)` runs every job with an occurrence since the last call, up to `now`. The
 * local server drives it with a timer; `minuteMs` below 60,000 makes its minutes pass faster
 * (the e2e server: a minute a second, so every-minute jobs run every second, hourly ones
 * every minute), each minute still taken in turn, so no job runs more often than its cron
 * allows in scheduler time.
 */
import { Cron } from 'croner';
import type { FunctionsHost, HostedFunction } from './functions-host.ts';

const MINUTE = 60_000;

/** A parsed cron expression, in UTC as on Netlify; throws on one that is not cron. */
export function parseSchedule(expression: string): Cron {
  return new Cron(expression, { timezone: 'Etc/UTC', paused: true });
}

/** Whether `schedule` has an occurrence in (`after`, `upTo`]. */
export function dueBetween(schedule: Cron, after: Date, upTo: Date): boolean {
  const next = schedule.nextRun(after);
  return next !== null && next.getTime() <= upTo.getTime();
}

export interface Scheduler {
  /** Runs (without waiting for them) the jobs due in (last call, `now`]; answers their names. */
  runDue(now: Date): string[];
  /** Waits for the runs still going. */
  settle(): Promise<void>;
}

export function createScheduler(
  functions: readonly HostedFunction[],
  run: (fn: HostedFunction, now: Date) => Promise<void>,
  start: Date,
): Scheduler {
  const jobs = functions
    .filter((fn) => fn.config.schedule)
    .map((fn) => ({ fn, schedule: parseSchedule(fn.config.schedule!) }));
  const running = new Map<string, Promise<void>>();
  let last = start;
  return {
    runDue(now) {
      const due: string[] = [];
      for (const { fn, schedule } of jobs) {
        // A run never overlaps the last one: an occurrence during a run is skipped.
        if (!dueBetween(schedule, last, now) || running.has(fn.name)) continue;
        due.push(fn.name);
        const promise = run(fn, now)
          .catch((error: unknown) => console.error(`[functions] scheduled ${fn.name} failed:`, error))
          .finally(() => running.delete(fn.name));
        running.set(fn.name, promise);
      }
      if (now > last) last = now;
      return due;
    },
    async settle() {
      await Promise.allSettled([...running.values()]);
    },
  };
}

/**
 * Drives the scheduler from a timer: every `minuteMs` of real time, the scheduler's clock
 * moves on one minute (from the wall clock at start). Returns the stop function.
 */
export function startScheduler(host: FunctionsHost, minuteMs = MINUTE, now = () => Date.now()): () => Promise<void> {
  const startedAt = now();
  const scheduler = createScheduler(host.functions, (fn, at) => host.runScheduled(fn, at), new Date(startedAt));
  const clock = () => new Date(startedAt + ((now() - startedAt) * MINUTE) / minuteMs);
  // Several looks a minute, so a job runs close to its time; the windows never overlap.
  const timer = setInterval(() => scheduler.runDue(clock()), Math.max(10, Math.round(minuteMs / 6)));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await scheduler.settle();
  };
}
