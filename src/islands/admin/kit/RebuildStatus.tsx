/**
 * The public blog is pre-rendered: a post change reaches visitors after a rebuild (one is
 * requested automatically after each change). Shows when one was last requested, and
 * offers one on demand. Read when the tab opens and after each change, then, while a
 * rebuild is owed, again by itself with backoff (POLL_DELAYS_MS) until it is live or has
 * failed, so nobody has to press "Check status" to see it finish; the state is announced
 * politely as it changes.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { siteBuildRoutes } from '#src/shared/api/settings.ts';
import type { BuildStatus } from '#src/shared/schemas/site-build.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { formatDateTime } from './format.ts';

/**
 * Waits between status reads while a rebuild is owed: soon at first (a local build takes
 * seconds), then less often (a Netlify build takes minutes), never more than twice a minute.
 */
export const POLL_DELAYS_MS = [2_000, 3_000, 5_000, 8_000, 15_000, 30_000];

/**
 * Whether a status read should be followed by another: a rebuild is owed, and it has not
 * failed since it was last asked for (a failed build waits for staff; a refused build-hook
 * call is retried by the server every minute, so it is still worth watching).
 */
export function stillBuilding(status: BuildStatus): boolean {
  if (!status.pending) return false;
  const failed = status.lastBuildFailure;
  return !failed || (status.lastRequestedAt !== null && status.lastRequestedAt > failed.at);
}

/** `refreshKey` changes after each post change, so the status is read again. */
export function RebuildStatus({ refreshKey }: { refreshKey: number }) {
  const [status, setStatus] = useState<BuildStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [requesting, setRequesting] = useState(false);
  // Each status read and each rebuild answer bumps `statusSeq`; an older read that
  // arrives late must not overwrite a newer answer. `checkSeq` tracks the button's spinner.
  const statusSeq = useRef(0);
  const checkSeq = useRef(0);
  // Reads made by the timer since the last change: the next wait is POLL_DELAYS_MS[that].
  const polls = useRef(0);
  // Bumped after each timed read (and each change) to set the next timer.
  const [wake, setWake] = useState(0);

  const check = useCallback(async () => {
    const seq = ++checkSeq.current;
    const statusAt = ++statusSeq.current;
    setChecking(true);
    try {
      const answer = await callApi(siteBuildRoutes.status);
      if (statusAt !== statusSeq.current) return;
      setStatus(answer);
      setError(null);
    } catch (caught) {
      if (statusAt === statusSeq.current) setError(caught instanceof Error ? caught.message : 'Something went wrong');
    } finally {
      if (seq === checkSeq.current) setChecking(false);
    }
  }, []);

  useEffect(() => {
    // A change starts the waits afresh (a loop already running keeps its timer).
    polls.current = 0;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a fetch shows its loading state, then its answer: one render each
    void check();
  }, [check, refreshKey]);

  // While a rebuild is owed, read the status again after a wait that grows with each read,
  // until an answer says it is live or has failed.
  const building = status !== null && stillBuilding(status);
  useEffect(() => {
    if (!building) return;
    const delay = POLL_DELAYS_MS[Math.min(polls.current, POLL_DELAYS_MS.length - 1)]!;
    const timer = window.setTimeout(() => {
      polls.current++;
      const next = () => setWake((count) => count + 1);
      // A hidden page reads nothing; it reads again on a later wait, once someone is looking.
      if (document.visibilityState === 'hidden') next();
      else void check().finally(next);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [building, wake, check]);

  async function rebuild() {
    setRequesting(true);
    try {
      const answer = await callApi(siteBuildRoutes.request);
      statusSeq.current++; // an older status read must not overwrite this answer
      polls.current = 0;
      setWake((count) => count + 1);
      setStatus(answer);
      setError(null);
      if (answer.lastFailure) {
        showToast({
          title: 'Rebuild not started yet',
          description: 'The request failed and is retried automatically.',
          variant: 'destructive',
        });
      } else {
        showToast({ title: 'Rebuild requested', description: 'The public blog updates when the rebuild finishes.' });
      }
    } catch (caught) {
      console.error('Failed to request a rebuild', caught);
      showToast({ title: 'Error', description: 'Failed to request a rebuild', variant: 'destructive' });
    } finally {
      setRequesting(false);
    }
  }

  // Blog Posts and Settings both show this panel, and both stay mounted once opened: a fixed
  // id would appear twice in the page.
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-brand-100 bg-brand-50 p-4 sm:p-5">
      <h3 id={headingId} className="text-base font-semibold text-brand-900">
        Public website
      </h3>
      <div className="mt-1 space-y-1 text-sm text-slate-800">
        {status ? (
          <p data-testid="rebuild-last-requested">
            {status.lastRequestedAt ? (
              <>
                Last rebuild requested:{' '}
                <time dateTime={status.lastRequestedAt}>{formatDateTime(status.lastRequestedAt)}</time> (Sydney time)
              </>
            ) : status.lastFailure ? (
              'No rebuild request has gone through yet.'
            ) : (
              'No rebuild has been requested yet.'
            )}
          </p>
        ) : null}
        {/* Only the state is announced, and only when it changes: the timed reads repeat it unchanged. */}
        <div aria-live="polite" aria-atomic="true">
          {status ? (
            <BuildState status={status} />
          ) : error ? (
            <p>We couldn't check the rebuild status: {error}</p>
          ) : (
            <p>Checking the rebuild status…</p>
          )}
        </div>
        <p className="text-slate-700">
          Post changes request a rebuild automatically; the public blog updates when the rebuild finishes, usually
          within a few minutes.
        </p>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void rebuild()} pending={requesting}>
          Rebuild site
        </Button>
        <Button variant="outline" onClick={() => void check()} pending={checking}>
          Check status
        </Button>
      </div>
    </section>
  );
}

/** The rebuild's state in one sentence: failed, under way (updating by itself), or up to date. */
function BuildState({ status }: { status: BuildStatus }) {
  if (status.lastFailure) {
    // A failed request never reads as up to date: the change is not on the site yet.
    return (
      <p data-testid="rebuild-state" className="font-medium text-red-900">
        The last rebuild request failed (
        <time dateTime={status.lastFailure.at}>{formatDateTime(status.lastFailure.at)}</time>):{' '}
        {status.lastFailure.reason}. The public blog does not show the latest changes yet; the request is retried
        automatically every minute.
      </p>
    );
  }
  if (status.lastBuildFailure && !stillBuilding(status)) {
    // Not "under way": that build is over, and nothing newer is live until one succeeds.
    return (
      <p data-testid="rebuild-state" className="font-medium text-red-900">
        The last rebuild failed at{' '}
        <time dateTime={status.lastBuildFailure.at}>{formatDateTime(status.lastBuildFailure.at)}</time> (Sydney time):{' '}
        {status.lastBuildFailure.reason}. The public site still shows the last successful rebuild; fix the cause, then
        use Rebuild site.
      </p>
    );
  }
  return (
    <p data-testid="rebuild-state" className="font-medium">
      {status.pending
        ? 'A rebuild is under way or queued. This updates by itself when it finishes.'
        : 'The public blog is up to date with the last rebuild.'}
    </p>
  );
}
