/**
 * Runs `astro build` in a child process that reaches the local Blobs server through
 * NETLIFY_BLOBS_CONTEXT (already in this process's environment).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { BUILD_CLOCK_OFFSET_VAR, clockOffsetMs } from '#src/shared/clock.ts';

const ASTRO = path.resolve('node_modules', 'astro', 'bin', 'astro.mjs');

/** `astro build` failed; `reason` is the line staff read on the Blog Posts tab. */
export class AstroBuildError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`astro build failed: ${reason}`);
    this.reason = reason;
  }
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
/** Astro's wrapper around an integration's error; the line after it says what happened. */
const HOOK_WRAPPER = /An unhandled error occurred while running the "[^"]+" hook/;
/** Where Astro's output starts to say why the build stopped. */
const FIRST_ERROR = /\berror\b|^\[config\] Astro found issue/i;

/**
 * The first error line of a build's output, without colours or the timestamp: what broke,
 * for staff, in one line. A line that only announces the cause (Astro's "an unhandled error
 * in hook …", or one ending in a colon) gets the line after it.
 */
export function firstErrorLine(output: string): string | null {
  const lines = output
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.replace(/^\d{2}:\d{2}:\d{2}\s+/, '').trim());
  const index = lines.findIndex((line) => FIRST_ERROR.test(line));
  if (index === -1) return null;
  const line = lines[index]!;
  const next = lines.slice(index + 1).find((candidate) => candidate !== '');
  return (HOOK_WRAPPER.test(line) || line.endsWith(':')) && next ? `${line.replace(/:$/, '')}: ${next}` : line;
}

/** What of the build's error output is kept for the reason (its start says what broke). */
const KEEP_OUTPUT = 64 * 1024;

/**
 * The build's environment: this process's, with the offset of its clock (src/shared/clock.ts),
 * by which the build decides which posts are due: the e2e server's moved clock, else 0.
 * Always set, so that a value inherited from elsewhere never moves a build's clock.
 */
export const buildEnv = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({
  ...env,
  [BUILD_CLOCK_OFFSET_VAR]: String(clockOffsetMs()),
});

/**
 * `background`: a rebuild while the server answers requests. On Netlify the build runs on
 * other machines; here it shares the CPU with the server (and, under test, the browser), so
 * it runs at a lower priority: pages and API calls stay quick while it works, and it takes
 * what is left. Its own workers (esbuild, Vite) inherit the priority.
 * A failed build rejects with an `AstroBuildError` that carries its first error line.
 */
export function astroBuild(
  outDir = 'dist',
  { quiet = false, background = false, signal }: { quiet?: boolean; background?: boolean; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO, 'build', '--outDir', outDir], {
      // Aborted: the build is killed, and the promise rejects with the AbortError.
      signal,
      // Errors still reach this terminal; they are also kept here for the failure's reason.
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'pipe'],
      env: buildEnv(),
    });
    if (background && child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here (some containers): the rebuild runs at normal priority.
      }
    }
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      if (errors.length < KEEP_OUTPUT) errors += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new AstroBuildError(firstErrorLine(errors) ?? `astro build exited with ${code}`)),
    );
  });
}

/**
 * Builds into a fresh folder and moves it in, so visitors never see a half-written dist/
 * while a rebuild runs.
 */
export async function rebuildInPlace(outDir = 'dist', signal?: AbortSignal): Promise<void> {
  const next = `${outDir}.next`;
  await rm(next, { recursive: true, force: true });
  await astroBuild(next, { quiet: true, background: true, signal });
  // An abort after the build is done still leaves dist/ as it was.
  signal?.throwIfAborted();
  await moveBuildIn(next, outDir);
}

/** Every file below `directory`, as paths relative to it. */
async function filesBelow(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

/**
 * Moves the build in `next` into `outDir` file by file, never leaving a moment where a path
 * both builds have is missing: swapping whole folders left one (between renaming the old one
 * away and the new one in), and a page's script requested then failed. Each file is renamed
 * over the old one (atomic), assets before the pages that name them; then files the new
 * build lacks are removed. `afterStep` runs after each change to `outDir` (tests).
 */
export async function moveBuildIn(next: string, outDir: string, afterStep: () => void = () => {}): Promise<void> {
  if (!existsSync(outDir)) return rename(next, outDir);
  const incoming = await filesBelow(next);
  const isPage = (file: string) => file.endsWith('.html');
  const ordered = [...incoming.filter((file) => !isPage(file)), ...incoming.filter(isPage)];
  for (const file of ordered) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await rename(path.join(next, file), path.join(outDir, file));
    afterStep();
  }
  const kept = new Set(incoming);
  for (const file of await filesBelow(outDir)) {
    if (kept.has(file)) continue;
    await rm(path.join(outDir, file), { force: true });
    afterStep();
  }
  // Folders the new build does not have are empty now: deepest first, so parents empty too.
  const folders = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => b.length - a.length);
  for (const folder of folders) {
    if ((await readdir(folder)).length === 0) await rmdir(folder);
  }
  await rm(next, { recursive: true, force: true });
}
