/** How each pipeline status looks on the desk, the same in the cards and the table. */
import type { EnquiryStatus } from '#src/shared/schemas/lead-desk.ts';
import type { BadgeTone } from '../kit/StatusBadge.tsx';

export const STATUS_TONES: Record<EnquiryStatus, BadgeTone> = {
  new: 'waiting',
  contacted: 'info',
  quoted: 'review',
  instructed: 'success',
  lost: 'neutral',
};
