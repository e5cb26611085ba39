/**
 * The desk's lists: filters by status, search, arrival dates, pending due diligence,
 * re-screening due and ratings waiting for the caller's approval.
 */
import {
  ENQUIRY_STATUSES,
  type DeskEnquiry,
  type EnquiryStatus,
  type StatusCounts,
} from '#src/shared/schemas/lead-desk.ts';
import { sydneyDayStart } from '#src/shared/sydney-time.ts';
import type { SessionUser } from '#src/shared/schemas/login.ts';
import { awaitingApprovalBy, cddStatusesOf, verifiedCddIds } from '../due-diligence/cdd-desk-list.ts';
import { screeningsDue } from '../due-diligence/screening-due.ts';
import { listStoredEnquiries, type StoredEnquiry } from '../repositories/enquiries-store.ts';
import { keptByLaw } from './kept-by-law.ts';
import { withRetention } from '../enquiries/retention.ts';

export interface DeskFilters {
  status?: EnquiryStatus;
  q?: string;
  /** Inclusive Sydney dates (`YYYY-MM-DD`) of arrival. */
  from?: string;
  to?: string;
  /**
   * `pending`: instructed enquiries whose due diligence is not verified ("do not act");
   * `rescreen`: verified, open matters due for sanctions re-screening (`screeningsDue`);
   * `approval`: open matters whose rating waits for `caller`'s approval (`awaitingApprovalBy`).
   */
  cdd?: 'pending' | 'rescreen' | 'approval';
  /** Who asks: `cdd=approval` is "waiting for your approval". */
  caller?: Pick<SessionUser, 'id' | 'username' | 'role'>;
}

const digits = (value: string) => value.replace(/\D/g, '');

export function matcher(filters: DeskFilters): ((record: StoredEnquiry) => boolean) | undefined {
  const q = filters.q?.trim().toLowerCase();
  const qDigits = q ? digits(q) : '';
  const from = filters.from ? sydneyDayStart(filters.from) : -Infinity;
  const to = filters.to ? sydneyDayStart(filters.to, 1) : Infinity;
  if (!filters.status && !q && !filters.from && !filters.to) return undefined;
  return (record) => {
    if (filters.status && record.status !== filters.status) return false;
    const created = Date.parse(record.createdAt);
    if (created < from || created >= to) return false;
    if (!q) return true;
    const name = `${record.firstName} ${record.lastName}`.toLowerCase();
    return (
      name.includes(q) ||
      record.email.toLowerCase().includes(q) ||
      record.phone.toLowerCase().includes(q) ||
      (qDigits.length >= 3 && digits(record.phone).includes(qDigits))
    );
  };
}

export async function listEnquiries(filters: DeskFilters, page: { limit?: number; before?: string } = {}) {
  return (await listStoredEnquiries({ filter: await cddMatcher(filters), ...page })).map(withRetention);
}

/**
 * `matcher`, narrowed to instructed enquiries without verified due diligence for
 * `cdd=pending`, to the matters due for re-screening for `cdd=rescreen`, or to those whose
 * rating waits for the caller's approval for `cdd=approval`.
 */
async function cddMatcher(filters: DeskFilters): Promise<((record: StoredEnquiry) => boolean) | undefined> {
  const base = matcher(filters);
  if (filters.cdd === 'approval') {
    const waiting = filters.caller ? await awaitingApprovalBy(filters.caller) : new Set<string>();
    return (record) => waiting.has(record.id) && (!base || base(record));
  }
  if (filters.cdd === 'rescreen') {
    const due = new Set((await screeningsDue()).map((item) => item.id));
    return (record) => due.has(record.id) && (!base || base(record));
  }
  if (filters.cdd !== 'pending') return base;
  const verified = await verifiedCddIds();
  return (record) => record.status === 'instructed' && !verified.has(record.id) && (!base || base(record));
}

/**
 * The desk's list: each enquiry on the page with its due diligence's plain status (`cdd`)
 * and what the law keeps of it (`kept`), so its delete button can say why before a click.
 */
export async function listDeskEnquiries(
  filters: DeskFilters & { caller: NonNullable<DeskFilters['caller']> },
  page: { limit?: number; before?: string } = {},
): Promise<DeskEnquiry[]> {
  const records = await listEnquiries(filters, page);
  const ids = records.map((record) => record.id);
  const [statuses, kept] = await Promise.all([cddStatusesOf(ids), keptByLaw(ids, filters.caller)]);
  return records.map((record) => ({
    ...record,
    cdd: statuses.get(record.id) ?? null,
    kept: kept.get(record.id) ?? null,
  }));
}

/**
 * The status counts of the enquiries a search matches, so the desk's chips follow the
 * search (the all-time counts without one are kept with the enquiries: `statusCounts`).
 */
export async function searchCounts(q: string): Promise<StatusCounts> {
  const byStatus = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, 0])) as Record<EnquiryStatus, number>;
  const records = await listStoredEnquiries({ filter: matcher({ q }) });
  for (const record of records) byStatus[record.status]++;
  return { total: records.length, byStatus };
}
