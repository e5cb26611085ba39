/**
 * Tab 1, the lead desk: the enquiries people sent through the site's forms, with
 * their place in the pipeline, how long new ones have waited in business hours, the
 * detail with its activity, and the CSV export; as cards or a compact table (remembered),
 * with the open enquiry in the address. Alerts are the notification; the list
 * fetches again only when staff press Refresh (no polling).
 *
 * This file puts the desk together; its parts: the filters (`useDeskFilters`,
 * `DeskFilterChips`, `DeskToolbar`), what is open (`useOpenEnquiries`), the two views
 * (`EnquiryCard`, `EnquiryTable`) and deleting (`useDeleteEnquiry`).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { $session } from '#src/stores/session.ts';
import { Button } from '#src/ui/Button.tsx';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { ApprovalQueue, useApprovalQueue } from '../due-diligence/ApprovalQueue.tsx';
import { DutyIndexationNotice } from '../duty/DutyIndexationNotice.tsx';
import { UncheckedClaimsWarning } from '../settings/UncheckedClaimsWarning.tsx';
import { fullName } from '../kit/format.ts';
import { ListStatus, TabHeading } from '../kit/parts.tsx';
import { AlertsNotConfigured } from './AlertsNotConfigured.tsx';
import type { Sort } from './desk-rows.ts';
import { DeskFilterChips } from './DeskFilterChips.tsx';
import { DeskToolbar } from './DeskToolbar.tsx';
import { EnquiryCard } from './EnquiryCard.tsx';
import { EnquiryDetail } from './EnquiryDetail.tsx';
import { DeleteEnquiry, EnquiryFields } from './EnquiryFields.tsx';
import { EnquiryTable } from './EnquiryTable.tsx';
import { useErasure } from './Erasure.tsx';
import { exportPath, useDeskList, useDeskView, useStatusCounts, useWaited } from './useDesk.ts';
import { useDeleteEnquiry } from './useDeleteEnquiry.ts';
import { approvalOnly, filtered, useDeskFilters } from './useDeskFilters.ts';
import { useOpenEnquiries } from './useOpenEnquiries.ts';

export default function EnquiriesTab() {
  const session = useStore($session);
  const me = session.status === 'signed-in' ? session.user.username : '';
  const [filters, setFilters] = useDeskFilters();
  const list = useDeskList(filters);
  const counts = useStatusCounts(filters.q);
  const [view, setView] = useDeskView();
  const [sort, setSort] = useState<Sort>({ key: 'received', direction: 'descending' });
  const approvals = useApprovalQueue();
  const waited = useWaited();
  const { confirm, dialog } = useConfirm();
  const open = useOpenEnquiries(list.items);

  const refresh = () => Promise.all([list.reload(), counts.reload(), approvals.reload()]);
  const changed = (enquiry: DeskEnquiry) => {
    list.upsert(enquiry);
    open.changed(enquiry);
    void counts.reload();
    // An approval (or a new rating) moves a matter on or off "waiting for your approval".
    void approvals.reload();
  };
  const erasure = useErasure(confirm, (email) => {
    open.erased(email);
    return refresh();
  });
  const removal = useDeleteEnquiry(confirm, refresh);

  const deleteButton = (request: DeskEnquiry) => (
    <DeleteEnquiry
      enquiry={request}
      pending={removal.deleting === request.id}
      onDelete={() => void removal.remove(request)}
    />
  );
  const detail = (request: DeskEnquiry) => (
    <EnquiryDetail id={request.id} me={me} onChanged={changed} onErase={erasure.erase} />
  );
  const shown = open.shown;

  return (
    <div>
      <TabHeading title="Contact Form Submissions">Newest first. Times are Sydney time.</TabHeading>

      <UncheckedClaimsWarning />
      <AlertsNotConfigured />
      <DutyIndexationNotice />
      <ApprovalQueue items={approvals.items} onOpen={open.openLinked} onShowAll={() => setFilters(approvalOnly)} />

      <div className="mb-4 space-y-3">
        <DeskFilterChips
          filters={filters}
          onChange={setFilters}
          counts={counts.counts}
          awaitingApproval={approvals.items ? approvals.items.length : null}
        />
        <DeskToolbar
          onSearch={(q) => setFilters((current) => ({ ...current, q }))}
          view={view}
          onView={setView}
          onRefresh={() => void refresh()}
          exportHref={exportPath(filters)}
        >
          {erasure.form}
        </DeskToolbar>
      </div>

      <ListStatus
        loading={list.loading}
        error={list.error}
        isEmpty={shown.length === 0}
        empty={filtered(filters) ? 'No contact requests match these filters.' : 'No contact requests yet.'}
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
          openId={open.openRow}
          onToggle={open.toggleRow}
          waited={waited}
          renderOpen={(request, panelId) => (
            <section id={panelId} aria-label={`Desk for ${fullName(request)}`} className="space-y-4">
              {/* The detail's own headings (h4) sit under this one, as they do in a card. */}
              <h3 className="text-lg font-semibold break-words text-brand-900">{fullName(request)}</h3>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <EnquiryFields enquiry={request} />
                {deleteButton(request)}
              </div>
              <div className="border-t border-slate-200 pt-4">{detail(request)}</div>
            </section>
          )}
        />
      ) : null}
      {view === 'cards' ? (
        <ul className="space-y-4">
          {shown.map((request) => (
            <EnquiryCard
              key={request.id}
              enquiry={request}
              open={open.isOpen(request.id)}
              onToggle={() => open.toggle(request.id)}
              waiting={waited(request)}
              itemRef={open.linkedRef(request.id)}
              actions={deleteButton(request)}
            >
              {detail(request)}
            </EnquiryCard>
          ))}
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
