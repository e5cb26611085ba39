/**
 * Store `cash-receipts`: the cash register (AML/CTF Act s 43), one blob per receipt of cash
 * under a time-sortable key, apart from the enquiry it was received on so that nothing the
 * client's link, the enquiry or its mail reads changes because of it.
 *
 * In plain: ids, the amount, the day it was received, when it was recorded and by whom
 * (account id and username at the time), when its threshold transaction report is due, when
 * it was reported and by whom, and `retainUntil`: what the clock, the structuring prompt and
 * retention need without a key. Sealed under `CDD_ENCRYPTION_KEY`, with the AAD
 * `cash-receipts/{id}` so a ciphertext cannot be moved to another receipt: who handed the
 * cash over (a person's name) and AUSTRAC's reference.
 */
import * as z from 'zod/mini';
import { actorSchema } from '#src/shared/schemas/actor.ts';
import { openJson, sealJson, sealedSchema } from '../crypto/sealed-records.ts';
import {
  appendTimeKeyed,
  getJson,
  getJsonWithEtag,
  isTimeKey,
  listKeys,
  openStore,
  updateRecord,
  writeJsonIf,
  type Updated,
} from './blobs.ts';

const STORE = 'cash-receipts';
/** An id is the time key it was stored under (`appendTimeKeyed`). */
export const isCashReceiptId = (id: string): boolean => isTimeKey(id);

const metaSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  /** Dollars, to the cent. */
  amount: z.number(),
  /** The Sydney day the cash was received, YYYY-MM-DD. */
  receivedAt: z.string(),
  recordedAt: z.string(),
  recordedBy: actorSchema,
  /** The last day of its threshold transaction report (s 43(2)); absent below the threshold. */
  ttrDueBy: z.optional(z.string()),
  report: z.nullable(z.object({ reportedAt: z.string(), recordedAt: z.string(), recordedBy: actorSchema })),
  retainUntil: z.string(),
});
const storedSchema = z.extend(metaSchema, { sealed: sealedSchema });
const personalSchema = z.object({ receivedFrom: z.string(), reference: z.optional(z.string()) });

/** What the register keeps in plain (no key needed). */
export type CashReceiptMeta = z.output<typeof metaSchema>;
/** A receipt, opened: the plain part with who handed the cash over and, once reported, AUSTRAC's reference. */
export type CashReceipt = CashReceiptMeta & z.output<typeof personalSchema>;
type Stored = z.output<typeof storedSchema>;

const aadOf = (id: string) => `${STORE}/${id}`;

async function seal({ receivedFrom, reference, ...meta }: CashReceipt): Promise<Stored> {
  const personal = reference === undefined ? { receivedFrom } : { receivedFrom, reference };
  return { ...meta, sealed: await sealJson(personal, aadOf(meta.id)) };
}

async function open({ sealed, ...meta }: Stored): Promise<CashReceipt> {
  const personal = z.safeParse(personalSchema, await openJson(sealed, aadOf(meta.id)));
  // Never logs the content.
  if (!personal.success) throw new Error(`The cash receipt ${meta.id} does not fit its schema`);
  return { ...meta, ...personal.data };
}

const metaOf = ({ sealed: _sealed, ...meta }: Stored): CashReceiptMeta => meta;

async function listStored(): Promise<Stored[]> {
  const store = openStore(STORE);
  const keys = (await listKeys(store)).filter(isCashReceiptId).sort();
  const entries = await Promise.all(keys.map((key) => getJson(store, key, storedSchema)));
  return entries.filter((entry) => entry !== null);
}

/**
 * Records a new receipt: `make` gets its id (a time key of `at`) and returns it; written only
 * while the key is free (`appendNew`), so two instances never overwrite each other.
 */
export const insertCashReceipt = (at: Date, make: (id: string) => CashReceipt): Promise<CashReceipt> =>
  appendTimeKeyed(openStore(STORE), at, make, seal, 'a new cash receipt');

/** Every receipt's plain part (the clock, the structuring prompt, retention). */
export const listCashReceiptMeta = async (): Promise<CashReceiptMeta[]> => (await listStored()).map(metaOf);

/** Every receipt, opened (the principals' register). */
export const listCashReceipts = async (): Promise<CashReceipt[]> => Promise.all((await listStored()).map(open));

function updateStored(
  id: string,
  apply: (current: Stored | null) => Promise<Stored | null>,
  conflict: string,
): Promise<Updated<Stored>> {
  const store = openStore(STORE);
  return updateRecord<Stored>({
    read: async () => {
      if (!isCashReceiptId(id)) return null;
      const found = await getJsonWithEtag(store, id, storedSchema);
      if (!found) return null;
      if (!found.data) throw new Error(`The cash receipt ${id} does not fit its schema`);
      return { value: found.data, etag: found.etag };
    },
    apply,
    write: (next, etag) => writeJsonIf(store, id, next, etag),
    conflict,
  });
}

/**
 * Reads, changes and writes one receipt (`updateRecord`, against the ETag read); `apply` gets
 * null when there is no such receipt and returns null to leave it as it is.
 */
export async function updateCashReceipt(
  id: string,
  apply: (current: CashReceipt | null) => CashReceipt | null,
  conflict: string,
): Promise<CashReceipt | null> {
  const { after } = await updateStored(
    id,
    async (current) => {
      const next = apply(current && (await open(current)));
      return next && seal(next);
    },
    conflict,
  );
  return after && open(after);
}

/** Re-seals every receipt still under another key than `kid` (npm run cdd:rotate); answers how many. */
export async function resealCashReceipts(kid: string): Promise<number> {
  let count = 0;
  for (const { id } of await listStored()) {
    const { changed } = await updateStored(
      id,
      async (current) => (current && current.sealed.kid !== kid ? seal(await open(current)) : null),
      'The cash register kept changing during the rotation',
    );
    if (changed) count++;
  }
  return count;
}

/** Deletes a receipt (only once its `retainUntil` has passed). */
export async function deleteCashReceipt(id: string): Promise<void> {
  if (isCashReceiptId(id)) await openStore(STORE).delete(id);
}
