/**
 * The local Blobs server decides conditional writes as Netlify does: atomically per key,
 * with ETags on reads that are the ones a conditional write is checked against.
 */
import { getStore } from '@netlify/blobs';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useBlobs } from '../harness.ts';

const blobs = useBlobs();

// Tests may open stores directly: they check the server, not the repositories.
const store = () => getStore({ name: 'local-blobs-test', consistency: 'strong' });
const TRIALS = 20;
const RACERS = 10;

describe('local Blobs server', () => {
  it('answers reads with the ETag that the last write returned', async () => {
    const { etag } = await store().setJSON('etag-read', { n: 1 });
    expect(etag).toMatch(/^".+"$/);
    const read = await store().getWithMetadata('etag-read', { type: 'json' });
    expect(read).toMatchObject({ data: { n: 1 }, etag });
    expect((await store().getMetadata('etag-read'))?.etag).toBe(etag);
  });

  it('gives a new ETag to every change, however quickly it follows the last', async () => {
    let { etag } = await store().setJSON('quick', { n: 0 });
    for (let n = 1; n <= 50; n++) {
      const next = await store().setJSON('quick', { n }, { onlyIfMatch: etag });
      expect(next.modified).toBe(true);
      // The ETag just replaced must no longer pass.
      expect((await store().setJSON('quick', { n: -1 }, { onlyIfMatch: etag })).modified).toBe(false);
      etag = next.etag!;
    }
    expect(await store().get('quick', { type: 'json' })).toEqual({ n: 50 });
  });

  it('lets exactly one of many concurrent writes with one ETag through', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const key = `match-${trial}`;
      const { etag } = await store().setJSON(key, { winner: null });
      const results = await Promise.all(
        Array.from({ length: RACERS }, (_, racer) => store().setJSON(key, { winner: racer }, { onlyIfMatch: etag! })),
      );
      const winners = results.flatMap((result, racer) => (result.modified ? [racer] : []));
      expect(winners, `trial ${trial}`).toHaveLength(1);
      expect(await store().get(key, { type: 'json' })).toEqual({ winner: winners[0] });
    }
  });

  it('lets exactly one of many concurrent writes of a new key through', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const key = `new-${trial}`;
      const results = await Promise.all(
        Array.from({ length: RACERS }, (_, racer) => store().setJSON(key, { winner: racer }, { onlyIfNew: true })),
      );
      const winners = results.flatMap((result, racer) => (result.modified ? [racer] : []));
      expect(winners, `trial ${trial}`).toHaveLength(1);
      expect(await store().get(key, { type: 'json' })).toEqual({ winner: winners[0] });
    }
  });

  it('refuses a conditional write after the blob was deleted', async () => {
    const { etag } = await store().setJSON('deleted', { n: 1 });
    await store().delete('deleted');
    expect((await store().setJSON('deleted', { n: 2 }, { onlyIfMatch: etag! })).modified).toBe(false);
    expect(await store().get('deleted')).toBeNull();
  });

  // Listings keep each file's hash while the file is unchanged (scripts/lib/local-blobs.ts);
  // these prove a kept hash is never served for bytes that have changed.
  const listedEtag = async (key: string) => (await store().list()).blobs.find((blob) => blob.key === key)?.etag;

  it('lists every blob with the ETag its last write returned, however quickly it changed', async () => {
    let previous: string | undefined;
    for (let n = 0; n < 30; n++) {
      const { etag } = await store().setJSON('listed', { n });
      expect(await listedEtag('listed')).toBe(etag);
      expect(etag).not.toBe(previous);
      previous = etag;
    }
    await store().delete('listed');
    expect(await listedEtag('listed')).toBeUndefined();
  });

  it('sees a file changed in place behind its back, bytes of the same length', async () => {
    const { etag } = await store().setJSON('outside', { n: 1 });
    expect(await listedEtag('outside')).toBe(etag);
    const file = findFile(blobs.directory(), 'outside');
    // Only a file changed over a second ago has its hash kept: wait until this one has, and
    // list it so the hash is kept.
    await vi.waitFor(() => expect(Date.now() - statSync(file).ctimeMs).toBeGreaterThan(1_100), {
      timeout: 5_000,
      interval: 50,
    });
    expect(await listedEtag('outside')).toBe(etag);
    writeFileSync(file, JSON.stringify({ n: 2 }));
    const changed = await listedEtag('outside');
    expect(changed).toMatch(/^".+"$/);
    expect(changed).not.toBe(etag);
    expect((await store().getWithMetadata('outside', { type: 'json' }))?.etag).toBe(changed);
    expect((await store().setJSON('outside', { n: 3 }, { onlyIfMatch: etag! })).modified).toBe(false);
  });

  it('lists a blob another process added or removed behind its back', async () => {
    await store().setJSON('names-a', { n: 1 });
    const directory = path.dirname(findFile(blobs.directory(), 'names-a'));
    // Only a directory still for over a second has its names kept: wait for that, and list.
    await vi.waitFor(() => expect(Date.now() - statSync(directory).ctimeMs).toBeGreaterThan(1_100), {
      timeout: 5_000,
      interval: 50,
    });
    const keys = async () => (await store().list()).blobs.map((blob) => blob.key);
    expect(await keys()).toContain('names-a');
    writeFileSync(path.join(directory, 'names-b'), JSON.stringify({ n: 2 }));
    expect(await keys()).toContain('names-b');
    rmSync(path.join(directory, 'names-a'));
    expect(await keys()).not.toContain('names-a');
  });
});

/** The file the local server keeps a key of this test's store in. */
function findFile(root: string, key: string): string {
  const search = (directory: string): string | undefined => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        const hit = search(full);
        if (hit) return hit;
      } else if (entry.name === key && full.includes(`${path.sep}entries${path.sep}`)) {
        return full;
      }
    }
    return undefined;
  };
  const found = search(root);
  if (!found) throw new Error(`no file for ${key}`);
  return found;
}

describe('local Blobs server address', () => {
  it('listens on this machine only (127.0.0.1), as the README promises', async () => {
    const { connect } = await import('node:net');
    const { networkInterfaces } = await import('node:os');
    const { startLocalBlobs } = await import('#scripts/lib/local-blobs.ts');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const saved = process.env.NETLIFY_BLOBS_CONTEXT;
    const local = await startLocalBlobs(mkdtempSync(path.join(tmpdir(), 'blobs-bind-')));
    process.env.NETLIFY_BLOBS_CONTEXT = saved;
    const reach = (host: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(local.port, host);
        socket.once('connect', () => (socket.destroy(), resolve('connected')));
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    try {
      expect(await reach('127.0.0.1')).toBe('connected');
      const outside = Object.values(networkInterfaces())
        .flat()
        .filter((address) => address && !address.internal);
      for (const address of outside) expect(await reach(address!.address), address!.address).toBe('ECONNREFUSED');
    } finally {
      await local.stop();
    }
  });
});
