/**
 * The route declarations (src/shared/api/, decision 054) and what serves them cannot drift:
 * a function that serves a declared path serves exactly the declared methods there, and every
 * path it has is declared; docs/openapi.json is what the declarations make, and it validates
 * as OpenAPI 3.1. Every function with a path is declared, but for a rewrite target (below).
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsHost, loadFunctions, type HostedFunction } from '#scripts/lib/functions-host.ts';
import { openApiDocument } from '#scripts/lib/openapi.ts';
import { route, type ApiRoute } from '#src/shared/api/contract.ts';
import { madeResponse } from '#src/shared/api/made-response.ts';
import type { RouteContext } from '#server/http/http.ts';
import { declared } from '#server/http/serve.ts';
import { API } from '#src/shared/api/index.ts';
import { blogPostsRoutes } from '#src/shared/api/blog-posts.ts';
import { dutyIndexationRoutes } from '#src/shared/api/duty-indexation.ts';
import { servicesRoutes } from '#src/shared/api/services.ts';
import { settingsRoutes, siteBuildRoutes } from '#src/shared/api/settings.ts';
import { callApi } from '#src/lib/api.ts';
import { auditRoutes } from '#src/shared/api/audit.ts';
import { cashRoutes } from '#src/shared/api/cash.ts';
import { payoutsRoutes } from '#src/shared/api/payouts.ts';
import { suspicionsRoutes } from '#src/shared/api/suspicions.ts';
import { mediaRoutes } from '#src/shared/api/media.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Functions no one calls by their own path: Netlify rewrites a request to them (a rate limit's
 * `rewrite` action), and they answer for the route the request was made to. Each is named with
 * the function whose `config.rateLimit.to` it is.
 */
const REWRITE_TARGETS = new Map([['contact-limited', 'contact']]);

const declarations = Object.values(API).flatMap((routes) => Object.values(routes) as ApiRoute[]);
const declaredAt = (route: string) => declarations.filter((declaration) => declaration.path === route);
const pathsOf = (fn: HostedFunction): string[] =>
  fn.config.path === undefined ? [] : Array.isArray(fn.config.path) ? fn.config.path : [fn.config.path];

describe('the route declarations', () => {
  let functions: HostedFunction[];
  let allowed: (fn: HostedFunction, route: string) => Promise<string[]>;
  beforeAll(async () => {
    functions = (await loadFunctions(path.join(ROOT, 'netlify/functions'))).filter((fn) => pathsOf(fn).length > 0);
    const host = createFunctionsHost({ functions, siteUrl: () => 'http://localhost:8888', deployId: () => 'test' });
    // The methods a `handle()` route answers, read from its 405 to a method none serves.
    allowed = async (fn, route) => {
      const params = Object.fromEntries([...route.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, 'x']));
      const url = new URL(route.replace(/:([A-Za-z]+)/g, 'x'), 'http://localhost:8888');
      const answer = await host.invoke(fn, new Request(url, { method: 'OPTIONS' }), { params });
      expect(answer.status, `OPTIONS ${route}`).toBe(405);
      return answer.headers.get('allow')!.split(/,\s*/).sort();
    };
  });

  it('are each one method at one path', () => {
    const keys = declarations.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(9);
  });

  it('are each served by a function, with exactly the declared methods', async () => {
    for (const route of new Set(declarations.map((declaration) => declaration.path))) {
      const serving = functions.filter((fn) => pathsOf(fn).includes(route));
      expect(
        serving.map((fn) => fn.name),
        `functions serving ${route}`,
      ).toHaveLength(1);
      const methods = declaredAt(route)
        .map((declaration) => declaration.method)
        .sort();
      expect(await allowed(serving[0]!, route), route).toEqual(methods);
    }
  });

  it('leave out only the functions a rate limit rewrites to, each the target of the one named', () => {
    for (const [target, from] of REWRITE_TARGETS) {
      const rewritten = functions.find((fn) => fn.name === from)?.config as { rateLimit?: { to?: string } } | undefined;
      expect(pathsOf(functions.find((fn) => fn.name === target)!), target).toEqual([rewritten?.rateLimit?.to]);
    }
  });

  it('cover every path of every function', () => {
    const undeclared = functions
      .filter((fn) => !REWRITE_TARGETS.has(fn.name))
      .flatMap((fn) =>
        pathsOf(fn)
          .filter((route) => declaredAt(route).length === 0)
          .map((route) => `${fn.name}: ${route}`),
      );
    expect(undeclared, 'paths served but not declared').toEqual([]);
  });
});

describe('docs/openapi.json', () => {
  it('is what the declarations make (npm run openapi writes it)', () => {
    const committed: unknown = JSON.parse(readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('validates as OpenAPI 3.1', async () => {
    const result = await new Validator().validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has an operation for each declaration, with its body and answer schemas', () => {
    const document = openApiDocument();
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(declarations.length);
    const save = document.paths['/api/settings']!.put as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(save.requestBody.content['application/json'].schema.properties)).toContain('claims');
    expect(document.paths['/api/settings/claims/{claim}/confirm']).toBeDefined();
  });
});

/**
 * Compile-time checks, read by `tsc` (`npm run check`) and never run: a call that sends a wrong
 * field, leaves out a path's parameter or reads an answer field the route does not give must
 * not compile (an unused `@ts-expect-error` is itself an error).
 */
export async function typeChecks() {
  // @ts-expect-error: the cash policy is 'none' or 'accepted'
  await callApi(settingsRoutes.saveCash, { body: { cash: 'sometimes' } });
  // @ts-expect-error: a field the sign-in rule does not have
  await callApi(settingsRoutes.saveSignIn, { body: { passkey: 'required' } });
  // @ts-expect-error: the claim's path parameter is left out
  await callApi(settingsRoutes.confirmClaim, { body: { value: 4.9 } });
  // @ts-expect-error: a body for a route that takes none
  await callApi(siteBuildRoutes.request, { body: {} });
  const status = await callApi(siteBuildRoutes.status);
  // @ts-expect-error: the status has no `building` field
  void status.building;
  const cash = await callApi(settingsRoutes.readCash);
  const policy: 'none' | 'accepted' = cash.cash;
  // @ts-expect-error: the switch takes true or false
  await callApi(servicesRoutes.update, { params: { id: 'svc-1' }, body: { isActive: 'yes' } });
  const article = await callApi(blogPostsRoutes.readPublished, { params: { id: 'a-post' } });
  // @ts-expect-error: who saved a post is for staff only, not in the public article
  void article.updatedBy;
  // @ts-expect-error: the year is the path's, and it is left out
  await callApi(dutyIndexationRoutes.save, { body: { ratio: '1.260', source: 'The s 33AF notice' } });
  // @ts-expect-error: a threshold report needs AUSTRAC's reference
  await callApi(cashRoutes.report, { params: { id: 'c-1' }, body: { reportedAt: '2026-12-01' } });
  const [row] = await callApi(suspicionsRoutes.register);
  // @ts-expect-error: a register row names its recorder, it has no `recordedByName`
  void row?.recordedByName;
  await callApi(payoutsRoutes.callBack, {
    params: { id: 'm-1' },
    // @ts-expect-error: the call-back's read-back must be ticked (true)
    body: { calledNumber: '0400000000', calledAt: '2026-12-01T10:00:00Z', readBack: false, payeeCheck: 'match' },
  });
  // @ts-expect-error: the audit log has no `who` filter (it is `by`)
  await callApi(auditRoutes.list, { query: { who: 'someone' } });
  // @ts-expect-error: a query for a route that reads none
  await callApi(settingsRoutes.read, { query: {} });
  // @ts-expect-error: the image's key is its path's, and it is left out
  await callApi(mediaRoutes.remove);
  const [image] = await callApi(mediaRoutes.list);
  // @ts-expect-error: a listed image has its `size` in bytes, no `bytes` field
  void image?.bytes;
  const page = await callApi(auditRoutes.list, { query: { limit: '10', action: 'staff' } });
  const next: string | null = page.next;
  void next;
  return policy;
}

describe('a route whose answer is not JSON (answerType)', () => {
  const pdfRoute = route({
    method: 'GET',
    path: '/api/example.pdf',
    summary: 'An example',
    access: 'public',
    output: madeResponse,
    answerType: 'application/pdf',
    refusals: [],
  });
  const serveWith = (answer: Response, declaration: ApiRoute = pdfRoute) =>
    declared({ made: declaration }, { made: async () => answer })[declaration.path]!.GET!(
      new Request(`http://localhost:8888${declaration.path}`),
      { params: {}, waitUntil: () => {} } as unknown as RouteContext,
    );

  it('answers the handler’s own Response, as made', async () => {
    const made = new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
      headers: { 'Content-Type': 'application/pdf' },
    });
    const answer = await serveWith(made);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  });

  it('refuses an answer of another type than the one declared', async () => {
    await expect(serveWith(Response.json({ not: 'a pdf' }))).rejects.toThrow(
      /must answer a Response of application\/pdf/,
    );
  });

  it('takes any type of a family declared as one (image/*), and none other', async () => {
    const imageRoute = { ...pdfRoute, path: '/api/example.img', answerType: 'image/*' } as const;
    const serveImage = (answer: Response) => serveWith(answer, imageRoute);
    const png = await serveImage(new Response(new Uint8Array([0x89]), { headers: { 'Content-Type': 'image/png' } }));
    expect(png.headers.get('content-type')).toBe('image/png');
    await expect(serveImage(new Response('<svg/>', { headers: { 'Content-Type': 'text/html' } }))).rejects.toThrow(
      /must answer a Response of image\/\*/,
    );
  });

  it('lets a page route answer a 303 to a page, and no other route', async () => {
    const pageRoute = { ...pdfRoute, path: '/example', answerType: 'text/html' } as const;
    const seeOther = () => new Response(null, { status: 303, headers: { Location: '/example/' } });
    expect((await serveWith(seeOther(), pageRoute)).status).toBe(303);
    await expect(serveWith(seeOther())).rejects.toThrow(/must answer a Response of application\/pdf/);
  });
});

describe('a route a plain HTML form posts to too (formPost)', () => {
  const formRoute = route({
    method: 'POST',
    path: '/api/example',
    summary: 'An example',
    access: 'public',
    input: z.object({ name: z.string() }),
    formPost: true,
    output: z.object({ name: z.string() }),
    refusals: [400],
  });
  const example = 'http://localhost:8888/api/example';
  const context = { params: {}, waitUntil: () => {} } as unknown as RouteContext;
  const served = declared(
    { send: formRoute },
    { send: async ({ body }) => ({ name: body.name }) },
    {
      send: async ({ req }) =>
        Response.redirect(`${example}?form=${(await req.formData()).get('name') as string}`, 303),
    },
  )['/api/example']!.POST!;

  it('answers a form-encoded post by its form handler, and JSON by its handler', async () => {
    const form = await served(
      new Request(example, { method: 'POST', body: new URLSearchParams({ name: 'Ana' }) }),
      context,
    );
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`${example}?form=Ana`);
    const script = await served(
      new Request(example, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Ana"}' }),
      context,
    );
    expect(await script.json()).toEqual({ name: 'Ana' });
  });

  it('is declared formPost exactly when it has a form handler', () => {
    expect(() => declared({ send: formRoute }, { send: async ({ body }) => body })).toThrow(/no form handler/);
    const { formPost: _form, ...plain } = formRoute;
    expect(() =>
      declared({ send: plain }, { send: async ({ body }) => body }, { send: async () => new Response(null) }),
    ).toThrow(/not declared formPost/);
  });
});

describe('a body that may be left out (z.optional)', () => {
  const optionalRoute = route({
    method: 'POST',
    path: '/api/example',
    summary: 'An example',
    access: 'public',
    input: z.optional(z.object({ name: z.string() })),
    output: z.object({ sent: z.boolean() }),
    refusals: [400],
  });
  const served = declared({ send: optionalRoute }, { send: async ({ body }) => ({ sent: body !== undefined }) })[
    '/api/example'
  ]!.POST!;
  const post = (init: RequestInit) =>
    served(new Request('http://localhost:8888/api/example', { method: 'POST', ...init }), {
      params: {},
      waitUntil: () => {},
    } as unknown as RouteContext);

  it('reaches the handler as undefined when left out, so an explicit {} is judged as a body', async () => {
    expect(await (await post({})).json()).toEqual({ sent: false });
    const empty = post({ headers: { 'Content-Type': 'application/json' }, body: '{}' });
    await expect(empty).rejects.toMatchObject({ status: 400, fieldErrors: { name: [expect.any(String)] } });
    const named = await post({ headers: { 'Content-Type': 'application/json' }, body: '{"name":"Ana"}' });
    expect(await named.json()).toEqual({ sent: true });
  });

  it('reads an empty body as left out, and refuses bytes sent with no Content-Type (415), large ones too', async () => {
    // Bytes, not a string: a string body would be given a text/plain Content-Type.
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(await (await post({ body: bytes('') })).json()).toEqual({ sent: false });
    await expect(post({ body: bytes('{"name":"Ana"}') })).rejects.toMatchObject({ status: 415 });
    await expect(post({ body: bytes('x'.repeat(256 * 1024)) })).rejects.toMatchObject({ status: 415 });
  });
});
