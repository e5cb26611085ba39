/**
 * A test hook for crash safety: a process started with `CRASH_AT=<name>` is killed with
 * SIGKILL when it reaches `crashPoint(<name>)`, as a crash or a timed-out function would
 * stop it (nothing after that line runs, nothing is flushed). Unset, it does nothing.
 */
export function crashPoint(name: string): void {
  if (process.env.CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
