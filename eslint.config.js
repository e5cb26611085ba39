// ESLint: correctness, the rules of React's hooks, accessibility of JSX and Astro markup,
// and the direction of imports between folders (docs/decisions/024-layers-checked-by-lint.md).
// Formatting is Prettier's job (eslint-config-prettier switches off the rules it owns).
// A rule worth breaking is switched off in one line, where it is broken, with the reason.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Who may import whom (decision 024). Each zone forbids the files under `target` to import
 * anything under `from` except the `except` folders (relative to `from`). Paths are resolved,
 * so `../../shared/x.ts` and `../shared/x.ts` are the same folder wherever they are written.
 * Lower layers first: src/content (facts) ← src/shared ← src/lib ← src/stores ← src/ui ← the
 * pages, islands and components; on the server, the routes over _shared's rooms in ROOMS's order.
 */
const below = (folder, allowed, why) => ({
  target: folder,
  from: 'src',
  except: allowed.map((name) => `./${name}`),
  message: why,
});
/** The one clock and the one conditional write, everywhere on the server and in src (the rule below). */
const ONE_CLOCK_AND_ONE_WRITE = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'The time comes from src/shared/clock.ts: use now() (imported as currentTime where `now` is taken).',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'The time comes from src/shared/clock.ts: new Date(currentTime()).',
  },
  {
    selector: "CallExpression[callee.name='sydneyToday'][arguments.length=0]",
    message: "sydneyToday() says which instant it reads: pass the site's clock, sydneyToday(currentTime()).",
  },
  // @netlify/blobs 11.1.1 reports a failed conditional write as written (netlify/primitives#741).
  {
    selector: "Property[key.name=/^onlyIf(New|Match)$/], MemberExpression[property.name='modified']",
    message:
      'A conditional write goes through conditionalWrite, writeJsonIf or appendNew (repositories/blobs.ts), the one place that decides whether it happened (docs/decisions/044).',
  },
];

/**
 * The rooms of netlify/functions/_shared, lowest first (decision 055): a room imports only
 * the rooms before it in this list, never one after it, so no two rooms import each other.
 * A new room is placed here (tests/unit/layers.test.ts refuses one that is not). What a lower
 * room needs of a higher one moves down, to the room of the thing it is about.
 */
const ROOMS = [
  ['crypto', 'The encryption sits below the repositories: it imports nothing of the server.'],
  ['repositories', 'A repository builds on Blobs and crypto only: no HTTP, mail, routes or domain workflow.'],
  ['platform', 'The platform (environment, link origin, crash points) builds on the repositories at most: no HTTP.'],
  ['http', 'HTTP (answers, sessions, the throttle) builds on the platform and the repositories: no domain room.'],
  ['site', 'The site room (rebuilds, duty years, media checks) builds on HTTP and below: no mail, enquiry or matter.'],
  ['mail', 'Mail builds on the site, HTTP and below: it knows no enquiry workflow, engagement, matter or page.'],
  [
    'enquiries',
    'The enquiries room (intake, pipeline, retention) builds on mail and below: no engagement, due diligence or desk.',
  ],
  ['engagement', 'The engagement builds on the enquiries and below: no due diligence, desk, matter, payout or page.'],
  ['due-diligence', 'Due diligence builds on the engagement and below: no desk, matter, payout or page.'],
  ['desk', 'The desk builds on due diligence and below: no matter, payout or page.'],
  ['matters', 'A matter builds on the desk and below: no payout or page.'],
  ['payout', 'The payouts build on the matters and below: no page.'],
  ['pages', 'The pages are the top room: they may use every room below them.'],
];
const room = ([name, why], index) => ({
  target: `netlify/functions/_shared/${name}`,
  from: 'netlify/functions/_shared',
  except: ROOMS.slice(0, index + 1).map(([below]) => `./${below}`),
  message: `${why} (The rooms' floor order, decision 055.)`,
});
const LAYERS = [
  below('src/content', ['content'], 'src/content holds facts and imports nothing of the app.'),
  below('src/shared', ['shared', 'content'], 'src/shared builds on src/content only.'),
  below('src/lib', ['lib', 'shared', 'content'], 'src/lib (the API client) imports no store and no UI.'),
  below('src/stores', ['stores', 'lib', 'shared', 'content'], 'src/stores build on src/lib, never on the UI.'),
  below('src/ui', ['ui', 'stores', 'lib', 'shared', 'content'], 'src/ui is imported by islands, not the reverse.'),
  below('src/data', ['data', 'shared', 'content'], 'src/data reads the build’s collections only.'),
  below('src/loaders', ['loaders', 'shared', 'content'], 'The content loaders build on src/shared and src/content.'),
  {
    target: ['src/!(loaders)/**', 'src/*'],
    from: 'netlify',
    message: 'Nothing in src/ imports the server; the content loaders (src/loaders) read its repositories.',
  },
  {
    target: 'src/loaders',
    from: 'netlify',
    except: ['./functions/_shared/repositories'],
    message: 'The content loaders read Blobs through the repositories only.',
  },
  {
    target: 'src/!(loaders)/**',
    from: 'src/loaders',
    message: 'Only src/content.config.ts uses the content loaders.',
  },
  { target: 'src', from: ['scripts', 'tests'], message: 'src/ is the product: it imports no script and no test.' },
  {
    target: 'netlify',
    from: 'src',
    except: ['./shared', './content', './ui'],
    message: 'The server shares src/shared, src/content and the kit in src/ui (its pages) with the site, nothing else.',
  },
  { target: 'netlify', from: ['scripts', 'tests'], message: 'The server imports no script and no test.' },
  {
    target: 'netlify/functions/_shared',
    from: 'netlify/functions/*.{ts,mts}',
    message: 'Routes import _shared, never the reverse.',
  },
  ...ROOMS.map(room),
  { target: 'scripts', from: 'tests', message: 'Scripts never import tests: move what both need into scripts/lib.' },
];

/**
 * Imports by name (decision 058): a module two or more folders away is imported by its name in
 * package.json's "imports" (#src/…, #server/… for netlify/functions/_shared, #functions/…,
 * #scripts/…, #tests/…), never by climbing ('../../'). A neighbour ('./', '../') stays relative.
 */
const BY_NAME = {
  regex: '^(\\.\\./){2,}',
  message:
    "Import it by name: #src/…, #server/… (netlify/functions/_shared), #functions/…, #scripts/… or #tests/… (package.json's imports, decision 058).",
};

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist.*/',
      '.astro/',
      '.netlify/',
      '.e2e-sites/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Typed lint (decision 053): the promise rules need the types, so each file of the product
    // is read through its tsconfig (projectService). A promise is awaited, returned or handed
    // to `void` on purpose; an async function never goes where a plain callback is expected.
    // Over scripts/ and tests/ too (decision 053): a test double of an async interface is
    // async without awaiting, so require-await is off for tests alone (below).
    files: ['src/**/*.{ts,tsx}', 'netlify/**/*.{ts,mts,tsx}', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}', '*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
    },
  },
  {
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYERS }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-restricted-imports': ['error', { patterns: [BY_NAME] }],
      // `_name` marks a value that is deliberately unused (a destructured field left out).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Type-only imports stay type-only, so no server module reaches a client bundle by accident.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // One clock: every "now" comes from src/shared/clock.ts, so sessions, engagements, alerts
    // and scheduled posts agree when the e2e server sets the clock. That holds for the server's
    // pages (.tsx) and for src/shared, whose schemas the server validates with (a testimonial's
    // "not in the future"), and for the islands too: in the browser the clock is the browser's
    // own time (no offset is ever set there), so a display of "now" reads the same clock under
    // the same name, and there is no exception. `new Date(value)` with an argument is fine; a
    // duration may use performance.now().
    files: ['netlify/**/*.{ts,mts,tsx}', 'src/**/*.{ts,tsx}', 'scripts/lib/server.ts', 'scripts/lib/functions-host.ts'],
    ignores: ['src/shared/clock.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...ONE_CLOCK_AND_ONE_WRITE],
    },
  },
  {
    // The domain rooms refuse in their own words (platform/refused.ts); http.ts's asHttpError
    // turns a refusal into its answer, the one place that knows the statuses (decision 055).
    files: ['netlify/functions/_shared/{site,enquiries,engagement,due-diligence,desk,matters,payout}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ONE_CLOCK_AND_ONE_WRITE,
        {
          selector: "NewExpression[callee.name='HttpError']",
          message:
            'A domain room refuses with new Refused(kind, message) from platform/refused.ts; asHttpError answers it (decision 055).',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // An island's file reads on its own: past 400 lines, split it by what each part does
    // (a form, a list, a hook), as src/islands/admin/matters/ does.
    files: ['src/islands/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // Tests read JSON answers whose shape is exactly what they assert.
      '@typescript-eslint/no-explicit-any': 'off',
      // A double of an async interface (a fetch, a store, a function handler) answers without
      // awaiting anything; the three other promise rules still hold here.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Each Playwright worker has its own e2e server: every test reaches it through the `test`
    // of tests/e2e/fixtures.ts, whose `baseURL` is that server's (decision 050).
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [BY_NAME],
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import `test` from './fixtures.ts': its baseURL is the worker's own e2e server.",
            },
          ],
        },
      ],
    },
  },
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],
  prettier,
);
