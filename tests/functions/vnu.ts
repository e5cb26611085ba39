/**
 * The W3C validator (the Nu Html Checker, `vnu-jar`, run as `npm run validate` runs it) for
 * the function tests that render pages. It needs Java 17+. Locally a machine without Java
 * skips these checks, saying so; in CI (`CI` set) a missing Java fails them instead, so a
 * CI machine that lost its Java cannot pass without running them (.ci/run installs Java
 * before `npm test`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';

const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

/** Why the validator cannot run here, or null when it can. */
function missing(): string | null {
  if (!existsSync(VNU_JAR)) return `${VNU_JAR} is missing (npm install)`;
  if (spawnSync('java', ['-version']).status !== 0)
    return 'Java is not installed (apt-get install default-jre-headless)';
  return null;
}

/**
 * `describe` for the validator's tests: runs them where Java is; without it, fails in CI
 * and skips elsewhere with the reason.
 */
export function describeWithVnu(name: string, body: () => void): void {
  const reason = missing();
  if (!reason) {
    describe(name, body);
  } else if (process.env.CI) {
    describe(name, () => {
      it('has Java to run the W3C validator', () => {
        throw new Error(`The W3C validator cannot run in CI: ${reason}`);
      });
    });
  } else {
    console.warn(`Skipping "${name}": ${reason}.`);
    describe.skip(name, body);
  }
}

interface VnuMessage {
  type: string;
  message: string;
  url?: string;
}

const run = (args: string[]): VnuMessage[] => {
  const result = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...args], {
    encoding: 'utf8',
  });
  // vnu writes its JSON report to stderr.
  return (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
};

/**
 * Every error and warning the validator finds in these pages (name → HTML), as
 * `{name}.html: {message}`: one Java start for all of them.
 */
export function validateHtml(pages: Record<string, string>): string[] {
  const directory = mkdtempSync(path.join(tmpdir(), 'vnu-'));
  try {
    const files = Object.entries(pages).map(([name, html]) => {
      const file = path.join(directory, `${name}.html`);
      writeFileSync(file, html);
      return file;
    });
    return run(files).map((message) => `${path.basename(message.url ?? '')}: ${message.message}`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The errors (not warnings) the validator finds in a stylesheet. */
export function validateCssErrors(file: string): string[] {
  return run(['--css', path.resolve(file)])
    .filter((message) => message.type === 'error')
    .map((message) => message.message);
}
