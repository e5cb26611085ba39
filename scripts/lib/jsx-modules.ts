/**
 * Lets Node import the functions' `.tsx` modules (the pages they render,
 * netlify/functions/_shared/pages, and the kit they share with the islands, src/ui). Node's
 * type stripping reads `.ts` but not JSX; this hook compiles a `.tsx` file with esbuild, as
 * Netlify's own bundler does when it deploys the functions, and leaves every other module to
 * Node. Import it before the first function module is loaded (functions-host.ts does).
 * Why JSX on the server at all: docs/decisions/023-server-pages-from-components.md.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !new URL(url).pathname.endsWith('.tsx')) return nextLoad(url, context);
    const file = fileURLToPath(url);
    const { code } = transformSync(readFileSync(file, 'utf8'), {
      loader: 'tsx',
      // The same JSX as tsconfig.json (react-jsx): imports from react/jsx-runtime, no React in scope.
      jsx: 'automatic',
      format: 'esm',
      target: 'node24',
      sourcefile: file,
      sourcemap: 'inline',
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
