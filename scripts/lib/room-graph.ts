/**
 * The import graph between the rooms (folders) of netlify/functions/_shared, read with the
 * TypeScript parser already in the tree (`ts.preProcessFile`: static imports, type-only
 * imports, re-exports and `import()` alike), and the cycles in it. `npm run lint` keeps the
 * rooms in their floor order (eslint.config.js, decision 055); this reads the code itself, so
 * `node scripts/room-cycles.ts` and tests/unit/room-cycles.test.ts report what is there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SHARED = 'netlify/functions/_shared';
/** The import name of SHARED (package.json's "imports", decision 058). */
const BY_NAME = '#server/';

/** One import from a file of one room to a file of another. */
export interface RoomImport {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

/** Every import that crosses from one room of `_shared` to another. */
export function roomImports(root: string): RoomImport[] {
  const shared = path.join(root, SHARED);
  const imports: RoomImport[] = [];
  for (const room of readdirSync(shared, { withFileTypes: true })) {
    if (!room.isDirectory()) continue;
    const folder = path.join(shared, room.name);
    for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|tsx|mts)$/.test(name)) continue;
      const file = path.join(folder, name);
      for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        const target = fileName.startsWith(BY_NAME)
          ? path.normalize(fileName.slice(BY_NAME.length))
          : fileName.startsWith('.')
            ? path.relative(shared, path.resolve(path.dirname(file), fileName))
            : undefined;
        if (target === undefined) continue;
        const [to, ...rest] = target.split(path.sep);
        if (!to || to.startsWith('..') || rest.length === 0 || to === room.name) continue;
        imports.push({ from: room.name, to, file: path.relative(root, file), specifier: fileName });
      }
    }
  }
  return imports;
}

/** Room → the rooms it imports. */
export function roomGraph(imports: readonly RoomImport[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  }
  return graph;
}

/**
 * Every elementary cycle, each once, as the rooms on it starting from its alphabetically
 * first (a ⇄ b is `['a', 'b']`). A dozen rooms: a depth-first walk from each room through
 * rooms that sort after it finds each cycle exactly once.
 */
export function roomCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const rooms = [...graph.keys()].sort();
  const cycles: string[][] = [];
  for (const start of rooms) {
    const walk = (room: string, trail: string[]) => {
      for (const next of graph.get(room) ?? []) {
        if (next === start) cycles.push([...trail]);
        else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles.sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()));
}
