/**
 * The W3C validator (the Nu Html Checker, vnu-jar), over pages a test rendered. One
 * validator serves the whole run as an HTTP service (tests/functions/vnu-service.ts, decision
 * 057). It needs Java: `.ci/run` installs it before `npm test`, and a machine without it
 * fails here, loudly, rather than skipping the check.
 */
import { beforeAll, inject } from 'vitest';

type Message = { type: string; message: string };

/**
 * How long a file that validates waits for the validator's first answer. The service starts
 * with the run and loads every schema before it listens: seconds on an idle machine, but
 * nearly a minute on two cores busy with the other files.
 */
const START_TIMEOUT_MS = 180_000;

const endpoint = () => `${inject('vnuUrl')}?out=json`;

/** The validator's JSON for one document. */
async function check(html: string): Promise<Message[]> {
  const response = await fetch(endpoint(), {
    method: 'POST',
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: html,
  });
  if (!response.ok) throw new Error(`The validator answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { messages: Message[] }).messages;
}

// Every file that imports this waits, in a hook with its own timeout, until the service
// answers; its tests then check at once. Refused connections mean "not up yet".
beforeAll(async () => {
  const deadline = Date.now() + START_TIMEOUT_MS - 5_000;
  for (;;) {
    try {
      await check('<!doctype html><html lang="en"><title>up</title></html>');
      return;
    } catch (error) {
      const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
      if (!refused || Date.now() > deadline) {
        throw new Error(`The validator did not run (is Java installed?): ${String(error)}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}, START_TIMEOUT_MS);

/**
 * Every error the validator finds in these pages, as `name: message`. Its "info" messages
 * are left out, and its warnings with them (the validator sends a warning as `info` with
 * `subType: 'warning'`): so a warning does not fail a test today. React writes void
 * elements as `<br/>`, which the validator notes as info with no effect.
 */
export async function validateHtml(pages: Record<string, string>): Promise<string[]> {
  const results = await Promise.all(
    Object.entries(pages).map(async ([name, html]) =>
      (await check(html))
        .filter((message) => message.type !== 'info')
        .map((message) => `${name}.html: ${message.message}`),
    ),
  );
  return results.flat();
}
