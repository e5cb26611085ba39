/**
 * Store `due-diligence`: one blob per enquiry (key: the enquiry's id), the customer due
 * diligence the AML/CTF Act requires before the practice acts.
 *
 * A blob keeps in plain only what is not personal (ids, status, times, the usernames of the
 * staff who verified, approved or rejected, the risk rating, retention dates, version): what
 * lists, filters and the retention job need without a key. Everything personal (parties,
 * declarations, verification details, the reasons given) is sealed as one value under
 * `CDD_ENCRYPTION_KEY` with the AAD `due-diligence/{enquiryId}`, so it cannot be moved to
 * another enquiry's record (cdd-crypto.ts).
 *
 * Every change is a conditional write (`onlyIfNew` to create, `onlyIfMatch` to replace), so
 * two instances racing on one record write once, as the enquiries and engagements do.
 */
import * as z from 'zod/mini';
import {
  cddMetaSchema,
  cddPersonalSchema,
  type CddMetaFields,
  type CddPersonal,
  type CddRecord,
} from '#src/shared/schemas/cdd-record.ts';
import { getJson, getJsonWithEtag, listKeys, openStore, updateRecord, writeJsonIf, type Updated } from './blobs.ts';
import { currentKid, openJson, sealJson, sealedSchema, type Sealed } from '../crypto/sealed-records.ts';
import { isEnquiryId } from './enquiries-store.ts';

const STORE = 'due-diligence';

/** The blob as stored: the plain fields and the sealed personal part. */
const storedSchema = z.extend(cddMetaSchema, { personal: sealedSchema });
type StoredCdd = CddMetaFields & { personal: Sealed };

/** A record's plain part, readable without the key; `kid` names the key its personal part is under. */
export type CddMeta = CddMetaFields & { kid: string };
export type { CddRecord };

const aadOf = (enquiryId: string) => `${STORE}/${enquiryId}`;

const META_KEYS = Object.keys(cddMetaSchema.def.shape) as (keyof CddMetaFields)[];
const PERSONAL_KEYS = Object.keys(cddPersonalSchema.def.shape) as (keyof CddPersonal)[];

const pick = <T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> =>
  Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]])) as Pick<T, K>;

async function seal(record: CddRecord): Promise<StoredCdd> {
  const meta = pick(record, META_KEYS);
  const personal = pick(record, PERSONAL_KEYS);
  return { ...meta, personal: await sealJson(personal, aadOf(record.enquiryId)) };
}

async function open(stored: StoredCdd): Promise<CddRecord> {
  const { personal: sealed, ...meta } = stored;
  const personal = z.safeParse(cddPersonalSchema, await openJson(sealed, aadOf(stored.enquiryId)));
  if (!personal.success) {
    // Never logs the content: only which fields did not fit.
    const fields = personal.error.issues.map((issue) => issue.path.join('.'));
    throw new Error(`The due diligence record ${stored.enquiryId} does not fit its schema (${fields.join(', ')})`);
  }
  return { ...meta, ...personal.data };
}

const metaOf = ({ personal, ...meta }: StoredCdd): CddMeta => ({ ...meta, kid: personal.kid });

async function readStored(enquiryId: string): Promise<{ stored: StoredCdd; etag: string } | null> {
  if (!isEnquiryId(enquiryId)) return null;
  const found = await getJsonWithEtag(openStore(STORE), enquiryId, storedSchema);
  if (!found) return null;
  // A record that exists but does not fit is not "no record": an insert would fail on it.
  if (!found.data) throw new Error(`The due diligence record ${enquiryId} does not fit its schema`);
  return { stored: found.data, etag: found.etag };
}

/** The record, decrypted, with the ETag to replace it against; null when there is none. */
export async function getCdd(enquiryId: string): Promise<{ record: CddRecord; etag: string } | null> {
  const found = await readStored(enquiryId);
  return found ? { record: await open(found.stored), etag: found.etag } : null;
}

/** The plain part only (no key needed, nothing decrypted): lists, filters, retention. */
export async function getCddMeta(enquiryId: string): Promise<CddMeta | null> {
  if (!isEnquiryId(enquiryId)) return null;
  const stored = await getJson(openStore(STORE), enquiryId, storedSchema);
  return stored ? metaOf(stored) : null;
}

/** Stores a new record; false when the enquiry already has one. */
export async function insertCdd(record: CddRecord): Promise<boolean> {
  if (!isEnquiryId(record.enquiryId)) throw new Error(`Not an enquiry id: ${record.enquiryId}`);
  return writeJsonIf(openStore(STORE), record.enquiryId, await seal(record), null);
}

/**
 * Writes a changed record only if nobody wrote it since `etag`; false when someone did
 * (read it again and redo the change). The caller sets `version` and `updatedAt`.
 */
export async function replaceCdd(record: CddRecord, etag: string): Promise<boolean> {
  if (!isEnquiryId(record.enquiryId)) return false;
  return writeJsonIf(openStore(STORE), record.enquiryId, await seal(record), etag);
}

/**
 * Reads, changes and writes an enquiry's record (`updateRecord`): `apply` gets null when
 * there is none yet, and what it returns is inserted or replaced against the ETag read. A
 * lost race reads again and asks `apply` again, so its checks see the winner's status.
 */
export function updateCdd(
  enquiryId: string,
  apply: (current: CddRecord | null) => CddRecord | null,
  conflict: string,
): Promise<Updated<CddRecord>> {
  return updateRecord({
    read: async () => {
      const found = await getCdd(enquiryId);
      return found ? { value: found.record, etag: found.etag } : null;
    },
    write: (next, etag) => (etag === null ? insertCdd(next) : replaceCdd(next, etag)),
    apply,
    conflict,
  });
}

/** Deletes the record (retention reached, or the enquiry erased where the law allows). */
export async function deleteCdd(enquiryId: string): Promise<void> {
  if (isEnquiryId(enquiryId)) await openStore(STORE).delete(enquiryId);
}

/** Every record's plain part, no key needed (the desk's filter, the retention job). */
export async function listCddMeta(): Promise<CddMeta[]> {
  const store = openStore(STORE);
  const records = await Promise.all((await listKeys(store)).map((key) => getJson(store, key, storedSchema)));
  return records.filter((record) => record !== null).map(metaOf);
}

/**
 * Re-seals every record not under the current key (read with CDD_ENCRYPTION_KEY_PREVIOUS);
 * resolves with how many it re-sealed. Each write is conditional: a record changed meanwhile
 * is read again (a writer seals under the current key anyway). A record that cannot be
 * opened is logged by id and left as it is, so one bad record does not stop the others;
 * `listCddMeta` then still shows its old `kid`. Safe to run again.
 */
export async function reencryptAll(): Promise<number> {
  const kid = currentKid();
  if (!kid) throw new Error('CDD_ENCRYPTION_KEY is not set: there is no key to re-encrypt under');
  let count = 0;
  for (const key of await listKeys(openStore(STORE))) {
    try {
      const { changed } = await updateRecord<StoredCdd>({
        read: async () => {
          const found = await readStored(key);
          return found ? { value: found.stored, etag: found.etag } : null;
        },
        apply: async (stored) => (!stored || stored.personal.kid === kid ? null : seal(await open(stored))),
        write: (next, etag) => writeJsonIf(openStore(STORE), key, next, etag),
        conflict: 'the record kept changing while it was re-sealed',
      });
      if (changed) count++;
    } catch (error) {
      console.error(`[cdd] could not re-encrypt ${key}: ${(error as Error).message}`);
    }
  }
  return count;
}
