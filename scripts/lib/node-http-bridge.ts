/**
 * The local server's bridge between Node's http and the web's Request and Response
 * (server.ts): a request as Netlify hands it to a function (its body as a web stream), and an
 * answer written back to Node, gzipped where the browser accepts it, as Netlify's CDN does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;
/** Like a CDN, small bodies go as they are: compressing them costs more than it saves. */
const MIN_GZIP_BYTES = 1024;

/**
 * An answer given before the request body was read (a 413, a 401 to an upload) waits until
 * the rest of the body has arrived and been discarded, then closes the connection: a client
 * still sending would otherwise see a reset instead of the answer.
 */
async function discardUnreadBody(req: IncomingMessage, headers: Record<string, string | string[]>): Promise<void> {
  if (req.complete || req.destroyed) return;
  headers.connection = 'close';
  // The function's body stream may still hold the request paused: nothing reads it now.
  req.removeAllListeners('data');
  req.resume();
  await new Promise<void>((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
  });
}

/** Writes a web Response to Node, gzipped where the browser accepts it (as Netlify's CDN does). */
export async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  await discardUnreadBody(req, headers);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  const compressible =
    response.body !== null &&
    /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
    COMPRESSIBLE.test(response.headers.get('content-type') ?? '') &&
    !response.headers.has('content-encoding');
  if (!compressible) {
    res.writeHead(response.status, headers);
    if (!response.body) return void res.end();
    Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
    return;
  }
  // Pages and API answers are small and whole: compress them in one go (off the main thread).
  const raw = Buffer.from(await response.arrayBuffer());
  const body = raw.byteLength < MIN_GZIP_BYTES ? raw : await gzipAsync(raw);
  if (body !== raw) {
    headers['content-encoding'] = 'gzip';
    headers.vary = 'Accept-Encoding';
  }
  headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** The request as Netlify hands it to a function: the public URL, the client's IP header. */
export function toWebRequest(req: IncomingMessage, url: URL, ip: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    // Netlify sets the client IP itself; a client cannot choose its own.
    if (name.startsWith(':') || name.toLowerCase() === 'x-nf-client-connection-ip') continue;
    headers.append(name, req.rawHeaders[i + 1]!);
  }
  headers.set('x-nf-client-connection-ip', ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    duplex: 'half',
  } as RequestInit);
}

/**
 * The request body as a web stream. Not `Readable.toWeb`: a function that stops reading
 * past its limit cancels the stream, and Node's adapter then throws "Controller is already
 * closed" outside any request (a known Node issue), which ended the process. Here a cancel
 * only stops passing data on; the rest is discarded before the answer (discardUnreadBody).
 */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (finished) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => {
        if (finished) return;
        finished = true;
        controller.close();
      });
      req.once('error', (error) => {
        if (finished) return;
        finished = true;
        controller.error(error);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      finished = true;
      req.resume();
    },
  });
}

/** A JSON answer of the local server's own paths (the clock, the build hook), never cached. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
