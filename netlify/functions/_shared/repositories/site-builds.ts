/**
 * Store `site-builds`: what the public site's rebuilds owe, were asked for, and read.
 * - `state`: one record, changed only with conditional writes;
 * - `reads/{deployId}`: when that deploy's build read the data, written at build start and
 *   promoted to `builtAt` when the deploy goes live.
 * - `failures/{deployId}`: why that deploy's build failed, written by the build itself and
 *   promoted to `lastBuildFailure` when the deploy is reported failed.
 */
import * as z from 'zod/mini';
import { getJsonWithEtag, openStore } from '../blobs.ts';

export interface BuildFailure {
  /** When the build-hook call failed. */
  at: string;
  /** Why, for staff: a status code or a network error code, never the hook's secret URL. */
  reason: string;
}

/** A build that failed: the live site stays on the build before it. */
export interface FailedBuild extends BuildFailure {
  /** When the failed build read the data: a deploy that read it later and went live clears this. */
  readAt: string;
}

export interface BuildState {
  /** The latest content change (or request from staff) the public site should show. */
  changedAt: string | null;
  /** When the build hook last accepted a call. */
  requestedAt: string | null;
  /** When a build-hook call last started, whatever came of it: the cool-down counts from here. */
  attemptedAt: string | null;
  /** The last call's failure; cleared by the next accepted call. */
  lastFailure: BuildFailure | null;
  /** When the build that is live read the data: changes before this are on the site. */
  builtAt: string | null;
  /** The last build that failed, until a later one goes live (absent: none since). */
  lastBuildFailure?: FailedBuild;
}

const KEY = 'state';
const EMPTY: BuildState = { changedAt: null, requestedAt: null, attemptedAt: null, lastFailure: null, builtAt: null };

const isoOrNull = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;

/** Reads any stored shape, including the first one (`{ requestedAt, queued, builtAt }`). */
function toState(data: unknown): BuildState {
  const raw = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const requestedAt = isoOrNull(raw.requestedAt);
  // The first shape said "queued" instead of recording the change: owe one rebuild then.
  const legacyChange =
    raw.queued === true && requestedAt ? new Date(Date.parse(requestedAt) + 1).toISOString() : requestedAt;
  const failure = raw.lastFailure as Record<string, unknown> | null | undefined;
  const buildFailure = raw.lastBuildFailure as Record<string, unknown> | null | undefined;
  return {
    changedAt: isoOrNull(raw.changedAt) ?? legacyChange,
    requestedAt,
    attemptedAt: isoOrNull(raw.attemptedAt) ?? requestedAt,
    lastFailure:
      failure && isoOrNull(failure.at) && typeof failure.reason === 'string'
        ? { at: failure.at as string, reason: failure.reason }
        : null,
    builtAt: isoOrNull(raw.builtAt),
    ...(buildFailure && isoOrNull(buildFailure.at) && isoOrNull(buildFailure.readAt) && typeof buildFailure.reason === 'string'
      ? { lastBuildFailure: { at: buildFailure.at as string, reason: buildFailure.reason, readAt: buildFailure.readAt as string } }
      : {}),
  };
}

export async function readBuildState(): Promise<{ state: BuildState; etag: string | null }> {
  const found = await getJsonWithEtag(openStore('site-builds'), KEY, z.unknown());
  return found ? { state: toState(found.data), etag: found.etag } : { state: EMPTY, etag: null };
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
  const found = (await openStore('site-builds').get(readKey(deployId), { type: 'json' })) as { readAt?: unknown } | null;
  return isoOrNull(found?.readAt);
}

const failureKey = (deployId: string) => `failures/${encodeURIComponent(deployId)}`;

/** Records why a deploy's build failed (written by the build, which knows the reason). */
export async function recordBuildFailure(deployId: string, failure: BuildFailure): Promise<void> {
  await openStore('site-builds').setJSON(failureKey(deployId), failure);
}

/** Why that deploy's build failed, as it recorded; null when it recorded nothing. */
export async function findBuildFailure(deployId: string): Promise<BuildFailure | null> {
  const found = (await openStore('site-builds').get(failureKey(deployId), { type: 'json' })) as Record<string, unknown> | null;
  const at = isoOrNull(found?.at);
  return at && typeof found?.reason === 'string' ? { at, reason: found.reason } : null;
}
