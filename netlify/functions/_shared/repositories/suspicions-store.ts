/**
 * Store `suspicions`: the suspicious-matter register (AML/CTF Act s 41), one blob per
 * suspicion under a time-sortable key, apart from the enquiry it concerns so that nothing
 * the client's link, the enquiry or its mail reads can change because of it (s 123).
 *
 * In plain: ids, the kind, when the suspicion was formed, when it was recorded and by whom (account id and username at the
 * time), when the report is due, when it was reported and by whom, and `retainUntil`: what
 * the clock, the daily notice and retention need without a key. Sealed under
 * `CDD_ENCRYPTION_KEY`, with the AAD `suspicions/{id}` so a ciphertext cannot be moved to
 * another entry: the grounds (free text naming people) and AUSTRAC's reference.
 */
import * as z from 'zod/mini';
import { SUSPICION_KINDS } from '#src/content/amlctf.ts';
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

const STORE = 'suspicions';
/** An id is the time key it was stored under (`appendTimeKeyed`). */
export const isSuspicionId = (id: string): boolean => isTimeKey(id);

const metaSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  kind: z.enum(SUSPICION_KINDS),
  /** When the suspicion was formed (the clock runs from it); absent on entries recorded before it was kept. */
  formedAt: z.optional(z.string()),
  recordedAt: z.string(),
  recordedBy: actorSchema,
  reportDueBy: z.string(),
  report: z.nullable(z.object({ reportedAt: z.string(), recordedAt: z.string(), recordedBy: actorSchema })),
  retainUntil: z.string(),
});
const storedSchema = z.extend(metaSchema, { sealed: sealedSchema });
const personalSchema = z.object({ grounds: z.string(), reference: z.optional(z.string()) });

/** What the register keeps in plain (no key needed). */
export type SuspicionMeta = z.output<typeof metaSchema>;
/** An entry, opened: the plain part with its grounds and, once reported, AUSTRAC's reference. */
export type Suspicion = SuspicionMeta & z.output<typeof personalSchema>;
type Stored = z.output<typeof storedSchema>;

const aadOf = (id: string) => `${STORE}/${id}`;

async function seal({ grounds, reference, ...meta }: Suspicion): Promise<Stored> {
  const personal = reference === undefined ? { grounds } : { grounds, reference };
  return { ...meta, sealed: await sealJson(personal, aadOf(meta.id)) };
}

async function open({ sealed, ...meta }: Stored): Promise<Suspicion> {
  const personal = z.safeParse(personalSchema, await openJson(sealed, aadOf(meta.id)));
  // Never logs the content.
  if (!personal.success) throw new Error(`The suspicion ${meta.id} does not fit its schema`);
  return { ...meta, ...personal.data };
}

const metaOf = ({ sealed: _sealed, ...meta }: Stored): SuspicionMeta => meta;

/**
 * Records a new suspicion: `make` gets the new entry's id (a time key of `at`) and returns
 * the entry; written under a free key (`appendNew`), so two instances never overwrite each other.
 */
export const insertSuspicion = (at: Date, make: (id: string) => Suspicion): Promise<Suspicion> =>
  appendTimeKeyed(openStore(STORE), at, make, seal, 'a new suspicion');

/** Every entry's plain part (the clock, the daily notice, retention, what an erasure keeps). */
export async function listSuspicionMeta(): Promise<SuspicionMeta[]> {
  const store = openStore(STORE);
  const keys = (await listKeys(store)).filter(isSuspicionId).sort();
  const entries = await Promise.all(keys.map((key) => getJson(store, key, storedSchema)));
  return entries.filter((entry) => entry !== null).map(metaOf);
}

/**
 * When a suspicion about the enquiry was first recorded, or null: from then on its due
 * diligence needs enhanced due diligence (s 32(b)). Plain fields only (no key, no grounds). Here, beside the
 * entries it reads, since the due-diligence room below the desk asks it (decision 055).
 */
export async function suspicionSince(enquiryId: string): Promise<string | null> {
  const times = (await listSuspicionMeta())
    .filter((entry) => entry.enquiryId === enquiryId)
    .map((entry) => entry.recordedAt)
    .sort();
  return times[0] ?? null;
}

/** Every entry, opened (the principals' register view). */
export async function listSuspicions(): Promise<Suspicion[]> {
  const store = openStore(STORE);
  const keys = (await listKeys(store)).filter(isSuspicionId).sort();
  const entries = await Promise.all(keys.map((key) => getJson(store, key, storedSchema)));
  return Promise.all(entries.filter((entry) => entry !== null).map(open));
}

/**
 * Reads, changes and writes one entry (`updateRecord`, against the ETag read); `apply` gets
 * null when there is no such entry and returns null to leave it as it is.
 */
export function updateSuspicion(
  id: string,
  apply: (current: Suspicion | null) => Suspicion | null,
  conflict: string,
): Promise<Updated<Suspicion>> {
  const store = openStore(STORE);
  return updateRecord<Suspicion>({
    read: async () => {
      if (!isSuspicionId(id)) return null;
      const found = await getJsonWithEtag(store, id, storedSchema);
      if (!found) return null;
      if (!found.data) throw new Error(`The suspicion ${id} does not fit its schema`);
      return { value: await open(found.data), etag: found.etag };
    },
    apply,
    write: async (next, etag) => writeJsonIf(store, id, await seal(next), etag),
    conflict,
  });
}

/** Deletes an entry (only once its `retainUntil` has passed). */
export async function deleteSuspicion(id: string): Promise<void> {
  if (isSuspicionId(id)) await openStore(STORE).delete(id);
}
