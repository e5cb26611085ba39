/**
 * No import cycle between the rooms of netlify/functions/_shared, read from the code itself
 * (scripts/lib/room-graph.ts, the TypeScript parser: type-only imports count), beside the
 * lint rule that keeps the rooms in their floor order (decision 055). Also the reader on a
 * planted tree, so that a cycle it should see is seen.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { roomCycles, roomGraph, roomImports, SHARED } from '#scripts/lib/room-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let planted: string | undefined;

afterEach(() => {
  if (planted) rmSync(planted, { recursive: true, force: true });
  planted = undefined;
});

/** A tree of rooms under a temporary _shared: `{ 'mail/a.ts': "import … from '../pages/b.tsx';" }`. */
function plant(files: Record<string, string>): string {
  planted = mkdtempSync(path.join(tmpdir(), 'rooms-'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(planted, SHARED, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return planted;
}

describe('the rooms of _shared', () => {
  it('import each other without a cycle', () => {
    const imports = roomImports(root);
    expect(imports.length).toBeGreaterThan(100);
    expect(roomCycles(roomGraph(imports))).toEqual([]);
  });
});

describe('the room graph reader', () => {
  it('sees a two-room cycle through a type-only import, and a three-room one, each once', () => {
    const tree = plant({
      'mail/transport.ts':
        "import { renderMailHtml } from '../pages/mail-message.tsx';\nexport const x = renderMailHtml;\n",
      'pages/mail-message.tsx':
        "import type { Matter } from '../matters/view.ts';\nexport const renderMailHtml = (m: Matter) => m;\n",
      'matters/view.ts': "export { sendMail } from '../mail/transport.ts';\nexport type Matter = string;\n",
      'pages/document.tsx': "import '../mail/transport.ts';\n",
      'http/http.ts':
        "import { env } from '../platform/env.ts';\nimport { x } from './local.ts';\nexport const y = [env, x];\n",
      'platform/env.ts': "import * as z from 'zod/mini';\nexport const env = z;\n",
    });
    expect(roomCycles(roomGraph(roomImports(tree)))).toEqual([
      ['mail', 'pages'],
      ['mail', 'pages', 'matters'],
    ]);
  });

  it('finds none in a tree whose imports all point down', () => {
    const tree = plant({
      'http/http.ts': "import { env } from '../platform/env.ts';\nexport const y = env;\n",
      'platform/env.ts': "import { get } from '../repositories/blobs.ts';\nexport const env = get;\n",
      'repositories/blobs.ts': 'export const get = 1;\n',
    });
    const imports = roomImports(tree);
    expect(imports.map(({ from, to }) => `${from} → ${to}`)).toEqual(['http → platform', 'platform → repositories']);
    expect(roomCycles(roomGraph(imports))).toEqual([]);
  });

  it('reads an import by name (#server/…) as the room it names, from any depth', () => {
    const tree = plant({
      'desk/letters/reply.ts': "import { send } from '#server/mail/transport.ts';\nexport const y = send;\n",
      'mail/transport.ts': "import type { Reply } from '#server/desk/letters/reply.ts';\nexport const send = 1;\n",
    });
    const imports = roomImports(tree);
    expect(imports.map(({ from, to }) => `${from} → ${to}`).sort()).toEqual(['desk → mail', 'mail → desk']);
    expect(roomCycles(roomGraph(imports))).toEqual([['desk', 'mail']]);
  });
});
