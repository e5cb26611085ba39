/**
 * The lead desk's rules over the repositories: moving an enquiry through the pipeline,
 * notes and calls, the CSV export, the metrics, erasure and retention.
 */
import { now as currentTime } from '../../../../src/shared/clock.ts';
import { LEAD_FIGURES } from '../../../../src/content/leadGuide.ts';
import type { BusinessHours } from '../../../../src/content/practice.ts';
import { businessMinutesBetween, sydneyDayStart } from '../../../../src/shared/sydney-time.ts';
import { businessHoursOf } from '../../../../src/shared/schemas/settings.ts';
import { serviceLabel } from '../../../../src/shared/schemas/enquiry.ts';
import { stripControlCharacters } from '../../../../src/shared/schemas/fields.ts';
import {
  ENQUIRY_STATUSES,
  erasureKey,
  type ActivityEntry,
  type DeskEnquiry,
  type DeskEnquiryDetail,
  type EnquiryNote,
  type EnquiryPatch,
  type EnquiryStatus,
  type ErasureResult,
  type LeadMetrics,
} from '../../../../src/shared/schemas/lead-desk.ts';
import { CDD_RETENTION } from '../../../../src/content/amlctf.ts';
import { cddKeptFor, cddStatusesOf, verifiedCddIds } from '../due-diligence/staff-review.ts';
import { engagementSummaryFor } from '../engagement/engagement-state.ts';
import { leadDeskEnv } from '../platform/env.ts';
import { HttpError } from '../http/http.ts';
import { deleteAlert } from '../repositories/alert-outbox-store.ts';
import { recordAudit, type AuditActor } from '../repositories/audit-store.ts';
import {
  deleteStoredEnquiry,
  getStoredEnquiry,
  listStoredEnquiries,
  recountStatuses,
  updateStoredEnquiry,
  type StoredEnquiry,
} from '../repositories/enquiries-store.ts';
import { deleteCdd } from '../repositories/due-diligence-store.ts';
import { deleteEngagementsOf } from '../repositories/engagements-store.ts';
import { deleteMailsOf } from '../repositories/mail-outbox-store.ts';
import { appendActivity, deleteActivity, listActivity } from '../repositories/enquiry-activity-store.ts';
import { getSettings } from '../repositories/settings-store.ts';
import { findUser } from '../repositories/users-store.ts';

const DAY = 24 * 60 * 60 * 1000;

export const NOT_FOUND = 'That contact request no longer exists';

export function withRetention(record: StoredEnquiry): DeskEnquiry {
  const deleteAfter = new Date(Date.parse(record.lastActivityAt) + leadDeskEnv().retentionDays * DAY).toISOString();
  return { ...record, deleteAfter };
}

export async function enquiryDetail(id: string): Promise<DeskEnquiryDetail> {
  const found = await getStoredEnquiry(id);
  if (!found) throw new HttpError(404, NOT_FOUND);
  return detailOf(found.record);
}

async function detailOf(record: StoredEnquiry): Promise<DeskEnquiryDetail> {
  const created: ActivityEntry = { at: record.createdAt, by: 'website', type: 'created' };
  const activity = [created, ...(await listActivity(record.id))].sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
  );
  const [engagement, cdd] = await Promise.all([engagementSummaryFor(record.id), cddStatusesOf([record.id])]);
  return { ...withRetention(record), activity, engagement, cdd: cdd.get(record.id) ?? null };
}

/**
 * Reads, changes and writes one enquiry (`updateStoredEnquiry`). With `expectedVersion`, a
 * record that moved on answers 409; without it, a lost race is replayed on the fresh record.
 */
async function changeEnquiry(
  id: string,
  expectedVersion: number | undefined,
  change: (record: StoredEnquiry) => StoredEnquiry | null,
): Promise<{ before: StoredEnquiry; after: StoredEnquiry }> {
  const { before, after } = await updateStoredEnquiry(
    id,
    (record) => {
      if (!record) throw new HttpError(404, NOT_FOUND);
      if (expectedVersion !== undefined && record.version !== expectedVersion) {
        throw new HttpError(
          409,
          'Someone else changed this enquiry a moment ago. Refresh to see the latest and try again.',
        );
      }
      const changed = change(record);
      if (!changed) return null;
      const now = new Date(currentTime()).toISOString();
      return { ...changed, version: record.version + 1, updatedAt: now, lastActivityAt: now };
    },
    'This enquiry is being changed by several people at once. Please try again.',
  );
  // `apply` refused without a record, so there was one before and after.
  return { before: before!, after: after! };
}

/** The member of staff acting: the activity shows the username, the audit also keeps the id. */
type Staff = Exclude<AuditActor, 'system'>;

export async function updateEnquiry(id: string, patch: EnquiryPatch, staff: Staff): Promise<DeskEnquiry> {
  const by = staff.username;
  if (patch.assignee !== undefined && patch.assignee !== null && !(await findUser(patch.assignee))) {
    throw new HttpError(400, 'Please check the highlighted fields', {
      fieldErrors: { assignee: ['Unknown staff member'] },
    });
  }
  const at = new Date(currentTime()).toISOString();
  const { before, after } = await changeEnquiry(id, patch.version, (record) => {
    const status = patch.status ?? record.status;
    const assignee = patch.assignee === undefined ? record.assignee : patch.assignee || null;
    const lostReason = status === 'lost' ? patch.lostReason || record.lostReason : undefined;
    if (status === 'lost' && !lostReason) {
      throw new HttpError(400, 'Please check the highlighted fields', {
        fieldErrors: { lostReason: ['Please say why the enquiry was lost'] },
      });
    }
    if (status === record.status && assignee === record.assignee && lostReason === record.lostReason) return null;
    const next: StoredEnquiry = { ...record, status, assignee };
    if (lostReason) next.lostReason = lostReason;
    else delete next.lostReason;
    if (status !== 'new' && !record.firstContactAt) next.firstContactAt = at;
    return next;
  });
  if (after !== before) {
    const entries: ActivityEntry[] = [];
    if (after.status !== before.status) {
      entries.push({
        at,
        by,
        type: 'status',
        from: before.status,
        to: after.status,
        ...(after.lostReason ? { text: after.lostReason } : {}),
      });
    }
    if (after.assignee !== before.assignee)
      entries.push({ at, by, type: 'assigned', from: before.assignee, to: after.assignee });
    await Promise.all([
      appendActivity(id, ...entries),
      recordAudit({ by: staff, action: 'enquiry.update', target: id }),
    ]);
  }
  return withRetention(after);
}

/**
 * The client accepted an engagement: the enquiry is instructed, with one activity entry
 * however often this runs (a retry after a crash finds it instructed and leaves it).
 */
export async function markInstructed(id: string, acceptedBy: string, at: string): Promise<'moved' | 'already'> {
  const { before, after } = await changeEnquiry(id, undefined, (record) =>
    record.status === 'instructed'
      ? null
      : { ...record, status: 'instructed', firstContactAt: record.firstContactAt ?? at },
  );
  if (after === before) return 'already';
  await appendActivity(id, {
    at,
    by: 'website',
    type: 'status',
    from: before.status,
    to: 'instructed',
    text: `Engagement accepted online by ${acceptedBy}`,
  });
  return 'moved';
}

export async function addNote(id: string, note: EnquiryNote, staff: Staff): Promise<DeskEnquiryDetail> {
  const by = staff.username;
  if (!(await getStoredEnquiry(id))) throw new HttpError(404, NOT_FOUND);
  const at = new Date(currentTime()).toISOString();
  await appendActivity(id, { at, by, type: note.kind, text: note.text });
  // A logged call or e-mail is the first contact even while the status still says new.
  const { after } = await changeEnquiry(id, undefined, (record) =>
    note.kind !== 'note' && !record.firstContactAt ? { ...record, firstContactAt: at } : { ...record },
  );
  await recordAudit({ by: staff, action: `enquiry.${note.kind}`, target: id });
  return detailOf(after);
}

/** Deletes one enquiry with everything kept about it. */
async function eraseEnquiry(id: string): Promise<boolean> {
  const deleted = await deleteStoredEnquiry(id);
  // A due-diligence draft goes too (callers never pass an enquiry whose records s 111 keeps).
  await Promise.all([deleteActivity(id), deleteAlert(id), deleteEngagementsOf(id), deleteMailsOf(id), deleteCdd(id)]);
  return deleted;
}

export async function deleteEnquiry(id: string, by: Staff): Promise<void> {
  const kept = (await cddKeptFor([id])).get(id);
  if (kept) {
    throw new HttpError(
      409,
      `This enquiry has customer due diligence records, which the law requires us to keep (${CDD_RETENTION.section})` +
        (kept.retainUntil ? ` until ${kept.retainUntil}.` : ': close the matter to start the retention period.'),
    );
  }
  if (!(await eraseEnquiry(id))) throw new HttpError(404, NOT_FOUND);
  await recordAudit({ by, action: 'enquiry.delete', target: id });
}

/**
 * Privacy Act access-and-erasure: every enquiry from one address. The audit keeps no address.
 * An enquiry with customer due diligence records is kept whole (the enquiry, its activity and
 * engagement: the records' context) because the AML/CTF Act requires them, and the answer
 * says which, why and until when (APP 11.2 allows keeping what an Australian law requires).
 */
export async function eraseByEmail(email: string, by: Staff): Promise<ErasureResult> {
  const wanted = erasureKey(email);
  const matches = await listStoredEnquiries({ filter: (record) => erasureKey(record.email) === wanted });
  const withCdd = await cddKeptFor(matches.map((record) => record.id));
  let deleted = 0;
  const kept: ErasureResult['kept'] = [];
  for (const record of matches) {
    const cdd = withCdd.get(record.id);
    if (cdd) kept.push({ id: record.id, reason: CDD_RETENTION.section, until: cdd.retainUntil ?? null });
    else if (await eraseEnquiry(record.id)) deleted++;
  }
  await recordAudit({
    by,
    action: 'enquiry.erase',
    target: `${deleted} enquiries${kept.length ? `; ${kept.length} kept (${CDD_RETENTION.section})` : ''}`,
  });
  return { deleted, kept };
}

/** APP 11: deletes enquiries nobody has touched for the retention period. */
export async function applyRetention(now = new Date(currentTime())): Promise<number> {
  const cutoff = now.getTime() - leadDeskEnv().retentionDays * DAY;
  const expired = await listStoredEnquiries({ filter: (record) => Date.parse(record.lastActivityAt) < cutoff });
  // Due diligence records outlive the privacy retention (AML/CTF Act s 111): their enquiry
  // stays until the daily job has deleted them at their own `retainUntil`.
  const protectedByCdd = await cddKeptFor(expired.map((record) => record.id));
  let deleted = 0;
  for (const record of expired) if (!protectedByCdd.has(record.id) && (await eraseEnquiry(record.id))) deleted++;
  if (deleted > 0) await recordAudit({ by: 'system', action: 'enquiry.retention', target: `${deleted} enquiries` });
  // The job reads every enquiry anyway: the day's chance to set any count a crash left off.
  await recountStatuses();
  return deleted;
}

export interface DeskFilters {
  status?: EnquiryStatus;
  q?: string;
  /** Inclusive Sydney dates (`YYYY-MM-DD`) of arrival. */
  from?: string;
  to?: string;
  /** `pending`: instructed enquiries whose due diligence is not verified ("do not act"). */
  cdd?: 'pending';
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

/** `matcher`, narrowed to instructed enquiries without verified due diligence for `cdd=pending`. */
async function cddMatcher(filters: DeskFilters): Promise<((record: StoredEnquiry) => boolean) | undefined> {
  const base = matcher(filters);
  if (filters.cdd !== 'pending') return base;
  const verified = await verifiedCddIds();
  return (record) => record.status === 'instructed' && !verified.has(record.id) && (!base || base(record));
}

/** The desk's list: each enquiry on the page with its due diligence's plain status (`cdd`). */
export async function listDeskEnquiries(
  filters: DeskFilters,
  page: { limit?: number; before?: string } = {},
): Promise<DeskEnquiry[]> {
  const records = await listEnquiries(filters, page);
  const statuses = await cddStatusesOf(records.map((record) => record.id));
  return records.map((record) => ({ ...record, cdd: statuses.get(record.id) ?? null }));
}

// ---- CSV --------------------------------------------------------------------------

const CSV_COLUMNS: [string, (record: StoredEnquiry) => string | null | undefined][] = [
  ['id', (r) => r.id],
  ['received', (r) => r.createdAt],
  ['status', (r) => r.status],
  ['lost reason', (r) => r.lostReason],
  ['assignee', (r) => r.assignee],
  ['first contact', (r) => r.firstContactAt],
  ['first name', (r) => r.firstName],
  ['last name', (r) => r.lastName],
  ['email', (r) => r.email],
  ['phone', (r) => r.phone],
  ['service', (r) => serviceLabel(r.serviceType)],
  ['property address', (r) => r.propertyAddress],
  ['callback date', (r) => r.callbackDate],
  ['callback time', (r) => r.callbackTime],
  ['message', (r) => r.message],
  ['updated', (r) => r.updatedAt],
];

/**
 * One RFC 4180 field; a leading formula character is defused so spreadsheets show it as
 * text. Control characters go first: records stored before input was cleaned may start
 * with a NUL that hides an `=` from the guard but not from the spreadsheet.
 */
export function csvCell(value: string | null | undefined): string {
  let text = stripControlCharacters(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The audit's target for an export: how many enquiries left, under which filter. The
 * search text is not kept, only that there was one: it is often a name or an address,
 * and the audit outlives an erasure.
 */
export function exportTarget(filters: DeskFilters, count: number): string {
  const parts = [
    filters.status && `status=${filters.status}`,
    filters.from && `from=${filters.from}`,
    filters.to && `to=${filters.to}`,
    filters.q && 'with a search',
    filters.cdd && `cdd=${filters.cdd}`,
  ].filter(Boolean);
  return `${count} enquiries; ${parts.length ? parts.join(', ') : 'no filter'}`;
}

export function toCsv(records: StoredEnquiry[]): string {
  const rows = [CSV_COLUMNS.map(([name]) => name), ...records.map((r) => CSV_COLUMNS.map(([, get]) => get(r)))];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

// ---- Metrics ----------------------------------------------------------------------

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  // Nearest-rank: the smallest value with at least p of the values at or below it.
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return round1(sorted[rank - 1]!);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function computeMetrics(
  records: StoredEnquiry[],
  from: string,
  to: string,
  hours: readonly BusinessHours[],
): LeadMetrics {
  const byStatus = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, 0])) as Record<EnquiryStatus, number>;
  const byService: Record<string, number> = {};
  const minutes: number[] = [];
  for (const record of records) {
    byStatus[record.status]++;
    byService[record.serviceType] = (byService[record.serviceType] ?? 0) + 1;
    if (record.firstContactAt) minutes.push(businessMinutesBetween(record.createdAt, record.firstContactAt, hours));
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
  return computeMetrics(records, from, to, businessHoursOf(settings.hours));
}
