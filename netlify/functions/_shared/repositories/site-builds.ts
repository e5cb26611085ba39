/**
 * Store `site-builds`: what the public site's rebuilds owe, were asked for, and read.
 * - `state`: one record, changed only with conditional writes;
 * - `reads/{deployId}`: when that deploy's build read the data, written at build start and
 *   promoted to `builtAt` when the deploy goes live.
 */
import * as z from 'zod/mini';
import { getJson, getJsonWithEtag, openStore } from '../blobs.ts';

const isoDate = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value))));

/** The state as stored in Blobs, and as every read parses it. */
const buildStateSchema = z.object({
  /** The latest content change (or request from staff) the public site should show. */
  changedAt: z.nullable(isoDate),
  /** When the build hook last accepted a call. */
  requestedAt: z.nullable(isoDate),
  /** When a build-hook call last started, whatever came of it: the cool-down counts from here. */
  attemptedAt: z.nullable(isoDate),
  /** The last call's failure; cleared by the next accepted call. */
  lastFailure: z.nullable(
    z.object({
      /** When the build-hook call failed. */
      at: isoDate,
      /** Why, for staff: a status code or a network error code, never the hook's secret URL. */
      reason: z.string(),
    }),
  ),
  /** When the build that is live read the data: changes before this are on the site. */
  builtAt: z.nullable(isoDate),
});
export type BuildState = z.output<typeof buildStateSchema>;
export type BuildFailure = NonNullable<BuildState['lastFailure']>;

const readSchema = z.object({ readAt: isoDate });

const KEY = 'state';
const EMPTY: BuildState = { changedAt: null, requestedAt: null, attemptedAt: null, lastFailure: null, builtAt: null };

export async function readBuildState(): Promise<{ state: BuildState; etag: string | null }> {
  const found = await getJsonWithEtag(openStore('site-builds'), KEY, buildStateSchema);
  // A state that does not fit (logged) reads as none, with its ETag so the next write replaces it.
  return { state: found?.data ?? EMPTY, etag: found?.etag ?? null };
}

/** Writes the state only if nobody changed it since it was read; false otherwise. */
export async function writeBuildState(state: BuildState, etag: string | null): Promise<boolean> {
  const store = openStore('site-builds');
  const { modified } = etag
    ? await store.setJSON(KEY, state, { onlyIfMatch: etag })
    : await store.setJSON(KEY, state, { onlyIfNew: true });
  return modified;
}

const readKey = (deployId: string) => `reads/${encodeURIComponent(deployId)}`;

/** Records when a deploy's build read the data (written once, by the build, before it reads). */
export async function recordBuildRead(deployId: string, at: Date): Promise<void> {
  await openStore('site-builds').setJSON(readKey(deployId), { readAt: at.toISOString() });
}

/** When that deploy's build read the data; null for a deploy no build recorded. */
export async function findBuildRead(deployId: string): Promise<string | null> {
  return (await getJson(openStore('site-builds'), readKey(deployId), readSchema))?.readAt ?? null;
}
