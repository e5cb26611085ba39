/**
 * Runs `astro build` in a child process that reaches the local Blobs server through
 * NETLIFY_BLOBS_CONTEXT (already in this process's environment).
 */
import { spawn } from 'node:child_process';
import { rm, rename } from 'node:fs/promises';
import path from 'node:path';

const ASTRO = path.resolve('node_modules', 'astro', 'bin', 'astro.mjs');

export function astroBuild(outDir = 'dist', quiet = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO, 'build', '--outDir', outDir], {
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
      env: process.env,
    });
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
  await astroBuild(next, true);
  await rm(old, { recursive: true, force: true });
  await rename(outDir, old).catch(() => undefined);
  await rename(next, outDir);
  await rm(old, { recursive: true, force: true });
}
