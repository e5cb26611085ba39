/**
 * `npm run dev`: Astro's dev server at http://localhost:4321. The Netlify adapter
 * emulates the functions and Blobs (data in .netlify/blobs-serve, shared with npm start).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { announceDevInbox, startDevInbox } from './lib/dev-mail.ts';
import { ensureLocalCddKey, ensureLocalSessionSecret } from './lib/local-secret.ts';

try {
  process.loadEnvFile();
} catch {
  // No .env: the environment as it is.
}
ensureLocalSessionSecret();
ensureLocalCddKey();
// No SMTP server or text provider set: what the site sends is kept in a local inbox, shown at
// /_dev/mail by the dev server (astro.config.mjs's dev-inbox plugin, told where by LOCAL_INBOX_DIR).
const inbox = await startDevInbox();
if (inbox) {
  process.env.LOCAL_INBOX_DIR = inbox.directory;
  const port = /--port[= ](\d+)/.exec(process.argv.slice(2).join(' '))?.[1] ?? '4321';
  console.log(`\n${announceDevInbox(inbox, `http://localhost:${port}`)}\n`);
}
const child = spawn(
  process.execPath,
  [path.resolve('node_modules/astro/bin/astro.mjs'), 'dev', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: process.env,
  },
);
child.on('exit', (code) => {
  void (inbox?.stop() ?? Promise.resolve()).finally(() => process.exit(code ?? 0));
});
