/**
 * The browser's one way to call `/api`, with the portal's rules: every call sends
 * cookies, any non-OK answer is an error whose message comes from the body's `error`
 * field (JSON), else its `message` field, else the raw text, else the status text.
 * No retries, no caching: each call is made exactly once.
 */
import {
  pathOf,
  queryStringOf,
  type AnswerOf,
  type ApiMethod,
  type ApiRoute,
  type CallArgsList,
} from '../shared/api/contract.ts';
import type { FieldErrors } from '../shared/schemas/fields.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors?: FieldErrors;
  constructor(message: string, status: number, fieldErrors?: FieldErrors) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** Paths whose bodies are never logged (they carry passwords). */
const SENSITIVE = /\/api\/(login|register|staff|user\/password)\b/;

/** Verbose logging is for developers; production builds stay quiet. */
const log = (...parts: unknown[]) => {
  if (import.meta.env.DEV) console.debug('[api]', ...parts);
};

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let message = text || response.statusText || `Request failed (${response.status})`;
  let fieldErrors: FieldErrors | undefined;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) {
    try {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown; fieldErrors?: FieldErrors };
      if (typeof body.error === 'string') message = body.error;
      else if (typeof body.message === 'string') message = body.message;
      fieldErrors = body.fieldErrors;
    } catch {
      // Not JSON after all: keep the raw text.
    }
  }
  return new ApiError(message, response.status, fieldErrors);
}

let onUnauthorized: ((path: string) => void) | undefined;
/** The session store hears of every 401, so a session ended elsewhere sends staff to sign in. */
export function setUnauthorizedHandler(handler: (path: string) => void): void {
  onUnauthorized = handler;
}

/** One call: made once, logged, any non-OK answer thrown as an ApiError (a 401 told to the session store). */
async function send(method: ApiMethod, path: string, init: Pick<RequestInit, 'headers' | 'body'>): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'include', ...init });
  } catch (error) {
    console.error(`[api] ${method} ${path} failed: a connection or cross-origin problem?`, error);
    throw error;
  }
  log(method, path, '→', response.status);
  if (!response.ok) {
    const error = await errorFrom(response);
    if (response.status === 401) onUnauthorized?.(path);
    throw error;
  }
  return response;
}

export async function apiRequest<T = unknown>(method: ApiMethod, path: string, body?: unknown): Promise<T> {
  log(method, path, SENSITIVE.test(path) ? '(body omitted)' : (body ?? ''));
  const response = await send(
    method,
    path,
    body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  const text = await response.text();
  if (!text) return undefined as T;
  return (response.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as T) : (text as T);
}

/**
 * Sends a file as the raw request body of a declared route that takes one (`fileBody`: an
 * image upload), with the same error rules. The file's own type goes along as Content-Type,
 * though the server decides from the bytes.
 */
export async function callUpload<R extends ApiRoute>(route: R, file: Blob): Promise<AnswerOf<R>> {
  if (!route.fileBody) throw new Error(`${route.method} ${route.path} takes no file`);
  log(route.method, route.path, `(file, ${file.size} bytes)`);
  const response = await send(route.method, route.path, {
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  return (await response.json()) as AnswerOf<R>;
}

/**
 * Calls a declared route (src/shared/api/, decision 054): its path filled from `params`, its
 * body as its input schema takes it, its answer typed by its output schema. No string paths,
 * no caller-chosen answer type.
 */
export function callApi<R extends ApiRoute>(route: R, ...[args]: CallArgsList<R>): Promise<AnswerOf<R>> {
  const { params, body, query } = (args ?? {}) as {
    params?: Record<string, string>;
    body?: unknown;
    query?: Record<string, unknown>;
  };
  return apiRequest<AnswerOf<R>>(route.method, pathOf(route.path, params) + queryStringOf(query), body);
}
