/**
 * The local Blobs server decides conditional writes as Netlify does: atomically per key,
 * with ETags on reads that are the ones a conditional write is checked against.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { useBlobs } from './harness.ts';

useBlobs();

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
});
