/**
 * `npm start`: seeds demo content into empty local stores, builds, and serves the
 * production build with the functions and local Blobs at http://localhost:8888.
 */
import { announceDevInbox, startDevInbox } from './lib/dev-mail.ts';
import { startServer } from './lib/server.ts';

// Settings such as the alert SMTP URL come from a git-ignored .env, as Netlify's UI provides
// them in production; variables already set in the shell win. No .env is fine.
try {
  process.loadEnvFile();
} catch {
  // No .env: the environment as it is.
}

const port = Number(process.env.PORT ?? 8888);
// No SMTP server or text provider set: what the site sends is kept in a local inbox instead.
const inbox = await startDevInbox();
// `npm start -- --no-build` serves the dist/ there is: the API tools (bench:load, the crash
// test) need the functions, not a fresh site, and must not rewrite dist/ under other tests.
const server = await startServer({
  port,
  build: !process.argv.includes('--no-build'),
  devMail: inbox ? { directory: inbox.directory } : undefined,
});
console.log(
  `\n  The site is running at ${server.url}\n  Staff sign in at ${server.url}/login (create an account with: npm run staff:add -- <username>)\n${inbox ? `${announceDevInbox(inbox, server.url)}\n` : ''}`,
);

const stop = async () => {
  await server.stop();
  await inbox?.stop();
  process.exit(0);
};
// A signal's listener returns nothing: stop() ends the process itself.
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
