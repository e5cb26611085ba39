/**
 * The server tree stays walkable: `netlify/functions/_shared/` holds folders by domain (no
 * loose files), no file name repeats anywhere under `netlify/` (so a name says which file it
 * is), and no shared folder has an `index.ts`, which Netlify would deploy as a function.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });

describe('the server tree', () => {
  it('keeps the shared server code in folders by domain, with no loose files', () => {
    const loose = readdirSync(path.join(root, 'netlify/functions/_shared'), { withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name);
    expect(loose).toEqual([]);
  });

  it('never repeats a file name under netlify/', () => {
    const byName = new Map<string, string[]>();
    for (const file of sources(path.join(root, 'netlify'))) {
      const name = path.basename(file).replace(/\.(ts|tsx|mts|js|mjs)$/, '');
      byName.set(name, [...(byName.get(name) ?? []), path.relative(root, file)]);
    }
    // The build plugin's entry point must be called index.js (Netlify's plugin contract).
    byName.delete('index');
    const repeated = [...byName.values()].filter((files) => files.length > 1);
    expect(repeated).toEqual([]);
  });

  it('has no index file among the functions’ shared code (Netlify would deploy it as a function)', () => {
    const indexes = sources(path.join(root, 'netlify/functions')).filter((file) =>
      /^index\.(ts|tsx|mts|js|mjs)$/.test(path.basename(file)),
    );
    expect(indexes).toEqual([]);
  });
});
