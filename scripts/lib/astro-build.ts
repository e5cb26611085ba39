/**
 * Runs `astro build` in a child process that reaches the local Blobs server through
 * NETLIFY_BLOBS_CONTEXT (already in this process's environment).
 */
import { spawn } from 'node:child_process';
import { rm, rename } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { BUILD_CLOCK_OFFSET_VAR, clockOffsetMs } from '../../src/shared/clock.ts';

const ASTRO = path.resolve('node_modules', 'astro', 'bin', 'astro.mjs');

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
 */
export function astroBuild(outDir = 'dist', { quiet = false, background = false } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO, 'build', '--outDir', outDir], {
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
      env: buildEnv(),
    });
    if (background && child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here (some containers): the rebuild runs at normal priority.
      }
    }
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}`))));
  });
}

/**
 * Builds into a fresh folder and swaps it in, so visitors never see a half-written
 * dist/ while a rebuild runs.
 */
export async function rebuildInPlace(outDir = 'dist'): Promise<void> {
  const next = `${outDir}.next`;
  const old = `${outDir}.old`;
  await rm(next, { recursive: true, force: true });
  await astroBuild(next, { quiet: true, background: true });
  await rm(old, { recursive: true, force: true });
  await rename(outDir, old).catch(() => undefined);
  await rename(next, outDir);
  await rm(old, { recursive: true, force: true });
}
