/**
 * Store `users`: one blob per staff account, keyed by the (case-sensitive) username, and
 * the roster record `ROSTER_KEY` (a key no username can take) that serialises removals and
 * changes of role (docs/decisions/013-staff-accounts.md, 026-staff-roles.md).
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { randomBytes } from 'node:crypto';
import {
  isReservedUsername,
  RESERVED_USERNAME_MESSAGE,
  STAFF_ROLES,
  USERNAME_PATTERN,
  type StaffRole,
} from '#src/shared/schemas/login.ts';
import * as z from 'zod/mini';
import { getAllJson, getJson, listKeys, newId, openStore, updateJson, writeJsonIf } from './blobs.ts';

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
  /**
   * The role the account was created with, in the same write as the account, so a crash
   * can never leave one made as staff that reads as a principal. Absent on accounts stored
   * before roles existed: those read as principals. Later changes live in the roster.
   */
  role: z.optional(z.enum(STAFF_ROLES)),
  /** Where this account's own notices go (a client's step on an enquiry assigned to it); set by its holder. */
  email: z.optional(z.string()),
});
type StoredUser = z.output<typeof staffUserSchema>;
/** An account as the rest of the server sees it: with the role it has now. */
export type StaffUser = Omit<StoredUser, 'role'> & { role: StaffRole };

const reserved = (): never => {
  throw new Error(RESERVED_USERNAME_MESSAGE);
};

const newGeneration = () => randomBytes(12).toString('base64url');

/** The account with its role now (read with the roster, so a change applies from the next call). */
export async function findUser(username: string): Promise<StaffUser | null> {
  if (!USERNAME_PATTERN.test(username)) return null;
  const store = openStore('users');
  const [stored, roster] = await Promise.all([
    getJson(store, username, staffUserSchema),
    getJson(store, ROSTER_KEY, rosterSchema),
  ]);
  return stored && withRole(stored, roster);
}

/**
 * Reads, changes and writes one account with a conditional write, again on a conflict,
 * so that a password change and a revocation at the same time cannot undo each other.
 */
async function updateUser(
  username: string,
  change: (existing: StoredUser | null) => StoredUser | null,
): Promise<{ before: StoredUser | null; after: StoredUser | null }> {
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
 *
 * A new account gets `role` (`staff` when none is given), except the first account of all,
 * which is a principal whatever was asked: someone must be able to manage the others. An
 * existing account keeps its role unless `role` is given; a change is made first, through
 * the roster like the portal's, so demoting the last principal fails before anything changed.
 */
export async function upsertUser(
  username: string,
  passwordHash: string,
  role?: StaffRole,
): Promise<{ user: StaffUser; created: boolean }> {
  if (!USERNAME_PATTERN.test(username)) throw new Error(`Invalid username: ${username}`);
  const account = await findUser(username);
  if (account && role && (await setRole(account.id, role)).outcome === 'last-principal') {
    throw new Error(LAST_PRINCIPAL_MESSAGE);
  }
  // Two first accounts made at the same moment may both become principals: more is safe.
  const newRole: StaffRole = account || (await listUsers()).length > 0 ? (role ?? 'staff') : 'principal';
  const now = new Date(currentTime()).toISOString();
  // An account that already holds a reserved name (made before names were reserved) may
  // still have its password reset; no new one may take such a name.
  const { before, after } = await updateUser(username, (existing) =>
    existing
      ? { ...existing, passwordHash, passwordChangedAt: now, sessionGeneration: newGeneration() }
      : isReservedUsername(username)
        ? reserved()
        : newAccount(username, passwordHash, newRole, { now, mustChangePassword: false }),
  );
  return { user: withRole(after!, await readRoster()), created: !before };
}

/**
 * A new account as stored: its role is written with it, in the same write, so a crash can
 * never leave an account created as staff that reads as a principal.
 */
function newAccount(
  username: string,
  passwordHash: string,
  role: StaffRole,
  { now, mustChangePassword }: { now: string; mustChangePassword: boolean },
): StaffUser {
  return {
    id: newId(),
    username,
    passwordHash,
    createdAt: now,
    passwordChangedAt: now,
    sessionGeneration: newGeneration(),
    mustChangePassword,
    role,
  };
}

/** Every account blob, the roster aside (its key is no username). */
async function allUsers(): Promise<StoredUser[]> {
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

/** Adds an account from the portal with its role, in one write: null when the username is taken. */
export async function createUser(username: string, passwordHash: string, role: StaffRole): Promise<StaffUser | null> {
  if (!USERNAME_PATTERN.test(username)) throw new Error(`Invalid username: ${username}`);
  if (isReservedUsername(username)) throw new Error(RESERVED_USERNAME_MESSAGE);
  const user = newAccount(username, passwordHash, role, {
    now: new Date(currentTime()).toISOString(),
    mustChangePassword: true,
  });
  // A new id has no entry in the roster: the role written here is its role.
  return (await writeJsonIf(openStore('users'), username, user, null)) ? user : null;
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
  return after && withRole(after, await readRoster());
}

/** Sets (or, with null, removes) the account's own notice address. Null when the account is gone. */
export async function setOwnEmail(username: string, userId: string, email: string | null): Promise<StaffUser | null> {
  const { before, after } = await updateUser(username, (existing) => {
    if (existing?.id !== userId) return null;
    const { email: _previous, ...rest } = existing;
    return email === null ? rest : { ...rest, email };
  });
  const account = after ?? (before?.id === userId ? before : null);
  return account && withRole(account, await readRoster());
}

const ROSTER_KEY = 'roster/removed';
const rosterSchema = z.object({
  /** Ids of accounts removed, or being removed; pruned once their blobs are gone. */
  removed: z.array(z.string()),
  /**
   * Roles changed since the accounts were created, by account id; they override the
   * account's own `role`. Kept here, not on the accounts, so that counting the principals
   * and changing one is a single conditional write of one record: two principals demoting
   * or removing each other at once cannot both get through. Pruned like `removed`.
   */
  roles: z.optional(z.record(z.string(), z.enum(STAFF_ROLES))),
});
type Roster = z.output<typeof rosterSchema>;

const readRoster = (): Promise<Roster | null> => getJson(openStore('users'), ROSTER_KEY, rosterSchema);

/** The role an account has now: changed in the roster, else as created, else (stored before roles) principal. */
function withRole(stored: StoredUser, roster: Roster | null): StaffUser {
  return { ...stored, role: roster?.roles?.[stored.id] ?? stored.role ?? 'principal' };
}

export const LAST_PRINCIPAL_MESSAGE = 'The last principal cannot be removed or made staff';

/**
 * The roster after marking `change` (a removal, or a new role), or why not: the accounts
 * that count are those in `users` not marked removed; neither the last of them nor the
 * last principal among them may go. Ids whose blobs are gone are pruned on the way.
 */
function nextRoster(
  roster: Roster | null,
  users: StoredUser[],
  change: { remove: string } | { id: string; role: StaffRole },
): Roster | 'last' | 'last-principal' {
  const removed = roster?.removed ?? [];
  const counted = users.filter((user) => !removed.includes(user.id)).map((user) => withRole(user, roster));
  const leaving = 'remove' in change ? change.remove : change.role === 'staff' ? change.id : null;
  if ('remove' in change && counted.length <= 1) return 'last';
  const principalsLeft = counted.filter((user) => user.role === 'principal' && user.id !== leaving);
  if (leaving !== null && principalsLeft.length === 0) return 'last-principal';

  const present = new Set(users.map((user) => user.id));
  const roles = Object.fromEntries(Object.entries(roster?.roles ?? {}).filter(([id]) => present.has(id)));
  if ('role' in change) {
    const created = users.find((user) => user.id === change.id)?.role ?? 'principal';
    // Back to the role it was created with: no entry needed.
    if (change.role === created) delete roles[change.id];
    else roles[change.id] = change.role;
  }
  const next: Roster = { removed: removed.filter((id) => present.has(id)) };
  if ('remove' in change) next.removed.push(change.remove);
  if (Object.keys(roles).length > 0) next.roles = roles;
  return next;
}

/** The accounts that count, with their roles: every account blob not marked as removed. */
export async function listUsers(): Promise<StaffUser[]> {
  const roster = await readRoster();
  const removed = new Set(roster?.removed ?? []);
  return (await allUsers())
    .filter((user) => !removed.has(user.id))
    .map((user) => withRole(user, roster))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export type RoleOutcome =
  { outcome: 'changed' | 'unchanged'; user: StaffUser } | { outcome: 'not-found' | 'last-principal' };

/**
 * Gives the account with this id `role`, with one conditional write of the roster against
 * the roster its count of principals was made from: of two principals demoting each other
 * at once, one write is refused, counts again, and finds itself the last principal.
 */
export async function setRole(userId: string, role: StaffRole): Promise<RoleOutcome> {
  let outcome: RoleOutcome = { outcome: 'not-found' };
  await updateJson(
    openStore('users'),
    ROSTER_KEY,
    rosterSchema,
    async (roster) => {
      // Listed after the roster was read, as in removeUser.
      const users = await allUsers();
      const target = users.find((user) => user.id === userId && !roster?.removed.includes(user.id));
      if (!target) {
        outcome = { outcome: 'not-found' };
        return null;
      }
      if (withRole(target, roster).role === role) {
        outcome = { outcome: 'unchanged', user: withRole(target, roster) };
        return null;
      }
      const next = nextRoster(roster, users, { id: userId, role });
      if (typeof next === 'string') {
        outcome = { outcome: 'last-principal' };
        return null;
      }
      outcome = { outcome: 'changed', user: withRole(target, next) };
      return next;
    },
    'The staff roster kept changing while changing a role',
  );
  return outcome;
}

export type RemoveOutcome = 'removed' | 'not-found' | 'self' | 'last' | 'last-principal';

/**
 * Removes an account unless it is the remover's own, the last one or the last principal.
 * Each removal first marks the id in the roster with a conditional write against the
 * roster it counted from, so of two removals that counted the same accounts one is refused
 * and counts again, now without the other's account: the last account, and the last
 * principal, always stay. Then the account's sessions are revoked and its blob deleted.
 */
export async function removeUser(userId: string, removerId: string): Promise<RemoveOutcome> {
  if (userId === removerId) return 'self';
  const store = openStore('users');
  let target = undefined as StoredUser | undefined;
  let refused = null as 'not-found' | 'last' | 'last-principal' | null;
  await updateJson(
    store,
    ROSTER_KEY,
    rosterSchema,
    async (roster) => {
      refused = null;
      // Listed after the roster was read: an id marked since is caught by the write's condition.
      const users = await allUsers();
      target = users.find((user) => user.id === userId);
      if (!target) refused = 'not-found';
      // Marked already (by an earlier removal that stopped half-way): only finish it.
      else if (roster?.removed.includes(userId)) return null;
      else {
        const next = nextRoster(roster, users, { remove: userId });
        if (typeof next !== 'string') return next;
        refused = next;
      }
      return null;
    },
    'The staff roster kept changing while removing an account',
  );
  if (refused || !target) return refused ?? 'not-found';
  // Marked (now or by an earlier removal that stopped half-way): finish it.
  await renewSessionGeneration(userId);
  await store.delete(target.username);
  return 'removed';
}
