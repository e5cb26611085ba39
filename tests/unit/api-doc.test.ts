/**
 * docs/api.md cannot drift from the functions: every path of every `config.path` has a row
 * there, every row names a path some function serves, and (for the functions routed by
 * `handle()`, which answer 405 with `Allow` for a method they lack) the methods match too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createFunctionsHost,
  loadFunctions,
  type FunctionsHost,
  type HostedFunction,
} from '../../scripts/lib/functions-host.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `/api/blog-posts/:id` and `/api/blog-posts/{slug}` are one path: parameters are named freely in the doc. */
const shape = (route: string) =>
  route
    .replace(/\?.*$/, '')
    .replace(/\{[^}/]+\}|:[A-Za-z]+/g, ':param')
    .replace(/(.)\/$/, '$1');

/** The first cell of each table row that opens with `` `METHOD /path` ``: method and path as the doc gives them. */
function documentedRoutes(markdown: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  for (const line of markdown.split('\n')) {
    const firstCell = /^\|\s*([^|]+?)\s*\|/.exec(line)?.[1];
    if (!firstCell) continue;
    for (const [, method, route] of firstCell.matchAll(/`([A-Z]+) (\/[^`\s]*)`/g)) {
      routes.push({ method: method!, path: shape(route!) });
    }
  }
  return routes;
}

const pathsOf = (fn: HostedFunction): string[] =>
  fn.config.path === undefined ? [] : Array.isArray(fn.config.path) ? fn.config.path : [fn.config.path];

/** The methods a `handle()` route answers, read from its 405 (undefined for a function that answers anything). */
async function allowedMethods(host: FunctionsHost, fn: HostedFunction, route: string): Promise<string[] | undefined> {
  const params = Object.fromEntries([...route.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, 'x']));
  const url = new URL(route.replace(/:([A-Za-z]+)/g, 'x'), 'http://localhost:8888');
  const answer = await host.invoke(fn, new Request(url, { method: 'OPTIONS' }), { params });
  if (answer.status !== 405) return undefined;
  return answer.headers.get('allow')!.split(/,\s*/);
}

describe('docs/api.md', () => {
  let functions: HostedFunction[];
  let host: FunctionsHost;
  let documented: { method: string; path: string }[];
  beforeAll(async () => {
    functions = await loadFunctions(path.join(ROOT, 'netlify/functions'));
    host = createFunctionsHost({ functions, siteUrl: () => 'http://localhost:8888', deployId: () => 'test' });
    documented = documentedRoutes(readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8'));
  });

  it('reads the routes of the functions and of the doc (a guard against a parser that finds nothing)', () => {
    expect(functions.length).toBeGreaterThan(20);
    expect(documented.length).toBeGreaterThan(50);
    expect(documented.every(({ method }) => (METHODS as readonly string[]).includes(method))).toBe(true);
  });

  it('has a row for every path in every config.path', () => {
    const documentedPaths = new Set(documented.map((route) => route.path));
    const missing = functions.flatMap((fn) =>
      pathsOf(fn)
        .filter((route) => !documentedPaths.has(shape(route)))
        .map((route) => `${route} (netlify/functions/${fn.name}.ts)`),
    );
    expect(missing, 'paths docs/api.md does not list').toEqual([]);
  });

  it('lists no path that no function serves', () => {
    const served = new Set(functions.flatMap((fn) => pathsOf(fn).map(shape)));
    const unknown = documented.filter((route) => !served.has(route.path)).map((r) => `${r.method} ${r.path}`);
    expect(unknown, 'rows in docs/api.md that no config.path serves').toEqual([]);
  });

  it('gives each routed path exactly the methods its function answers', async () => {
    const faults: string[] = [];
    for (const fn of functions) {
      for (const route of pathsOf(fn)) {
        const allowed = await allowedMethods(host, fn, route);
        if (!allowed) continue;
        const inDoc = documented.filter((row) => row.path === shape(route)).map((row) => row.method);
        const fault = (list: string[], where: string) => list.length && faults.push(`${route}: ${where} ${list}`);
        fault(
          allowed.filter((method) => !inDoc.includes(method)),
          'the doc lacks',
        );
        fault(
          inDoc.filter((method) => !allowed.includes(method)),
          'the function does not answer',
        );
      }
    }
    expect(faults).toEqual([]);
  });
});
