/**
 * Where an enquiry stands, as the desk's card and table both show it: its status, a quote
 * lead's mark, how long it has waited (each view words that its own way), and the
 * due-diligence warnings (do not act, re-screen due).
 */
import type { ReactNode } from 'react';
import { STATUS_LABELS, type DeskEnquiry } from '../../../shared/schemas/lead-desk.ts';
import { DoNotActBadge, dueDiligencePending } from '../due-diligence/DoNotActBadge.tsx';
import { RescreenDueBadge } from '../due-diligence/Rescreening.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { QuoteLeadBadge } from './QuoteSummary.tsx';
import { STATUS_TONES } from './status-tones.ts';

export function EnquiryBadges({
  enquiry,
  waiting,
}: {
  enquiry: Pick<DeskEnquiry, 'status' | 'source' | 'cdd'>;
  /** The waiting time as the view shows it, between the quote mark and the warnings. */
  waiting: ReactNode;
}) {
  return (
    <>
      <StatusBadge testId="enquiry-status" tone={STATUS_TONES[enquiry.status]}>
        {STATUS_LABELS[enquiry.status]}
      </StatusBadge>
      {enquiry.source === 'quote' ? <QuoteLeadBadge /> : null}
      {waiting}
      {dueDiligencePending(enquiry) ? <DoNotActBadge /> : null}
      {enquiry.cdd?.screening?.due ? <RescreenDueBadge /> : null}
    </>
  );
}
