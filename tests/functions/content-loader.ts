/**
 * Runs the build's content-layer loaders (src/loaders/site-loader.ts) as `astro build` does,
 * against the test's Blobs, into an in-memory collection that behaves like Astro's (an entry
 * set again with the same digest is left as it is). One `Collection` across several loads
 * is the data store a build finds from the build before (.astro/data-store.json).
 */
import type { DataStore, Loader, LoaderContext } from 'astro/loaders';
import { createHash } from 'node:crypto';
import { postsLoader } from '#src/loaders/site-loader.ts';

export type Entry = Parameters<DataStore['set']>[0];

export class Collection {
  readonly entries = new Map<string, Entry>();
  readonly warnings: string[] = [];
  /** How many entries the last load wrote (new or changed). */
  written = 0;

  readonly store = {
    get: (id: string) => this.entries.get(id),
    entries: () => [...this.entries],
    values: () => [...this.entries.values()],
    keys: () => [...this.entries.keys()],
    has: (id: string) => this.entries.has(id),
    delete: (id: string) => void this.entries.delete(id),
    clear: () => this.entries.clear(),
    set: (entry: Entry) => {
      const existing = this.entries.get(entry.id);
      if (existing && entry.digest !== undefined && existing.digest === entry.digest) return false;
      this.entries.set(entry.id, entry);
      this.written++;
      return true;
    },
  };

  async load(loader: Pick<Loader, 'load'>): Promise<this> {
    this.written = 0;
    const logger = {
      warn: (message: string) => this.warnings.push(message),
      error: (message: string) => this.warnings.push(message),
      info() {},
      debug() {},
    };
    const context = {
      collection: 'test',
      store: this.store,
      logger,
      generateDigest: (data: Record<string, unknown> | string) =>
        createHash('sha256')
          .update(typeof data === 'string' ? data : JSON.stringify(data))
          .digest('hex'),
    };
    await loader.load(context as unknown as LoaderContext);
    return this;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }
}

/** Published posts as a fresh build reads them. */
export const loadPosts = () => new Collection().load(postsLoader);
