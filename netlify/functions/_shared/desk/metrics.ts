/** The lead desk's metrics: arrivals by status and service, first contact against the target, conversion. */
import { LEAD_FIGURES } from '#src/content/lead-guide.ts';
import type { BusinessHours } from '#src/content/practice.ts';
import { ENQUIRY_STATUSES, type EnquiryStatus, type LeadMetrics } from '#src/shared/schemas/lead-desk.ts';
import { businessHoursOf } from '#src/shared/schemas/settings.ts';
import { businessMinutesBetween, sydneyDayStart } from '#src/shared/sydney-time.ts';
import type { StoredEnquiry } from '../repositories/enquiries-store.ts';
import { acceptancesOf } from '../repositories/engagements-store.ts';
import { listStoredEnquiries } from '../repositories/enquiries-store.ts';
import { getSettings } from '../repositories/settings-store.ts';
import { matcher } from './filters.ts';

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  // Nearest-rank: the smallest value with at least p of the values at or below it.
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return round1(sorted[rank - 1]!);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * `acceptedOnline`: enquiries whose `firstContactAt` is their client's online acceptance
 * (recorded so before the acceptance stopped setting it): the first contact counts staff's
 * calls, status changes and e-mails only, so these are not measured. Nor are quote leads
 * (/quote's 'Email me this quote'): they have no phone, and the target is for a call back.
 */
export function computeMetrics(
  records: StoredEnquiry[],
  from: string,
  to: string,
  hours: readonly BusinessHours[],
  acceptedOnline: ReadonlySet<string> = new Set(),
): LeadMetrics {
  const byStatus = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, 0])) as Record<EnquiryStatus, number>;
  const byService: Record<string, number> = {};
  const minutes: number[] = [];
  for (const record of records) {
    byStatus[record.status]++;
    byService[record.serviceType] = (byService[record.serviceType] ?? 0) + 1;
    if (record.firstContactAt && record.source !== 'quote' && !acceptedOnline.has(record.id))
      minutes.push(businessMinutesBetween(record.createdAt, record.firstContactAt, hours));
  }
  minutes.sort((a, b) => a - b);
  const target = LEAD_FIGURES.responseMinutes;
  return {
    from,
    to,
    total: records.length,
    byStatus,
    byService,
    firstContact: {
      measured: minutes.length,
      medianMinutes: percentile(minutes, 0.5),
      p90Minutes: percentile(minutes, 0.9),
      within5Minutes: minutes.filter((value) => value <= target).length,
      targetMinutes: target,
    },
    conversion: {
      instructed: byStatus.instructed,
      lost: byStatus.lost,
      rate: records.length === 0 ? null : Math.round((byStatus.instructed / records.length) * 1000) / 1000,
      target: LEAD_FIGURES.targetConversionRate,
    },
  };
}

export async function leadMetrics(from: string, to: string): Promise<LeadMetrics> {
  // The hours staff set in Settings: the callback target counts only the hours the practice is open.
  // Only the spans of time the period covers are read: a period costs what it holds.
  const arrived = { from: sydneyDayStart(from), to: sydneyDayStart(to, 1) };
  const [records, settings] = await Promise.all([
    listStoredEnquiries({ arrived, filter: matcher({ from, to }) }),
    getSettings(),
  ]);
  return computeMetrics(records, from, to, businessHoursOf(settings.hours), await acceptedOnline(records));
}

/** The enquiries whose first contact was stamped at an online acceptance, not by staff. */
async function acceptedOnline(records: readonly StoredEnquiry[]): Promise<Set<string>> {
  const candidates = records.filter((record) => record.firstContactAt && record.status === 'instructed');
  if (candidates.length === 0) return new Set();
  const acceptances = await acceptancesOf(candidates.map((record) => record.id));
  return new Set(
    candidates
      .filter((record) => acceptances.get(record.id)?.includes(record.firstContactAt!))
      .map((record) => record.id),
  );
}
