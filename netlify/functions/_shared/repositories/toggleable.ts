/**
 * Testimonials and services are stored alike: one JSON blob per record, keyed by id,
 * and staff only switch them on or off or delete them. Each has its own store and
 * its own repository module built from this.
 */
import type * as z from 'zod/mini';
import { getAllJson, getJsonWithEtag, listKeys, openStore } from '../blobs.ts';

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Each failed attempt means another writer succeeded, so this many is only ever reached under a storm. */
const MAX_ATTEMPTS = 10;

interface Toggleable {
  id: string;
  title: string;
  isActive: boolean;
}

export type ToggleResult<T> = { ok: true; record: T } | { ok: false; reason: 'not-found' | 'conflict' };

export function toggleableRepository<T extends Toggleable>(storeBase: string, schema: z.core.$ZodType<T>) {
  return {
    /** Every record, in title order. */
    async list(): Promise<T[]> {
      const store = openStore(storeBase);
      const records = await getAllJson(store, await listKeys(store), schema);
      return records.sort((a, b) => a.title.localeCompare(b.title, 'en-AU'));
    },

    /**
     * Switches a record on or off. The write is conditional on the value just read, so a
     * record deleted or changed meanwhile is read again (and a deleted one stays deleted),
     * never overwritten with a stale copy.
     */
    async setActive(id: string, isActive: boolean): Promise<ToggleResult<T>> {
      if (!ID_PATTERN.test(id)) return { ok: false, reason: 'not-found' };
      const store = openStore(storeBase);
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const current = await getJsonWithEtag(store, id, schema);
        if (!current?.data) return { ok: false, reason: 'not-found' };
        const record = { ...current.data, isActive };
        const { modified } = await store.setJSON(id, record, { onlyIfMatch: current.etag });
        if (modified) return { ok: true, record };
      }
      return { ok: false, reason: 'conflict' };
    },

    /** Deletes a record; false when there was none. */
    async remove(id: string): Promise<boolean> {
      if (!ID_PATTERN.test(id)) return false;
      const store = openStore(storeBase);
      if (!(await store.getMetadata(id))) return false;
      await store.delete(id);
      return true;
    },

    /** Adds a record unless one with its id exists (used by the demo seed). */
    async insert(record: T): Promise<boolean> {
      const result = await openStore(storeBase).setJSON(record.id, record, { onlyIfNew: true });
      return result.modified;
    },

    async isEmpty(): Promise<boolean> {
      const { blobs } = await openStore(storeBase).list();
      return blobs.length === 0;
    },
  };
}
