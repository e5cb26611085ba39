/** A rebuild's files move into dist/ without a moment where a page or script is missing. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { moveBuildIn } from '#scripts/lib/astro-build.ts';

const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function site(files: Record<string, string>): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'move-build-'));
  made.push(directory);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(directory, file)), { recursive: true });
    writeFileSync(path.join(directory, file), text);
  }
  return directory;
}

const many = (prefix: string, version: string) =>
  Object.fromEntries(Array.from({ length: 400 }, (_, n) => [`${prefix}/page-${n}/index.html`, version]));

describe('moving a build into dist/', () => {
  it('ends with exactly the new build, and its files only', async () => {
    const dist = site({ 'index.html': 'old', '_astro/old.js': 'old', 'gone/index.html': 'old' });
    const next = site({ 'index.html': 'new', '_astro/new.js': 'new', 'blog/a/index.html': 'new' });
    await moveBuildIn(next, dist);
    expect(readdirSync(dist, { recursive: true }).map(String).sort()).toEqual(
      ['_astro', '_astro/new.js', 'blog', 'blog/a', 'blog/a/index.html', 'index.html'].sort(),
    );
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe('new');
  });

  it('never leaves a file both builds have missing, at any step of the move', async () => {
    const dist = site({
      'index.html': 'old',
      '_astro/client.js': 'old',
      ...many('blog', 'old'),
      'old/index.html': 'old',
    });
    const next = site({ 'index.html': 'new', '_astro/client.js': 'new', ...many('blog', 'new') });
    const shared = ['index.html', '_astro/client.js', 'blog/page-0/index.html', 'blog/page-399/index.html'];
    let steps = 0;
    await moveBuildIn(next, dist, () => {
      steps++;
      for (const file of shared) expect(existsSync(path.join(dist, file)), `${file} at step ${steps}`).toBe(true);
    });
    expect(steps).toBeGreaterThan(400);
    expect(readFileSync(path.join(dist, '_astro/client.js'), 'utf8')).toBe('new');
  });
});
