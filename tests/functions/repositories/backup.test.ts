/**
 * `npm run backup` and `npm run restore`, run as the commands they are, over real local
 * Blobs directories: the round trip gives back every store, key, byte and metadata.
 */
import { getStore, listStores } from '@netlify/blobs';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalBlobs } from '#scripts/lib/local-blobs.ts';
import { getMedia, saveMedia } from '#server/repositories/media-store.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { keyId, sealJson } from '#server/crypto/sealed-records.ts';
import { png } from '../fixtures/images.ts';

const root = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const newDir = () => path.join(root, `blobs-${++dirs}`);

/**
 * Runs one of the commands against a Blobs directory (with `keys` as its due-diligence keys);
 * resolves with its exit code and output.
 */
function run(script: 'backup' | 'restore', blobsDir: string, ...args: (string | Record<string, string>)[]) {
  const keys = args.find((arg) => typeof arg === 'object') ?? {};
  const rest = args.filter((arg) => typeof arg === 'string');
  return new Promise<{ code: number; output: string }>((resolve) => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, BLOBS_DIR: blobsDir, ...keys };
    execFile(process.execPath, [`scripts/${script}.ts`, ...rest], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr });
    });
  });
}

/** Opens a Blobs directory in this process for the duration of `task`. */
async function withBlobs<T>(directory: string, task: () => Promise<T>): Promise<T> {
  const blobs = await startLocalBlobs(directory);
  try {
    return await task();
  } finally {
    await blobs.stop();
  }
}

type Snapshot = Record<string, Record<string, { bytes: string; metadata: Record<string, unknown> }>>;

/** Everything a Blobs directory holds, read independently of the backup code. */
const snapshot = (directory: string) =>
  withBlobs(directory, async (): Promise<Snapshot> => {
    const result: Snapshot = {};
    for (const name of (await listStores()).stores) {
      const store = getStore({ name, consistency: 'strong' });
      const entries: Snapshot[string] = {};
      for (const { key } of (await store.list()).blobs) {
        const found = await store.getWithMetadata(key, { type: 'arrayBuffer' });
        entries[key] = { bytes: Buffer.from(found.data).toString('hex'), metadata: found.metadata };
      }
      result[name] = entries;
    }
    return result;
  });

const binary = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(4096)]);

/** An uploaded image, through the product's own media repository. */
const image = png(3, 2);

/** Several stores with every kind of content the product (and a future one) could hold. */
const seed = (directory: string) =>
  withBlobs(directory, async () => {
    const requests = getStore({ name: 'contact-requests', consistency: 'strong' });
    await requests.setJSON('000mwqt72gu1366d96a5a22', {
      id: '000mwqt72gu1366d96a5a22',
      firstName: 'Zoë',
      message: 'Line one\nline "two" ✓',
    });
    await requests.setJSON('000mwqt72gv0000000000000', { id: '000mwqt72gv0000000000000', firstName: 'Alex' });
    const posts = getStore({ name: 'blog-posts', consistency: 'strong' });
    await posts.setJSON(
      'posts/abc123',
      { title: 'Settlement day' },
      { metadata: { slug: 'settlement-day', published: true } },
    );
    await posts.set('slugs/settlement-day', 'abc123');
    await posts.set('deep/nested/key/with/slashes', 'text with émojis 🏡 and a NUL \u0000 byte');
    const files = getStore({ name: 'files', consistency: 'strong' });
    await files.set(
      'images/photo.bin',
      binary.buffer.slice(binary.byteOffset, binary.byteOffset + binary.byteLength) as ArrayBuffer,
      {
        metadata: {
          contentType: 'application/octet-stream',
          size: binary.length,
          tags: ['a', 'ü'],
          nested: { n: 1.5, none: null },
        },
      },
    );
    await files.set('empty', '');
    const preview = getStore({ name: 'deploy-preview--blog-posts', consistency: 'strong' });
    await preview.setJSON('posts/preview-only', { title: 'Preview data stays apart' });
    await saveMedia({ bytes: image, contentType: 'image/png', width: 3, height: 2, uploadedBy: 'jane.smith' });
  });

describe('backup and restore', () => {
  it('round-trips every store, key, byte and metadata exactly into empty Blobs', async () => {
    const source = newDir();
    await seed(source);
    const file = path.join(root, 'round-trip.jsonl');

    const backedUp = await run('backup', source, file);
    expect(backedUp.output).toContain('Backed up 9 blobs in 5 stores');
    expect(backedUp.code).toBe(0);
    // Personal data and password hashes: the owner's eyes only.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ format: 'netlify-blobs-backup', version: 1, source: { kind: 'local' } });
    expect(lines.at(-1)).toEqual({ end: true, blobs: 9, needs: { cddKeyIds: [], sessionSecret: true } });

    const target = newDir();
    const restored = await run('restore', target, file);
    expect(restored.output).toContain('Restored 9 blobs in 5 stores');
    expect(restored.code).toBe(0);

    const before = await snapshot(source);
    expect(Object.keys(before).sort()).toEqual([
      'blog-posts',
      'contact-requests',
      'deploy-preview--blog-posts',
      'files',
      'media',
    ]);
    expect(before.files!['images/photo.bin']!.bytes).toBe(binary.toString('hex'));
    expect(await snapshot(target)).toEqual(before);
    // The restored image is whole to the product too: its bytes and its facts.
    const key = Object.keys(before.media!)[0]!;
    const restoredImage = await withBlobs(target, () => getMedia(key));
    expect(Buffer.from(restoredImage!.bytes).equals(image)).toBe(true);
    expect(restoredImage!.info).toMatchObject({
      contentType: 'image/png',
      width: 3,
      height: 2,
      size: image.length,
      uploadedBy: 'jane.smith',
    });
  });

  it('refuses to restore over data unless told to replace it, and then matches the backup exactly', async () => {
    const source = newDir();
    await seed(source);
    const file = path.join(root, 'replace.jsonl');
    expect((await run('backup', source, file)).code).toBe(0);
    const expected = await snapshot(source);

    const target = newDir();
    await withBlobs(target, async () => {
      await getStore({ name: 'contact-requests', consistency: 'strong' }).setJSON('000mwqt72gu1366d96a5a22', {
        changed: true,
      });
      await getStore({ name: 'contact-requests', consistency: 'strong' }).setJSON('zz-not-in-backup', { extra: true });
      await getStore({ name: 'files', consistency: 'strong' }).set('empty', 'now full', { metadata: { stale: true } });
      await getStore({ name: 'other-store', consistency: 'strong' }).set('kept', 'not in the backup, left alone');
    });
    const untouched = await snapshot(target);

    const refused = await run('restore', target, file);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('already holds data');
    expect(await snapshot(target)).toEqual(untouched);

    const replaced = await run('restore', target, file, '--replace');
    expect(replaced.code).toBe(0);
    expect(replaced.output).toContain('removed 1 blobs');
    expect(await snapshot(target)).toEqual({ ...expected, 'other-store': untouched['other-store'] });
  });

  it('writes nothing from a backup that was cut short or tampered with', async () => {
    const source = newDir();
    await seed(source);
    const file = path.join(root, 'whole.jsonl');
    expect((await run('backup', source, file)).code).toBe(0);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');

    const cut = path.join(root, 'cut.jsonl');
    writeFileSync(cut, lines.slice(0, -2).join('\n') + '\n');
    const damaged = path.join(root, 'damaged.jsonl');
    writeFileSync(
      damaged,
      [...lines.slice(0, 2), '{"store":"files","key":"x","metadata":{},"data":"not base64!"}', ...lines.slice(2)].join(
        '\n',
      ),
    );

    for (const broken of [cut, damaged]) {
      const target = newDir();
      await withBlobs(target, () => getStore({ name: 'other-store', consistency: 'strong' }).set('kept', 'as it was'));
      const before = await snapshot(target);
      const result = await run('restore', target, broken);
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/incomplete|not a blob entry/);
      expect(await snapshot(target)).toEqual(before);
    }
  });

  it('names the keys a restore needs, and refuses a restore no key here can open, writing nothing', async () => {
    const sealedUnder = randomBytes(32).toString('base64');
    const another = randomBytes(32).toString('base64');
    const kid = keyId(Buffer.from(sealedUnder, 'base64'));
    const source = newDir();
    await seed(source);
    await withBlobs(source, async () => {
      process.env.CDD_ENCRYPTION_KEY = sealedUnder;
      resetCddKeyEnv();
      try {
        const sealed = await sealJson({ fullName: 'Ada Client' }, 'due-diligence/000mwqt72gu1366d96a5a22');
        await getStore({ name: 'due-diligence', consistency: 'strong' }).setJSON('000mwqt72gu1366d96a5a22', {
          enquiryId: '000mwqt72gu1366d96a5a22',
          sealed,
        });
      } finally {
        delete process.env.CDD_ENCRYPTION_KEY;
        resetCddKeyEnv();
      }
    });
    const file = path.join(root, 'sealed.jsonl');
    const backedUp = await run('backup', source, file);
    expect(backedUp.code).toBe(0);
    expect(backedUp.output).toContain(`A restore needs the due-diligence key id ${kid} and SESSION_SECRET`);
    const manifest = readFileSync(`${file}.manifest.json`, 'utf8');
    expect(JSON.parse(manifest).restoreNeeds).toMatchObject({ cddKeyIds: [kid], sessionSecret: expect.any(String) });
    // Ids only: neither key is in the manifest or the backup's closing line.
    const closing = readFileSync(file, 'utf8').trimEnd().split('\n').at(-1)!;
    expect(JSON.parse(closing).needs).toEqual({ cddKeyIds: [kid], sessionSecret: true });
    for (const text of [manifest, closing]) expect(text).not.toContain(sealedUnder);

    const target = newDir();
    await withBlobs(target, () => getStore({ name: 'other-store', consistency: 'strong' }).set('kept', 'as it was'));
    const before = await snapshot(target);
    for (const keys of [
      { CDD_ENCRYPTION_KEY: another } as Record<string, string>,
      { CDD_ENCRYPTION_KEY: another, CDD_ENCRYPTION_KEY_PREVIOUS: randomBytes(32).toString('base64') },
    ]) {
      const refused = await run('restore', target, file, keys);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain(`sealed under key id ${kid}, which no key in this environment opens`);
      expect(refused.output).toContain('Nothing was written');
      expect(await snapshot(target)).toEqual(before);
    }

    // The key kept as the previous one (a site that has rotated since) opens them: restored.
    const restored = await run('restore', target, file, {
      CDD_ENCRYPTION_KEY: another,
      CDD_ENCRYPTION_KEY_PREVIOUS: sealedUnder,
    });
    expect(restored.output).toContain('Restored 10 blobs in 6 stores');
    expect(restored.code).toBe(0);
  });

  it('never overwrites an existing file', async () => {
    const source = newDir();
    await seed(source);
    const file = path.join(root, 'exists.jsonl');
    writeFileSync(file, 'precious');
    const result = await run('backup', source, file);
    expect(result.code).not.toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('precious');
    expect(existsSync(`${file}.partial`)).toBe(false);
  });
});
