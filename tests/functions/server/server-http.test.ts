/**
 * The local server's HTTP edges: bodies over the limit are refused with 413 without killing
 * the process or resetting the connection, paths that do not decode are a 400, Netlify's
 * configuration files are not served, each build's headers apply as soon as it is live, and
 * the enquiry rate limit (when asked for) leads to a page or an `{ error }`, never a bare 429.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRACTICE } from '#src/content/practice.ts';
import { createStaffIn, freePort, signIn, spawnServer, type ChildServer } from '#scripts/lib/child-server.ts';
import { startServer } from '#scripts/lib/server.ts';
import { TEST_SECRET } from '../harness.ts';

/** Sends `body` in chunks over a raw socket; the whole answer as text, or the socket error. */
function rawPost(port: number, pathname: string, head: Record<string, string>, body: Buffer, chunked = false) {
  return new Promise<{ answer: string; error?: string }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let error: string | undefined;
    socket.on('data', (data) => (answer += data.toString()));
    socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
    socket.on('close', () => resolve({ answer, error }));
    const lines = [
      `POST ${pathname} HTTP/1.1`,
      `Host: localhost:${port}`,
      ...Object.entries(head).map(([k, v]) => `${k}: ${v}`),
    ];
    if (chunked) lines.push('Transfer-Encoding: chunked');
    else lines.push(`Content-Length: ${body.length}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    const CHUNK = 16 * 1024;
    let offset = 0;
    // Written as the socket drains, so the client is still sending when the server decides.
    const next = () => {
      while (offset < body.length) {
        const part = body.subarray(offset, offset + CHUNK);
        offset += CHUNK;
        const framed = chunked
          ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
          : part;
        if (!socket.write(framed)) return void socket.once('drain', next);
      }
      if (chunked) socket.write('0\r\n\r\n');
    };
    socket.once('connect', next);
  });
}

describe('the server in process', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let project: string;
  let blobsDir: string;
  let csp = "default-src 'self'; script-src 'sha256-first-build'";
  let clock = Date.parse('2026-11-23T09:00:00Z');
  const writeHeaders = () =>
    writeFileSync(path.join(project, 'dist', '_headers'), `/*\n  Content-Security-Policy: ${csp}\n`);

  beforeAll(async () => {
    process.env.SESSION_SECRET = TEST_SECRET;
    blobsDir = mkdtempSync(path.join(tmpdir(), 'server-http-blobs-'));
    process.env.BLOBS_DIR = blobsDir;
    // A site of its own: the real netlify.toml over a tiny dist/ whose _headers a "build" rewrites.
    project = mkdtempSync(path.join(tmpdir(), 'server-http-site-'));
    copyFileSync('netlify.toml', path.join(project, 'netlify.toml'));
    mkdirSync(path.join(project, 'dist'));
    writeFileSync(path.join(project, 'dist', 'index.html'), '<!doctype html><title>Home</title>');
    writeFileSync(path.join(project, 'dist', '404.html'), '<!doctype html><title>Not found</title>');
    writeHeaders();
    server = await startServer({
      port: 0,
      build: false,
      projectDir: project,
      // As on Netlify: POST /api/contact is limited per address (config.rateLimit).
      rateLimits: true,
      now: () => clock,
      rebuildSite: async () => {
        csp = "default-src 'self'; script-src 'sha256-second-build'";
        writeHeaders();
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(project, { recursive: true, force: true });
    rmSync(blobsDir, { recursive: true, force: true });
  });

  it('answers a path that does not decode with 400, never 500', async () => {
    for (const bad of ['/%', '/%E0%A4%A', '/blog/%zz']) {
      const response = await fetch(`${server.url}${bad}`);
      expect(response.status, bad).toBe(400);
      await response.arrayBuffer();
    }
  });

  it('never serves Netlify configuration files', async () => {
    for (const file of ['/_headers', '/_redirects', '/%5Fheaders']) {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status, file).toBe(404);
      expect(await response.text(), file).not.toContain('Content-Security-Policy');
    }
  });

  it("applies a new build's headers (its CSP) as soon as the build is live", async () => {
    const before = await fetch(`${server.url}/`);
    expect(before.headers.get('content-security-policy')).toContain('sha256-first-build');
    expect(before.headers.get('x-frame-options')).toBe('DENY'); // netlify.toml's headers too
    const hooked = await fetch(process.env.NETLIFY_BUILD_HOOK_URL!, { method: 'POST' });
    expect(hooked.status).toBe(200);
    await server.rebuildsIdle();
    const after = await fetch(`${server.url}/`);
    expect(after.headers.get('content-security-policy')).toBe("default-src 'self'; script-src 'sha256-second-build'");
  });

  it('sends a limited form post to a page with the phone, and tells a script { error }, never a bare 429', async () => {
    clock += 61_000; // a fresh window: the other cases posted here too
    const post = (body: string, type: string) =>
      fetch(`${server.url}/api/contact`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': type, origin: server.url },
        body,
      });
    for (let n = 0; n < 10; n++) expect((await post('{}', 'application/json')).status).toBe(400); // within the limit: the API answers
    const script = await post('{}', 'application/json');
    expect(script.status).toBe(429);
    expect(script.headers.get('retry-after')).toBe('60');
    expect(await script.json()).toEqual({ error: expect.stringContaining(PRACTICE.phone.display) });
    const form = await post('firstName=Office', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/enquiry-limited/');
    // The window slides: a minute later the same address is heard again.
    clock += 61_000;
    expect((await post('{}', 'application/json')).status).toBe(400);
  });

  it('ends the read of a body whose client went away, instead of waiting for it forever', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const socket = connect(server.port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: localhost:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"first`,
      );
      // The function is reading; the client leaves with 93 bytes still owed.
      await vi.waitFor(() => expect(socket.bytesWritten).toBeGreaterThan(0), { timeout: 15_000 });
      socket.destroy();
      await vi.waitFor(
        () =>
          expect(errors.mock.calls.map((call) => call.map(String).join(' '))).toContainEqual(
            expect.stringMatching(/api\/contact failed/),
          ),
        { timeout: 15_000 },
      );
    } finally {
      errors.mockRestore();
    }
  });

  it.each([
    ['declared with Content-Length', false],
    ['sent chunked', true],
  ])('answers a body over the limit %s with 413 and Connection: close, never a reset', async (_name, chunked) => {
    const body = Buffer.alloc(1024 * 1024, 'a');
    const { answer, error } = await rawPost(
      server.port,
      '/api/contact',
      { 'Content-Type': 'application/json', Origin: server.url },
      body,
      chunked,
    );
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"error"');
    // And the server goes on.
    expect((await fetch(`${server.url}/api/user`)).status).toBe(401);
  });
});

describe('npm start', () => {
  const blobsDir = mkdtempSync(path.join(tmpdir(), 'server-http-child-'));
  let child: ChildServer | undefined;
  afterAll(async () => {
    await child?.kill('SIGKILL');
    rmSync(blobsDir, { recursive: true, force: true });
  });

  it('survives an 8 MB chunked body to a staff write, answers it 413, and goes on answering', async () => {
    const password = randomBytes(18).toString('base64url');
    await createStaffIn(blobsDir, 'big-body', password);
    child = await spawnServer({
      blobsDir,
      port: await freePort(),
      sessionSecret: randomBytes(32).toString('base64url'),
    });
    const cookie = await signIn(child.url, 'big-body', password);
    const port = Number(new URL(child.url).port);
    const { answer, error } = await rawPost(
      port,
      '/api/blog-posts',
      { 'Content-Type': 'application/json', Origin: child.url, Cookie: cookie },
      Buffer.alloc(8 * 1024 * 1024, 'x'),
      true,
    );
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // Still the same process, still answering.
    expect((await fetch(`${child.url}/api/user`, { headers: { cookie } })).status).toBe(200);
    expect(child.output()).not.toContain('ERR_INVALID_STATE');
  }, 240_000);
});
