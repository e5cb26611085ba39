/**
 * The islands call `/api` through src/lib/api.ts, which calls `fetch`: a test answers there,
 * with real `Response` objects, so the API client's own rules (errors from the body, field
 * errors, 401s) run as in the browser. Every call is recorded with its parsed JSON body.
 */
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/** Answers every `fetch` with `handler`; returns the calls made, in order. */
export function serveApi(handler: Handler): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call = { method: init?.method ?? 'GET', path: url, body: text === undefined ? undefined : JSON.parse(text) };
    calls.push(call);
    return handler(call);
  });
  return calls;
}

/** A JSON answer, as the functions send it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The answer of a failing function (what tests/e2e's failApi sent): 500 with an `error`. */
export const serverError = () => json({ error: 'Something went wrong on our side' }, 500);

/** An answer held back until `open()`: the form's pending state can be looked at meanwhile. */
export function heldAnswer(answer: () => Response) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    response: async () => {
      await opened;
      return answer();
    },
  };
}
