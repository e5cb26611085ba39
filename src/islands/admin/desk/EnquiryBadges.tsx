/**
 * Where an enquiry stands, as the desk's card and table both show it: its status, a quote
 * lead's mark, how long a new one has waited (red when past the target), and the
 * due-diligence warnings (do not act, re-screen due).
 */
import { STATUS_LABELS, type DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { DoNotActBadge, dueDiligencePending } from '../due-diligence/DoNotActBadge.tsx';
import { RescreenDueBadge } from '../due-diligence/Rescreening.tsx';
import { formatMinutes } from '../kit/format.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { QuoteLeadBadge } from './QuoteSummary.tsx';
import { STATUS_TONES } from './status-tones.ts';
import type { Waited } from './useDesk.ts';

export function EnquiryBadges({
  enquiry,
  waiting,
  inWords = false,
}: {
  enquiry: Pick<DeskEnquiry, 'status' | 'source' | 'cdd'>;
  waiting: Waited | null;
  /** "Waiting 12 min – past the 5-minute target" on a card; the table's narrow cell shows the time alone. */
  inWords?: boolean;
}) {
  return (
    <>
      <StatusBadge testId="enquiry-status" tone={STATUS_TONES[enquiry.status]}>
        {STATUS_LABELS[enquiry.status]}
      </StatusBadge>
      {enquiry.source === 'quote' ? <QuoteLeadBadge /> : null}
      {waiting ? (
        <span
          data-testid="enquiry-age"
          className={
            waiting.late ? 'rounded bg-red-100 px-1.5 font-semibold text-red-900' : inWords ? 'text-slate-700' : ''
          }
        >
          {inWords ? 'Waiting ' : null}
          {formatMinutes(waiting.minutes)}
          {inWords && waiting.late ? ' – past the 5-minute target' : null}
        </span>
      ) : null}
      {dueDiligencePending(enquiry) ? <DoNotActBadge /> : null}
      {enquiry.cdd?.screening?.due ? <RescreenDueBadge /> : null}
    </>
  );
}
