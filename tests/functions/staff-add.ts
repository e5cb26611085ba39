/**
 * `npm run staff:add` run in this test's process on the file's own running store (useBlobs),
 * not as a child process: starting node, its imports and a second Blobs server cost some
 * two seconds a call. The CLI entry itself is started as a process in sessions.test.ts and
 * preview-stores.test.ts.
 */
import { main } from '#scripts/staff-add.ts';

/** Runs the command with these arguments and environment; answers its exit code and all it printed. */
export async function staffAddIn(
  directory: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  const code = await main(args, env, out, async () => ({
    source: { kind: 'local', directory },
    describe: `the local Blobs in ${directory}`,
    // The store is the test file's: it outlives the command.
    stop: async () => {},
  }));
  return { code, out: lines.join('\n') };
}
