/**
 * HTTP plumbing shared by every function: JSON answers, errors a person can read,
 * body parsing with size and type limits, dispatch by `config.path`, and the cross-site check.
 * Errors are always `{ error, fieldErrors? }` with the right status, never a stack.
 */
import { BASE_POLICY, serializePolicy } from '#src/shared/csp-policy.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import { toFieldErrors } from '#src/shared/schemas/fields.ts';
import type { Cell, Refusal } from '#src/shared/states/decision.ts';
import type * as z from 'zod/mini';
import { StorageUnavailable, WriteConflict } from '../repositories/blobs.ts';
import { ConfigurationMissing } from '../platform/env.ts';
import { REFUSAL_STATUS, Refused, type ErrorCode } from '../platform/refused.ts';

export const MAX_BODY_BYTES = 64 * 1024;

export type { ErrorCode };

export class HttpError extends Error {
  readonly status: number;
  readonly code?: ErrorCode;
  readonly fieldErrors?: FieldErrors;
  readonly headers?: Record<string, string>;
  constructor(
    status: number,
    message: string,
    options: { code?: ErrorCode; fieldErrors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

/** The error that answers a state table's refusal: its status, its words, its code. */
export const refusedError = (refusal: Refusal<ErrorCode>): HttpError =>
  new HttpError(refusal.status, refusal.message, { code: refusal.code });

/** The next state a table's cell allows, or its refusal thrown as an HttpError. */
export function allowed<State extends string>(cell: Cell<State, ErrorCode>): State {
  if (cell.refused) throw refusedError(cell.refused);
  return cell.next;
}

/** True when `error` is a refusal (a domain room's or an HTTP one) with this code. */
export const hasCode = (error: unknown, code: ErrorCode): error is HttpError | Refused =>
  (error instanceof HttpError || error instanceof Refused) && error.code === code;

/**
 * A refusal, a domain room's or an HTTP one, as the HTTP answer it gives; undefined for any
 * other failure (storage, configuration, a bug), which a route's own catch does not answer.
 */
export const asRefusal = (error: unknown): HttpError | undefined =>
  error instanceof HttpError ? error : error instanceof Refused ? (asHttpError(error) as HttpError) : undefined;

/** The status a refusal answers with (`asRefusal`), undefined for any other failure. */
export const refusalStatus = (error: unknown): number | undefined => asRefusal(error)?.status;

/**
 * On every answer: never cached, never sniffed into another type, and HTTPS only for two
 * years as netlify.toml says for files (its headers apply to files, not to function answers).
 */
export const BASE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

export const json = (body: unknown, status = 200, headers: HeadersInit = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...BASE_HEADERS, ...headers },
  });

/**
 * An HTML page a function renders, with the site's policy (function answers do not get
 * netlify.toml's headers): the one HTML answer. `headers` are the route's own (who may read
 * the Referer, whether it is indexed), added last.
 */
export const htmlPage = (html: string, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(html, {
    status,
    headers: {
      ...BASE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': serializePolicy(BASE_POLICY),
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      ...headers,
    },
  });

export const noContent = (headers: HeadersInit = {}): Response =>
  new Response(null, { status: 204, headers: { ...BASE_HEADERS, ...headers } });

/** 303 See Other: where a browser's form post lands, as a GET of `location`. */
export const seeOther = (location: string): Response =>
  new Response(null, { status: 303, headers: { Location: location, ...BASE_HEADERS } });

/**
 * The lower rooms' typed failures as answers: a domain room's refusal with the status its
 * kind stands for (platform/refused.ts), a write that kept losing to other writers
 * is 409 with the caller's sentence, storage out of reach is 503 (try again shortly), and
 * so is a deploy without a setting it needs (platform/env.ts).
 */
export function asHttpError(error: unknown): unknown {
  if (error instanceof Refused) {
    const { code, fieldErrors, headers } = error;
    const answer = new HttpError(REFUSAL_STATUS[error.kind], error.message, { code, fieldErrors, headers });
    answer.cause = error.cause;
    return answer;
  }
  if (error instanceof ConfigurationMissing) return new HttpError(503, error.message);
  if (error instanceof WriteConflict) return new HttpError(409, error.message);
  if (error instanceof StorageUnavailable) {
    const answer = new HttpError(503, error.message, { headers: { 'Retry-After': '5' } });
    answer.cause = error.cause;
    return answer;
  }
  return error;
}

const errorResponse = (error: HttpError): Response =>
  json(
    error.fieldErrors ? { error: error.message, fieldErrors: error.fieldErrors } : { error: error.message },
    error.status,
    error.headers,
  );

/** The media type of a request's (or an answer's) body, lower-case, without parameters (`charset`). */
export const mediaType = (message: Request | Response): string =>
  (message.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** Reads a JSON object body: 415 for another content type, 413 past 64 KB, 400 when broken. */
export async function readJson(req: Request): Promise<Record<string, unknown>> {
  // Exactly application/json: look-alikes such as application/json-patch+json mean other semantics.
  if (mediaType(req) !== 'application/json') {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json)');
  }
  const text = await readLimited(req);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/**
 * True for a request that sent nothing: no Content-Type and no bytes. Only as much of a copy of
 * the body is read as tells (its first bytes), so a large one is never buffered here; the body
 * itself is left for `readJson`, which refuses it.
 */
export async function sentNothing(req: Request): Promise<boolean> {
  if (mediaType(req) !== '') return false;
  if (!req.body) return true;
  const reader = req.clone().body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      if (value.byteLength > 0) return false;
    }
  } finally {
    void reader.cancel();
  }
}

/** Reads an HTML form post (`application/x-www-form-urlencoded`), with the same limits as JSON. */
export async function readForm(req: Request): Promise<URLSearchParams> {
  if (mediaType(req) !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, 'Send the form as application/x-www-form-urlencoded');
  }
  return new URLSearchParams(await readLimited(req));
}

/** The body as text, refusing past MAX_BODY_BYTES whether or not a length was declared. */
async function readLimited(req: Request): Promise<string> {
  return new TextDecoder().decode(await readBytes(req, MAX_BODY_BYTES));
}

/**
 * A raw body as bytes, refusing past `limit` (413): first from a declared Content-Length,
 * then while reading, so a body sent without one is never buffered beyond the limit.
 */
export async function readBytes(
  req: Request,
  limit: number,
  tooLarge = 'The request body is too large',
): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) throw new HttpError(413, tooLarge);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, tooLarge);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Validates with a zod schema; 400 with the schema's messages by field. */
export function validate<S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new HttpError(400, 'Please check the highlighted fields', {
      fieldErrors: toFieldErrors(result.error),
    });
  }
  return result.data;
}

/**
 * Refuses writes that a browser sends from another site. Requests without an Origin
 * (curl, server-to-server) carry no ambient cookies from a victim's browser, so they pass.
 */
export function assertSameOrigin(req: Request): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
  const origin = req.headers.get('origin');
  // The whole origin counts (scheme, host and port): https://site and http://site are
  // different sites to a browser. A page cannot forge the Host its browser sends, so
  // either the request URL or the Host header, on the request's own scheme, names this site.
  const { protocol, origin: ownOrigin } = new URL(req.url);
  const host = req.headers.get('host');
  const ownOrigins = [ownOrigin, host ? URL.parse(`${protocol}//${host}`)?.origin : undefined];
  const originOrigin = origin === null ? undefined : URL.parse(origin)?.origin;
  const foreign = origin !== null && (!originOrigin || originOrigin === 'null' || !ownOrigins.includes(originOrigin));
  if (foreign || req.headers.get('sec-fetch-site') === 'cross-site') {
    throw new HttpError(403, 'Cross-site requests are not allowed');
  }
}

/**
 * A request's address as a log line may keep it: the host's logs outlive everything, so every
 * token in the path (a bearer secret) is cut out, and the query (search terms) too. A token is
 * whatever follows `/engage/` (an engagement link) or `/sign-in/` (a client's sign-in link),
 * and any other segment as long as one (32 or more URL-safe characters; the records' ids are
 * shorter), so a secret in a path added later is cut out too.
 */
export function loggable(req: Request): string {
  const url = new URL(req.url);
  const path = url.pathname
    .split('/')
    .map((segment, index, all) =>
      (index > 0 && ['engage', 'sign-in'].includes(all[index - 1]!) && segment !== '') ||
      /^[A-Za-z0-9_%-]{32,}$/.test(segment)
        ? '…'
        : segment,
    )
    .join('/');
  return `${url.origin}${path}${url.search ? '?…' : ''}`;
}

export type Params = Record<string, string>;
/** The part of Netlify's context argument the routes use. */
export interface RouteContext {
  /** The path's parameters, decoded (`/api/staff/:id` → `{ id }`). */
  params: Params;
  /** Work after the answer: Netlify keeps the function running until it settles. */
  waitUntil(promise: Promise<unknown>): void;
  /** The client's address, as Netlify reports it. */
  ip?: string;
}
/** What Netlify (or a test) passes: any part may be missing outside Netlify. */
export type IncomingContext = Partial<Omit<RouteContext, 'waitUntil'>> & { waitUntil?: RouteContext['waitUntil'] };
export type RouteHandler = (req: Request, context: RouteContext) => Promise<Response>;
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** For each entry of the function's `config.path`, its handler per method. */
export type Routes = Record<string, Partial<Record<Method, RouteHandler>>>;

/** The same routes with every method's handler passed through `wrap` (headers every answer carries). */
export const eachHandler = (routes: Routes, wrap: (handler: RouteHandler) => RouteHandler): Routes =>
  Object.fromEntries(
    Object.entries(routes).map(([path, methods]) => [
      path,
      Object.fromEntries(Object.entries(methods).map(([method, handler]) => [method, wrap(handler)])),
    ]),
  );

const asList = (path: string | string[] | undefined): string[] =>
  path === undefined ? [] : Array.isArray(path) ? path : [path];

/** `pattern` with each `:name` replaced by `params[name]` (undefined when one is missing). */
function fill(pattern: string, params: Params): string | undefined {
  let complete = true;
  const path = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    if (params[name] === undefined) complete = false;
    return params[name] ?? '';
  });
  return complete ? path : undefined;
}

/**
 * The function's handler. Netlify matches the request against `config.path` and passes
 * the parameters in `context.params`; nothing here parses paths again. The route is the
 * `config.path` entry that, filled with those parameters, spells the request's path
 * (literal entries first, so `/export.csv` wins over `/:id`). Every `config.path` entry
 * must have a method table and the other way round: a difference throws at import, so a
 * route cannot exist on one list only. Unknown methods answer 405 with `Allow`; every
 * answer goes through the same-origin check and the `{ error, fieldErrors? }` errors.
 */
export interface HandleOptions {
  /**
   * False for functions whose writes are authorised by a secret in the path (an engagement
   * link), never by a cookie: a cross-site request carries nothing it could misuse, and
   * their page (`Referrer-Policy: no-referrer`) makes browsers send `Origin: null` on its
   * own form posts, which the check would refuse. Default true.
   */
  sameOrigin?: boolean;
}

export function handle(config: { path?: string | string[] }, routes: Routes, options: HandleOptions = {}) {
  const paths = asList(config.path);
  const missing = [
    ...paths.filter((path) => !(path in routes)),
    ...Object.keys(routes).filter((path) => !paths.includes(path)),
  ];
  if (missing.length) throw new Error(`config.path and the routes differ on: ${missing.join(', ')}`);
  const ordered = [...paths].sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));
  return async (req: Request, context: IncomingContext = {}): Promise<Response> => {
    try {
      const raw = context.params ?? {};
      const pathname = new URL(req.url).pathname;
      const wanted = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
      const pattern = ordered.find((candidate) => fill(candidate, raw) === wanted);
      if (pattern === undefined) throw new HttpError(404, 'Not found');
      const methods = routes[pattern]!;
      const handler = methods[req.method as Method];
      if (!handler) {
        throw new HttpError(405, `Method ${req.method} is not allowed here`, {
          headers: { Allow: Object.keys(methods).join(', ') },
        });
      }
      if (options.sameOrigin !== false) assertSameOrigin(req);
      const params: Params = {};
      for (const [name, value] of Object.entries(raw)) {
        try {
          params[name] = decodeURIComponent(value);
        } catch {
          throw new HttpError(404, 'Not found');
        }
      }
      // Outside Netlify (no waitUntil), the work still runs; a failure is only logged, as there.
      const waitUntil =
        context.waitUntil?.bind(context) ??
        ((promise: Promise<unknown>) =>
          void promise.catch((error: unknown) => console.error('[api] work after the answer failed:', error)));
      return await handler(req, { ...context, params, waitUntil });
    } catch (caught) {
      const error = asHttpError(caught);
      if (error instanceof HttpError) {
        // A 5xx is ours to fix, even a deliberate one (503): keep its cause in the log.
        if (error.status >= 500) console.error(`[api] ${req.method} ${loggable(req)} answered ${error.status}:`, error);
        return errorResponse(error);
      }
      console.error(`[api] ${req.method} ${loggable(req)} failed:`, error);
      return json({ error: 'Something went wrong on our side. Please try again.' }, 500);
    }
  };
}
