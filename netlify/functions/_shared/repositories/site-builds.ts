/** Store `site-builds`: when the static site was last asked to rebuild, and last rebuilt. */
import * as z from 'zod/mini';
import { getJsonWithEtag, openStore } from '../blobs.ts';

export interface BuildState {
  /** When the build hook was last called. */
  requestedAt: string | null;
  /** A change came in during the cool-down; a rebuild is owed when it ends. */
  queued: boolean;
  /** When the last rebuild finished and went live. */
  builtAt: string | null;
}

const KEY = 'state';
const EMPTY: BuildState = { requestedAt: null, queued: false, builtAt: null };
const buildStateSchema = z.object({
  requestedAt: z._default(z.nullable(z.string()), null),
  queued: z._default(z.boolean(), false),
  builtAt: z._default(z.nullable(z.string()), null),
}) satisfies z.ZodMiniType<BuildState, unknown>;

export async function readBuildState(): Promise<{ state: BuildState; etag: string | null }> {
  const found = await getJsonWithEtag(openStore('site-builds'), KEY, buildStateSchema);
  // A state that no longer fits is read as empty, with its ETag, so the next write replaces it.
  return found ? { state: found.data ?? EMPTY, etag: found.etag } : { state: EMPTY, etag: null };
}

/** Writes the state only if nobody changed it since it was read; false otherwise. */
export async function writeBuildState(state: BuildState, etag: string | null): Promise<boolean> {
  const store = openStore('site-builds');
  const { modified } = etag
    ? await store.setJSON(KEY, state, { onlyIfMatch: etag })
    : await store.setJSON(KEY, state, { onlyIfNew: true });
  return modified;
}
