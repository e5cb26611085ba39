/**
 * Due-diligence records at rest: sealed with AES-256-GCM before they reach Blobs, bound to
 * their record, readable through the repository, never in plain text on disk or in a
 * backup, and re-sealed under a new key by a rotation. Real local Blobs throughout.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cddKeyAvailable, keyId, MissingCddKeyError, openJson, sealJson } from '#server/crypto/sealed-records.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { requireCddKey } from '#server/due-diligence/require-cdd-key.ts';
import { refusalStatus } from '#server/http/http.ts';
import { Refused } from '#server/platform/refused.ts';
import { timeKey } from '#server/repositories/blobs.ts';
import {
  deleteCdd,
  getCdd,
  getCddMeta,
  insertCdd,
  listCddMeta,
  reencryptAll,
  replaceCdd,
  type CddRecord,
} from '#server/repositories/due-diligence-store.ts';
import { submittedDueDiligence } from '../fixtures/builders.ts';
import { useBlobs } from '../harness.ts';

const blobs = useBlobs();

const newKey = () => randomBytes(32);
const KEY_A = newKey();
const KEY_B = newKey();

function useKeys(current: Buffer | string | null, previous: Buffer | null = null) {
  const text = (key: Buffer | string | null) =>
    key === null ? '' : typeof key === 'string' ? key : key.toString('base64');
  process.env.CDD_ENCRYPTION_KEY = text(current);
  process.env.CDD_ENCRYPTION_KEY_PREVIOUS = text(previous);
  resetCddKeyEnv();
}

beforeEach(() => useKeys(KEY_A));
afterEach(() => vi.restoreAllMocks());

const NAME = 'Zebulon Quintavalle-Marchetti';
const BIRTH = '1961-07-29';

/** A submitted record (the shared builder's) whose one customer has names found nowhere else. */
const record = (enquiryId = timeKey(), name = NAME): CddRecord =>
  submittedDueDiligence(enquiryId, {
    parties: [
      {
        type: 'individual',
        fullName: name,
        dateOfBirth: BIRTH,
        address: '7 Distinctive Lane, Glebe NSW 2037',
        phone: '0412 345 678',
        email: 'zq@example.com',
      },
    ],
    riskReason: 'Long-standing local client',
  });

describe('sealing', () => {
  it('round-trips a value, with a fresh IV each time, under the key’s id', async () => {
    const first = await sealJson({ name: NAME }, 'due-diligence/a');
    const second = await sealJson({ name: NAME }, 'due-diligence/a');
    expect(first.kid).toBe(keyId(KEY_A));
    expect(first.kid).toMatch(/^[0-9a-f]{16}$/);
    expect(first.iv).not.toBe(second.iv);
    expect(first.ct).not.toBe(second.ct);
    expect(Buffer.from(first.iv, 'base64url')).toHaveLength(12);
    expect(await openJson(first, 'due-diligence/a')).toEqual({ name: NAME });
  });

  it('refuses a changed ciphertext and a record moved to another', async () => {
    const sealed = await sealJson({ name: NAME }, 'due-diligence/a');
    const bytes = Buffer.from(sealed.ct, 'base64url');
    bytes[0]! ^= 1;
    await expect(openJson({ ...sealed, ct: bytes.toString('base64url') }, 'due-diligence/a')).rejects.toThrow(
      /did not decrypt/,
    );
    await expect(openJson(sealed, 'due-diligence/b')).rejects.toThrow(/did not decrypt/);
  });

  it('answers 503 without a key, and refuses a key that is not 32 bytes (saying why)', async () => {
    useKeys(null);
    expect(cddKeyAvailable()).toBe(false);
    expect(() => requireCddKey()).toThrow(Refused);
    try {
      requireCddKey();
    } catch (error) {
      expect(refusalStatus(error)).toBe(503);
      expect((error as Refused).message).toMatch(
        /^Due diligence records are unavailable: CDD_ENCRYPTION_KEY is not set/,
      );
    }
    // Below the routes' check, the encryption refuses on its own (it knows nothing of HTTP).
    await expect(sealJson({}, 'x')).rejects.toThrow(MissingCddKeyError);
    await expect(openJson({ v: 1, kid: '0'.repeat(16), iv: 'A'.repeat(16), ct: 'A' }, 'x')).rejects.toThrow(
      MissingCddKeyError,
    );

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    useKeys(randomBytes(16).toString('base64'));
    expect(cddKeyAvailable()).toBe(false);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/CDD_ENCRYPTION_KEY: it decodes to 16 bytes, not 32/));
    useKeys('not base64 at all!');
    expect(cddKeyAvailable()).toBe(false);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/CDD_ENCRYPTION_KEY: it is not base64/));
  });
});

/** Every file under `directory`, read whole. */
function filesUnder(directory: string): { file: string; text: string }[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, text: readFileSync(file).toString('latin1') };
    });
}

describe('the repository', () => {
  it('keeps no personal detail in plain text on disk, and gives it back decrypted', async () => {
    const stored = record();
    expect(await insertCdd(stored)).toBe(true);
    const files = filesUnder(blobs.directory());
    // The record is there (its id is the key) …
    expect(files.some(({ file, text }) => file.includes(stored.enquiryId) || text.includes(stored.enquiryId))).toBe(
      true,
    );
    // … and neither the name nor the date of birth, nor the address, is anywhere.
    for (const secret of [NAME, 'Quintavalle', BIRTH, 'Distinctive Lane', 'Long-standing']) {
      expect(files.filter(({ text }) => text.includes(secret)).map(({ file }) => file)).toEqual([]);
    }
    const found = await getCdd(stored.enquiryId);
    expect(found?.record).toEqual(stored);
    expect(found?.record.parties[0]).toMatchObject({ fullName: NAME, dateOfBirth: BIRTH });
    expect(await getCddMeta(stored.enquiryId)).toEqual({
      enquiryId: stored.enquiryId,
      engagementId: stored.engagementId,
      status: 'submitted',
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
      submittedAt: stored.submittedAt,
      version: 1,
      kid: keyId(KEY_A),
    });
  });

  it('creates once and replaces only against the ETag it read', async () => {
    const stored = record();
    expect(await insertCdd(stored)).toBe(true);
    expect(await insertCdd({ ...stored, status: 'in-progress' })).toBe(false);
    const read = (await getCdd(stored.enquiryId))!;
    const verified = { ...read.record, status: 'verified' as const, riskRating: 'low' as const, version: 2 };
    const [one, two] = await Promise.all([
      replaceCdd(verified, read.etag),
      replaceCdd({ ...read.record, status: 'rejected', rejectReason: 'x', version: 2 }, read.etag),
    ]);
    expect([one, two].filter(Boolean)).toHaveLength(1);
    const after = (await getCdd(stored.enquiryId))!.record;
    expect(after.status).toBe(one ? 'verified' : 'rejected');
    await deleteCdd(stored.enquiryId);
    expect(await getCdd(stored.enquiryId)).toBeNull();
    expect(await getCddMeta(stored.enquiryId)).toBeNull();
  });

  it('will not open a personal part moved into another enquiry’s record', async () => {
    const { getStore } = await import('@netlify/blobs');
    const store = getStore({ name: 'due-diligence', consistency: 'strong' });
    const victim = record(timeKey(), 'Victim Person');
    const other = record(timeKey(), 'Other Person');
    await insertCdd(victim);
    await insertCdd(other);
    const victimBlob = (await store.get(victim.enquiryId, { type: 'json' })) as { personal: unknown };
    const otherBlob = (await store.get(other.enquiryId, { type: 'json' })) as object;
    await store.setJSON(other.enquiryId, { ...otherBlob, personal: victimBlob.personal });
    await expect(getCdd(other.enquiryId)).rejects.toThrow(/did not decrypt/);
    expect((await getCdd(victim.enquiryId))?.record.parties[0]).toMatchObject({ fullName: 'Victim Person' });

    // A rotation leaves it (logged by id), re-seals the rest, and the script says it is left.
    useKeys(KEY_B, KEY_A);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await reencryptAll()).toBeGreaterThan(0);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`could not re-encrypt ${other.enquiryId}`));
    expect((await listCddMeta()).filter((meta) => meta.kid !== keyId(KEY_B)).map((meta) => meta.enquiryId)).toEqual([
      other.enquiryId,
    ]);
    await deleteCdd(other.enquiryId);
  });

  it('goes into a backup as ciphertext only', async () => {
    const stored = record(timeKey(), 'Backupina Ferromagnetica');
    await insertCdd(stored);
    const root = mkdtempSync(path.join(tmpdir(), 'cdd-backup-'));
    try {
      const file = path.join(root, 'backup.jsonl');
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, BLOBS_DIR: blobs.directory() };
      const result = await new Promise<{ code: number; output: string }>((resolve) => {
        execFile(process.execPath, ['scripts/backup.ts', file], { env }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
        );
      });
      expect(result.code, result.output).toBe(0);
      expect(statSync(file).size).toBeGreaterThan(0);
      const entries = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { store?: string; key?: string; data?: string });
      const decoded = entries
        .filter((entry) => entry.data)
        .map((entry) => ({
          ...entry,
          text: Buffer.from(entry.data!, 'base64').toString('utf8'),
        }));
      const mine = decoded.find((entry) => entry.store === 'due-diligence' && entry.key === stored.enquiryId);
      expect(mine, 'the record is in the backup').toBeDefined();
      expect(JSON.parse(mine!.text).personal).toMatchObject({ v: 1, kid: keyId(KEY_A) });
      for (const secret of ['Backupina', 'Ferromagnetica', BIRTH, 'Distinctive Lane']) {
        expect(decoded.filter((entry) => entry.text.includes(secret)).map((entry) => entry.key)).toEqual([]);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('key rotation', () => {
  it('reads old records with the previous key and re-seals them under the new one', async () => {
    const old = record(timeKey(), 'Rotated Person');
    await insertCdd(old);
    expect((await getCddMeta(old.enquiryId))?.kid).toBe(keyId(KEY_A));

    // The new key alone cannot open what the old one sealed.
    useKeys(KEY_B);
    await expect(getCdd(old.enquiryId)).rejects.toThrow(/neither CDD_ENCRYPTION_KEY nor CDD_ENCRYPTION_KEY_PREVIOUS/);

    useKeys(KEY_B, KEY_A);
    expect((await getCdd(old.enquiryId))?.record.parties[0]).toMatchObject({ fullName: 'Rotated Person' });
    const fresh = record(timeKey(), 'Fresh Person');
    await insertCdd(fresh);
    expect((await getCddMeta(fresh.enquiryId))?.kid).toBe(keyId(KEY_B));

    const before = (await listCddMeta()).filter((meta) => meta.kid === keyId(KEY_A)).length;
    expect(before).toBeGreaterThan(0);
    expect(await reencryptAll()).toBe(before);
    expect(await reencryptAll()).toBe(0);
    expect((await listCddMeta()).every((meta) => meta.kid === keyId(KEY_B))).toBe(true);

    // The previous key is no longer needed.
    useKeys(KEY_B);
    expect((await getCdd(old.enquiryId))?.record).toEqual(old);
  });

  it('runs as `npm run cdd:rotate` against a Blobs directory', async () => {
    useKeys(KEY_B);
    const stored = record(timeKey(), 'Script Person');
    await insertCdd(stored);
    const KEY_C = newKey();
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      BLOBS_DIR: blobs.directory(),
      CDD_ENCRYPTION_KEY: KEY_C.toString('base64'),
      CDD_ENCRYPTION_KEY_PREVIOUS: KEY_B.toString('base64'),
    };
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(process.execPath, ['scripts/cdd-rotate.ts'], { env, cwd: process.cwd() }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(result.code, result.output).toBe(0);
    const count = (await listCddMeta()).length;
    expect(result.output).toContain(`Re-encrypted ${count} due diligence records under key ${keyId(KEY_C)}`);
    useKeys(KEY_C);
    expect((await getCdd(stored.enquiryId))?.record.parties[0]).toMatchObject({ fullName: 'Script Person' });
  });
});
