/**
 * Store `users`: one blob per staff account, keyed by the (case-sensitive) username, and
 * the roster record `ROSTER_KEY` (a key no username can take) that serialises removals
 * (docs/decisions/013-staff-accounts.md).
 */
import { now as currentTime } from '../../../../src/shared/clock.ts';
import { randomBytes } from 'node:crypto';
import {
  isReservedUsername,
  RESERVED_USERNAME_MESSAGE,
  USERNAME_PATTERN,
} from '../../../../src/shared/schemas/login.ts';
import * as z from 'zod/mini';
import { getAllJson, getJson, listKeys, newId, openStore, updateJson } from './blobs.ts';

/**
 * An account as stored. upsertUser and createUser write every field but `lastSignInAt`
 * (set by the first sign-in), so an account missing one is refused (logged, and read as
 * no account).
 */
const staffUserSchema = z.object({
  /** Stable for the account's life; the audit names accounts by it (usernames are reused). */
  id: z.string().check(z.minLength(1)),
  username: z.string(),
  passwordHash: z.string(),
  createdAt: z.string(),
  passwordChangedAt: z.string(),
  /**
   * Sessions remember the generation they were started under and are refused once it
   * changes, so a new one signs the user out everywhere.
   */
  sessionGeneration: z.string(),
  /** Set on accounts added in the portal: every call but the password change is refused. */
  mustChangePassword: z.boolean(),
  lastSignInAt: z.optional(z.string()),
});
export type StaffUser = z.output<typeof staffUserSchema>;

const reserved = (): never => {
  throw new Error(RESERVED_USERNAME_MESSAGE);
};

const newGeneration = () => randomBytes(12).toString('base64url');

export async function findUser(username: string): Promise<StaffUser | null> {
  if (!USERNAME_PATTERN.test(username)) return null;
  return getJson(openStore('users'), username, staffUserSchema);
}

/**
 * Reads, changes and writes one account with a conditional write, again on a conflict,
 * so that a password change and a revocation at the same time cannot undo each other.
 */
async function updateUser(
  username: string,
  change: (existing: StaffUser | null) => StaffUser | null,
): Promise<{ before: StaffUser | null; after: StaffUser | null }> {
  const { before, after, changed } = await updateJson(
    openStore('users'),
    username,
    staffUserSchema,
    change,
    `The account ${username} kept changing while being updated`,
  );
  // `after` is null when `change` left the account as it was.
  return { before, after: changed ? after : null };
}

/**
 * Creates the account, or sets a new password on an existing one. A new password ends
 * every session of that account: whoever signed in with the old one is signed out.
 */
export async function upsertUser(
  username: string,
  passwordHash: string,
): Promise<{ user: StaffUser; created: boolean }> {
  if (!USERNAME_PATTERN.test(username)) throw new Error(`Invalid username: ${username}`);
  const now = new Date(currentTime()).toISOString();
  // An account that already holds a reserved name (made before names were reserved) may
  // still have its password reset; no new one may take such a name.
  const { before, after } = await updateUser(username, (existing) =>
    existing
      ? { ...existing, passwordHash, passwordChangedAt: now, sessionGeneration: newGeneration() }
      : isReservedUsername(username)
        ? reserved()
        : {
            id: newId(),
            username,
            passwordHash,
            createdAt: now,
            passwordChangedAt: now,
            sessionGeneration: newGeneration(),
            mustChangePassword: false,
          },
  );
  return { user: after!, created: !before };
}

/** Every account blob, the roster aside (its key is no username). */
async function allUsers(): Promise<StaffUser[]> {
  const store = openStore('users');
  const keys = (await listKeys(store)).filter((key) => USERNAME_PATTERN.test(key));
  return getAllJson(store, keys, staffUserSchema);
}

/** Starts a new session generation for the account with this id; false when there is none. */
export async function renewSessionGeneration(userId: string): Promise<boolean> {
  const users = await allUsers();
  const found = users.find((user) => user.id === userId);
  if (!found) return false;
  const { after } = await updateUser(found.username, (existing) =>
    existing?.id === userId ? { ...existing, sessionGeneration: newGeneration() } : null,
  );
  return after !== null;
}

/** Adds an account from the portal: null when the username is taken. */
export async function createUser(username: string, passwordHash: string): Promise<StaffUser | null> {
  if (!USERNAME_PATTERN.test(username)) throw new Error(`Invalid username: ${username}`);
  if (isReservedUsername(username)) throw new Error(RESERVED_USERNAME_MESSAGE);
  const now = new Date(currentTime()).toISOString();
  const user: StaffUser = {
    id: newId(),
    username,
    passwordHash,
    createdAt: now,
    passwordChangedAt: now,
    sessionGeneration: newGeneration(),
    mustChangePassword: true,
  };
  const { modified } = await openStore('users').setJSON(username, user, { onlyIfNew: true });
  return modified ? user : null;
}

/** Dates a successful sign-in; the session generation is left alone. */
export async function recordSignIn(username: string): Promise<void> {
  const at = new Date(currentTime()).toISOString();
  await updateUser(username, (existing) => (existing ? { ...existing, lastSignInAt: at } : null));
}

/**
 * Sets the account's own new password, lifts `mustChangePassword` and starts a new
 * session generation (every session of it ends). Null when the account is gone.
 */
export async function changePassword(
  username: string,
  userId: string,
  passwordHash: string,
): Promise<StaffUser | null> {
  const now = new Date(currentTime()).toISOString();
  const { after } = await updateUser(username, (existing) =>
    existing?.id === userId
      ? {
          ...existing,
          passwordHash,
          passwordChangedAt: now,
          mustChangePassword: false,
          sessionGeneration: newGeneration(),
        }
      : null,
  );
  return after;
}

const ROSTER_KEY = 'roster/removed';
/** Ids of accounts removed, or being removed; pruned once their blobs are gone. */
const rosterSchema = z.object({ removed: z.array(z.string()) });

/** The accounts that count: every account blob not marked as removed. */
export async function listUsers(): Promise<StaffUser[]> {
  const roster = await getJson(openStore('users'), ROSTER_KEY, rosterSchema);
  const removed = new Set(roster?.removed ?? []);
  return (await allUsers())
    .filter((user) => !removed.has(user.id))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export type RemoveOutcome = 'removed' | 'not-found' | 'self' | 'last';

/**
 * Removes an account unless it is the remover's own or the last one. Each removal first
 * marks the id in the roster with a conditional write against the roster it counted
 * from, so of two removals that counted the same accounts one is refused and counts again,
 * now without the other's account: the last account always stays. Then the account's
 * sessions are revoked and its blob deleted.
 */
export async function removeUser(userId: string, removerId: string): Promise<RemoveOutcome> {
  if (userId === removerId) return 'self';
  const store = openStore('users');
  let target = undefined as StaffUser | undefined;
  let refused = null as 'not-found' | 'last' | null;
  await updateJson(
    store,
    ROSTER_KEY,
    rosterSchema,
    async (roster) => {
      refused = null;
      const removed = roster?.removed ?? [];
      // Listed after the roster was read: an id marked since is caught by the write's condition.
      const users = await allUsers();
      target = users.find((user) => user.id === userId);
      if (!target) refused = 'not-found';
      // Marked already (by an earlier removal that stopped half-way): only finish it.
      else if (removed.includes(userId)) return null;
      else if (users.filter((user) => !removed.includes(user.id)).length <= 1) refused = 'last';
      if (refused) return null;
      const present = new Set(users.map((user) => user.id));
      return { removed: [...removed.filter((id) => present.has(id)), userId] };
    },
    'The staff roster kept changing while removing an account',
  );
  if (refused || !target) return refused ?? 'not-found';
  // Marked (now or by an earlier removal that stopped half-way): finish it.
  await renewSessionGeneration(userId);
  await store.delete(target.username);
  return 'removed';
}
