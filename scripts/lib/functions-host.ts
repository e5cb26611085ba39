/**
 * Runs the site's Netlify Functions in this process, the way Netlify routes and calls them:
 * each `netlify/functions/*.ts` module is imported once, requests are routed by its
 * `config.path` (URLPattern, as Netlify does), and the default export is called with
 * `(request, context)`. Functions with `config.schedule` run on an interval, and event
 * functions (`deploy-succeeded`, …) are invoked when the local server plays that event.
 * Why not @netlify/dev's own functions: see docs/decisions/004-functions-in-process.md.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { now as clockNow } from '#src/shared/clock.ts';
// Before any function is imported: the pages they render are .tsx (jsx-modules.ts).
import './jsx-modules.ts';

/** The part of Netlify's `Context` our functions use, or will. */
export interface LocalContext {
  params: Record<string, string>;
  ip: string;
  requestId: string;
  url: URL;
  site: { id: string; name: string; url: string };
  deploy: { context: string; id: string; published: boolean };
  account: { id: string };
  server: { region: string };
  waitUntil(promise: Promise<unknown>): void;
  json(input: unknown): Response;
  log(...data: unknown[]): void;
}

type FetchHandler = (request: Request, context: LocalContext) => unknown;

interface FunctionConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  preferStatic?: boolean;
  method?: string | string[];
  schedule?: string;
  rateLimit?: {
    windowLimit: number;
    windowSize: number;
    aggregateBy?: ('ip' | 'domain') | ('ip' | 'domain')[];
    action?: 'rate_limit' | 'rewrite';
    to?: string;
  };
}

export interface HostedFunction {
  name: string;
  handler: FetchHandler;
  config: FunctionConfig;
}

/** Netlify's event-triggered function names (the file name subscribes to the event). */
const EVENT_NAMES = new Set([
  'deploy-building',
  'deploy-succeeded',
  'deploy-failed',
  'deploy-deleted',
  'deploy-locked',
  'deploy-unlocked',
  'submission-created',
  'identity-validate',
  'identity-signup',
  'identity-login',
]);

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Imports every function module in `directory` (files only; `_shared/` and friends are not functions). */
export async function loadFunctions(directory: string): Promise<HostedFunction[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /\.(m?ts|m?js)$/.test(entry.name) && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();
  const loaded: HostedFunction[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(directory, file)).href)) as {
      default?: FetchHandler | { fetch?: FetchHandler };
      config?: FunctionConfig;
    };
    const exported = module.default;
    const handler = typeof exported === 'function' ? exported : exported?.fetch?.bind(exported);
    if (!handler) throw new Error(`netlify/functions/${file} has no default export to call`);
    loaded.push({ name: file.replace(/\.(m?ts|m?js)$/, ''), handler, config: module.config ?? {} });
  }
  return loaded;
}

interface Route {
  fn: HostedFunction;
  pattern: URLPattern;
  excluded: URLPattern[];
  methods: string[] | null;
  /** Literal paths win over patterns with parameters, as the more specific route. */
  dynamic: boolean;
}

export interface FunctionMatch {
  fn: HostedFunction;
  params: Record<string, string>;
  preferStatic: boolean;
  /** Set when a rate limit rewrote the request: the path the function is called at. */
  rewrittenTo?: string;
}

export interface InvokeOptions {
  params?: Record<string, string>;
  ip?: string;
}

export interface FunctionsHostOptions {
  functions: HostedFunction[];
  /** The site's address (known once the server listens). */
  siteUrl: () => string;
  /** The deploy that is live now; the local server changes it with each rebuild. */
  deployId: () => string;
  /**
   * Apply each function's `config.rateLimit` as Netlify does. Off unless asked: local load
   * checks send every request from 127.0.0.1.
   */
  rateLimits?: boolean;
  /** The clock of the rate-limit windows (tests move it on). */
  now?: () => number;
}

export function createFunctionsHost({
  functions,
  siteUrl,
  deployId,
  rateLimits = false,
  now = Date.now,
}: FunctionsHostOptions) {
  const routes: Route[] = [];
  for (const fn of functions) {
    // Scheduled functions are not reachable over HTTP on Netlify; event functions without a
    // path are, at /.netlify/functions/{name}, like any function without one.
    if (fn.config.schedule) continue;
    const paths = asList(fn.config.path);
    const patterns = paths.length ? paths : [`/.netlify/functions/${fn.name}`, `/.netlify/functions/${fn.name}/*`];
    for (const pattern of patterns) {
      routes.push({
        fn,
        pattern: new URLPattern({ pathname: pattern }),
        excluded: asList(fn.config.excludedPath).map((excluded) => new URLPattern({ pathname: excluded })),
        methods: fn.config.method ? asList(fn.config.method).map((method) => method.toUpperCase()) : null,
        dynamic: /[:*(]/.test(pattern),
      });
    }
  }
  routes.sort((a, b) => Number(a.dynamic) - Number(b.dynamic));

  /** Request times per function and client, for the rate limits' sliding windows. */
  const windows = new Map<string, number[]>();

  const pending = new Set<Promise<unknown>>();
  // What `Netlify.context` answers inside a function, as on Netlify.
  const current = new AsyncLocalStorage<LocalContext>();

  function contextFor(request: Request, fn: HostedFunction, options: InvokeOptions): LocalContext {
    return {
      params: options.params ?? {},
      ip: options.ip ?? '127.0.0.1',
      requestId: randomUUID(),
      url: new URL(request.url),
      site: { id: '0', name: 'local', url: siteUrl() },
      deploy: { context: 'dev', id: deployId(), published: true },
      account: { id: '' },
      server: { region: 'local' },
      waitUntil(promise) {
        // Netlify keeps the function alive until these settle; a failure is only logged.
        const tracked = Promise.resolve(promise)
          .catch((error: unknown) => console.error(`[functions] ${fn.name}: a waitUntil task failed:`, error))
          .finally(() => pending.delete(tracked));
        pending.add(tracked);
      },
      json: (input) => Response.json(input),
      log: (...data) => console.log(`[${fn.name}]`, ...data),
    };
  }

  return {
    functions,

    /**
     * Makes `Netlify.context` (and `Netlify.env`) answer for the function being called. Call it
     * after @netlify/dev has started: it sets a global of its own whose context is always null.
     */
    installNetlifyGlobal() {
      (globalThis as { Netlify?: object }).Netlify = {
        get context() {
          return current.getStore() ?? null;
        },
        env: {
          get: (key: string) => process.env[key],
          has: (key: string) => process.env[key] !== undefined,
          set: (key: string, value: string) => void (process.env[key] = value),
          delete: (key: string) => void delete process.env[key],
          toObject: () => ({ ...process.env }),
        },
      };
    },

    /** The function that answers this request, if any (before redirects and static files). */
    match(method: string, pathname: string): FunctionMatch | null {
      const candidates = pathname.length > 1 && pathname.endsWith('/') ? [pathname, pathname.slice(0, -1)] : [pathname];
      for (const route of routes) {
        if (route.methods && !route.methods.includes(method.toUpperCase())) continue;
        for (const candidate of candidates) {
          const hit = route.pattern.exec({ pathname: candidate });
          if (!hit || route.excluded.some((excluded) => excluded.test({ pathname: candidate }))) continue;
          const params = Object.fromEntries(
            Object.entries(hit.pathname.groups).filter((entry): entry is [string, string] => entry[1] !== undefined),
          );
          return { fn: route.fn, params, preferStatic: route.fn.config.preferStatic === true };
        }
      }
      return null;
    },

    /**
     * Netlify's rate limit for a matched request (when `rateLimits` is on): within the limit,
     * the match itself; past it, the match of the rule's `rewrite` target, or Netlify's bare
     * 429. Every request counts, as in a sliding window over `windowSize` seconds.
     */
    admit(match: FunctionMatch, method: string, client: { ip: string; domain: string }): FunctionMatch | Response {
      const rule = match.fn.config.rateLimit;
      if (!rateLimits || !rule) return match;
      const by: ('ip' | 'domain')[] = rule.aggregateBy === undefined ? ['domain'] : [rule.aggregateBy].flat();
      const key = [match.fn.name, ...by.map((part) => client[part])].join('\u0000');
      const at = now();
      const recent = (windows.get(key) ?? []).filter((time) => time > at - rule.windowSize * 1000);
      recent.push(at);
      windows.set(key, recent);
      if (recent.length <= rule.windowLimit) return match;
      if (rule.action === 'rewrite' && rule.to) {
        const target = this.match(method, rule.to);
        if (target) return { ...target, rewrittenTo: rule.to };
        console.error(`[functions] ${match.fn.name}: its rate limit rewrites to ${rule.to}, where no function answers`);
      }
      return new Response('Too Many Requests', { status: 429, headers: { 'content-type': 'text/plain' } });
    },

    /**
     * Calls a function. A throw or an answer that is not a Response is the function's bug:
     * it is logged with its cause and the caller gets the API's usual `{ error }`.
     */
    async invoke(fn: HostedFunction, request: Request, options: InvokeOptions = {}): Promise<Response> {
      const context = contextFor(request, fn, options);
      try {
        const response = await current.run(context, () => fn.handler(request, context));
        if (response instanceof Response) return response;
        if (response === undefined) return new Response(null, { status: 204 });
        throw new Error(`the function answered ${typeof response}, not a Response`);
      } catch (error) {
        console.error(`[functions] ${fn.name}: ${request.method} ${context.url.pathname} failed:`, error);
        return Response.json(
          { error: 'Something went wrong on our side. Please try again.' },
          { status: 500, headers: { 'Cache-Control': 'no-store' } },
        );
      }
    },

    /** Runs a scheduled function as Netlify's scheduler does; failures are logged, never thrown. */
    async runScheduled(fn: HostedFunction, now = new Date(clockNow())): Promise<void> {
      const request = new Request(new URL(`/.netlify/functions/${fn.name}`, siteUrl()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ next_run: new Date(now.getTime() + 60_000).toISOString() }),
      });
      const response = await this.invoke(fn, request);
      if (response.status >= 500) {
        console.error(`[functions] scheduled ${fn.name} answered ${response.status}: ${await response.text()}`);
      } else {
        await response.body?.cancel();
      }
    },

    /** Invokes the event function for `event` (e.g. `deploy-succeeded`), if the site has one. */
    async triggerEvent(event: string, payload: unknown): Promise<Response | null> {
      if (!EVENT_NAMES.has(event)) throw new Error(`${event} is not a Netlify event`);
      const fn = functions.find((candidate) => candidate.name === event);
      if (!fn) return null;
      const request = new Request(new URL(`/.netlify/functions/${fn.name}`, siteUrl()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payload }),
      });
      const response = await this.invoke(fn, request);
      if (response.status >= 400) {
        console.error(`[functions] event ${event} answered ${response.status}: ${await response.text()}`);
      }
      return response;
    },

    /** Waits for the waitUntil tasks still running (so a stop loses none of them). */
    async settle(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

export type FunctionsHost = ReturnType<typeof createFunctionsHost>;
