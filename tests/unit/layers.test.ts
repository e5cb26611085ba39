/**
 * The layering of decision 024, as `npm run lint` applies it: each snippet is linted through
 * ESLint's Node API with the repository's own config, as if it were a file in that folder,
 * and a wrong-direction import must fail with `import-x/no-restricted-paths` while the right
 * direction passes. The imported files exist (the rule resolves paths), the linted one need not.
 * Also the one clock: server code, src/shared and the islands take "now" from src/shared/clock.ts.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  // The probes are not files, so the typed rules (which read each file's program) are off here.
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
});

/** The rules an import of `specifier` from a new file at `filePath` breaks. */
async function brokenRules(filePath: string, specifier: string): Promise<string[]> {
  return lint(filePath, `import * as imported from '${specifier}';\n\nexport const used = imported;\n`);
}

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const WRONG: [string, string, string][] = [
  ['facts import nothing of the app', 'src/content/probe.ts', '../shared/clock.ts'],
  ['src/shared does not import the API client', 'src/shared/probe.ts', '../lib/api.ts'],
  ['src/lib imports no store', 'src/lib/probe.ts', '../stores/toasts.ts'],
  ['src/stores import no UI', 'src/stores/probe.ts', '../ui/Button.tsx'],
  ['src/ui imports no island', 'src/ui/probe.tsx', '../islands/HeroForm.tsx'],
  ['src/ imports no server code', 'src/islands/probe.tsx', '#server/http/http.ts'],
  ['the loaders read repositories only', 'src/loaders/probe.ts', '#server/http/http.ts'],
  ['only content.config.ts uses the loaders', 'src/pages/probe.ts', '../loaders/site-loader.ts'],
  ['src/ imports no script', 'src/shared/probe.ts', '#scripts/lib/server.ts'],
  ['src/ imports no test', 'src/components/probe.ts', '#tests/e2e/fixtures.ts'],
  ['scripts import no test', 'scripts/lib/probe.ts', '#tests/e2e/fixtures.ts'],
  ['the server shares no API client', 'netlify/functions/_shared/http/probe.ts', '#src/lib/api.ts'],
  ['the server shares no island', 'netlify/functions/_shared/pages/probe.tsx', '#src/islands/HeroForm.tsx'],
  ['the server imports no script', 'netlify/functions/probe.ts', '#scripts/lib/server.ts'],
  ['a repository imports no HTTP', 'netlify/functions/_shared/repositories/probe.ts', '../http/http.ts'],
  ['a repository imports no mail', 'netlify/functions/_shared/repositories/probe.ts', '../mail/client-mail.ts'],
  ['a repository imports no route', 'netlify/functions/_shared/repositories/probe.ts', '#functions/contact.ts'],
  ['_shared imports no route', 'netlify/functions/_shared/desk/probe.ts', '#functions/enquiries.ts'],
  ['the encryption imports nothing of the server', 'netlify/functions/_shared/crypto/probe.ts', '../platform/env.ts'],
];

const RIGHT: [string, string, string][] = [
  ['src/shared builds on the facts', 'src/shared/probe.ts', '../content/practice.ts'],
  ['stores build on the API client', 'src/stores/probe.ts', '../lib/api.ts'],
  ['islands use everything below them', 'src/islands/probe.tsx', '../ui/Button.tsx'],
  ['content.config.ts uses the loaders', 'src/content.config.ts', './loaders/site-loader.ts'],
  ['the loaders read repositories', 'src/loaders/probe.ts', '#server/repositories/media-store.ts'],
  ['a repository seals with crypto', 'netlify/functions/_shared/repositories/probe.ts', '../crypto/sealed-records.ts'],
  ['a route uses _shared', 'netlify/functions/probe.ts', './_shared/http/http.ts'],
  ['the server uses src/shared', 'netlify/functions/_shared/desk/probe.ts', '#src/shared/clock.ts'],
  ['the server pages use the kit', 'netlify/functions/_shared/pages/probe.tsx', '#src/ui/Button.tsx'],
  ['tests import anything', 'tests/unit/probe.ts', '#server/http/http.ts'],
];

describe('the import layers (decision 024)', () => {
  it.each(WRONG)('refuses a wrong-direction import: %s', async (_why, filePath, specifier) => {
    expect(await brokenRules(filePath, specifier)).toContain('import-x/no-restricted-paths');
  });

  it.each(RIGHT)('allows the right direction: %s', async (_why, filePath, specifier) => {
    expect(await brokenRules(filePath, specifier)).toEqual([]);
  });
});

describe('imports by name (decision 058)', () => {
  it.each([
    ['src/islands/admin/probe.tsx', '../../ui/Button.tsx'],
    ['netlify/functions/_shared/desk/probe.ts', '../../../../src/shared/clock.ts'],
    ['tests/functions/desk/probe.ts', '../../../netlify/functions/_shared/http/http.ts'],
    ['scripts/lib/probe.ts', '../../src/shared/clock.ts'],
  ])('refuses an import that climbs two folders: %s', async (filePath, specifier) => {
    expect(await brokenRules(filePath, specifier)).toEqual(['no-restricted-imports']);
  });

  it('refuses one in an Astro page too', async () => {
    const page = "---\nimport Button from '../../ui/Button.tsx';\n---\n<Button>Go</Button>\n";
    expect(await lint('src/pages/admin/probe.astro', page)).toContain('no-restricted-imports');
  });

  it('takes a neighbour by its relative path and the rest by name', async () => {
    expect(await brokenRules('src/islands/admin/probe.tsx', '../HeroForm.tsx')).toEqual([]);
    expect(await brokenRules('src/islands/admin/probe.tsx', '#src/ui/Button.tsx')).toEqual([]);
  });
});

/**
 * The floor order of the server's rooms (decision 055), lowest first: a room imports only the
 * rooms before it. Written here as well as in eslint.config.js so that a change of order is a
 * change of this test too, and docs/architecture.md says the same.
 */
const FLOOR = [
  'crypto',
  'repositories',
  'platform',
  'http',
  'site',
  'mail',
  'enquiries',
  'engagement',
  'due-diligence',
  'desk',
  'matters',
  'payout',
  'pages',
];
const SHARED = 'netlify/functions/_shared';
const rooms = readdirSync(`${root}${SHARED}`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A file that exists in the room (the rule resolves what it is given). */
const fileOf = (name: string) =>
  readdirSync(`${root}${SHARED}/${name}`)
    .filter((file) => /\.tsx?$/.test(file))
    .sort()[0]!;
const neighbours = FLOOR.slice(1).map((upper, index) => [FLOOR[index]!, upper] as const);

/** The imports that made the six two-room cycles (desk ⇄ due-diligence, …), planted back. */
const OLD_BACK_IMPORTS: [string, string][] = [
  ['platform/probe.ts', '../http/http.ts'],
  ['mail/probe.ts', '../matters/matter-view.ts'],
  ['mail/probe.ts', '../pages/document.tsx'],
  ['engagement/probe.ts', '../pages/link-error-page.tsx'],
  ['engagement/probe.ts', '../desk/notes.ts'],
  ['due-diligence/probe.ts', '../desk/suspicious-matters.ts'],
  ['due-diligence/probe.ts', '../matters/matter-view.ts'],
  ['payout/probe.ts', '../pages/payout-section.tsx'],
];

describe("the server's rooms in their floor order (decision 055)", () => {
  it('places every room of _shared, and only those', () => {
    expect([...rooms].sort()).toEqual([...FLOOR].sort());
  });

  it.each(neighbours)('%s may not import %s', async (lower, upper) => {
    const broken = await brokenRules(`${SHARED}/${lower}/probe.ts`, `../${upper}/${fileOf(upper)}`);
    expect(broken).toContain('import-x/no-restricted-paths');
  });

  it.each(neighbours)('%s is imported by %s', async (lower, upper) => {
    expect(await brokenRules(`${SHARED}/${upper}/probe.ts`, `../${lower}/${fileOf(lower)}`)).toEqual([]);
  });

  it.each(OLD_BACK_IMPORTS)('refuses the old back-import %s → %s', async (probe, specifier) => {
    expect(await brokenRules(`${SHARED}/${probe}`, specifier)).toContain('import-x/no-restricted-paths');
  });

  it("says which rule, in the room's words, on a planted back-import in working code", async () => {
    const planted = [
      "import type { MatterRecord } from '#src/shared/schemas/matter.ts';",
      "import { NOT_FOUND } from '../enquiries/pipeline.ts';",
      "import { matterView } from '../matters/matter-view.ts';",
      '',
      'export async function probe(record: MatterRecord | null, at: number) {',
      '  if (!record) throw new Error(NOT_FOUND);',
      '  return matterView(record, at);',
      '}',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(planted, { filePath: `${root}${SHARED}/desk/probe.ts` });
    expect(result!.messages.map((message) => [message.ruleId, message.line, message.message])).toEqual([
      [
        'import-x/no-restricted-paths',
        3,
        expect.stringContaining(
          "The desk builds on due diligence and below: no matter, payout or page. (The rooms' floor order, decision 055.)",
        ),
      ],
    ]);
    // The same code one room up, where both imports point down, is clean.
    const [above] = await eslint.lintText(planted, { filePath: `${root}${SHARED}/payout/probe.ts` });
    expect(above!.messages).toEqual([]);
  });
});

describe('one clock', () => {
  it.each([
    ['netlify/functions/probe.ts', 'export const at = Date.now();\n'],
    ['netlify/functions/_shared/repositories/probe.ts', 'export const at = new Date().toISOString();\n'],
    ['src/loaders/probe.ts', 'export const at = new Date();\n'],
    ['scripts/lib/server.ts', 'export const at = Date.now();\n'],
    [
      'netlify/functions/_shared/desk/probe.ts',
      "import { sydneyToday } from '#src/shared/sydney-time.ts';\n\nexport const day = sydneyToday();\n",
    ],
    ['netlify/functions/_shared/pages/probe.tsx', 'export const at = <p>{new Date().getFullYear()}</p>;\n'],
    ['src/shared/schemas/probe.ts', 'export const notInFuture = (value: number) => value <= Date.now();\n'],
    ['src/shared/probe.ts', "import { sydneyToday } from './sydney-time.ts';\n\nexport const day = sydneyToday();\n"],
    ['src/islands/probe.tsx', 'export const at = <p>{new Date().toISOString()}</p>;\n'],
    ['src/islands/admin/probe.ts', 'export const at = Date.now();\n'],
  ])('refuses the real time outside the clock: %s', async (filePath, code) => {
    expect(await lint(filePath, code)).toEqual(['no-restricted-syntax']);
  });

  it('allows a given instant, and the clock itself', async () => {
    expect(await lint('netlify/functions/probe.ts', "export const at = new Date('2026-11-26T00:00:00Z');\n")).toEqual(
      [],
    );
    expect(
      await lint(
        'src/islands/probe.tsx',
        "import { now as currentTime } from '../shared/clock.ts';\n\nexport const at = <p>{new Date(currentTime()).toISOString()}</p>;\n",
      ),
    ).toEqual([]);
    expect(await lint('src/shared/clock.ts', 'export const now = (): number => Date.now();\n')).toEqual([]);
  });
});
