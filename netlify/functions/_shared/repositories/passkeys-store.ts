/**
 * Store `passkeys`: one record per staff account, keyed by the account's id (usernames are
 * reused, ids never are), holding that account's WebAuthn credentials: the public key, the
 * signature counter and what its holder named it (docs/decisions/045-staff-passkeys.md).
 * Every change is a conditional write of that one record, so two sign-ins with the same
 * passkey cannot both move its counter from the same value, and an add and a removal at the
 * same moment cannot undo each other.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { PasskeySummary } from '#src/shared/schemas/passkeys.ts';
import * as z from 'zod/mini';
import { getJson, listKeys, newId, openStore, updateJson } from './blobs.ts';

const STORE = 'passkeys';
const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const PASSKEY_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;
/** More than any person needs; keeps the record (read on every passkey sign-in) small. */
export const MAX_PASSKEYS_PER_ACCOUNT = 10;

const credentialSchema = z.object({
  /** Ours: what the API names it by (`DELETE /api/passkeys/{id}`). */
  id: z.string(),
  /** The authenticator's credential id, base64url, as the browser sends it back. */
  credentialId: z.string(),
  /** The COSE public key, base64url. */
  publicKey: z.string(),
  /** The authenticator's signature counter as last seen (0 for synced passkeys, which keep none). */
  counter: z.number(),
  transports: z.optional(z.array(z.string())),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type StoredPasskey = z.output<typeof credentialSchema>;

const recordSchema = z.object({ passkeys: z.array(credentialSchema) });

const summary = ({ id, name, createdAt, lastUsedAt }: StoredPasskey): PasskeySummary => ({
  id,
  name,
  createdAt,
  lastUsedAt,
});

/** The account's passkeys with their keys, oldest first; none for an id that is not one. */
export async function passkeysOf(accountId: string): Promise<StoredPasskey[]> {
  if (!ACCOUNT_ID_PATTERN.test(accountId)) return [];
  return (await getJson(openStore(STORE), accountId, recordSchema))?.passkeys ?? [];
}

/** What the account's holder sees of its passkeys. */
export const listPasskeys = async (accountId: string): Promise<PasskeySummary[]> =>
  (await passkeysOf(accountId)).map(summary);

export const hasPasskey = async (accountId: string): Promise<boolean> => (await passkeysOf(accountId)).length > 0;

export type AddOutcome = { ok: true; passkey: PasskeySummary } | { ok: false; reason: 'duplicate' | 'too-many' };

/** Adds a verified credential to the account; refused when it is already there, or the account has its fill. */
export async function addPasskey(
  accountId: string,
  credential: Pick<StoredPasskey, 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name'>,
): Promise<AddOutcome> {
  if (!ACCOUNT_ID_PATTERN.test(accountId)) throw new Error('Invalid account id');
  let refusal: 'duplicate' | 'too-many' | null = null;
  const added: StoredPasskey = {
    id: newId().slice(0, 16),
    ...credential,
    createdAt: new Date(currentTime()).toISOString(),
    lastUsedAt: null,
  };
  await updateJson(
    openStore(STORE),
    accountId,
    recordSchema,
    (current) => {
      const passkeys = current?.passkeys ?? [];
      refusal = passkeys.some((passkey) => passkey.credentialId === credential.credentialId)
        ? 'duplicate'
        : passkeys.length >= MAX_PASSKEYS_PER_ACCOUNT
          ? 'too-many'
          : null;
      return refusal ? null : { passkeys: [...passkeys, added] };
    },
    'The passkeys of this account kept changing while one was added',
  );
  return refusal ? { ok: false, reason: refusal } : { ok: true, passkey: summary(added) };
}

/** Removes one passkey of the account; false when it has no such passkey. */
export async function removePasskey(accountId: string, passkeyId: string): Promise<boolean> {
  if (!ACCOUNT_ID_PATTERN.test(accountId) || !PASSKEY_ID_PATTERN.test(passkeyId)) return false;
  const { changed } = await updateJson(
    openStore(STORE),
    accountId,
    recordSchema,
    (current) => {
      const passkeys = current?.passkeys ?? [];
      const kept = passkeys.filter((passkey) => passkey.id !== passkeyId);
      return kept.length === passkeys.length ? null : { passkeys: kept };
    },
    'The passkeys of this account kept changing while one was removed',
  );
  return changed;
}

/** Removes every passkey of the account (the server's recovery); answers how many it had. */
export async function removeAllPasskeys(accountId: string): Promise<number> {
  const count = (await passkeysOf(accountId)).length;
  if (count > 0) await openStore(STORE).delete(accountId);
  return count;
}

/** The account holding the passkey with this id, or null: a scan of a handful of records. */
export async function ownerOfPasskey(passkeyId: string): Promise<string | null> {
  if (!PASSKEY_ID_PATTERN.test(passkeyId)) return null;
  const store = openStore(STORE);
  const keys = (await listKeys(store)).filter((key) => ACCOUNT_ID_PATTERN.test(key));
  const records = await Promise.all(
    keys.map(async (key) => ({ key, record: await getJson(store, key, recordSchema) })),
  );
  return records.find(({ record }) => record?.passkeys.some((passkey) => passkey.id === passkeyId))?.key ?? null;
}

export type UseOutcome = 'used' | 'unknown' | 'replayed';

/**
 * Records a sign-in with the credential: its new counter and when. An authenticator that
 * counts must show a counter above the one stored, checked again inside the conditional
 * write, so two sign-ins with one assertion (or a cloned authenticator) cannot both pass.
 */
export async function recordPasskeyUse(accountId: string, credentialId: string, counter: number): Promise<UseOutcome> {
  let outcome: UseOutcome = 'unknown';
  await updateJson(
    openStore(STORE),
    accountId,
    recordSchema,
    (current) => {
      const passkeys = current?.passkeys ?? [];
      const found = passkeys.find((passkey) => passkey.credentialId === credentialId);
      if (!found) {
        outcome = 'unknown';
        return null;
      }
      const counts = counter > 0 || found.counter > 0;
      if (counts && counter <= found.counter) {
        outcome = 'replayed';
        return null;
      }
      outcome = 'used';
      const at = new Date(currentTime()).toISOString();
      return {
        passkeys: passkeys.map((passkey) => (passkey === found ? { ...passkey, counter, lastUsedAt: at } : passkey)),
      };
    },
    'This passkey kept being used while it was checked',
  );
  return outcome;
}
