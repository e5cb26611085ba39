/**
 * One enquiry on the desk as a card: who and when, where it stands, how long a new one has
 * waited against the 5-minute target, who has it, what they sent, and its desk (the
 * detail) under it when opened.
 */
import type { ReactNode } from 'react';
import type { DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { Button } from '#src/ui/Button.tsx';
import { formatDateTime, fullName } from '../kit/format.ts';
import { EnquiryBadges } from './EnquiryBadges.tsx';
import { EnquiryFields } from './EnquiryFields.tsx';
import type { Waited } from './useDesk.ts';

export function EnquiryCard({
  enquiry,
  open,
  onToggle,
  waiting,
  itemRef,
  actions,
  children,
}: {
  enquiry: DeskEnquiry;
  open: boolean;
  onToggle: () => void;
  waiting: Waited | null;
  /** Set on the card a link opened, so the desk can scroll to it. */
  itemRef?: (element: HTMLElement | null) => void;
  /** Beside Open (the delete button). */
  actions: ReactNode;
  /** The enquiry's desk, shown while the card is open. */
  children: ReactNode;
}) {
  const name = fullName(enquiry);
  const panelId = `enquiry-${enquiry.id}`;
  return (
    <li ref={itemRef} className="scroll-mt-4">
      <article
        aria-label={`Contact request from ${name}`}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-lg font-semibold break-words text-brand-900">{name}</h3>
            <p className="text-sm text-slate-700">
              <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <EnquiryBadges enquiry={enquiry} waiting={waiting} inWords />
              {enquiry.assignee ? <span className="text-slate-700">Assigned to {enquiry.assignee}</span> : null}
            </p>
          </div>
          <div className="flex flex-wrap items-start gap-2">
            <Button
              variant="outline"
              aria-expanded={open}
              aria-controls={panelId}
              aria-label={`${open ? 'Close' : 'Open'} enquiry: ${name}`}
              onClick={onToggle}
            >
              {open ? 'Close' : 'Open'}
            </Button>
            {actions}
          </div>
        </div>
        <div className="mt-3">
          <EnquiryFields enquiry={enquiry} />
        </div>
        {open ? (
          <section id={panelId} aria-label={`Desk for ${name}`} className="mt-4 border-t border-slate-200 pt-4">
            {children}
          </section>
        ) : null}
      </article>
    </li>
  );
}
