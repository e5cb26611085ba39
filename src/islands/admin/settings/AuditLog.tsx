/** The audit log: who changed what, newest first, a page at a time. */
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api.ts';
import type { AuditEntry, AuditPage } from '../../../shared/schemas/staff.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatDateTime } from '../kit/format.ts';
import { ListStatus } from '../kit/parts.tsx';

const PAGE = 25;

/**
 * Usernames are reused once an account is removed: the account's id tells which person
 * acted. Entries written before ids were kept say so rather than guess.
 */
export function actorNote(entry: Pick<AuditEntry, 'byId'>): string {
  if (entry.byId === null) return '(scheduled job)';
  return `(account ${entry.byId})`;
}

export default function AuditLog({ headingId }: { headingId: string }) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (before: string | null) => {
    const query = before ? `?limit=${PAGE}&before=${encodeURIComponent(before)}` : `?limit=${PAGE}`;
    try {
      const page = await apiRequest<AuditPage>('GET', `/api/audit${query}`);
      setEntries((current) => (before ? [...current, ...page.entries] : page.entries));
      setNext(page.next);
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives (react#34905 flags the async loader)
    void load(null).finally(() => setLoading(false));
  }, [load]);

  async function loadMore() {
    setLoadingMore(true);
    await load(next);
    setLoadingMore(false);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-brand-900">
          Audit log
        </h3>
        <Button variant="outline" onClick={() => void load(null)}>
          Refresh
        </Button>
      </div>
      <ListStatus
        loading={loading}
        error={error}
        isEmpty={entries.length === 0}
        empty="No changes recorded yet."
        what="audit log"
        onRetry={() => void load(null)}
      />
      {entries.length > 0 ? (
        <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="audit-list">
          {entries.map((entry) => (
            <li key={entry.id} data-testid="audit-entry" className="flex flex-wrap gap-x-4 gap-y-1 px-4 py-2 text-sm">
              <time dateTime={entry.at} className="w-44 shrink-0 text-slate-700">
                {formatDateTime(entry.at)}
              </time>
              <span className="font-medium text-slate-900" data-testid="audit-by">
                {entry.by} <span className="font-mono text-xs font-normal text-slate-700">{actorNote(entry)}</span>
              </span>
              <span className="font-mono text-slate-800">{entry.action}</span>
              <span className="break-all text-slate-700">{entry.target}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {error && entries.length > 0 ? (
        <p role="alert" className="text-sm text-red-900">
          We couldn't load more of the audit log: {error}
        </p>
      ) : null}
      {next ? (
        <Button variant="outline" pending={loadingMore} onClick={() => void loadMore()}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
