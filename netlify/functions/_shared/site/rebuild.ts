/**
 * The public blog is pre-rendered, so post changes reach visitors through a rebuild.
 * A change is recorded first, then the Netlify build hook is called, at most once per
 * cool-down (a minute). A change during the cool-down, or a call that failed, stays owed:
 * the scheduled function `site-builds-flush` (locally, the `npm start` server's scheduler)
 * calls the hook again. The status tells staff what the live site includes, and why not.
 *
 * Every time here is the site's clock (src/shared/clock.ts), the one that decides when a
 * scheduled post is due: a due time, a request and a build's read are compared with each
 * other, so they must all come from one clock (the real time, except on the e2e server).
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { BuildStatus } from '#src/shared/schemas/site-build.ts';
import { buildHookUrl } from '../platform/env.ts';
import {
  findBuildFailure,
  findBuildRead,
  readBuildState,
  recordBuildFailure,
  recordBuildRead,
  updateBuildState as update,
  type BuildState,
} from '../repositories/site-builds-store.ts';

export const cooldownMs = () => Number(process.env.REBUILD_MIN_INTERVAL_SECONDS ?? 60) * 1000;
/** A build hook that does not answer in this time has failed (it is retried later). */
const HOOK_TIMEOUT_MS = 10_000;

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** A change the build hook has not yet accepted a call for. */
const owed = (state: BuildState) =>
  state.changedAt !== null && (state.requestedAt === null || state.changedAt > state.requestedAt);

export function toStatus(state: BuildState): BuildStatus {
  const latest = later(state.changedAt, state.requestedAt);
  return {
    lastRequestedAt: state.requestedAt,
    lastBuiltAt: state.builtAt,
    pending: owed(state) || (latest !== null && (state.builtAt === null || state.builtAt < latest)),
    lastFailure: state.lastFailure,
    lastBuildFailure: state.lastBuildFailure
      ? { at: state.lastBuildFailure.at, reason: state.lastBuildFailure.reason }
      : null,
  };
}

const NO_HOOK = 'No build hook is configured (NETLIFY_BUILD_HOOK_URL)';

/** Calls the hook; the failure's reason for staff, or null when the hook accepted the call. */
async function callHook(): Promise<string | null> {
  const url = buildHookUrl();
  if (!url) return NO_HOOK;
  try {
    const response = await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok ? null : `The build hook answered ${response.status}`;
  } catch (error) {
    // The reason is shown to staff: a code, never the hook's (secret) address.
    const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { name?: unknown }).name;
    return `The build hook could not be reached (${typeof code === 'string' ? code : 'network error'})`;
  }
}

/**
 * Calls the hook for what is owed, unless a call started within the cool-down. The call is
 * claimed with a conditional write first, so two instances never both call.
 */
async function attempt(
  now: number,
  changeAt: ((state: BuildState) => string | null) | null,
  /** A call since this moment, wherever it stands, is left to run (and to the flush to retry). */
  coveredSince: string | null = null,
): Promise<BuildStatus> {
  const at = new Date(now).toISOString();
  const cooldown = cooldownMs(); // 0 turns the cool-down off
  let claimed = false;
  const state = await update((current) => {
    claimed = false;
    const change = changeAt?.(current) ?? null;
    const next = change ? { ...current, changedAt: later(current.changedAt, change) } : current;
    const coolingDown =
      (coveredSince !== null && current.attemptedAt !== null && current.attemptedAt >= coveredSince) ||
      (cooldown > 0 && current.attemptedAt !== null && now - Date.parse(current.attemptedAt) < cooldown);
    if (coolingDown || !owed(next)) return next === current ? null : next;
    claimed = true;
    return { ...next, attemptedAt: at };
  });
  if (!claimed) return toStatus(state);

  const failure = await callHook();
  // Not configured (tests, `npm run dev`) is a setting, not an outage: a warning is enough.
  if (failure) (failure === NO_HOOK ? console.warn : console.error)(`[rebuild] the rebuild stays queued: ${failure}`);
  return toStatus(
    await update((current) =>
      failure
        ? { ...current, lastFailure: { at, reason: failure } }
        : { ...current, requestedAt: later(current.requestedAt, at), lastFailure: null },
    ),
  );
}

/** A change (or staff asking): recorded, and the hook called now or after the cool-down. */
export const requestRebuild = (now = currentTime()): Promise<BuildStatus> =>
  attempt(now, () => new Date(now).toISOString());

/** The scheduler: calls the hook for a change still owed once the cool-down is over. */
export const flushQueuedRebuild = (now = currentTime()): Promise<BuildStatus> => attempt(now, null);

/**
 * A scheduled post came due at `dueAt`: the site needs a build that reads the data after
 * that moment. "Already requested for this due time" means a hook call was claimed (the
 * conditional write of `attemptedAt`) at or after `dueAt`, or a live build read the data
 * after it (`builtAt`). Otherwise it is recorded as a change made at `dueAt` and called
 * for, once: other instances and later runs find the claim and call nothing. A claimed
 * call that failed stays owed, and the flush retries it like any other.
 */
export function rebuildForDuePost(dueAt: number, now = currentTime()): Promise<BuildStatus> {
  const due = new Date(dueAt).toISOString();
  return attempt(now, (state) => (state.builtAt !== null && state.builtAt >= due ? null : due), due);
}

/** Build start, before the build reads anything: remembers when this deploy read the data. */
export const noteBuildRead = (deployId: string, at = new Date(currentTime())): Promise<void> =>
  recordBuildRead(deployId, at);

/**
 * A deploy went live: the live site now holds the data its build read. Only a time a build
 * recorded itself counts, and it only moves forward, so a call that is not Netlify's (the
 * function has a public URL) can claim nothing the live deploy does not hold.
 */
export async function markDeployLive(deployId: string): Promise<boolean> {
  const readAt = await findBuildRead(deployId);
  if (!readAt) return false;
  await update(({ lastBuildFailure, ...state }) => {
    const moves = state.builtAt === null || state.builtAt < readAt;
    // A build that read the data at or after the failed one did what it could not.
    const clears = lastBuildFailure !== undefined && lastBuildFailure.readAt <= readAt;
    if (!moves && !clears) return null;
    return {
      ...state,
      builtAt: moves ? readAt : state.builtAt,
      ...(lastBuildFailure && !clears ? { lastBuildFailure } : {}),
    };
  });
  return true;
}

/** Staff read the reason on the Blog Posts tab: one line, not a whole log. */
const MAX_REASON = 300;

/**
 * Build side, when `astro build` (or anything else in the build) fails: records why, for
 * this deploy. Only the build can say why; the `deploy-failed` event then promotes it.
 */
export const noteBuildFailed = (deployId: string, reason: string, at = new Date(currentTime())): Promise<void> => {
  const line = reason.replace(/\s+/g, ' ').trim() || 'The build failed';
  return recordBuildFailure(deployId, {
    at: at.toISOString(),
    reason: line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line,
  });
};

/** A deploy failed without its build saying why (it stopped after the build, or was cancelled). */
export const UNKNOWN_BUILD_FAILURE = 'The deploy did not complete (its log on Netlify says why)';

/**
 * A deploy failed: staff see it, with its reason, until a later build goes live. Like
 * `markDeployLive`, it trusts only what a build of this site recorded: a deploy whose build
 * never recorded reading the data (another site, another deploy context, a made-up id) is
 * ignored, and so is one older than the build that is live. The reason is the build's own,
 * never text from the request.
 */
export async function markDeployFailed(deployId: string, now = new Date(currentTime())): Promise<boolean> {
  const readAt = await findBuildRead(deployId);
  if (!readAt) return false;
  const failure = (await findBuildFailure(deployId)) ?? { at: now.toISOString(), reason: UNKNOWN_BUILD_FAILURE };
  let recorded = false;
  await update((state) => {
    recorded = false;
    if (state.builtAt !== null && state.builtAt >= readAt) return null; // a later build is live
    if (state.lastBuildFailure !== undefined && state.lastBuildFailure.readAt > readAt) return null; // a later one failed
    recorded = true;
    return { ...state, lastBuildFailure: { ...failure, readAt } };
  });
  return recorded;
}

/**
 * The local e2e server set its clock back (scripts/lib/server.ts, after a test that moved it
 * on). The times recorded while it was ahead would make every later change look built or
 * requested already, so no rebuild would follow it: they come back to `now`, the order of
 * what happened kept. Nothing in netlify/functions calls this; on Netlify the clock never
 * goes back.
 */
export async function rewindBuildTimes(now: number): Promise<void> {
  const at = new Date(now).toISOString();
  const upTo = (time: string | null) => (time !== null && time > at ? at : time);
  await update((state) => {
    const next: BuildState = {
      ...state,
      changedAt: upTo(state.changedAt),
      requestedAt: upTo(state.requestedAt),
      attemptedAt: upTo(state.attemptedAt),
      builtAt: upTo(state.builtAt),
      ...(state.lastBuildFailure && {
        lastBuildFailure: { ...state.lastBuildFailure, readAt: upTo(state.lastBuildFailure.readAt)! },
      }),
    };
    return JSON.stringify(next) === JSON.stringify(state) ? null : next;
  });
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
