/**
 * Store `site-builds`: what the public site's rebuilds owe, were asked for, and read.
 * - `state`: one record, changed only with conditional writes;
 * - `reads/{deployId}`: when that deploy's build read the data, written at build start and
 *   promoted to `builtAt` when the deploy goes live.
 * - `failures/{deployId}`: why that deploy's build failed, written by the build itself and
 *   promoted to `lastBuildFailure` when the deploy is reported failed.
 */
import * as z from 'zod/mini';
import { getJson, getJsonWithEtag, openStore, updateJson, writeJsonIf } from './blobs.ts';

const isoDate = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value))));

const failureSchema = z.object({
  /** When it failed. */
  at: isoDate,
  /** Why, for staff: a status code, a network error code or a build's first error line; never a secret. */
  reason: z.string(),
});
export type BuildFailure = z.output<typeof failureSchema>;

/** The state as stored in Blobs, and as every read parses it. */
const buildStateSchema = z.object({
  /** The latest content change (or request from staff) the public site should show. */
  changedAt: z.nullable(isoDate),
  /** When the build hook last accepted a call. */
  requestedAt: z.nullable(isoDate),
  /** When a build-hook call last started, whatever came of it: the cool-down counts from here. */
  attemptedAt: z.nullable(isoDate),
  /** The last call's failure; cleared by the next accepted call. */
  lastFailure: z.nullable(failureSchema),
  /** When the build that is live read the data: changes before this are on the site. */
  builtAt: z.nullable(isoDate),
  /**
   * The last build that failed, with when it read the data, until a build that read it later
   * goes live (absent: none since).
   */
  lastBuildFailure: z.optional(z.object({ ...failureSchema.shape, readAt: isoDate })),
});
export type BuildState = z.output<typeof buildStateSchema>;
export type FailedBuild = NonNullable<BuildState['lastBuildFailure']>;

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
  return writeJsonIf(openStore('site-builds'), KEY, state, etag);
}

/**
 * Reads, changes and writes the state (`updateJson`: again on a conflict, after a pause that
 * grows with each lost write, so that many staff saves at once all get through). `change`
 * returns null to leave it; resolves with the state as it is now.
 */
export async function updateBuildState(change: (state: BuildState) => BuildState | null): Promise<BuildState> {
  const { after } = await updateJson(
    openStore('site-builds'),
    KEY,
    buildStateSchema,
    (current) => change(current ?? EMPTY),
    'Could not record the rebuild state: too many concurrent changes',
  );
  return after ?? EMPTY;
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

const failureKey = (deployId: string) => `failures/${encodeURIComponent(deployId)}`;

/** Records why a deploy's build failed (written by the build, which knows the reason). */
export async function recordBuildFailure(deployId: string, failure: BuildFailure): Promise<void> {
  await openStore('site-builds').setJSON(failureKey(deployId), failure);
}

/** Why that deploy's build failed, as it recorded; null when it recorded nothing. */
export async function findBuildFailure(deployId: string): Promise<BuildFailure | null> {
  return getJson(openStore('site-builds'), failureKey(deployId), failureSchema);
}
