/**
 * Testimonials and services are stored alike: one JSON blob per record, keyed by its id,
 * each carrying a `version` that changes with every save. Every change is a conditional
 * write on the ETag just read, so between any number of instances a stale editor gets
 * 'conflict' and a deleted record stays deleted. Each has its own store and its own
 * repository module built from this. Keys with a `/` (e.g. `meta/seeded`) are not records.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type * as z from 'zod/mini';
import { getAllJson, listKeys, newId, openStore, updateJson, WriteConflict, writeJsonIf } from './blobs.ts';

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface Versioned {
  id: string;
  title: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  version: string;
}

/**
 * 'refused': the change breaks a rule of the record (a testimonial without consent
 * switched on); 'conflict': the caller's `version` is not the stored one.
 */
export type SaveResult<T> = { ok: true; record: T } | { ok: false; reason: 'not-found' | 'conflict' | 'refused' };

const newVersion = () => newId().slice(0, 12);
export const isRecordKey = (key: string) => !key.includes('/');

export function versionedRepository<T extends Versioned>(
  storeBase: string,
  schema: z.core.$ZodType<T>,
  options: {
    order: (a: T, b: T) => number;
    /** Whether `record` may be stored with `isActive` true. */
    mayBeActive?: (record: T) => boolean;
  },
) {
  const mayBeActive = options.mayBeActive ?? (() => true);

  /**
   * Reads the record, lets `apply` derive the next one, and writes it on the ETag just
   * read; a write that loses to another writer reads again. `version`, when given, must
   * be the stored one.
   */
  async function change(id: string, version: string | undefined, apply: (current: T) => T): Promise<SaveResult<T>> {
    if (!ID_PATTERN.test(id)) return { ok: false, reason: 'not-found' };
    /** Why `apply` below left the record as it was. */
    let refused = null as 'not-found' | 'conflict' | 'refused' | null;
    try {
      const { after } = await updateJson(
        openStore(storeBase),
        id,
        schema,
        (current) => {
          refused = null;
          if (!current) refused = 'not-found';
          else if (version !== undefined && version !== current.version) refused = 'conflict';
          if (refused || !current) return null;
          const next = {
            ...apply(current),
            id,
            createdAt: current.createdAt,
            updatedAt: new Date(currentTime()).toISOString(),
            version: newVersion(),
          };
          if (next.isActive && !mayBeActive(next)) refused = 'refused';
          return refused ? null : next;
        },
        `The record ${id} kept changing while it was saved`,
      );
      return refused || !after ? { ok: false, reason: refused ?? 'not-found' } : { ok: true, record: after };
    } catch (error) {
      if (error instanceof WriteConflict) return { ok: false, reason: 'conflict' };
      throw error;
    }
  }

  return {
    /** Every record, in display order. */
    async list(): Promise<T[]> {
      const store = openStore(storeBase);
      const keys = (await listKeys(store)).filter(isRecordKey);
      return (await getAllJson(store, keys, schema)).sort(options.order);
    },

    /** Stores a new record under a new id. */
    async create(fields: Omit<T, 'id' | 'createdAt' | 'updatedAt' | 'version'>): Promise<SaveResult<T>> {
      const now = new Date(currentTime()).toISOString();
      // The fields plus the bookkeeping the Omit took out are a T; TypeScript cannot see it through the generic.
      const record = { ...fields, id: newId(), createdAt: now, updatedAt: now, version: newVersion() } as T;
      if (record.isActive && !mayBeActive(record)) return { ok: false, reason: 'refused' };
      // A 16-byte random id is never taken; if it were, saying so beats overwriting.
      return (await writeJsonIf(openStore(storeBase), record.id, record, null))
        ? { ok: true, record }
        : { ok: false, reason: 'conflict' };
    },

    /** Replaces a record's fields (a full update), conditionally on `version` when given. */
    update: (id: string, fields: Omit<T, 'id' | 'createdAt' | 'updatedAt' | 'version'>, version?: string) =>
      change(id, version, (current) => ({ ...current, ...fields })),

    /** Switches a record on or off, conditionally on `version` when given. */
    setActive: (id: string, isActive: boolean, version?: string) =>
      change(id, version, (current) => ({ ...current, isActive })),

    /** Deletes a record; false when there was none. */
    async remove(id: string): Promise<boolean> {
      if (!ID_PATTERN.test(id)) return false;
      const store = openStore(storeBase);
      if (!(await store.getMetadata(id))) return false;
      await store.delete(id);
      return true;
    },

    /** Adds a record unless one with its id exists (the seeds). */
    async insert(record: T): Promise<boolean> {
      return writeJsonIf(openStore(storeBase), record.id, record, null);
    },

    async isEmpty(): Promise<boolean> {
      const keys = await listKeys(openStore(storeBase));
      return !keys.some(isRecordKey);
    },
  };
}
