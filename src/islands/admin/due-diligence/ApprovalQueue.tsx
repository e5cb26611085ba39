/**
 * "Waiting for your approval": for a principal, the open matters whose risk rating waits for
 * a second person and that this account did not rate (`GET /api/contact-requests?cdd=approval`,
 * which decides who rated what by account id). The desk shows it at the top, each matter a
 * link to its enquiry's address, and its count on the filter chip; the filter has its own
 * address, `/admin/?cdd=approval`. Nothing is shown to a staff account, which approves nothing.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { enquiriesRoutes } from '#src/shared/api/enquiries.ts';
import type { DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { $session } from '#src/stores/session.ts';
import { formatDateTime, fullName } from '../kit/format.ts';

/** More than this waiting is a backlog the filter lists whole; the panel names the first ones. */
const SHOWN = 5;
const QUEUE = { cdd: 'approval', limit: '200' } as const;

/** The matters waiting for the signed-in principal's approval; null for staff, or until known. */
export function useApprovalQueue() {
  const session = useStore($session);
  const isPrincipal = session.status === 'signed-in' && session.user.role === 'principal';
  const [items, setItems] = useState<DeskEnquiry[] | null>(null);
  const reload = useCallback(async () => {
    if (!isPrincipal) {
      setItems(null);
      return;
    }
    try {
      setItems(await callApi(enquiriesRoutes.list, { query: QUEUE }));
    } catch {
      // The desk works without it; the filter still lists them.
      setItems(null);
    }
  }, [isPrincipal]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives (react#34905 flags the async loader)
    void reload();
  }, [reload]);
  return { items, reload };
}

/** The desk filter's address: `?cdd=approval` beside any `?enquiry=`. */
export function approvalFilterInAddress(): boolean {
  return new URLSearchParams(window.location.search).get('cdd') === 'approval';
}

export function setApprovalFilterInAddress(on: boolean): void {
  const url = new URL(window.location.href);
  if (on) url.searchParams.set('cdd', 'approval');
  else url.searchParams.delete('cdd');
  if (url.href !== window.location.href) history.replaceState(history.state, '', url);
}

export function ApprovalQueue({
  items,
  onOpen,
  onShowAll,
}: {
  items: DeskEnquiry[] | null;
  /** Opens one enquiry (its address, as an alert's link does). */
  onOpen: (id: string) => void;
  /** Sets the desk's filter to the whole list. */
  onShowAll: () => void;
}) {
  const heading = useId();
  if (!items || items.length === 0) return null;
  return (
    <section
      aria-labelledby={heading}
      className="mb-4 rounded-lg border border-violet-300 bg-violet-50 p-3 text-sm text-slate-900"
      data-testid="approval-queue"
    >
      <h3 id={heading} className="font-semibold text-violet-950">
        Waiting for your approval ({items.length})
      </h3>
      <p className="mt-1 text-slate-800">
        A risk rating another member of staff gave: approve it with a note, or reject it, before anyone acts.
      </p>
      <ul className="mt-2 space-y-1">
        {items.slice(0, SHOWN).map((item) => (
          <li key={item.id}>
            <a
              href={`/admin/?enquiry=${encodeURIComponent(item.id)}`}
              className="font-semibold text-brand-800 underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault();
                onOpen(item.id);
              }}
            >
              {fullName(item)}
            </a>
            {item.cdd?.awaiting
              ? `: rated ${item.cdd.awaiting.rating} risk by ${item.cdd.awaiting.ratedBy}, ${formatDateTime(item.cdd.awaiting.ratedAt)}`
              : null}
          </li>
        ))}
      </ul>
      {items.length > SHOWN ? (
        <button type="button" className="mt-2 font-semibold text-brand-800 underline" onClick={onShowAll}>
          Show all {items.length}
        </button>
      ) : null}
    </section>
  );
}
