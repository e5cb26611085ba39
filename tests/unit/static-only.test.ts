/** The static site has no SSR function (docs/decisions/002): Astro is told so, and the build checks. */
import type { AstroAdapter, AstroIntegration } from 'astro';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// astro.config.mjs sits at the root, which has no import name.
// eslint-disable-next-line no-restricted-imports
import config from '../../astro.config.mjs';
import { noSsrFunction, SSR_FUNCTION } from '#src/integrations/static-only.mjs';

type ConfigDone = (params: unknown) => Promise<void> | void;
type BuildDone = (params: unknown) => Promise<void> | void;

describe('the site configuration', () => {
  it('declares the Netlify adapter static-only, so Astro never builds or routes to an SSR function', async () => {
    const adapter = config.adapter as AstroIntegration;
    const adapters: AstroAdapter[] = [];
    await (adapter.hooks['astro:config:done'] as ConfigDone)({
      config: { root: pathToFileURL(`${process.cwd()}/`) },
      buildOutput: 'static',
      setAdapter: (spec: AstroAdapter) => adapters.push(spec),
      injectTypes: () => new URL('file:///tmp/types.d.ts'),
      logger: console,
    });
    expect(adapters).toHaveLength(1);
    expect(adapters[0]?.name).toBe('@astrojs/netlify');
    expect(adapters[0]?.adapterFeatures?.buildOutput).toBe('static');
    // and, should an adapter upgrade write one anyway, the build fails (below)
    expect((config.integrations as AstroIntegration[]).map((integration) => integration.name)).toContain(
      'no-ssr-function',
    );
  });
});

describe('noSsrFunction', () => {
  let root: string | undefined;
  afterEach(() => (root ? rm(root, { recursive: true, force: true }) : undefined));

  it('throws, naming the function, when the build wrote one, and passes when it did not', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'static-only-'));
    const buildDone = noSsrFunction(pathToFileURL(`${root}/`)).hooks['astro:build:done'] as BuildDone;
    await mkdir(path.join(root, path.dirname(SSR_FUNCTION)), { recursive: true }); // the adapter leaves the folder
    expect(() => buildDone({})).not.toThrow();
    await writeFile(path.join(root, SSR_FUNCTION), 'export default () => new Response()');
    expect(() => buildDone({})).toThrow(/SSR function \(\.netlify\/v1\/functions\/ssr\/ssr\.mjs\)/);
  });
});
