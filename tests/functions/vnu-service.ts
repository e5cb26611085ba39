/**
 * Vitest's global setup for the `unit` project: one W3C validator (the Nu Html Checker,
 * vnu-jar) for the whole run, as an HTTP service on a free local port, instead of one Java
 * start-up per page check (decision 057). It is started here and not waited for: the JVM
 * warms up while the first files run, and a file that imports tests/functions/vnu.ts waits
 * for it in a hook. The workers learn its address through `provide`/`inject`.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the validator listens, e.g. http://127.0.0.1:40123/ */
    vnuUrl: string;
  }
}

/** A port nothing listens on now (the validator takes it a moment later). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export default async function setup(project: TestProject) {
  const port = await freePort();
  const vnu = spawn(
    'java',
    [
      // A big enough stack for its regular expressions, as the vnu CLI advises.
      '-Xss4m',
      `-Dnu.validator.servlet.bind-address=127.0.0.1`,
      '-cp',
      VNU_JAR,
      'nu.validator.servlet.Main',
      String(port),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Kept to say why, should the validator stop by itself (Java missing, the port taken).
  let log = '';
  vnu.stderr.setEncoding('utf8');
  vnu.stderr.on('data', (chunk: string) => {
    log = (log + chunk).slice(-4000);
  });
  vnu.on('error', (error) => console.error(`The validator did not start (is Java installed?): ${String(error)}`));
  let stopping = false;
  vnu.on('exit', (code) => {
    if (!stopping) console.error(`The validator stopped by itself (exit ${code}):\n${log}`);
  });
  project.provide('vnuUrl', `http://127.0.0.1:${port}/`);
  return () => {
    stopping = true;
    vnu.kill();
  };
}
