import type { DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';

/** An instructed enquiry without verified due diligence: the practice must not act on it yet. */
export const dueDiligencePending = (enquiry: Pick<DeskEnquiry, 'status' | 'cdd'>): boolean =>
  enquiry.status === 'instructed' && enquiry.cdd?.status !== 'verified';

/** Shown on the desk's list and in the panel, so no one acts on the matter before it is verified. */
export function DoNotActBadge() {
  return (
    <StatusBadge testId="cdd-pending" tone="danger">
      Do not act: due diligence pending
    </StatusBadge>
  );
}
