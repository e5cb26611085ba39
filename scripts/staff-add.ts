/**
 * Creates a staff account, or sets a new password on an existing one.
 *
 *   npm run staff:add -- <username> [--context deploy-preview|branch-deploy]
 *
 * The password comes from STAFF_PASSWORD when set, else it is asked for without echo.
 * Works on the local store (BLOBS_DIR, default .netlify/blobs-serve); with NETLIFY_SITE_ID
 * and NETLIFY_AUTH_TOKEN set it works on that deployed site's store instead. `--context`
 * picks the stores of deploy previews or branch deploys (their own, shared by every deploy
 * of that context) instead of production's.
 */
import { MIN_PASSWORD_LENGTH, USERNAME_PATTERN } from '../src/shared/schemas/login.ts';
import { hashPassword } from '../netlify/functions/_shared/http/auth.ts';
import { upsertUser } from '../netlify/functions/_shared/repositories/users-store.ts';
import { connectBlobs, takeDeployContext } from './lib/blobs-target.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Reads a line from the terminal without showing what is typed. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) fail('No terminal to ask for a password: set STAFF_PASSWORD instead.');
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          stdout.write('\n');
          process.exit(130);
        }
        value = char === '\u007f' || char === '\b' ? value.slice(0, -1) : value + char;
      }
    };
    stdin.on('data', onData);
  });
}

let args: ReturnType<typeof takeDeployContext>;
try {
  args = takeDeployContext(process.argv.slice(2));
} catch (error) {
  fail((error as Error).message);
}
const username = args.rest[0];
if (!username) fail('Usage: npm run staff:add -- <username> [--context deploy-preview|branch-deploy]');
if (!USERNAME_PATTERN.test(username)) {
  fail('Usernames are 3 to 64 characters: letters, digits, dot, underscore or hyphen.');
}

let password = process.env.STAFF_PASSWORD;
if (!password) {
  password = await promptHidden(`Password for ${username} (at least ${MIN_PASSWORD_LENGTH} characters): `);
  const again = await promptHidden('Repeat the password: ');
  if (again !== password) fail('The two passwords differ. Nothing was changed.');
}
if (password.length < MIN_PASSWORD_LENGTH) {
  fail(`Refused: the password must be at least ${MIN_PASSWORD_LENGTH} characters long. Nothing was changed.`);
}

const target = await connectBlobs();
try {
  const { created } = await upsertUser(username, await hashPassword(password));
  const where = `${target.describe}${args.context === 'production' ? '' : ` (${args.context} stores)`}`;
  console.log(`${created ? 'Created' : 'Updated the password of'} staff account "${username}" on ${where}.`);
  if (!created) console.log('Every session it had is signed out.');
} finally {
  await target.stop();
}
