/** Store `users`: one blob per staff account, keyed by the (case-sensitive) username. */
import { USERNAME_PATTERN } from '../../../../src/shared/schemas/login.ts';
import { newId, openStore } from '../blobs.ts';

export interface StaffUser {
  id: string;
  username: string;
  passwordHash: string;
  createdAt: string;
  passwordChangedAt: string;
}

export async function findUser(username: string): Promise<StaffUser | null> {
  if (!USERNAME_PATTERN.test(username)) return null;
  return (await openStore('users').get(username, { type: 'json' })) as StaffUser | null;
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
