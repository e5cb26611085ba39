/**
 * A racer: a separate Node process with its own copy of every module, reaching the test's
 * Blobs server through NETLIFY_BLOBS_CONTEXT like a separate function instance would.
 * The test sends it requests; it answers them all at once, so that racers in different
 * processes overlap and only the Blobs conditions can decide between them.
 */
import path from 'node:path';
import { invokeRouted } from './routing.ts';

type Handler = (req: Request, context?: unknown) => Promise<Response>;

export type RaceRequest =
  | {
      /** A function file in netlify/functions, without `.ts`. */
      fn: string;
      method: string;
      path: string;
      body?: unknown;
      cookie?: string;
    }
  | {
      /** A store in netlify/functions/_shared/repositories, named without `-store.ts`, and one of its exports. */
      repository: string;
      call: string;
      args: unknown[];
    };
export interface RaceAnswer {
  status: number;
  json: any;
}

const root = path.resolve(import.meta.dirname, '../..');
const handlers = new Map<string, Handler>();
const handler = async (fn: string): Promise<Handler> => {
  if (!/^[a-z-]+$/.test(fn)) throw new Error(`not a function name: ${fn}`);
  if (!handlers.has(fn)) handlers.set(fn, (await import(path.join(root, 'netlify/functions', `${fn}.ts`))).default);
  return handlers.get(fn)!;
};

async function answer(race: RaceRequest): Promise<RaceAnswer> {
  if ('repository' in race) {
    if (!/^[a-z-]+$/.test(race.repository)) throw new Error(`not a repository name: ${race.repository}`);
    const module = await import(
      path.join(root, 'netlify/functions/_shared/repositories', `${race.repository}-store.ts`)
    );
    return { status: 0, json: (await module[race.call](...race.args)) ?? null };
  }
  const { fn, method, path: pathname, body, cookie } = race;
  const headers: Record<string, string> = { origin: 'http://localhost:8888' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  const request = new Request(new URL(pathname, 'http://localhost:8888'), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Routed by the function's config.path, as in the tests themselves.
  const response = await invokeRouted(await handler(fn), request);
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function onMessage(message: { warm: string[] } | { run: RaceRequest[] }) {
  if ('warm' in message) {
    await Promise.all(message.warm.map(handler));
    process.send!({ ready: true });
    return;
  }
  process.send!({ answers: await Promise.all(message.run.map(answer)) });
}
// A failed order rejects, and an unhandled rejection ends this child loudly: the race reports it.
process.on('message', (message: { warm: string[] } | { run: RaceRequest[] }) => void onMessage(message));
process.on('disconnect', () => process.exit(0));
