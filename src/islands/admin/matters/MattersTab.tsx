/**
 * The Matters tab: every open matter with its next deadline, overdue ones first (red), those
 * due within the week amber, and the client's update requests waiting; a matter opens below
 * the list (and from `/admin?matter={id}`, the link staff notices carry).
 */
import { useState } from 'react';
import { MATTER_SIDE_LABELS } from '#src/content/matters.ts';
import { callApi } from '#src/lib/api.ts';
import { mattersRoutes } from '#src/shared/api/matters.ts';
import { payoutsRoutes } from '#src/shared/api/payouts.ts';
import type { MatterRow } from '#src/shared/schemas/matter.ts';
import { Button } from '#src/ui/Button.tsx';
import { ListStatus, TabHeading } from '../kit/parts.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useList } from '../kit/useList.ts';
import { MatterDetail } from './MatterDetail.tsx';
import { PayoutQueue } from './PayoutQueue.tsx';
import { formatDeadline, urgencyOf, waitedFor } from './matter-format.ts';

/** The matter an alert linked to (`/admin?matter={id}`), if any. */
export const linkedMatter = (): string | null =>
  typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('matter');

const readMatters = () => callApi(mattersRoutes.list);
const readPayoutQueue = () => callApi(payoutsRoutes.queue);

export default function MattersTab() {
  const { items, loading, error, reload } = useList(readMatters);
  const [selected, setSelected] = useState<string | null>(linkedMatter);
  const payouts = useList(readPayoutQueue);

  return (
    <div className="space-y-6">
      <TabHeading title="Matters">
        Open matters, the soonest deadline first. Red: a deadline has passed with its milestone not ticked. Amber: due
        within 7 days.
      </TabHeading>
      <PayoutQueue items={payouts.items} onOpen={setSelected} />
      <ListStatus
        loading={loading}
        error={error}
        isEmpty={items.length === 0}
        empty="No open matters. Open one from an enquiry whose due diligence is verified."
        what="matters"
        onRetry={() => void reload()}
      />
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Open matters, soonest deadline first</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Client
                </th>
                <th scope="col" className="px-3 py-2">
                  Property
                </th>
                <th scope="col" className="px-3 py-2">
                  Next deadline
                </th>
                <th scope="col" className="px-3 py-2">
                  Update requests
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <MatterListRow
                  key={row.id}
                  row={row}
                  selected={row.id === selected}
                  onOpen={() => setSelected(row.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {selected ? (
        <MatterDetail
          key={selected}
          id={selected}
          onChanged={async () => {
            await Promise.all([reload(), payouts.reload()]);
          }}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </div>
  );
}

function MatterListRow({ row, selected, onOpen }: { row: MatterRow; selected: boolean; onOpen: () => void }) {
  const urgency = urgencyOf(row);
  return (
    <tr
      data-testid="matter-row"
      data-urgency={urgency}
      className={`border-t border-slate-200 ${urgency === 'overdue' ? 'bg-red-50' : urgency === 'this-week' ? 'bg-amber-50' : ''}`}
    >
      <td className="px-3 py-2">
        <Button variant="ghost" aria-pressed={selected} onClick={onOpen} className="px-2 text-left">
          {row.client}
        </Button>
        <span className="block px-2 text-xs text-slate-700">{MATTER_SIDE_LABELS[row.side]}</span>
      </td>
      <td className="px-3 py-2">{row.property ?? 'No address yet'}</td>
      <td className="px-3 py-2">
        {row.next ? (
          <span className="flex flex-wrap items-center gap-2">
            {urgency === 'overdue' ? (
              <StatusBadge tone="danger">Overdue{row.overdue > 1 ? ` (${row.overdue})` : ''}</StatusBadge>
            ) : urgency === 'this-week' ? (
              <StatusBadge tone="waiting">This week</StatusBadge>
            ) : null}
            <span>
              {row.next.label}: {formatDeadline(row.next.date, row.next.time)}
            </span>
          </span>
        ) : (
          'Nothing due'
        )}
      </td>
      <td className="px-3 py-2">
        {row.updateRequests > 0 ? (
          <StatusBadge tone="waiting">
            {row.updateRequests} waiting
            {row.oldestUpdateRequestAt ? `, ${waitedFor(row.oldestUpdateRequestAt)}` : ''}
          </StatusBadge>
        ) : (
          'None'
        )}
      </td>
    </tr>
  );
}
