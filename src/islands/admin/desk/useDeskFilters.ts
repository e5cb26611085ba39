/**
 * The desk's filters: a status, the search, or one of the due-diligence views. "Waiting for
 * your approval" has an address of its own (`?cdd=approval`): read once on arrival, then
 * kept in step with the filter.
 */
import { useEffect, useRef, useState } from 'react';
import { approvalFilterInAddress, setApprovalFilterInAddress } from '../due-diligence/ApprovalQueue.tsx';
import type { DeskFilters } from './useDesk.ts';

/** The desk's filters narrowed to the ratings waiting for this principal's approval (and the search kept). */
export const approvalOnly = (current: DeskFilters): DeskFilters => ({
  ...current,
  status: '',
  cddPending: false,
  cddRescreen: false,
  cddApproval: true,
});

/** Whether anything narrows the list (so an empty one says "match these filters"). */
export const filtered = (filters: DeskFilters): boolean =>
  Boolean(filters.status || filters.q || filters.cddPending || filters.cddRescreen || filters.cddApproval);

export function useDeskFilters() {
  const [filters, setFilters] = useState<DeskFilters>({ status: '', q: '' });
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
  return [filters, setFilters] as const;
}
