/**
 * The desk as a compact table: one row per enquiry with what staff need at a glance (who,
 * when, the service, where it stands and the next action), sortable by each column's header
 * button (aria-sort says the order), and opened in place under its row. Keyboard: Tab reaches
 * the header buttons and each row's Open button; Up and Down move between rows' buttons.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { serviceLabel } from '#src/shared/schemas/enquiry.ts';
import type { DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { Button } from '#src/ui/Button.tsx';
import { formatDateTime, fullName } from '../kit/format.ts';
import { EnquiryBadges } from './EnquiryBadges.tsx';
import { nextAction, sortEnquiries, type Sort, type SortKey } from './desk-rows.ts';
import type { Waited } from './useDesk.ts';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'received', label: 'Received' },
  { key: 'service', label: 'Service' },
  { key: 'status', label: 'Status' },
  { key: 'next', label: 'Next action' },
];

/** Where a new sort starts: the newest and the most pressing first, names from A. */
const FIRST_DIRECTION: Record<SortKey, Sort['direction']> = {
  name: 'ascending',
  received: 'descending',
  service: 'ascending',
  status: 'ascending',
  next: 'ascending',
};

function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [
    ...(event.currentTarget.closest('table')?.querySelectorAll<HTMLButtonElement>('button[data-row-open]') ?? []),
  ];
  const index = buttons.indexOf(event.currentTarget);
  const next = buttons[index + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

export function EnquiryTable({
  items,
  sort,
  onSort,
  openId,
  onToggle,
  waited,
  renderOpen,
}: {
  items: readonly DeskEnquiry[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  openId: string | null;
  onToggle: (id: string) => void;
  /** Business minutes a new enquiry has waited, and whether that is past the target. */
  waited: (enquiry: DeskEnquiry) => Waited | null;
  /** What an open enquiry shows under its row. */
  renderOpen: (enquiry: DeskEnquiry, panelId: string) => ReactNode;
}) {
  const rows = sortEnquiries(items, sort);
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm" data-testid="desk-table">
        <caption className="sr-only">Contact requests; the column headers sort the enquiries shown</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.map((column) => {
              const active = sort.key === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? sort.direction : undefined}
                  className="px-2 py-1 whitespace-nowrap"
                >
                  <button
                    type="button"
                    className="inline-flex min-h-10 items-center gap-1 rounded px-1 font-semibold hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700"
                    onClick={() =>
                      onSort({
                        key: column.key,
                        direction: active
                          ? sort.direction === 'ascending'
                            ? 'descending'
                            : 'ascending'
                          : FIRST_DIRECTION[column.key],
                      })
                    }
                  >
                    {column.label}
                    <span aria-hidden="true" className="w-3 text-xs">
                      {active ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              );
            })}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((enquiry) => {
            const name = fullName(enquiry);
            const isOpen = openId === enquiry.id;
            const panelId = `enquiry-row-${enquiry.id}`;
            const waiting = waited(enquiry);
            return [
              <tr
                key={enquiry.id}
                data-enquiry-row={enquiry.id}
                className={`border-t border-slate-200 align-top ${isOpen ? 'bg-brand-50' : ''}`}
              >
                <th scope="row" className="px-3 py-2 font-semibold break-words text-brand-900">
                  {name}
                </th>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
                </td>
                <td className="px-3 py-2">{serviceLabel(enquiry.serviceType)}</td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap items-center gap-1">
                    <EnquiryBadges enquiry={enquiry} waiting={waiting} />
                  </span>
                </td>
                <td className="px-3 py-2" data-testid="next-action">
                  {nextAction(enquiry)}
                  {enquiry.assignee ? <span className="block text-xs text-slate-700">{enquiry.assignee}</span> : null}
                </td>
                <td className="px-3 py-2 text-right">
                  <Button
                    variant="outline"
                    data-row-open=""
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    aria-label={`${isOpen ? 'Close' : 'Open'} enquiry: ${name}`}
                    onClick={() => onToggle(enquiry.id)}
                    onKeyDown={moveFocus}
                  >
                    {isOpen ? 'Close' : 'Open'}
                  </Button>
                </td>
              </tr>,
              isOpen ? (
                <tr key={`${enquiry.id}-open`} className="bg-white">
                  <td colSpan={COLUMNS.length + 1} className="border-t border-slate-200 px-3 py-4">
                    {renderOpen(enquiry, panelId)}
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}
