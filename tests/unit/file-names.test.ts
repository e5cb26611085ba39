/**
 * One way to name a file (issue 35): modules in kebab-case (`transfer-duty.ts`), a React or
 * Astro component by its component's name (`QuoteCalculator.tsx`, `BaseLayout.astro`), a
 * React hook by its hook's name (`useDesk.ts`). Astro's own routing files keep their
 * bracketed parameters (`[slug].astro`). Checked over git's files, so a new file is held to it.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|astro|js|mjs|css)$/;
/** `name` or `name.test`, `name.spec`, `name.d`: what comes before the extension. */
const KEBAB = /^(\[?\.{0,3}[a-z0-9]+(-[a-z0-9]+)*\]?)(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
const COMPONENT = /^[A-Z][A-Za-z0-9]*$/;
const HOOK = /^use[A-Z][A-Za-z0-9]*$/;

/** Whether a file's name (without its last extension) follows the rule for its kind. */
export function wellNamed(file: string): boolean {
  const base = path.basename(file);
  const stem = base.slice(0, base.lastIndexOf('.'));
  if (KEBAB.test(stem)) return true;
  if (/\.(tsx|astro)$/.test(base)) return COMPONENT.test(stem.replace(/\.test$/, ''));
  return /\.tsx?$/.test(base) && HOOK.test(stem);
}

describe('file names', () => {
  const files = execFileSync('git', ['ls-files', 'src', 'netlify', 'scripts', 'tests'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => SOURCE.test(file));

  it('tells the three kinds apart', () => {
    expect(
      ['src/content/transfer-duty.ts', 'src/pages/blog/[slug].astro', 'src/islands/QuoteCalculator.tsx'].every(
        wellNamed,
      ),
    ).toBe(true);
    expect(['src/islands/admin/desk/useDesk.ts', 'tests/unit/file-names.test.ts'].every(wellNamed)).toBe(true);
    expect(['src/content/transferDuty.ts', 'src/shared/Quote.ts', 'src/lib/use_thing.ts'].some(wellNamed)).toBe(false);
  });

  it('names every source file in kebab-case, or by its component or hook', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => !wellNamed(file))).toEqual([]);
  });
});
