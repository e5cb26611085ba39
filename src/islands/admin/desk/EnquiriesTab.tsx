/**
 * Tab 1, the lead desk: the enquiries people sent through the site's forms, with
 * their place in the pipeline, how long new ones have waited in business hours, the
 * detail with its activity, and the CSV export; as cards or a compact table (remembered),
 * with the open enquiry in the address. Alerts are the notification; the list
 * fetches again only when staff press Refresh (no polling).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api.ts';
import {
  ENQUIRY_STATUSES,
  erasureKey,
  STATUS_LABELS,
  type DeskEnquiry,
  type EnquiryStatus,
} from '../../../shared/schemas/lead-desk.ts';
import { LEAD_FIGURES } from '../../../content/leadGuide.ts';
import { $session } from '../../../stores/session.ts';
import { Button } from '../../../ui/Button.tsx';
import { runAction } from '../kit/actions.ts';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { EnquiryDetail } from './EnquiryDetail.tsx';
import { DoNotActBadge, dueDiligencePending } from '../due-diligence/DoNotActBadge.tsx';
import {
  ApprovalQueue,
  approvalFilterInAddress,
  setApprovalFilterInAddress,
  useApprovalQueue,
} from '../due-diligence/ApprovalQueue.tsx';
import { RescreenDueBadge } from '../due-diligence/Rescreening.tsx';
import { DutyIndexationNotice } from '../duty/DutyIndexationNotice.tsx';
import { useErasure } from './Erasure.tsx';
import { formatDateTime, formatMinutes, fullName } from '../kit/format.ts';
import { ListStatus, TabHeading } from '../kit/parts.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { QuoteLeadBadge } from './QuoteSummary.tsx';
import type { Sort } from './desk-rows.ts';
import { DeleteEnquiry, EnquiryFields } from './EnquiryFields.tsx';
import { EnquiryTable } from './EnquiryTable.tsx';
import { STATUS_TONES } from './status-tones.ts';
import { UncheckedClaimsWarning } from '../settings/UncheckedClaimsWarning.tsx';
import {
  filterQuery,
  useAlertChannels,
  useBusinessHours,
  useDeskList,
  useDeskView,
  useEnquiryAddress,
  useStatusCounts,
  waitingMinutes,
  type DeskFilters,
} from './useDesk.ts';

/** The desk's filters narrowed to the ratings waiting for this principal's approval (and the search kept). */
const approvalOnly = (current: DeskFilters): DeskFilters => ({
  ...current,
  status: '',
  cddPending: false,
  cddRescreen: false,
  cddApproval: true,
});

/** The clock the waiting times are measured against; ticks locally, fetches nothing. */
function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export default function EnquiriesTab() {
  const session = useStore($session);
  const me = session.status === 'signed-in' ? session.user.username : '';
  const [filters, setFilters] = useState<DeskFilters>({ status: '', q: '' });
  const [search, setSearch] = useState('');
  const list = useDeskList(filters);
  const counts = useStatusCounts(filters.q);
  const [view, setView] = useDeskView();
  const [sort, setSort] = useState<Sort>({ key: 'received', direction: 'descending' });
  const channels = useAlertChannels();
  const approvals = useApprovalQueue();
  const hours = useBusinessHours();
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [linked, setLinked] = useState<string | null>(null);
  const [linkedItem, setLinkedItem] = useState<DeskEnquiry | null>(null);
  const now = useNow();
  const linkedRef = useRef<HTMLLIElement | HTMLTableRowElement | null>(null);
  const listed = useRef(list.items);
  useEffect(() => {
    listed.current = list.items;
  });

  /** Shows `id` open, fetched on its own when it is not on the pages loaded. */
  const show = (id: string | null) => {
    setOpen(id ? new Set([id]) : new Set());
    if (!id || listed.current.some((item) => item.id === id)) return;
    apiRequest<DeskEnquiry>('GET', `/api/contact-requests/${encodeURIComponent(id)}`).then(setLinkedItem, () => {});
  };
  // An alert's link (or a shared one) opens its enquiry, even when it is not on the first
  // page; Back and Forward open the enquiry the address names (and close the rest).
  const address = useEnquiryAddress((id, arrived) => {
    if (arrived) setLinked(id);
    show(id);
  });

  // The linked enquiry leads the list until staff move on, whichever page it is on.
  const shown = useMemo(
    () =>
      linkedItem && !list.items.some((item) => item.id === linkedItem.id) ? [linkedItem, ...list.items] : list.items,
    [linkedItem, list.items],
  );

  useEffect(() => {
    if (linkedItem && linkedRef.current) linkedRef.current.scrollIntoView({ block: 'start' });
  }, [linkedItem]);

  const toggle = (id: string) => {
    const opening = !open.has(id);
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
    if (opening) address.go(id);
    else if (address.id === id) address.go(null);
  };
  // The table shows one enquiry open at a time: the one in the address.
  const toggleRow = (id: string) => {
    const opening = address.id !== id || !open.has(id);
    setOpen(opening ? new Set([id]) : new Set());
    address.go(opening ? id : null);
  };
  const waited = (enquiry: DeskEnquiry) => {
    const minutes = waitingMinutes(enquiry, now, hours);
    // The 5-minute target is for a call back; a quote lead has no phone, so it waits without being late.
    return minutes === null
      ? null
      : { minutes, late: enquiry.source !== 'quote' && minutes > LEAD_FIGURES.responseMinutes };
  };

  const refresh = () => Promise.all([list.reload(), counts.reload(), approvals.reload()]);
  const changed = (enquiry: DeskEnquiry) => {
    list.upsert(enquiry);
    setLinkedItem((current) => (current?.id === enquiry.id ? { ...current, ...enquiry } : current));
    void counts.reload();
    // An approval (or a new rating) moves a matter on or off "waiting for your approval".
    void approvals.reload();
  };

  // "Waiting for your approval" has an address of its own (`?cdd=approval`): read once on
  // arrival, then kept in step with the filter.
  const addressRead = useRef(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once, after mount
    if (approvalFilterInAddress()) setFilters(approvalOnly);
  }, []);
  useEffect(() => {
    if (!addressRead.current) {
      addressRead.current = true;
      return;
    }
    setApprovalFilterInAddress(Boolean(filters.cddApproval));
  }, [filters.cddApproval]);
  // An alert-linked enquiry stays shown though off the list, so it must go by hand.
  const erasure = useErasure(confirm, (email) => {
    setLinkedItem((current) => (current && erasureKey(current.email) === email ? null : current));
    return refresh();
  });

  async function remove(request: DeskEnquiry) {
    // The button is disabled for these; the list may be older than the record.
    if (request.kept) return;
    const name = fullName(request);
    const confirmed = await confirm({
      title: 'Delete this contact request?',
      body: `The enquiry from ${name} will be removed permanently.`,
      confirmLabel: 'Delete request',
    });
    if (!confirmed) return;
    setDeleting(request.id);
    const deleted = await runAction(
      () => apiRequest('DELETE', `/api/contact-requests/${encodeURIComponent(request.id)}`),
      { success: 'Contact request deleted successfully', failure: 'Failed to delete contact request' },
      refresh,
    );
    setDeleting(null);
    // Refused because the law now keeps it (since the list was read): the list says why.
    if (!deleted) await refresh();
  }

  const exportHref = useMemo(() => {
    const query = filterQuery(filters);
    return `/api/contact-requests/export.csv${query ? `?${query}` : ''}`;
  }, [filters]);

  const statusOptions: { value: EnquiryStatus | ''; label: string; count?: number }[] = [
    { value: '', label: 'All', count: counts.counts?.total },
    ...ENQUIRY_STATUSES.map((status) => ({
      value: status,
      label: STATUS_LABELS[status],
      count: counts.counts?.byStatus[status],
    })),
  ];

  return (
    <div>
      <TabHeading title="Contact Form Submissions">Newest first. Times are Sydney time.</TabHeading>

      <UncheckedClaimsWarning />

      {channels && !channels.email && !channels.webhook ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Alerts are not configured: nobody is told when an enquiry arrives. Set ALERT_SMTP_URL or ALERT_WEBHOOK_URL
          (see the README).
        </p>
      ) : null}
      <DutyIndexationNotice />
      <ApprovalQueue
        items={approvals.items}
        onOpen={(id) => {
          setLinked(id);
          address.go(id);
          show(id);
        }}
        onShowAll={() => setFilters(approvalOnly)}
      />

      <div className="mb-4 space-y-3">
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
          {statusOptions.map((option) => {
            // One chip looks selected: the due-diligence chips are status filters of their own.
            const active =
              filters.status === option.value && !filters.cddPending && !filters.cddRescreen && !filters.cddApproval;
            return (
              <button
                key={option.value || 'all'}
                type="button"
                aria-pressed={active}
                onClick={() =>
                  setFilters((current) => ({
                    ...current,
                    status: option.value,
                    cddPending: false,
                    cddRescreen: false,
                    cddApproval: false,
                  }))
                }
                className={`min-h-10 rounded-full border px-3 text-sm font-semibold ${
                  active
                    ? 'border-brand-800 bg-brand-800 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {option.label}
                {option.count === undefined ? null : <span className="ml-1 tabular-nums">({option.count})</span>}
              </button>
            );
          })}
          <button
            type="button"
            aria-pressed={Boolean(filters.cddPending)}
            onClick={() =>
              setFilters((current) => ({
                ...current,
                status: '',
                cddPending: !current.cddPending,
                cddRescreen: false,
                cddApproval: false,
              }))
            }
            className={`min-h-10 rounded-full border px-3 text-sm font-semibold ${
              filters.cddPending
                ? 'border-red-800 bg-red-800 text-white'
                : 'border-red-300 bg-white text-red-900 hover:bg-red-50'
            }`}
          >
            Due diligence pending
          </button>
          <button
            type="button"
            aria-pressed={Boolean(filters.cddRescreen)}
            onClick={() =>
              setFilters((current) => ({
                ...current,
                status: '',
                cddRescreen: !current.cddRescreen,
                cddPending: false,
                cddApproval: false,
              }))
            }
            className={`min-h-10 rounded-full border px-3 text-sm font-semibold ${
              filters.cddRescreen
                ? 'border-amber-800 bg-amber-800 text-white'
                : 'border-amber-400 bg-white text-amber-950 hover:bg-amber-50'
            }`}
          >
            Due for re-screening
          </button>
          {approvals.items ? (
            <button
              type="button"
              aria-pressed={Boolean(filters.cddApproval)}
              onClick={() =>
                setFilters((current) =>
                  current.cddApproval ? { ...current, cddApproval: false } : approvalOnly(current),
                )
              }
              className={`min-h-10 rounded-full border px-3 text-sm font-semibold ${
                filters.cddApproval
                  ? 'border-violet-800 bg-violet-800 text-white'
                  : 'border-violet-400 bg-white text-violet-950 hover:bg-violet-50'
              }`}
            >
              Waiting for your approval <span className="tabular-nums">({approvals.items.length})</span>
            </button>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <form
            role="search"
            className="flex grow flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              setFilters((current) => ({ ...current, q: search }));
            }}
          >
            <div className="grow basis-48">
              <label htmlFor="desk-search" className="mb-1 block text-sm font-medium text-slate-800">
                Search name, e-mail or phone
              </label>
              <input
                id="desk-search"
                type="search"
                maxLength={100}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="min-h-10 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm"
              />
            </div>
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
          <div role="group" aria-label="Show as" className="flex">
            {(['cards', 'table'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                className={`min-h-10 border px-3 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg ${
                  view === option
                    ? 'border-brand-800 bg-brand-800 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {option === 'cards' ? 'Cards' : 'Table'}
              </button>
            ))}
          </div>
          <Button variant="outline" onClick={() => void refresh()}>
            Refresh
          </Button>
          <a className="btn btn-outline" href={exportHref} download>
            Export CSV
          </a>
          {erasure.form}
        </div>
      </div>

      <ListStatus
        loading={list.loading}
        error={list.error}
        isEmpty={shown.length === 0}
        empty={
          filters.status || filters.q || filters.cddPending || filters.cddRescreen || filters.cddApproval
            ? 'No contact requests match these filters.'
            : 'No contact requests yet.'
        }
        what="contact requests"
        onRetry={() => void list.reload()}
      />
      {list.error && shown.length > 0 ? (
        <div role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p>We couldn't refresh the contact requests: {list.error}</p>
          <Button variant="outline" className="mt-2" onClick={() => void list.reload()}>
            Try again
          </Button>
        </div>
      ) : null}
      {view === 'table' && shown.length > 0 ? (
        <EnquiryTable
          items={shown}
          sort={sort}
          onSort={setSort}
          openId={address.id !== null && open.has(address.id) ? address.id : null}
          onToggle={toggleRow}
          waited={waited}
          renderOpen={(request, panelId) => (
            <section id={panelId} aria-label={`Desk for ${fullName(request)}`} className="space-y-4">
              {/* The detail's own headings (h4) sit under this one, as they do in a card. */}
              <h3 className="text-lg font-semibold break-words text-brand-900">{fullName(request)}</h3>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <EnquiryFields enquiry={request} />
                <DeleteEnquiry
                  enquiry={request}
                  pending={deleting === request.id}
                  onDelete={() => void remove(request)}
                />
              </div>
              <div className="border-t border-slate-200 pt-4">
                <EnquiryDetail id={request.id} me={me} onChanged={changed} onErase={erasure.erase} />
              </div>
            </section>
          )}
        />
      ) : null}
      {view === 'cards' ? (
        <ul className="space-y-4">
          {shown.map((request) => {
            const name = fullName(request);
            const isOpen = open.has(request.id);
            const waiting = waited(request);
            const panelId = `enquiry-${request.id}`;
            return (
              <li
                key={request.id}
                ref={request.id === linked ? (element) => void (linkedRef.current = element) : undefined}
                className="scroll-mt-4"
              >
                <article
                  aria-label={`Contact request from ${name}`}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="text-lg font-semibold break-words text-brand-900">{name}</h3>
                      <p className="text-sm text-slate-700">
                        <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
                      </p>
                      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                        <StatusBadge testId="enquiry-status" tone={STATUS_TONES[request.status]}>
                          {STATUS_LABELS[request.status]}
                        </StatusBadge>
                        {request.source === 'quote' ? <QuoteLeadBadge /> : null}
                        {waiting ? (
                          <span
                            data-testid="enquiry-age"
                            className={
                              waiting.late ? 'rounded bg-red-100 px-1.5 font-semibold text-red-900' : 'text-slate-700'
                            }
                          >
                            Waiting {formatMinutes(waiting.minutes)}
                            {waiting.late ? ' – past the 5-minute target' : ''}
                          </span>
                        ) : null}
                        {dueDiligencePending(request) ? <DoNotActBadge /> : null}
                        {request.cdd?.screening?.due ? <RescreenDueBadge /> : null}
                        {request.assignee ? (
                          <span className="text-slate-700">Assigned to {request.assignee}</span>
                        ) : null}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-start gap-2">
                      <Button
                        variant="outline"
                        aria-expanded={isOpen}
                        aria-controls={panelId}
                        aria-label={`${isOpen ? 'Close' : 'Open'} enquiry: ${name}`}
                        onClick={() => toggle(request.id)}
                      >
                        {isOpen ? 'Close' : 'Open'}
                      </Button>
                      <DeleteEnquiry
                        enquiry={request}
                        pending={deleting === request.id}
                        onDelete={() => void remove(request)}
                      />
                    </div>
                  </div>
                  <div className="mt-3">
                    <EnquiryFields enquiry={request} />
                  </div>
                  {isOpen ? (
                    <section
                      id={panelId}
                      aria-label={`Desk for ${name}`}
                      className="mt-4 border-t border-slate-200 pt-4"
                    >
                      <EnquiryDetail id={request.id} me={me} onChanged={changed} onErase={erasure.erase} />
                    </section>
                  ) : null}
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
      {list.hasMore ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" pending={list.loadingMore} onClick={() => void list.loadMore()}>
            Load more
          </Button>
        </div>
      ) : null}
      {dialog}
    </div>
  );
}
