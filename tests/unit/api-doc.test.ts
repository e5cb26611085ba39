/**
 * docs/api.md cannot drift from the route declarations (src/shared/api/, decision 054): every
 * declared method and path has a row there, and every row is a declared route, or the one
 * function no one calls by its own path (contact-limited, the rate limit's rewrite target).
 * That the declarations are what the functions serve is tests/unit/api-contract.test.ts's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiRoute } from '#src/shared/api/contract.ts';
import { API } from '#src/shared/api/index.ts';
import { config as rewriteTarget } from '#functions/contact-limited.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `/api/blog-posts/:id` and `/api/blog-posts/{slug}` are one path: parameters are named freely in the doc. */
const shape = (route: string) =>
  route
    .replace(/\?.*$/, '')
    .replace(/\{[^}/]+\}|:[A-Za-z]+/g, ':param')
    .replace(/(.)\/$/, '$1');

/** The first cell of each table row that opens with `` `METHOD /path` ``: method and path as the doc gives them. */
function documentedRoutes(markdown: string): string[] {
  const routes: string[] = [];
  for (const line of markdown.split('\n')) {
    const firstCell = /^\|\s*([^|]+?)\s*\|/.exec(line)?.[1];
    if (!firstCell) continue;
    for (const [, method, route] of firstCell.matchAll(/`([A-Z]+) (\/[^`\s]*)`/g))
      routes.push(`${method} ${shape(route!)}`);
  }
  return routes;
}

const documented = documentedRoutes(readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8'));
const declared = [
  ...Object.values(API).flatMap((routes) =>
    (Object.values(routes) as ApiRoute[]).map((route) => `${route.method} ${shape(route.path)}`),
  ),
  // Reached only through the rate limit's rewrite of POST /api/contact.
  `POST ${shape(rewriteTarget.path as string)}`,
];

describe('docs/api.md', () => {
  it('reads the routes of the declarations and of the doc (a guard against a parser that finds nothing)', () => {
    expect(declared.length).toBeGreaterThan(50);
    expect(documented.length).toBeGreaterThan(50);
    expect(documented.every((route) => (METHODS as readonly string[]).includes(route.split(' ')[0]!))).toBe(true);
  });

  it('has a row for every declared route', () => {
    expect(
      declared.filter((route) => !documented.includes(route)),
      'declared routes docs/api.md does not list',
    ).toEqual([]);
  });

  it('lists no route that is not declared', () => {
    expect(
      documented.filter((route) => !declared.includes(route)),
      'rows in docs/api.md that no declaration has',
    ).toEqual([]);
  });
});
