/**
 * The public blog is pre-rendered, so post changes reach visitors through a rebuild.
 * A change asks for one through the Netlify build hook, at most once per cool-down
 * (a minute); changes during the cool-down are queued and flushed by the scheduled
 * function `site-builds-flush` (locally, by the `npm start` server).
 */
import { buildHookUrl } from './env.ts';
import { readBuildState, writeBuildState, type BuildState } from './repositories/site-builds.ts';

export const cooldownMs = () => Number(process.env.REBUILD_MIN_INTERVAL_SECONDS ?? 60) * 1000;

export interface BuildStatus {
  lastRequestedAt: string | null;
  lastBuiltAt: string | null;
  /** A rebuild is owed or running: the public site may not show the latest changes yet. */
  pending: boolean;
}

export const toStatus = (state: BuildState): BuildStatus => ({
  lastRequestedAt: state.requestedAt,
  lastBuiltAt: state.builtAt,
  pending:
    state.queued || (state.requestedAt !== null && (state.builtAt === null || state.builtAt < state.requestedAt)),
});

async function callHook(): Promise<void> {
  const url = buildHookUrl();
  if (!url) {
    console.warn('[rebuild] NETLIFY_BUILD_HOOK_URL is not set: the site will not rebuild by itself');
    return;
  }
  const response = await fetch(url, { method: 'POST', body: '{}' });
  if (!response.ok) throw new Error(`Build hook answered ${response.status}`);
}

/** Asks for a rebuild now, or queues one when the last was asked for within the cool-down. */
export async function requestRebuild(now = Date.now()): Promise<BuildStatus> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { state, etag } = await readBuildState();
    const cooldown = cooldownMs(); // 0 turns the cool-down off
    const coolingDown = cooldown > 0 && state.requestedAt !== null && now - Date.parse(state.requestedAt) < cooldown;
    const next: BuildState = coolingDown
      ? { ...state, queued: true }
      : { ...state, requestedAt: new Date(now).toISOString(), queued: false };
    if (coolingDown && state.queued) return toStatus(state);
    if (!(await writeBuildState(next, etag))) continue; // someone else got there first: look again
    if (!coolingDown) await callHook();
    return toStatus(next);
  }
  throw new Error('Could not record the rebuild request: too many concurrent changes');
}

/** Calls the hook for a queued rebuild once the cool-down is over. */
export async function flushQueuedRebuild(now = Date.now()): Promise<BuildStatus> {
  const { state } = await readBuildState();
  if (!state.queued) return toStatus(state);
  return requestRebuild(now);
}

/** Records that a rebuild went live. */
export async function markBuilt(at = new Date()): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { state, etag } = await readBuildState();
    if (await writeBuildState({ ...state, builtAt: at.toISOString() }, etag)) return;
  }
}

export async function buildStatus(): Promise<BuildStatus> {
  return toStatus((await readBuildState()).state);
}

/** After a content change: ask for a rebuild, but never fail the change over it. */
export async function rebuildAfterChange(): Promise<void> {
  try {
    await requestRebuild();
  } catch (error) {
    console.error('[rebuild] could not request a rebuild:', error);
  }
}
