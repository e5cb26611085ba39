/**
 * Testimonials and services are stored alike: one JSON blob per record, keyed by id,
 * and staff only switch them on or off or delete them. Each has its own store and
 * its own repository module built from this.
 */
import { getAllJson, getJsonWithEtag, listKeys, openStore, withKeyLock } from '../blobs.ts';

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

interface Toggleable {
  id: string;
  title: string;
  isActive: boolean;
}

export function toggleableRepository<T extends Toggleable>(storeBase: string) {
  return {
    /** Every record, in title order. */
    async list(): Promise<T[]> {
      const store = openStore(storeBase);
      const records = await getAllJson<T>(store, await listKeys(store));
      return records.sort((a, b) => a.title.localeCompare(b.title, 'en-AU'));
    },

    /** Switches a record on or off; null when there is no such record. */
    async setActive(id: string, isActive: boolean): Promise<T | null> {
      if (!ID_PATTERN.test(id)) return null;
      return withKeyLock(`${storeBase}:${id}`, async () => {
        const store = openStore(storeBase);
        // Compare-and-swap: a concurrent writer makes us read again, never overwrite.
        for (let attempt = 0; attempt < 5; attempt++) {
          const current = await getJsonWithEtag<T>(store, id);
          if (!current) return null;
          const next = { ...current.data, isActive };
          const result = await store.setJSON(id, next, { onlyIfMatch: current.etag });
          if (result.modified) return next;
        }
        throw new Error(`Could not update ${storeBase}/${id}: too many concurrent changes`);
      });
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
