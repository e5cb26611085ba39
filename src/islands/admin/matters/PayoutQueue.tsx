/**
 * The "Bank details" queue at the top of the Matters tab: every open matter whose client's
 * bank details wait for a call-back or an approval, oldest first, with the next step and who
 * may take it. Opening one shows the matter (its payout panel: PayoutPanel.tsx).
 */
import { useStore } from '@nanostores/react';
import type { PayoutQueueItem } from '#src/shared/schemas/payout.ts';
import { PAYOUT_STATUS_LABELS } from '#src/shared/states/payout.ts';
import { $session } from '#src/stores/session.ts';
import { Button } from '#src/ui/Button.tsx';
import { formatDateTime } from '../kit/format.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { nextStepFor } from './payout-format.ts';

export function PayoutQueue({ items, onOpen }: { items: PayoutQueueItem[]; onOpen: (matterId: string) => void }) {
  const session = useStore($session);
  const me = session.status === 'signed-in' ? session.user : null;
  return (
    <section aria-labelledby="payout-queue-title" data-testid="payout-queue" className="space-y-2">
      <h3 id="payout-queue-title" className="text-lg font-semibold text-brand-900">
        Bank details
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">
          Nothing waits: every client’s bank details are called back and approved.
        </p>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => (
            <li
              key={item.matterId}
              data-testid="payout-queue-item"
              className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
            >
              <Button variant="ghost" className="px-2" onClick={() => onOpen(item.matterId)}>
                {item.client}
              </Button>
              <StatusBadge tone={item.status === 'submitted' ? 'waiting' : 'review'}>
                {PAYOUT_STATUS_LABELS[item.status]}
              </StatusBadge>
              {item.highRisk ? <StatusBadge tone="danger">High risk</StatusBadge> : null}
              <span>{nextStepFor(item.next, me)}</span>
              <span className="text-slate-700">
                Entered <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
