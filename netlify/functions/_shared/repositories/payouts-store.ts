/**
 * Store `payouts`: one blob per matter (key: the matter's id), the client's bank details for
 * it (a seller's proceeds, a buyer's balance or refund), every set the client entered kept
 * as a version, oldest first, each with its call-back and approval.
 *
 * In plain, only what lists and the state table need: the status, times, who called back and
 * who approved, the payee check and the high-risk marks. Everything else is sealed like the
 * due-diligence records (crypto/sealed-records.ts, the same key and key ids): each version's
 * details, with the phone numbers the practice had on record when they arrived, under the AAD
 * `payouts/{matterId}/{n}`, and its call-back's number and note under
 * `payouts/{matterId}/{n}/call-back`, so nothing can be moved to another matter or version.
 * Kept with the matter (7 years, as the matter's records are); never in a log, the CSV export
 * or the search, which read other stores.
 *
 * Every change is a conditional write (`onlyIfNew`, then `onlyIfMatch`), so a call-back and
 * a new set from the client racing each other never both apply to the same version.
 */
import * as z from 'zod/mini';
import { HIGH_RISK_REASONS, PAYEE_CHECKS } from '#src/shared/schemas/payout.ts';
import { PAYOUT_STATUSES } from '#src/shared/states/payout.ts';
import { openJson, sealJson, sealedSchema } from '../crypto/sealed-records.ts';
import { getAllJson, getJson, listKeys, openStore, updateJson, type Updated } from './blobs.ts';

const STORE = 'payouts';

const actorSchema = z.object({ id: z.string(), username: z.string() });

const versionSchema = z.object({
  submittedAt: z.string(),
  highRisk: z.boolean(),
  highRiskReasons: z.array(z.enum(HIGH_RISK_REASONS)),
  /** `SealedDetails` */
  sealed: sealedSchema,
  callBack: z.optional(
    z.object({
      by: actorSchema,
      recordedAt: z.string(),
      calledAt: z.string(),
      readBack: z.literal(true),
      payeeCheck: z.enum(PAYEE_CHECKS),
      /** `SealedCallBack` */
      sealed: sealedSchema,
    }),
  ),
  approval: z.optional(z.object({ by: actorSchema, at: z.string() })),
});

const payoutSchema = z.object({
  matterId: z.string(),
  enquiryId: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  versions: z.array(versionSchema),
  updatedAt: z.string(),
});
export type PayoutRecord = z.output<typeof payoutSchema>;
export type PayoutVersion = PayoutRecord['versions'][number];

/** A version's sealed part: the details, and the numbers on record for the client when they arrived. */
const sealedDetailsSchema = z.object({
  accountName: z.string(),
  bsb: z.string(),
  number: z.string(),
  knownNumbers: z.array(z.string()),
});
export type SealedDetails = z.output<typeof sealedDetailsSchema>;

const sealedCallBackSchema = z.object({ calledNumber: z.string(), note: z.optional(z.string()) });
export type SealedCallBack = z.output<typeof sealedCallBackSchema>;

const detailsAad = (matterId: string, index: number) => `${STORE}/${matterId}/${index}`;
const callBackAad = (matterId: string, index: number) => `${STORE}/${matterId}/${index}/call-back`;

export const sealDetails = (matterId: string, index: number, details: SealedDetails) =>
  sealJson(details, detailsAad(matterId, index));
export const sealCallBack = (matterId: string, index: number, callBack: SealedCallBack) =>
  sealJson(callBack, callBackAad(matterId, index));

export async function openDetails(record: PayoutRecord, index: number): Promise<SealedDetails> {
  return sealedDetailsSchema.parse(await openJson(record.versions[index]!.sealed, detailsAad(record.matterId, index)));
}

export async function openCallBack(record: PayoutRecord, index: number): Promise<SealedCallBack | null> {
  const callBack = record.versions[index]!.callBack;
  if (!callBack) return null;
  return sealedCallBackSchema.parse(await openJson(callBack.sealed, callBackAad(record.matterId, index)));
}

export const getPayout = (matterId: string): Promise<PayoutRecord | null> =>
  getJson(openStore(STORE), matterId, payoutSchema);

export async function listPayouts(): Promise<PayoutRecord[]> {
  const store = openStore(STORE);
  return getAllJson(store, await listKeys(store), payoutSchema);
}

/** One conditional read-modify-write of a matter's payout (`apply`: null leaves it, throwing refuses). */
export function updatePayout(
  matterId: string,
  apply: (current: PayoutRecord | null) => PayoutRecord | null | Promise<PayoutRecord | null>,
): Promise<Updated<PayoutRecord>> {
  return updateJson(
    openStore(STORE),
    matterId,
    payoutSchema,
    apply,
    'The bank details for this matter kept changing while this was saved',
  );
}

/**
 * Re-seals every version (and call-back) still under an older key with the current one
 * (`npm run cdd:rotate`, beside the due-diligence records); resolves with how many matters
 * it re-sealed. Conditional writes, as every change; safe to run again.
 */
export async function resealPayouts(kid: string): Promise<number> {
  let count = 0;
  for (const record of await listPayouts()) {
    const { changed } = await updatePayout(record.matterId, async (current) => {
      if (
        !current ||
        current.versions.every((v) => v.sealed.kid === kid && (!v.callBack || v.callBack.sealed.kid === kid))
      ) {
        return null;
      }
      const versions = await Promise.all(
        current.versions.map(async (version, index) => {
          const sealed = await sealDetails(current.matterId, index, await openDetails(current, index));
          const callBack = await openCallBack(current, index);
          return {
            ...version,
            sealed,
            ...(version.callBack && callBack
              ? { callBack: { ...version.callBack, sealed: await sealCallBack(current.matterId, index, callBack) } }
              : {}),
          };
        }),
      );
      return { ...current, versions };
    });
    if (changed) count++;
  }
  return count;
}
