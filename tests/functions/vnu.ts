/**
 * The W3C validator (the Nu Html Checker, vnu-jar), run as `npm run validate` runs it, over
 * pages a test rendered. It needs Java: `.ci/run` installs it before `npm test`, and a
 * machine without it fails here, loudly, rather than skipping the check.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

/**
 * Every error and warning the validator finds in these pages, as `name: message`. Its
 * "info" notes are left out: they are not findings (React writes void elements as `<br/>`,
 * which the validator notes has no effect).
 */
export function validateHtml(pages: Record<string, string>): string[] {
  const directory = mkdtempSync(path.join(tmpdir(), 'vnu-'));
  try {
    const files = Object.entries(pages).map(([name, html]) => {
      const file = path.join(directory, `${name}.html`);
      writeFileSync(file, html);
      return file;
    });
    const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files], {
      encoding: 'utf8',
    });
    if (run.error || run.status !== 0)
      throw new Error(`The validator did not run (is Java installed?): ${run.error ?? run.stderr}`);
    const { messages } = JSON.parse(run.stderr) as { messages: { type: string; message: string; url?: string }[] };
    return messages
      .filter((message) => message.type !== 'info')
      .map((message) => `${path.basename(message.url ?? '')}: ${message.message}`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
