/**
 * HTTP plumbing shared by every function: JSON answers, errors a person can read,
 * body parsing with size and type limits, a tiny router, and the cross-site check.
 * Errors are always `{ error, fieldErrors? }` with the right status, never a stack.
 */
import type { FieldErrors } from '../../../src/shared/schemas/fields.ts';
import { toFieldErrors } from '../../../src/shared/schemas/fields.ts';
import type * as z from 'zod/mini';

export const MAX_BODY_BYTES = 64 * 1024;

export class HttpError extends Error {
  readonly status: number;
  readonly fieldErrors?: FieldErrors;
  readonly headers?: Record<string, string>;
  constructor(
    status: number,
    message: string,
    options: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

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

export const noContent = (headers: HeadersInit = {}): Response =>
  new Response(null, { status: 204, headers: { ...BASE_HEADERS, ...headers } });

/** 303 See Other: where a browser's form post lands, as a GET of `location`. */
export const seeOther = (location: string): Response =>
  new Response(null, { status: 303, headers: { Location: location, ...BASE_HEADERS } });

const errorResponse = (error: HttpError): Response =>
  json(
    error.fieldErrors ? { error: error.message, fieldErrors: error.fieldErrors } : { error: error.message },
    error.status,
    error.headers,
  );

/** The media type of a request body, lower-case, without parameters (`charset`). */
export const mediaType = (req: Request): string =>
  (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

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
export async function readBytes(req: Request, limit: number, tooLarge = 'The request body is too large'): Promise<Uint8Array> {
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
  const foreign =
    origin !== null && (!originOrigin || originOrigin === 'null' || !ownOrigins.includes(originOrigin));
  if (foreign || req.headers.get('sec-fetch-site') === 'cross-site') {
    throw new HttpError(403, 'Cross-site requests are not allowed');
  }
}

export type Params = Record<string, string>;
/** The part of Netlify's context argument the routes use (work after the answer). */
export interface RouteContext {
  waitUntil?: (promise: Promise<unknown>) => void;
}
export type RouteHandler = (req: Request, params: Params, context: RouteContext) => Promise<Response>;

/** Matches `/api/blog-posts/:id` style patterns; returns the decoded params or null. */
export function matchPath(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const actual = have[i]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}

/**
 * Builds a function handler from a table of `"METHOD /path/:param"` routes.
 * Unknown paths answer 404, known paths with another method 405 with `Allow`.
 */
export function router(routes: Record<string, RouteHandler>) {
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    return { method, pattern, handler };
  });
  return async (req: Request, context: RouteContext = {}): Promise<Response> => {
    try {
      const { pathname } = new URL(req.url);
      const matches = table
        .map((route) => ({ route, params: matchPath(route.pattern, pathname) }))
        .filter((match) => match.params !== null);
      if (matches.length === 0) throw new HttpError(404, 'Not found');
      const hit = matches.find((match) => match.route.method === req.method);
      if (!hit) {
        const allow = [...new Set(matches.map((match) => match.route.method))].join(', ');
        throw new HttpError(405, `Method ${req.method} is not allowed here`, { headers: { Allow: allow } });
      }
      assertSameOrigin(req);
      return await hit.route.handler(req, hit.params!, context);
    } catch (error) {
      if (error instanceof HttpError) {
        // A 5xx is ours to fix, even a deliberate one (503): keep its cause in the log.
        if (error.status >= 500) console.error(`[api] ${req.method} ${req.url} answered ${error.status}:`, error);
        return errorResponse(error);
      }
      console.error(`[api] ${req.method} ${req.url} failed:`, error);
      return json({ error: 'Something went wrong on our side. Please try again.' }, 500);
    }
  };
}
