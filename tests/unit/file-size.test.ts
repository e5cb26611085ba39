/**
 * Files a person can hold: no source file of the product or its scripts runs past 500 lines
 * (issue 35). A file that grows past it is split by the sections it already marks, as
 * src/shared/schemas/cdd*.ts and _shared/due-diligence/staff-*.ts are. A test file may run to
 * 600 lines (issue 36), then its describe blocks go to files of their own with a kit they share.
 * Generated files (a "generated" / "do not edit" mark in their first lines), node_modules and
 * the build's dot-folders are not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 500;
const MAX_TEST_LINES = 600;
const SOURCE = /\.(ts|tsx|mts|astro|js|mjs)$/;
const TEST = /\.(test|spec)\.[a-z]+$/;
const GENERATED = /@generated|auto-?generated|do not edit/i;

/** The source files below `dir`: its tests (`*.test.*`, `*.spec.*`) or the rest. */
const sources = (dir: string, tests = false): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sources(full, tests);
    return SOURCE.test(entry.name) && TEST.test(entry.name) === tests ? [full] : [];
  });

/** Lines as `wc -l` counts them: the newlines. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The files of `files` longer than `max` lines, generated ones aside. */
const longerThan = (files: string[], max: number) =>
  files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    if (GENERATED.test(text.slice(0, 400))) return [];
    const lines = lineCount(text);
    return lines > max ? [`${path.relative(ROOT, file)} (${lines} lines)`] : [];
  });

describe('file sizes', () => {
  const files = ['src', 'netlify', 'scripts'].flatMap((top) => sources(path.join(ROOT, top)));
  const tests = sources(path.join(ROOT, 'tests'), true);

  it('finds the sources it measures', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.endsWith('.astro'))).toBe(true);
    expect(files.some((file) => file.endsWith('.tsx'))).toBe(true);
    expect(tests.length).toBeGreaterThan(100);
    expect(tests.some((file) => file.endsWith('.spec.ts'))).toBe(true);
  });

  it(`keeps every non-test source file under src/, netlify/ and scripts/ at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = longerThan(files, MAX_LINES);
    expect(tooLong).toEqual([]);
  });

  it(`keeps every test file at ${MAX_TEST_LINES} lines or fewer`, () => {
    expect(longerThan(tests, MAX_TEST_LINES)).toEqual([]);
  });
});
