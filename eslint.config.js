// ESLint: correctness, the rules of React's hooks and accessibility of JSX and Astro markup.
// Formatting is Prettier's job (eslint-config-prettier switches off the rules it owns).
// A rule worth breaking is switched off in one line, where it is broken, with the reason.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'dist.*/', '.astro/', '.netlify/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
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
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // Tests read JSON answers whose shape is exactly what they assert.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],
  prettier,
);
