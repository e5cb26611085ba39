/**
 * Store `settings`: the record `practice`, the practice details staff edit in the portal,
 * `sign-in`, the practice's rule for passkeys (decision 045), and `cash`, whether the practice
 * accepts cash (decision 047).
 * Every save is a conditional write (`onlyIfNew` for the first, `onlyIfMatch` after), so
 * between instances a save from a stale form is refused, never applied.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import {
  defaultPracticeSettings,
  practiceSettingsRecordSchema,
  recordCheckers,
  type ClaimKey,
  type PracticeSettings,
  type PracticeSettingsFields,
  type StoredPracticeSettings,
} from '#src/shared/schemas/settings.ts';
import { PASSKEY_RULES, type SignInSettings } from '#src/shared/schemas/passkeys.ts';
import { CASH_POLICIES, DEFAULT_CASH_POLICY } from '#src/content/cash.ts';
import type { CashSettings } from '#src/shared/schemas/cash.ts';
import * as z from 'zod/mini';
import { getJson, getJsonWithEtag, newId, openStore, updateJson, WriteConflict } from './blobs.ts';

const KEY = 'practice';
/** The version of the defaults, before anyone saved. */
export const DEFAULT_VERSION = 'default';

async function read(): Promise<{ settings: PracticeSettings; etag: string | null }> {
  const found = await getJsonWithEtag(openStore('settings'), KEY, practiceSettingsRecordSchema);
  if (found?.data) return { settings: found.data, etag: found.etag };
  // Nothing saved yet, or a record that does not fit (logged): the defaults, with the
  // record's ETag so that the next save replaces it.
  return {
    settings: { ...defaultPracticeSettings(), version: DEFAULT_VERSION, updatedAt: null },
    etag: found?.etag ?? null,
  };
}

/** The stored settings over the typed defaults. */
export const getSettings = async (): Promise<PracticeSettings> => (await read()).settings;

export type SettingsSaveResult = { ok: true; settings: PracticeSettings } | { ok: false; reason: 'conflict' };

/** Replaces the settings, only if `version` is the stored one and nobody writes in between. */
export async function saveSettings(
  fields: PracticeSettingsFields,
  version: string | undefined,
  /** Who saves: recorded against each claim this save dates or changes. */
  by: string,
): Promise<SettingsSaveResult> {
  let stale = false;
  try {
    const { after } = await updateJson(
      openStore('settings'),
      KEY,
      practiceSettingsRecordSchema,
      (current) => {
        // Nothing saved yet, or a record that does not fit: the defaults' version.
        stale = version !== undefined && version !== (current?.version ?? DEFAULT_VERSION);
        if (stale) return null;
        return {
          ...fields,
          claims: recordCheckers(fields.claims, current?.claims, by),
          version: newId().slice(0, 12),
          updatedAt: new Date(currentTime()).toISOString(),
        } satisfies StoredPracticeSettings;
      },
      'The settings kept changing while they were saved',
    );
    return stale || !after ? { ok: false, reason: 'conflict' } : { ok: true, settings: after };
  } catch (error) {
    if (error instanceof WriteConflict) return { ok: false, reason: 'conflict' };
    throw error;
  }
}

export type ConfirmResult =
  { ok: true; settings: PracticeSettings } | { ok: false; reason: 'changed' | 'nothing-to-confirm' | 'conflict' };

/**
 * Records that `by` checked one claim today, as it stands: only while its figure is still
 * `value` (the one they read), so nobody confirms a figure someone else has just changed.
 * Saves the defaults first when nothing was saved yet.
 */
export async function confirmClaim(key: ClaimKey, value: unknown, by: string): Promise<ConfirmResult> {
  let refusal: 'changed' | 'nothing-to-confirm' | null = null;
  try {
    const { after } = await updateJson(
      openStore('settings'),
      KEY,
      practiceSettingsRecordSchema,
      (current) => {
        const settings: PracticeSettingsFields = current ?? defaultPracticeSettings();
        const claim = settings.claims[key];
        const shown = key === 'rating' ? settings.claims.rating.value : claim.value;
        refusal = shown === null ? 'nothing-to-confirm' : shown !== value ? 'changed' : null;
        if (refusal) return null;
        return {
          ...settings,
          claims: { ...settings.claims, [key]: { ...claim, checkedAt: sydneyToday(currentTime()), checkedBy: by } },
          version: newId().slice(0, 12),
          updatedAt: new Date(currentTime()).toISOString(),
        } satisfies StoredPracticeSettings;
      },
      'The settings kept changing while they were saved',
    );
    if (refusal) return { ok: false, reason: refusal };
    return after ? { ok: true, settings: after } : { ok: false, reason: 'conflict' };
  } catch (error) {
    if (error instanceof WriteConflict) return { ok: false, reason: 'conflict' };
    throw error;
  }
}

const SIGN_IN_KEY = 'sign-in';
const signInRecordSchema = z.object({
  passkeys: z.enum(PASSKEY_RULES),
  updatedAt: z.string(),
  /** The account id of the principal who set it. */
  updatedBy: z.string(),
});

/** The practice's sign-in rule: passkeys are optional until a principal requires them. */
export async function getSignInSettings(): Promise<SignInSettings> {
  const found = await getJson(openStore('settings'), SIGN_IN_KEY, signInRecordSchema);
  return { passkeys: found?.passkeys ?? 'optional' };
}

/** Sets the practice's sign-in rule (a plain replacement: the last principal to save decides). */
export async function saveSignInSettings(settings: SignInSettings, byId: string): Promise<SignInSettings> {
  const record = { passkeys: settings.passkeys, updatedAt: new Date(currentTime()).toISOString(), updatedBy: byId };
  await openStore('settings').setJSON(SIGN_IN_KEY, record);
  return { passkeys: record.passkeys };
}

const CASH_KEY = 'cash';
const cashRecordSchema = z.object({
  cash: z.enum(CASH_POLICIES),
  updatedAt: z.string(),
  /** The account id of the principal who set it. */
  updatedBy: z.string(),
});

/** The practice's cash policy: none until a principal says it accepts cash. */
export async function getCashSettings(): Promise<CashSettings> {
  const found = await getJson(openStore('settings'), CASH_KEY, cashRecordSchema);
  return { cash: found?.cash ?? DEFAULT_CASH_POLICY };
}

/** Sets the practice's cash policy (a plain replacement: the last principal to save decides). */
export async function saveCashSettings(settings: CashSettings, byId: string): Promise<CashSettings> {
  const record = { cash: settings.cash, updatedAt: new Date(currentTime()).toISOString(), updatedBy: byId };
  await openStore('settings').setJSON(CASH_KEY, record);
  return { cash: record.cash };
}
