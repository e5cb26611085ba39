/**
 * Store `media`: one blob per uploaded image, its bytes stored as they came, keyed by
 * the SHA-256 of those bytes plus the extension of its type. The same file uploaded twice
 * is one blob (`onlyIfNew`: the first upload's metadata stays), and an address never
 * changes what it shows, so it may be cached for a year.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { MEDIA_TYPES, isMediaKey, mediaUrl, type MediaItem, type MediaType } from '#src/shared/media.ts';
import { conditionalWrite, openStore } from './blobs.ts';

const STORE = 'media';
/** Metadata reads at once while listing: the library is small, Blobs is not local. */
const PARALLEL = 16;

const metadataSchema = z.object({
  contentType: z.enum(Object.keys(MEDIA_TYPES) as [MediaType, ...MediaType[]]),
  width: z.number(),
  height: z.number(),
  size: z.number(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
type MediaMetadata = z.output<typeof metadataSchema>;

const item = (key: string, metadata: MediaMetadata): MediaItem => ({ key, url: mediaUrl(key), ...metadata });

const parseMetadata = (key: string, metadata: unknown): MediaItem | null => {
  const parsed = metadataSchema.safeParse(metadata);
  if (parsed.success) return item(key, parsed.data);
  console.error(`[blobs] skipped media ${key}: its metadata does not fit its schema`);
  return null;
};

export const mediaKeyFor = (bytes: Uint8Array, contentType: MediaType): string =>
  `${createHash('sha256').update(bytes).digest('hex')}.${MEDIA_TYPES[contentType]}`;

export interface NewMedia {
  bytes: Uint8Array;
  contentType: MediaType;
  width: number;
  height: number;
  uploadedBy: string;
}

/** What the library holds in all, in bytes (from each image's metadata). */
export async function librarySize(): Promise<number> {
  return (await listMedia()).reduce((sum, media) => sum + media.size, 0);
}

/**
 * Stores an image, or finds the same bytes already stored; answers the stored item, or
 * null when a new image would take the library past `maxTotalBytes`. The total is read
 * before the write: uploads at the same moment may each see room for themselves, so the
 * cap can be passed by those few uploads (4 MB each), never by more.
 */
export async function saveMedia(
  { bytes, contentType, width, height, uploadedBy }: NewMedia,
  maxTotalBytes = Infinity,
): Promise<MediaItem | null> {
  const store = openStore(STORE);
  const key = mediaKeyFor(bytes, contentType);
  const existing = await getMediaInfo(key);
  if (existing) return existing;
  if ((await librarySize()) + bytes.byteLength > maxTotalBytes) return null;
  const metadata: MediaMetadata = {
    contentType,
    width,
    height,
    size: bytes.byteLength,
    uploadedAt: new Date(currentTime()).toISOString(),
    uploadedBy,
  };
  const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  if (await conditionalWrite(store, key, { data: body, metadata }, null)) return item(key, metadata);
  return (await getMediaInfo(key)) ?? item(key, metadata);
}

/** The stored facts of one image (no bytes); null when unknown or malformed. */
export async function getMediaInfo(key: string): Promise<MediaItem | null> {
  if (!isMediaKey(key)) return null;
  const found = await openStore(STORE).getMetadata(key);
  return found ? parseMetadata(key, found.metadata) : null;
}

/** The bytes and facts of one image; null when unknown or malformed. */
export async function getMedia(key: string): Promise<{ bytes: ArrayBuffer; info: MediaItem } | null> {
  if (!isMediaKey(key)) return null;
  const found = await openStore(STORE).getWithMetadata(key, { type: 'arrayBuffer' });
  if (!found) return null;
  const info = parseMetadata(key, found.metadata);
  return info ? { bytes: found.data, info } : null;
}

/** Every image, newest upload first. */
export async function listMedia(): Promise<MediaItem[]> {
  const store = openStore(STORE);
  const keys: string[] = [];
  for await (const page of store.list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  const items: MediaItem[] = [];
  for (let i = 0; i < keys.length; i += PARALLEL) {
    const found = await Promise.all(keys.slice(i, i + PARALLEL).map((key) => getMediaInfo(key)));
    items.push(...found.filter((value) => value !== null));
  }
  return items.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt) || a.key.localeCompare(b.key));
}

/** Removes an image; false when there was none. Posts that show it lose their image. */
export async function deleteMedia(key: string): Promise<boolean> {
  if (!isMediaKey(key)) return false;
  const store = openStore(STORE);
  if (!(await store.getMetadata(key))) return false;
  await store.delete(key);
  return true;
}
