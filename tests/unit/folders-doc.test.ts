/**
 * The docs that describe the folders cannot drift from them: docs/architecture.md's layer
 * diagram names every room of the functions' `_shared/`, its table names every folder of
 * `src/`, and src/islands/admin/README.md names every feature folder of the staff portal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const folders = (directory: string) =>
  readdirSync(path.join(ROOT, directory), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const architecture = read('docs/architecture.md');
/** The fenced block under "## Layers". */
const diagram = /## Layers[^\n]*\n+```\n([\s\S]*?)```/.exec(architecture)?.[1] ?? '';

describe('docs/architecture.md', () => {
  it('has a layer diagram', () => {
    expect(diagram).toContain('_shared/');
  });

  it.each(folders('netlify/functions/_shared'))('the diagram names the room _shared/%s', (room) => {
    expect(diagram).toMatch(new RegExp(`(^|[\\s,/:])${room}([\\s,/]|$)`, 'm'));
  });

  it.each(folders('src'))('the folder table names src/%s', (folder) => {
    expect(architecture).toMatch(new RegExp('`src/' + folder + '`'));
  });
});

describe('src/islands/admin/README.md', () => {
  const readme = read('src/islands/admin/README.md');
  it.each(folders('src/islands/admin'))('names the folder %s/', (folder) => {
    expect(readme).toContain('`' + folder + '/`');
  });
});
