/**
 * The suspicious-matter register: any member of staff records a suspicion about an enquiry,
 * principals see the register with each report's clock (AML/CTF Act s 41(2)) and record the
 * report to AUSTRAC; the daily job tells principals of reports due within a business day,
 * and deletes entries past their 7 years.
 *
 * Tipping off (s 123): recording a suspicion writes only to the register and the audit log.
 * It never touches the enquiry, its activity, its engagement, its due diligence or any
 * outbox, so the client's link, the enquiry's status and every e-mail stay exactly as they
 * would have been (tests/functions/desk/suspicions.test.ts compares them byte for byte).
 */
import { SUSPICION_RETENTION, SUSPICIOUS_MATTER_REPORT, retainUntil, type SuspicionKind } from '#src/content/amlctf.ts';
import { now } from '#src/shared/clock.ts';
import { type SuspicionInput, type SuspicionReportInput, type SuspicionRow } from '#src/shared/schemas/suspicion.ts';
import { addNswBusinessDays, sydneyDayStart, sydneyToday, toSydneyIso } from '#src/shared/sydney-time.ts';
import { Refused } from '../platform/refused.ts';
import { notifyPrincipals, type PrincipalNotice } from '../mail/principal-notices.ts';
import { linkOrigin } from '../platform/link-origin.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { getStoredEnquiry } from '../repositories/enquiries-store.ts';
import {
  deleteSuspicion,
  insertSuspicion,
  listSuspicionMeta,
  listSuspicions,
  updateSuspicion,
  type Suspicion,
  type SuspicionMeta,
} from '../repositories/suspicions-store.ts';
import { NOT_FOUND, type Staff } from '../enquiries/pipeline.ts';
import { keptUntilByEnquiry } from '../enquiries/retention.ts';

const HOUR = 60 * 60 * 1000;

export const SUSPICION_NOT_FOUND = 'That suspicion is not in the register';
export const ALREADY_REPORTED = 'The report of this suspicion is already recorded';

/**
 * When the report is due (s 41(2)): 24 hours after the suspicion was formed for terrorism
 * financing; otherwise the end (Sydney midnight) of the 3rd NSW business day after the day
 * it was formed (s 5 "business day": not a weekend, nor a public or bank holiday in NSW).
 * The moment it was formed is what staff give (`formedAt`), else the moment it is recorded.
 */
export async function reportDueBy(kind: SuspicionKind, formedAt: number): Promise<string> {
  if (kind === 'terrorism-financing') {
    return new Date(formedAt + SUSPICIOUS_MATTER_REPORT.terrorismFinancingHours * HOUR).toISOString();
  }
  const lastDay = await addNswBusinessDays(sydneyToday(formedAt), SUSPICIOUS_MATTER_REPORT.otherBusinessDays);
  return new Date(sydneyDayStart(lastDay, 1)).toISOString();
}

const who = (staff: Staff) => ({ id: staff.id, username: staff.username });

/** Records a suspicion about an enquiry; answers its id and when its report is due. */
export async function recordSuspicion(
  enquiryId: string,
  input: SuspicionInput,
  staff: Staff,
): Promise<{ id: string; reportDueBy: string }> {
  if (!(await getStoredEnquiry(enquiryId))) throw new Refused('not-found', NOT_FOUND);
  const at = now();
  const recordedAt = new Date(at).toISOString();
  const formed = input.formedAt === undefined ? at : Date.parse(input.formedAt);
  const formedAt = new Date(formed).toISOString();
  const due = await reportDueBy(input.kind, formed);
  const entry = await insertSuspicion(new Date(at), (id) => ({
    id,
    enquiryId,
    kind: input.kind,
    grounds: input.grounds,
    formedAt,
    recordedAt,
    recordedBy: who(staff),
    reportDueBy: due,
    report: null,
    retainUntil: retainUntil(sydneyToday(at)),
  }));
  // Ids only: the audit log is read by every member of staff, the grounds are not theirs to read.
  await recordAudit({ by: staff, action: 'suspicion.record', target: entry.id });
  // Every principal hears of it now, not at the next daily job: the clock may be 24 hours.
  await notifyPrincipals(
    `suspicion-${entry.id}`,
    suspicionRecordedNotice(entry.id, due, linkOrigin()),
    `suspicious matter ${entry.id} recorded`,
  );
  return { id: entry.id, reportDueBy: due };
}

/**
 * The principals' notice of a new suspicion: that one was recorded, when its report is due
 * and where the register is. Nothing else: no kind, no grounds, no enquiry, no client.
 */
export function suspicionRecordedNotice(id: string, reportDueBy: string, origin: string): PrincipalNotice {
  return {
    subject: 'Suspicious matter recorded: report due',
    text: [
      'A suspicious matter was recorded in the register. For principals only.',
      `The report to AUSTRAC is due by ${toSydneyIso(Date.parse(reportDueBy))} (Sydney time; ${SUSPICIOUS_MATTER_REPORT.section}).`,
      '',
      'The register:',
      `${origin}/admin?suspicion=${encodeURIComponent(id)}`,
    ].join('\n'),
  };
}

const isOverdue = (entry: SuspicionMeta, at: number) => entry.report === null && Date.parse(entry.reportDueBy) < at;

const rowOf = (entry: Suspicion, at: number): SuspicionRow => ({
  id: entry.id,
  enquiryId: entry.enquiryId,
  kind: entry.kind,
  grounds: entry.grounds,
  formedAt: entry.formedAt ?? entry.recordedAt,
  recordedAt: entry.recordedAt,
  recordedBy: entry.recordedBy,
  reportDueBy: entry.reportDueBy,
  overdue: isOverdue(entry, at),
  report: entry.report && { ...entry.report, reference: entry.reference ?? '' },
  retainUntil: entry.retainUntil,
});

/** Unreported first, soonest due first; then the reported, newest first. */
function registerOrder(a: SuspicionRow, b: SuspicionRow): number {
  if ((a.report === null) !== (b.report === null)) return a.report === null ? -1 : 1;
  if (a.report === null) return a.reportDueBy.localeCompare(b.reportDueBy);
  return b.recordedAt.localeCompare(a.recordedAt);
}

/** The register for a principal; the read is audited by the ids it showed. */
export async function readRegister(principal: Staff): Promise<SuspicionRow[]> {
  const at = now();
  const rows = (await listSuspicions()).map((entry) => rowOf(entry, at)).sort(registerOrder);
  await recordAudit({
    by: principal,
    action: 'suspicion.read',
    target: rows.length ? rows.map((row) => row.id).join(',') : 'none',
  });
  return rows;
}

/** Records the report made to AUSTRAC; once only (the register is evidence, not a draft). */
export async function recordReport(id: string, input: SuspicionReportInput, principal: Staff): Promise<SuspicionRow> {
  const { after } = await updateSuspicion(
    id,
    (current) => {
      if (!current) throw new Refused('not-found', SUSPICION_NOT_FOUND);
      if (current.report) throw new Refused('conflict', ALREADY_REPORTED);
      return {
        ...current,
        reference: input.reference,
        report: { reportedAt: input.reportedAt, recordedAt: new Date(now()).toISOString(), recordedBy: who(principal) },
      };
    },
    'The register kept changing; please try again',
  );
  await recordAudit({ by: principal, action: 'suspicion.report', target: id });
  return rowOf(after!, now());
}

/**
 * The enquiries the register keeps (an erasure, a deletion by hand and the privacy
 * retention leave them whole, the suspicion's context), each with the last day it must be kept.
 */
export async function suspicionsKeptFor(enquiryIds: readonly string[]): Promise<Map<string, string>> {
  return keptUntilByEnquiry(await listSuspicionMeta(), enquiryIds);
}

/** Daily: deletes entries whose 7 years have passed; answers their ids. */
export async function deleteExpiredSuspicions(at = now()): Promise<string[]> {
  const today = sydneyToday(at);
  const expired = (await listSuspicionMeta()).filter((entry) => entry.retainUntil < today);
  for (const entry of expired) await deleteSuspicion(entry.id);
  if (expired.length > 0) {
    await recordAudit({
      by: 'system',
      action: 'suspicion.retention',
      target: `${expired.length} entries (${SUSPICION_RETENTION.section})`,
    });
  }
  return expired.map((entry) => entry.id);
}

export interface DueReport {
  id: string;
  reportDueBy: string;
  overdue: boolean;
  adminUrl: string;
}

/** Unreported suspicions whose report is due before the end of the next NSW business day (or overdue). */
export async function reportsDueSoon(at = now(), origin = linkOrigin()): Promise<DueReport[]> {
  const horizon = sydneyDayStart(await addNswBusinessDays(sydneyToday(at), 1), 1);
  return (await listSuspicionMeta())
    .filter((entry) => entry.report === null && Date.parse(entry.reportDueBy) < horizon)
    .sort((a, b) => a.reportDueBy.localeCompare(b.reportDueBy))
    .map((entry) => ({
      id: entry.id,
      reportDueBy: entry.reportDueBy,
      overdue: isOverdue(entry, at),
      adminUrl: `${origin}/admin?suspicion=${encodeURIComponent(entry.id)}`,
    }));
}

/** The notice's text: ids, due times and links only (it travels by e-mail and chat; no grounds, no enquiry). */
export function dueReportsMessage(due: readonly DueReport[]): { subject: string; text: string } {
  const lines = [
    `${due.length} suspicious matter ${due.length === 1 ? 'report is' : 'reports are'} due to AUSTRAC within a business day (${SUSPICIOUS_MATTER_REPORT.section}). For principals.`,
    '',
    ...due.map(
      (item) =>
        `- ${item.id}: ${item.overdue ? 'overdue since' : 'due by'} ${toSydneyIso(Date.parse(item.reportDueBy))}: ${item.adminUrl}`,
    ),
  ];
  return {
    subject: `Suspicious matter ${due.length === 1 ? 'report' : 'reports'} due: ${due.length}`,
    text: lines.join('\n'),
  };
}

/**
 * Daily: tells principals of reports due within a business day, at their own notice
 * addresses only (else the alert address in their place), never the webhook: the register
 * is for principals (s 123). `origin`: where the links point, the daily function's linkOrigin(req).
 */
export async function alertDueReports(at = now(), origin = linkOrigin()): Promise<DueReport[]> {
  const due = await reportsDueSoon(at, origin);
  if (due.length > 0) {
    await notifyPrincipals(
      `suspicions-due-${sydneyToday(at)}`,
      dueReportsMessage(due),
      `suspicious matter reports due: ${due.map((item) => item.id).join(', ')}`,
    );
  }
  return due;
}
