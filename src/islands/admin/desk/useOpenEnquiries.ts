/**
 * Which enquiries are open on the desk. Cards open and close one by one; the table shows one
 * open at a time, the one in the address. An alert's link (or a shared one, or Back and
 * Forward) opens the enquiry it names, fetched on its own when it is not on the pages loaded,
 * and that enquiry leads the list until staff move on, whichever page it is on.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { enquiriesRoutes } from '#src/shared/api/enquiries.ts';
import { erasureKey, type DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { useEnquiryAddress } from './useDesk.ts';

export function useOpenEnquiries(items: DeskEnquiry[]) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [linked, setLinked] = useState<string | null>(null);
  const [linkedItem, setLinkedItem] = useState<DeskEnquiry | null>(null);
  const linkedElement = useRef<HTMLElement | null>(null);
  const holdLinked = useCallback((element: HTMLElement | null) => {
    linkedElement.current = element;
  }, []);
  const listed = useRef(items);
  useEffect(() => {
    listed.current = items;
  });

  /** Shows `id` open, fetched on its own when it is not on the pages loaded. */
  const show = (id: string | null) => {
    setOpen(id ? new Set([id]) : new Set());
    if (!id || listed.current.some((item) => item.id === id)) return;
    callApi(enquiriesRoutes.read, { params: { id } }).then(setLinkedItem, () => {});
  };
  // Back and Forward open the enquiry the address names (and close the rest).
  const address = useEnquiryAddress((id, arrived) => {
    if (arrived) setLinked(id);
    show(id);
  });

  const shown = useMemo(
    () => (linkedItem && !items.some((item) => item.id === linkedItem.id) ? [linkedItem, ...items] : items),
    [linkedItem, items],
  );

  useEffect(() => {
    if (linkedItem && linkedElement.current) linkedElement.current.scrollIntoView({ block: 'start' });
  }, [linkedItem]);

  return {
    /** The list as shown: the linked enquiry first when it is not among the pages loaded. */
    shown,
    isOpen: (id: string) => open.has(id),
    /** The table's open row: the enquiry in the address, while it is open. */
    openRow: address.id !== null && open.has(address.id) ? address.id : null,
    /** A card's Open and Close: the address follows the card last opened. */
    toggle: (id: string) => {
      const opening = !open.has(id);
      setOpen((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      });
      if (opening) address.go(id);
      else if (address.id === id) address.go(null);
    },
    /** A row's Open and Close: one open at a time. */
    toggleRow: (id: string) => {
      const opening = address.id !== id || !open.has(id);
      setOpen(opening ? new Set([id]) : new Set());
      address.go(opening ? id : null);
    },
    /** Opens an enquiry named elsewhere on the desk (the approval queue) as its link would. */
    openLinked: (id: string) => {
      setLinked(id);
      address.go(id);
      show(id);
    },
    /** The ref for the card a link opened, which the desk scrolls to; undefined for the rest. */
    linkedRef: (id: string) => (id === linked ? holdLinked : undefined),
    /** Keeps the linked enquiry's copy in step with a change saved to it. */
    changed: (enquiry: DeskEnquiry) =>
      setLinkedItem((current) => (current?.id === enquiry.id ? { ...current, ...enquiry } : current)),
    /** A linked enquiry stays shown though off the list, so an erasure of its person must drop it by hand. */
    erased: (email: string) =>
      setLinkedItem((current) => (current && erasureKey(current.email) === email ? null : current)),
  };
}
