/**
 * Creates a staff account, or sets a new password on an existing one.
 *
 *   npm run staff:add -- <username> [--role principal|staff] [--context deploy-preview|branch-deploy]
 *   npm run staff:add -- <username> --remove-passkeys [--context …]
 *
 * `--remove-passkeys` removes every passkey of the account and touches nothing else (no
 * password is asked for): the recovery for the last principal whose passkeys are lost, when
 * no other principal can remove them in Settings. Every session of the account ends too.
 *
 * A new account is `staff` unless `--role` says otherwise, except the first account of all,
 * which is always a principal (someone must manage the others). An existing account keeps
 * its role unless `--role` is given; the last principal cannot be made staff.
 *
 * The password comes from STAFF_PASSWORD when set, else it is asked for without echo.
 * Works on the local store (BLOBS_DIR, default .netlify/blobs-serve); with NETLIFY_SITE_ID
 * and NETLIFY_AUTH_TOKEN set it works on that deployed site's store instead. `--context`
 * picks the stores of deploy previews or branch deploys (their own, shared by every deploy
 * of that context) instead of production's.
 */
import { MIN_PASSWORD_LENGTH, STAFF_ROLES, USERNAME_PATTERN, type StaffRole } from '../src/shared/schemas/login.ts';
import { hashPassword, revokeSessionsOf } from '../netlify/functions/_shared/http/auth.ts';
import { removeAllPasskeys } from '../netlify/functions/_shared/repositories/passkeys-store.ts';
import { findUser, upsertUser } from '../netlify/functions/_shared/repositories/users-store.ts';
import { connectBlobs, takeDeployContext, type BlobsTarget } from './lib/blobs-target.ts';

/** Thrown to end `main` with a message and exit code, as the CLI's process.exit did. */
class Exit extends Error {
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

function fail(message: string): never {
  throw new Exit(message, 1);
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

const USAGE = [
  'Usage: npm run staff:add -- <username> [--role principal|staff] [--context deploy-preview|branch-deploy]',
  '       npm run staff:add -- <username> --remove-passkeys [--context deploy-preview|branch-deploy]',
].join('\n');

/** Takes `--role X` or `--role=X` out of the arguments; undefined when absent. */
function takeRole(rest: string[]): { role: StaffRole | undefined; rest: string[] } {
  const others: string[] = [];
  let role: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--role') role = rest[++i] ?? '';
    else if (arg.startsWith('--role=')) role = arg.slice('--role='.length);
    else others.push(arg);
  }
  if (role !== undefined && !(STAFF_ROLES as readonly string[]).includes(role)) {
    fail(`--role must be one of ${STAFF_ROLES.join(', ')}. Nothing was changed.`);
  }
  return { role: role as StaffRole | undefined, rest: others };
}

/** Where `main` says what it did: the console for the CLI, a buffer for a test. */
export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/**
 * The command, callable in process (the tests call it so, rather than starting a process per
 * case); answers the exit code. `env` is read for STAFF_PASSWORD; `connect` opens the store
 * (connectBlobs for the CLI, the test's own running store for a test). The deploy context is
 * set on process.env.CONTEXT, which the repositories read.
 */
export async function main(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Output = console,
  connect: () => Promise<BlobsTarget> = connectBlobs,
): Promise<number> {
  try {
    let args: ReturnType<typeof takeDeployContext>;
    try {
      args = takeDeployContext(argv);
    } catch (error) {
      fail((error as Error).message);
    }
    const { role, rest: named } = takeRole(args.rest);
    const removePasskeys = named.includes('--remove-passkeys');
    const rest = named.filter((arg) => arg !== '--remove-passkeys');
    const username = rest[0];
    if (!username || rest.length > 1 || (removePasskeys && role)) fail(USAGE);
    if (!USERNAME_PATTERN.test(username)) {
      fail('Usernames are 3 to 64 characters: letters, digits, dot, underscore or hyphen.');
    }

    if (removePasskeys) {
      const target = await connect();
      try {
        const account = await findUser(username);
        if (!account) {
          out.error(`There is no staff account "${username}" on ${target.describe}. Nothing was changed.`);
          return 1;
        } else {
          const removed = await removeAllPasskeys(account.id);
          await revokeSessionsOf(account.id);
          out.log(
            `Removed ${removed} passkey${removed === 1 ? '' : 's'} of staff account "${username}" on ${target.describe}.`,
          );
          out.log('Every session it had is signed out; its password signs in again.');
        }
      } finally {
        await target.stop();
      }
      return 0;
    }

    let password = env.STAFF_PASSWORD;
    if (!password) {
      password = await promptHidden(`Password for ${username} (at least ${MIN_PASSWORD_LENGTH} characters): `);
      const again = await promptHidden('Repeat the password: ');
      if (again !== password) fail('The two passwords differ. Nothing was changed.');
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      fail(`Refused: the password must be at least ${MIN_PASSWORD_LENGTH} characters long. Nothing was changed.`);
    }

    const target = await connect();
    try {
      const { user, created } = await upsertUser(username, await hashPassword(password), role);
      const where = `${target.describe}${args.context === 'production' ? '' : ` (${args.context} stores)`}`;
      out.log(`${created ? 'Created' : 'Updated the password of'} staff account "${username}" on ${where}.`);
      out.log(`Its role: ${user.role}.`);
      if (created && role && role !== user.role) out.log('It is the first account, so it is a principal.');
      if (!created) out.log('Every session it had is signed out.');
    } catch (error) {
      // Refusals (the last principal, a reserved name) come before anything is written.
      out.error((error as Error).message);
      return 1;
    } finally {
      await target.stop();
    }
    return 0;
  } catch (error) {
    if (!(error instanceof Exit)) throw error;
    out.error(error.message);
    return error.code;
  }
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
