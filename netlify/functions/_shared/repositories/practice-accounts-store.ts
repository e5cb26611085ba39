/**
 * Store `practice-accounts`: one record, `accounts`, the practice's trust and office accounts
 * (Settings › Accounts), the change waiting for a second account's approval, and every change
 * approved (kept 7 years, then pruned: docs/decisions/046-verified-funds-channel.md).
 *
 * The digits are sealed like the due-diligence records (crypto/sealed-records.ts, the same key
 * and key ids), each account under the AAD `practice-accounts/{trust|office}` and each
 * request under `practice-accounts/request/{requestedAt}`, so a ciphertext moved between
 * slots fails to open. In plain: who asked and approved, and when. Every change is one
 * conditional write of the one record, so two approvals at once apply one change.
 */
import * as z from 'zod/mini';
import {
  practiceAccountSchema,
  type PracticeAccount,
  type PracticeAccountKind,
} from '#src/shared/schemas/bank-account.ts';
import { openJson, sealJson, sealedSchema } from '../crypto/sealed-records.ts';
import { getJson, openStore, updateJson, type Updated } from './blobs.ts';

const STORE = 'practice-accounts';
const KEY = 'accounts';

const actorSchema = z.object({ id: z.string(), username: z.string() });
const kindSchema = z.enum(['trust', 'office']);

const requestSchema = z.object({
  account: kindSchema,
  requestedBy: actorSchema,
  requestedAt: z.string(),
  details: sealedSchema,
});

const storedSchema = z.object({
  trust: z.nullable(sealedSchema),
  office: z.nullable(sealedSchema),
  pending: z.nullable(requestSchema),
  /** Every approved change, oldest first; pruned 7 years after its approval. */
  history: z.array(z.extend(requestSchema, { approvedBy: actorSchema, approvedAt: z.string() })),
});
export type StoredAccounts = z.output<typeof storedSchema>;
export type StoredAccountRequest = z.output<typeof requestSchema>;

const EMPTY: StoredAccounts = { trust: null, office: null, pending: null, history: [] };

export const accountAad = (kind: PracticeAccountKind): string => `${STORE}/${kind}`;
export const requestAad = (requestedAt: string): string => `${STORE}/request/${requestedAt}`;

export const sealAccount = (details: PracticeAccount, aad: string) => sealJson(details, aad);

export async function openAccount(sealed: z.output<typeof sealedSchema>, aad: string): Promise<PracticeAccount> {
  return practiceAccountSchema.parse(await openJson(sealed, aad));
}

export async function readAccounts(): Promise<StoredAccounts> {
  return (await getJson(openStore(STORE), KEY, storedSchema)) ?? EMPTY;
}

/** One conditional read-modify-write of the record (`apply` returns null to leave it, or throws to refuse). */
export function updateAccounts(
  apply: (current: StoredAccounts) => StoredAccounts | null | Promise<StoredAccounts | null>,
): Promise<Updated<StoredAccounts>> {
  return updateJson(
    openStore(STORE),
    KEY,
    storedSchema,
    (current) => apply(current ?? EMPTY),
    'The practice accounts kept changing while this was saved',
  );
}

/** Re-seals the accounts and the waiting request under the current key (`npm run cdd:rotate`); true when it wrote. */
export async function resealAccounts(kid: string): Promise<boolean> {
  const { changed } = await updateAccounts(async (current) => {
    const stale = [current.trust, current.office, current.pending?.details].some(
      (sealed) => sealed && sealed.kid !== kid,
    );
    if (!stale) return null;
    const reseal = async (sealed: StoredAccounts['trust'], aad: string) =>
      sealed ? sealAccount(await openAccount(sealed, aad), aad) : null;
    const pending = current.pending;
    return {
      ...current,
      trust: await reseal(current.trust, accountAad('trust')),
      office: await reseal(current.office, accountAad('office')),
      pending: pending
        ? { ...pending, details: (await reseal(pending.details, requestAad(pending.requestedAt)))! }
        : null,
    };
  });
  return changed;
}
