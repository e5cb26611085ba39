/**
 * The layering of decision 024, as `npm run lint` applies it: each snippet is linted through
 * ESLint's Node API with the repository's own config, as if it were a file in that folder,
 * and a wrong-direction import must fail with `import-x/no-restricted-paths` while the right
 * direction passes. The imported files exist (the rule resolves paths), the linted one need not.
 * Also the one server clock: server code takes "now" from src/shared/clock.ts.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
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
  ['src/ imports no server code', 'src/islands/probe.tsx', '../../netlify/functions/_shared/http/http.ts'],
  ['the loaders read repositories only', 'src/loaders/probe.ts', '../../netlify/functions/_shared/http/http.ts'],
  ['only content.config.ts uses the loaders', 'src/pages/probe.ts', '../loaders/site-loader.ts'],
  ['src/ imports no script', 'src/shared/probe.ts', '../../scripts/lib/server.ts'],
  ['src/ imports no test', 'src/components/probe.ts', '../../tests/e2e/fixtures.ts'],
  ['scripts import no test', 'scripts/lib/probe.ts', '../../tests/e2e/fixtures.ts'],
  ['the server shares no API client', 'netlify/functions/_shared/http/probe.ts', '../../../../src/lib/api.ts'],
  ['the server shares no island', 'netlify/functions/_shared/pages/probe.tsx', '../../../../src/islands/HeroForm.tsx'],
  ['the server imports no script', 'netlify/functions/probe.ts', '../../scripts/lib/server.ts'],
  ['a repository imports no HTTP', 'netlify/functions/_shared/repositories/probe.ts', '../http/http.ts'],
  ['a repository imports no mail', 'netlify/functions/_shared/repositories/probe.ts', '../mail/client-mail.ts'],
  ['a repository imports no route', 'netlify/functions/_shared/repositories/probe.ts', '../../contact.ts'],
  ['_shared imports no route', 'netlify/functions/_shared/desk/probe.ts', '../../enquiries.ts'],
  ['the encryption imports nothing of the server', 'netlify/functions/_shared/crypto/probe.ts', '../platform/env.ts'],
];

const RIGHT: [string, string, string][] = [
  ['src/shared builds on the facts', 'src/shared/probe.ts', '../content/practice.ts'],
  ['stores build on the API client', 'src/stores/probe.ts', '../lib/api.ts'],
  ['islands use everything below them', 'src/islands/probe.tsx', '../ui/Button.tsx'],
  ['content.config.ts uses the loaders', 'src/content.config.ts', './loaders/site-loader.ts'],
  [
    'the loaders read repositories',
    'src/loaders/probe.ts',
    '../../netlify/functions/_shared/repositories/media-store.ts',
  ],
  ['a repository seals with crypto', 'netlify/functions/_shared/repositories/probe.ts', '../crypto/sealed-records.ts'],
  ['a route uses _shared', 'netlify/functions/probe.ts', './_shared/http/http.ts'],
  ['the server uses src/shared', 'netlify/functions/_shared/desk/probe.ts', '../../../../src/shared/clock.ts'],
  ['the server pages use the kit', 'netlify/functions/_shared/pages/probe.tsx', '../../../../src/ui/Button.tsx'],
  ['tests import anything', 'tests/unit/probe.ts', '../../netlify/functions/_shared/http/http.ts'],
];

describe('the import layers (decision 024)', () => {
  it.each(WRONG)('refuses a wrong-direction import: %s', async (_why, filePath, specifier) => {
    expect(await brokenRules(filePath, specifier)).toContain('import-x/no-restricted-paths');
  });

  it.each(RIGHT)('allows the right direction: %s', async (_why, filePath, specifier) => {
    expect(await brokenRules(filePath, specifier)).toEqual([]);
  });
});

describe('one server clock', () => {
  it.each([
    ['netlify/functions/probe.ts', 'export const at = Date.now();\n'],
    ['netlify/functions/_shared/repositories/probe.ts', 'export const at = new Date().toISOString();\n'],
    ['src/loaders/probe.ts', 'export const at = new Date();\n'],
    ['scripts/lib/server.ts', 'export const at = Date.now();\n'],
    [
      'netlify/functions/_shared/desk/probe.ts',
      "import { sydneyToday } from '../../../../src/shared/sydney-time.ts';\n\nexport const day = sydneyToday();\n",
    ],
  ])('refuses the real time in server code: %s', async (filePath, code) => {
    expect(await lint(filePath, code)).toEqual(['no-restricted-syntax']);
  });

  it('allows a given instant on the server, and the real time in the browser', async () => {
    expect(await lint('netlify/functions/probe.ts', "export const at = new Date('2026-11-26T00:00:00Z');\n")).toEqual(
      [],
    );
    expect(await lint('src/islands/probe.ts', 'export const at = Date.now();\n')).toEqual([]);
  });
});
