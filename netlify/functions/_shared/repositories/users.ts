/** Store `users`: one blob per staff account, keyed by the (case-sensitive) username. */
import { randomBytes } from 'node:crypto';
import { USERNAME_PATTERN } from '../../../../src/shared/schemas/login.ts';
import * as z from 'zod/mini';
import { getAllJson, getJson, getJsonWithEtag, listKeys, newId, openStore } from '../blobs.ts';

const staffUserSchema = z.pipe(
  z.object({
    id: z.string(),
    username: z.string(),
    passwordHash: z.string(),
    createdAt: z.string(),
    passwordChangedAt: z.optional(z.string()),
    /**
     * Sessions remember the generation they were started under and are refused once it
     * changes, so a new one signs the user out everywhere. Absent on older accounts.
     */
    sessionGeneration: z.optional(z.string()),
  }),
  // Accounts stored before password changes were dated last set theirs when created.
  z.transform((user) => ({ ...user, passwordChangedAt: user.passwordChangedAt ?? user.createdAt })),
);
export type StaffUser = z.output<typeof staffUserSchema>;

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
  const store = openStore('users');
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await getJsonWithEtag(store, username, staffUserSchema);
    const after = change(current?.data ?? null);
    if (!after) return { before: current?.data ?? null, after: null };
    const { modified } = current
      ? await store.setJSON(username, after, { onlyIfMatch: current.etag })
      : await store.setJSON(username, after, { onlyIfNew: true });
    if (modified) return { before: current?.data ?? null, after };
  }
  throw new Error(`The account ${username} kept changing while being updated`);
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
  const now = new Date().toISOString();
  const { before, after } = await updateUser(username, (existing) =>
    existing
      ? { ...existing, passwordHash, passwordChangedAt: now, sessionGeneration: newGeneration() }
      : { id: newId(), username, passwordHash, createdAt: now, passwordChangedAt: now, sessionGeneration: newGeneration() },
  );
  return { user: after!, created: !before };
}

/** Starts a new session generation for the account with this id; false when there is none. */
export async function renewSessionGeneration(userId: string): Promise<boolean> {
  const store = openStore('users');
  const users = await getAllJson(store, await listKeys(store), staffUserSchema);
  const found = users.find((user) => user.id === userId);
  if (!found) return false;
  const { after } = await updateUser(found.username, (existing) =>
    existing?.id === userId ? { ...existing, sessionGeneration: newGeneration() } : null,
  );
  return after !== null;
}
