/**
 * Drives the production server (`scripts/start.ts`) as a child process, the way an
 * operator runs it, so the load benchmark and the crash test exercise whatever the server
 * does inside (functions in workers or in process) and can kill it like a crash would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { hashPassword } from '#server/http/auth.ts';
import { upsertUser } from '#server/repositories/users-store.ts';
import { startLocalBlobs } from './local-blobs.ts';

const START = path.resolve('scripts', 'start.ts');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Creates (or resets) a staff account straight in a Blobs directory no server is using. */
export async function createStaffIn(blobsDir: string, username: string, password: string): Promise<void> {
  const saved = process.env.NETLIFY_BLOBS_CONTEXT;
  const blobs = await startLocalBlobs(blobsDir);
  try {
    await upsertUser(username, await hashPassword(password));
  } finally {
    await blobs.stop();
    if (saved === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
    else process.env.NETLIFY_BLOBS_CONTEXT = saved;
  }
}

export interface ChildServer {
  url: string;
  pid: number;
  /** Resolves with the exit code or signal once the process has gone. */
  exited: Promise<string>;
  /** The last lines the server printed, for diagnostics. */
  output(): string;
  /** Kills the server's whole process group (the server and any build it started). */
  kill(signal: NodeJS.Signals): Promise<string>;
}

export interface SpawnOptions {
  blobsDir: string;
  port: number;
  sessionSecret: string;
  readyTimeoutMs?: number;
}

/**
 * Starts `scripts/start.ts` in a process group of its own, without building the site (these
 * tools exercise the API), and waits until the functions answer. The environment is minimal on purpose: a developer's alert or build-hook
 * settings must not fire a thousand times for benchmark enquiries.
 */
export async function spawnServer({
  blobsDir,
  port,
  sessionSecret,
  readyTimeoutMs = 180_000,
}: SpawnOptions): Promise<ChildServer> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    PORT: String(port),
    BLOBS_DIR: blobsDir,
    SESSION_SECRET: sessionSecret,
    // Nor a thousand benchmark messages into the developer's local inbox (scripts/lib/dev-mail.ts).
    LOCAL_INBOX: 'off',
  };
  const child: ChildProcess = spawn(process.execPath, [START, '--no-build'], {
    env,
    detached: true, // its own process group, so a SIGKILL takes the whole server down at once
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? String(code)));
  });
  let gone: string | undefined;
  // A detached server outlives its parent: take it down when the parent ends, however it ends.
  const orphanGuard = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', orphanGuard);
  void exited.then((how) => {
    gone = how;
    process.off('exit', orphanGuard);
  });

  const url = `http://localhost:${port}`;
  const server: ChildServer = {
    url,
    pid: child.pid!,
    exited,
    output: () => tail,
    async kill(signal) {
      if (gone === undefined) {
        try {
          process.kill(-child.pid!, signal);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      }
      return exited;
    },
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (gone !== undefined) throw new Error(`the server exited (${gone}) before it was ready:\n${tail}`);
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`the server was not ready within ${readyTimeoutMs / 1000} s:\n${tail}`);
    }
    // Ready means the functions answer, not just the static files: signed out, /api/user is 401.
    const status = await fetch(`${url}/api/user`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 401) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs in through the API; returns the session cookie. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The ids the staff list shows. */
export async function listedIds(url: string, cookie: string): Promise<Set<string>> {
  const response = await fetch(`${url}/api/contact-requests`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`the staff list answered ${response.status}: ${await response.text()}`);
  return new Set(((await response.json()) as { id: string }[]).map((request) => request.id));
}

export interface Outcome {
  /** HTTP status, or 0 when there was no complete answer (server gone). */
  status: number;
  id?: string;
  ms: number;
}

/** A valid enquiry from the contact form; `n` keeps them apart in the staff list. */
export const enquiry = (n: number) => ({
  firstName: 'Load',
  lastName: `Test ${n}`,
  email: `load-${n}@example.com`,
  phone: '0400 000 000',
  serviceType: 'residential-purchase',
  propertyAddress: '1 Example St, Castle Hill NSW 2154',
  message: `Load test enquiry ${n}`,
});

/**
 * Sends `total` enquiries with at most `concurrency` in flight. `onOutcome` sees each
 * answer as it arrives (the crash test uses it to pull the plug mid-burst).
 */
export async function sendEnquiries(
  url: string,
  {
    total,
    concurrency,
    onOutcome,
  }: { total: number; concurrency: number; onOutcome?: (outcome: Outcome, done: number) => void },
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const origin = new URL(url).origin;
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const n = next++;
      const started = performance.now();
      let outcome: Outcome;
      try {
        const response = await fetch(`${url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify(enquiry(n)),
        });
        // A body cut off by the crash throws here: the visitor saw a network error, not a 201.
        const body = (await response.json().catch(() => (response.status === 201 ? Promise.reject() : {}))) as {
          id?: unknown;
        };
        outcome = {
          status: response.status,
          id: response.status === 201 && typeof body.id === 'string' ? body.id : undefined,
          ms: performance.now() - started,
        };
      } catch {
        outcome = { status: 0, ms: performance.now() - started };
      }
      outcomes.push(outcome);
      onOutcome?.(outcome, outcomes.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return outcomes;
}
