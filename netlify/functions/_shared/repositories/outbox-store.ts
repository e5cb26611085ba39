/**
 * What every outbox keeps (the staff alerts' `alert-outbox`, the client messages'
 * `mail-outbox`): one blob per entry under `{prefix}{id}`, added with `onlyIfNew` (an id is
 * the caller's idempotency key) and changed only with `onlyIfMatch`, so that an attempt is
 * claimed by exactly one deliverer. The delivery rules are the outbox engine's
 * (mail/outbox.ts); each store keeps its own name, prefix and entry shape.
 */
import type * as z from 'zod/mini';
import { getAllJson, getJsonWithEtag, listKeys, openStore, writeJsonIf, writeJsonIfTagged } from './blobs.ts';

/** What the engine reads and writes on every entry, whatever else it carries. */
export interface OutboxTimes {
  /** Delivery attempts made (claimed) so far. */
  attempts: number;
  /** The retries stop 24 hours after this. */
  createdAt: string;
  /** The scheduled retry leaves the entry alone until then. */
  nextAttemptAt: string;
}

export interface OutboxStore<E extends OutboxTimes> {
  /** Adds an entry; false when one with its id is already there. */
  enqueue(entry: E): Promise<boolean>;
  read(id: string): Promise<{ entry: E; etag: string } | null>;
  /** Writes the entry only if nobody changed it since `etag`; its new etag, or null. */
  replace(entry: E, etag: string): Promise<string | null>;
  remove(id: string): Promise<void>;
  list(): Promise<E[]>;
  idOf(entry: E): string;
}

export function outboxStore<S extends z.ZodMiniType<OutboxTimes>>(
  storeBase: string,
  prefix: string,
  schema: S,
  idOf: (entry: z.output<S>) => string,
): OutboxStore<z.output<S>> {
  const key = (id: string) => `${prefix}${id}`;
  const read = async (id: string) => {
    const found = await getJsonWithEtag(openStore(storeBase), key(id), schema);
    return found?.data ? { entry: found.data, etag: found.etag } : null;
  };
  return {
    enqueue: (entry) => writeJsonIf(openStore(storeBase), key(idOf(entry)), entry, null),
    read,
    replace: (entry, etag) => writeJsonIfTagged(openStore(storeBase), key(idOf(entry)), entry, etag),
    async remove(id) {
      await openStore(storeBase).delete(key(id));
    },
    async list() {
      const store = openStore(storeBase);
      return getAllJson(store, await listKeys(store, prefix || undefined), schema, 16);
    },
    idOf,
  };
}
