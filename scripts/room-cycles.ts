/**
 * Prints the import cycles between the rooms of netlify/functions/_shared (scripts/lib/room-graph.ts)
 * and exits 1 if there is one: `node scripts/room-cycles.ts`.
 */
import { roomCycles, roomGraph, roomImports } from './lib/room-graph.ts';

const imports = roomImports(process.cwd());
const cycles = roomCycles(roomGraph(imports));
for (const cycle of cycles) {
  console.log(`${[...cycle, cycle[0]].join(' → ')}`);
  for (const [index, from] of cycle.entries()) {
    const to = cycle[(index + 1) % cycle.length];
    for (const link of imports.filter((entry) => entry.from === from && entry.to === to)) {
      console.log(`    ${link.file} imports ${link.specifier}`);
    }
  }
}
const pairs = cycles.filter((cycle) => cycle.length === 2).map((cycle) => cycle.join(' ⇄ '));
console.log(
  `${cycles.length} cycles between the rooms of netlify/functions/_shared, ${pairs.length} of them between two rooms${pairs.length > 0 ? `: ${pairs.join(', ')}` : ''}`,
);
process.exitCode = cycles.length > 0 ? 1 : 0;
