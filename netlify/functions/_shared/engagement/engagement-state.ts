/**
 * An engagement's state as the desk and the client see it. Apart from engagements.ts so
 * the lead desk can show it without importing the engagement workflow (which imports the
 * lead desk to instruct an enquiry).
 */
import { now } from '../../../../src/shared/clock.ts';
import type {
  EngagementRecord,
  EngagementStatus,
  EngagementSummary,
} from '../../../../src/shared/schemas/engagement.ts';
import { getEngagement, latestPointer } from '../repositories/engagements-store.ts';

/** The status as of `at`: an open link past its expiry is expired, even before the job marks it. */
export function statusAt(record: EngagementRecord, at = now()): EngagementStatus {
  const open = record.status === 'sent' || record.status === 'viewed';
  return open && Date.parse(record.expiresAt) <= at ? 'expired' : record.status;
}

export const isOpen = (record: EngagementRecord, at = now()) => {
  const status = statusAt(record, at);
  return status === 'sent' || status === 'viewed';
};

export function summaryOf(record: EngagementRecord): EngagementSummary {
  return {
    id: record.id,
    status: statusAt(record),
    sentAt: record.sentAt,
    ...(record.viewedAt ? { viewedAt: record.viewedAt } : {}),
    ...(record.acceptance
      ? { acceptedAt: record.acceptance.at, documentSha256: record.acceptance.documentSha256 }
      : {}),
    expiresAt: record.expiresAt,
    reminders: record.reminders,
  };
}

/** The enquiry's latest engagement for the desk, or null. */
export async function engagementSummaryFor(enquiryId: string): Promise<EngagementSummary | null> {
  const latest = await latestPointer(enquiryId);
  const found = latest ? await getEngagement(latest.engagementId) : null;
  return found ? summaryOf(found.record) : null;
}
