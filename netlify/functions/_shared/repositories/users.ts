/** Store `users`: one blob per staff account, keyed by the (case-sensitive) username. */
import { USERNAME_PATTERN } from '../../../../src/shared/schemas/login.ts';
import * as z from 'zod/mini';
import { getJson, newId, openStore } from '../blobs.ts';

const staffUserSchema = z.pipe(
  z.object({
    id: z.string(),
    username: z.string(),
    passwordHash: z.string(),
    createdAt: z.string(),
    passwordChangedAt: z.optional(z.string()),
  }),
  // Accounts stored before password changes were dated last set theirs when created.
  z.transform((user) => ({ ...user, passwordChangedAt: user.passwordChangedAt ?? user.createdAt })),
);
export type StaffUser = z.output<typeof staffUserSchema>;

export async function findUser(username: string): Promise<StaffUser | null> {
  if (!USERNAME_PATTERN.test(username)) return null;
  return getJson(openStore('users'), username, staffUserSchema);
}

/** Creates the account, or sets a new password on an existing one. */
export async function upsertUser(
  username: string,
  passwordHash: string,
): Promise<{ user: StaffUser; created: boolean }> {
  if (!USERNAME_PATTERN.test(username)) throw new Error(`Invalid username: ${username}`);
  const now = new Date().toISOString();
  const existing = await findUser(username);
  const user: StaffUser = existing
    ? { ...existing, passwordHash, passwordChangedAt: now }
    : { id: newId(), username, passwordHash, createdAt: now, passwordChangedAt: now };
  await openStore('users').setJSON(username, user);
  return { user, created: !existing };
}
