/**
 * The public blog is pre-rendered: a post change reaches visitors after a rebuild (one is
 * requested automatically after each change). Shows when one was last requested, and
 * offers one on demand. Read when the tab opens and after each change; never polled.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatDateTime } from './format.ts';

interface BuildStatus {
  lastRequestedAt: string | null;
  lastBuiltAt?: string | null;
  pending: boolean;
  /** The last build-hook call failed: the rebuild is still owed and retried automatically. */
  lastFailure?: { at: string; reason: string } | null;
  /** The last build failed: the live site stays on the build before it until one succeeds. */
  lastBuildFailure?: { at: string; reason: string } | null;
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

  const check = useCallback(async () => {
    const seq = ++checkSeq.current;
    const statusAt = ++statusSeq.current;
    setChecking(true);
    try {
      const answer = await apiRequest<BuildStatus>('GET', '/api/site-builds');
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
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a fetch shows its loading state, then its answer: one render each
    void check();
  }, [check, refreshKey]);

  async function rebuild() {
    setRequesting(true);
    try {
      const answer = await apiRequest<BuildStatus>('POST', '/api/site-builds');
      statusSeq.current++; // an older status read must not overwrite this answer
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
      <div aria-live="polite" className="mt-1 space-y-1 text-sm text-slate-800">
        {status ? (
          <>
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
            {status.lastFailure ? (
              // A failed request never reads as up to date: the change is not on the site yet.
              <p data-testid="rebuild-state" className="font-medium text-red-900">
                The last rebuild request failed (
                <time dateTime={status.lastFailure.at}>{formatDateTime(status.lastFailure.at)}</time>):{' '}
                {status.lastFailure.reason}. The public blog does not show the latest changes yet; the request is
                retried automatically every minute.
              </p>
            ) : status.lastBuildFailure ? (
              // Not "under way": that build is over, and nothing newer is live until one succeeds.
              <p data-testid="rebuild-state" className="font-medium text-red-900">
                The last rebuild failed at{' '}
                <time dateTime={status.lastBuildFailure.at}>{formatDateTime(status.lastBuildFailure.at)}</time> (Sydney
                time): {status.lastBuildFailure.reason}. The public site still shows the last successful rebuild; fix
                the cause, then use Rebuild site.
              </p>
            ) : (
              <p data-testid="rebuild-state" className="font-medium">
                {status.pending
                  ? 'A rebuild is under way or queued.'
                  : 'The public blog is up to date with the last rebuild.'}
              </p>
            )}
          </>
        ) : error ? (
          <p>We couldn't check the rebuild status: {error}</p>
        ) : (
          <p>Checking the rebuild status…</p>
        )}
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
