/**
 * Function tests reach a handler the way a request does: through the functions' own
 * `config.path`, matched by the local host's matcher (URLPattern, as on Netlify), which
 * hands the handler its `context.params`. A path that a function's `config.path` lacks is
 * therefore a 404 here too, not a test that calls the handler directly and passes.
 */
import path from 'node:path';
import { createFunctionsHost, loadFunctions, type FunctionsHost } from '#scripts/lib/functions-host.ts';

const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../../netlify/functions');

/**
 * Every function of the site, loaded through the module registry the tests use, so the
 * loaded handlers are the ones the tests import. A test that resets the registry
 * (`vi.resetModules()`, a second instance) gets a fresh set loaded beside the first.
 */
const hosts: FunctionsHost[] = [];
const loadHost = async (): Promise<FunctionsHost> => {
  const functions = await loadFunctions(FUNCTIONS_DIR);
  const host = createFunctionsHost({ functions, siteUrl: () => 'http://localhost:8888', deployId: () => 'test' });
  hosts.push(host);
  return host;
};
let loading: Promise<FunctionsHost> | undefined;

/** The site's functions, as the host loaded them (config and handler). */
export const siteFunctions = async () => (await (loading ??= loadHost())).functions;

async function hostOf(
  handler: Handler,
): Promise<{ host: FunctionsHost; fn: FunctionsHost['functions'][number] } | undefined> {
  await (loading ??= loadHost());
  const find = () => {
    for (const host of hosts) {
      const fn = host.functions.find((candidate) => candidate.handler === handler);
      if (fn) return { host, fn };
    }
    return undefined;
  };
  return find() ?? (await loadHost(), find());
}

type Handler = (req: Request, context?: any) => Promise<Response> | Response;
export interface TestContext {
  waitUntil?: (promise: Promise<unknown>) => void;
  ip?: string;
}

/**
 * Sends `request` to the function whose `config.path` matches it, which must be `handler`
 * (a test that meant another function is wrong). No match answers 404, as the site would.
 * A function without a path (scheduled, events) is called as Netlify calls it. Work handed
 * to `waitUntil` is awaited after the answer, as Netlify keeps the function running, unless
 * the test passes its own `waitUntil`.
 */
export async function invokeRouted(handler: Handler, request: Request, context: TestContext = {}): Promise<Response> {
  const found = await hostOf(handler);
  if (!found) throw new Error('the handler under test is not the default export of a module in netlify/functions');
  const { host, fn } = found;
  let params: Record<string, string> = {};
  if (fn.config.path !== undefined) {
    const match = host.match(request.method, new URL(request.url).pathname);
    if (!match) return new Response('Not found', { status: 404 });
    if (match.fn !== fn)
      throw new Error(`${request.method} ${request.url} is routed to ${match.fn.name}, not to ${fn.name}`);
    params = match.params;
  }
  const pending: Promise<unknown>[] = [];
  const waitUntil = context.waitUntil ?? ((promise: Promise<unknown>) => void pending.push(promise));
  const response = await handler(request, { params, ip: context.ip ?? '127.0.0.1', ...context, waitUntil });
  await Promise.allSettled(pending);
  return response;
}
