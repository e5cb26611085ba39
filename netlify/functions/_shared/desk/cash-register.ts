/**
 * The cash register (AML/CTF Act s 43; src/content/cash.ts): while the practice accepts cash,
 * any member of staff records cash received on an enquiry; principals read the register with
 * each threshold transaction report's clock, and record the report made to AUSTRAC. Every
 * principal hears at once of a threshold transaction and of receipts below the threshold that
 * together reach it (s 142, structuring); the daily job tells them of reports due within a
 * business day, and deletes receipts past their 7 years (s 107).
 *
 * What a dishonest member of staff cannot do here: switch the register off (the policy is a
 * principal's), read or change a receipt once recorded (the register is the principals'; a
 * receipt has no edit and no delete), delete or erase the enquiry it names (kept-by-law.ts),
 * nor split one payment below the threshold unseen (the structuring prompt and its notice).
 * What software cannot stop: cash never recorded at all.
 */
import { CASH_NOT_ACCEPTED, CASH_RETENTION, STRUCTURING, THRESHOLD_TRANSACTION } from '#src/content/cash.ts';
import { retainUntil } from '#src/content/amlctf.ts';
import { now } from '#src/shared/clock.ts';
import {
  type CashReceiptAnswer,
  type CashReceiptInput,
  type CashReceiptRow,
  type CashReportInput,
} from '#src/shared/schemas/cash.ts';
import { addCalendarDays, addNswBusinessDays, sydneyToday } from '#src/shared/sydney-time.ts';
import { Refused } from '../platform/refused.ts';
import { notifyPrincipals, type PrincipalNotice } from '../mail/principal-notices.ts';
import { notifyStaff } from '../mail/staff-alerts.ts';
import { linkOrigin } from '../platform/link-origin.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import {
  deleteCashReceipt,
  insertCashReceipt,
  listCashReceiptMeta,
  listCashReceipts,
  updateCashReceipt,
  type CashReceipt,
  type CashReceiptMeta,
} from '../repositories/cash-receipts-store.ts';
import { getStoredEnquiry } from '../repositories/enquiries-store.ts';
import { getCashSettings } from '../repositories/settings-store.ts';
import { NOT_FOUND, type Staff } from '../enquiries/pipeline.ts';
import { keptUntilByEnquiry } from '../enquiries/retention.ts';

export const CASH_RECEIPT_NOT_FOUND = 'That cash receipt is not in the register';
export const CASH_ALREADY_REPORTED = 'The report of this cash receipt is already recorded';
export const CASH_NOT_REPORTABLE =
  'This receipt is not a threshold transaction (under $10,000, or received before 1 July 2026): there is no report to record';
export const REPORT_BEFORE_RECEIPT = 'The report cannot be dated before the cash was received';

/** A threshold transaction (s 5): $10,000 or more in physical currency, received once the practice reports. */
const isThreshold = (amount: number, receivedAt: string) =>
  amount >= THRESHOLD_TRANSACTION.amount && receivedAt >= THRESHOLD_TRANSACTION.from;

/**
 * The last day of a threshold transaction report (s 43(2): "within 10 business days after the
 * day on which the transaction takes place"): the 10th NSW business day after `receivedAt`
 * (s 5 "business day": not a weekend, nor a public or bank holiday in NSW, the Bank Holiday
 * included; `isNswBusinessDay`). None below the threshold.
 */
export async function ttrDueBy(amount: number, receivedAt: string): Promise<string | undefined> {
  if (!isThreshold(amount, receivedAt)) return undefined;
  return addNswBusinessDays(receivedAt, THRESHOLD_TRANSACTION.businessDays);
}

const who = (staff: Staff) => ({ id: staff.id, username: staff.username });

/** A payer's name as compared for structuring: case, spaces and punctuation aside. */
const payerOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The receipts below the threshold that a receipt below it adds up with (s 142(3): each
 * value, the total, the period): on the same enquiry or from the same payer, received within
 * `STRUCTURING.windowDays` before or after it. Their ids (not its own) when, with it, they
 * reach the threshold; else none.
 */
export function structuringWith(receipt: CashReceipt, all: readonly CashReceipt[]): string[] {
  if (receipt.amount >= THRESHOLD_TRANSACTION.amount) return [];
  const earliest = addCalendarDays(receipt.receivedAt, -STRUCTURING.windowDays);
  const latest = addCalendarDays(receipt.receivedAt, STRUCTURING.windowDays);
  const payer = payerOf(receipt.receivedFrom);
  const others = all.filter(
    (other) =>
      other.id !== receipt.id &&
      other.amount < THRESHOLD_TRANSACTION.amount &&
      other.receivedAt >= earliest &&
      other.receivedAt <= latest &&
      (other.enquiryId === receipt.enquiryId || payerOf(other.receivedFrom) === payer),
  );
  const cents = others.reduce((sum, other) => sum + Math.round(other.amount * 100), Math.round(receipt.amount * 100));
  return others.length > 0 && cents >= THRESHOLD_TRANSACTION.amount * 100 ? others.map((other) => other.id) : [];
}

const registerLink = (id: string, origin: string) => `${origin}/admin?cash=${encodeURIComponent(id)}`;

/** The principals' notice of a threshold transaction: that one was recorded, when its report is due, where the register is. */
export function thresholdNotice(id: string, due: string, origin: string): PrincipalNotice {
  return {
    subject: 'Cash of $10,000 or more received: threshold transaction report due',
    text: [
      'Cash of $10,000 or more was recorded in the cash register. For principals.',
      `The threshold transaction report to AUSTRAC is due by the end of ${due} (${THRESHOLD_TRANSACTION.section}).`,
      '',
      'The register:',
      registerLink(id, origin),
    ].join('\n'),
  };
}

/** The principals' notice of receipts below the threshold that together reach it: ids and a link, no names, no amounts. */
export function structuringNotice(id: string, origin: string): PrincipalNotice {
  return {
    subject: 'Cash receipts together reach $10,000: please look at them',
    text: [
      `Cash receipts below $10,000, on one matter or from one payer within ${STRUCTURING.windowDays} days, together reach $10,000. For principals.`,
      `Splitting cash to avoid a threshold transaction report is an offence (${STRUCTURING.section}). If you suspect it, record a suspicious matter.`,
      '',
      'The register:',
      registerLink(id, origin),
    ].join('\n'),
  };
}

/** Records cash received on an enquiry (409 while the practice takes none); answers its id, amount, day and clock. */
export async function recordCashReceipt(
  enquiryId: string,
  input: CashReceiptInput,
  staff: Staff,
): Promise<CashReceiptAnswer> {
  if (!(await getStoredEnquiry(enquiryId))) throw new Refused('not-found', NOT_FOUND);
  if ((await getCashSettings()).cash !== 'accepted') throw new Refused('conflict', CASH_NOT_ACCEPTED);
  const at = now();
  const due = await ttrDueBy(input.amount, input.receivedAt);
  const entry = await insertCashReceipt(new Date(at), (id) => ({
    id,
    enquiryId,
    amount: input.amount,
    receivedAt: input.receivedAt,
    receivedFrom: input.receivedFrom,
    recordedAt: new Date(at).toISOString(),
    recordedBy: who(staff),
    ...(due ? { ttrDueBy: due } : {}),
    report: null,
    retainUntil: retainUntil(input.receivedAt),
  }));
  // Ids only: the audit log is read by every member of staff; the amount and the payer are the register's.
  await recordAudit({ by: staff, action: 'cash.record', target: entry.id });
  const origin = linkOrigin();
  if (due) {
    await notifyPrincipals(`cash-${entry.id}`, thresholdNotice(entry.id, due, origin), `threshold cash ${entry.id}`);
  } else if (structuringWith(entry, await listCashReceipts()).length > 0) {
    await notifyPrincipals(`cash-split-${entry.id}`, structuringNotice(entry.id, origin), `cash ${entry.id} adds up`);
  }
  return { id: entry.id, amount: entry.amount, receivedAt: entry.receivedAt, ...(due ? { ttrDueBy: due } : {}) };
}

const isOverdue = (entry: CashReceiptMeta, today: string) =>
  entry.ttrDueBy !== undefined && entry.report === null && entry.ttrDueBy < today;

const rowOf = (entry: CashReceipt, all: readonly CashReceipt[], today: string): CashReceiptRow => ({
  id: entry.id,
  enquiryId: entry.enquiryId,
  amount: entry.amount,
  receivedAt: entry.receivedAt,
  receivedFrom: entry.receivedFrom,
  recordedAt: entry.recordedAt,
  recordedBy: entry.recordedBy,
  threshold: entry.ttrDueBy !== undefined,
  ...(entry.ttrDueBy ? { ttrDueBy: entry.ttrDueBy } : {}),
  overdue: isOverdue(entry, today),
  report: entry.report && { ...entry.report, reference: entry.reference ?? '' },
  structuringWith: structuringWith(entry, all),
  retainUntil: entry.retainUntil,
});

/** Unreported threshold transactions first, soonest due first; then the rest, newest received first. */
function registerOrder(a: CashReceiptRow, b: CashReceiptRow): number {
  const open = (row: CashReceiptRow) => row.ttrDueBy !== undefined && row.report === null;
  if (open(a) !== open(b)) return open(a) ? -1 : 1;
  if (open(a)) return a.ttrDueBy!.localeCompare(b.ttrDueBy!);
  return b.receivedAt.localeCompare(a.receivedAt) || b.recordedAt.localeCompare(a.recordedAt);
}

/** The register for a principal; the read is audited by the ids it showed. */
export async function readCashRegister(principal: Staff): Promise<CashReceiptRow[]> {
  const today = sydneyToday(now());
  const all = await listCashReceipts();
  const rows = all.map((entry) => rowOf(entry, all, today)).sort(registerOrder);
  await recordAudit({
    by: principal,
    action: 'cash.read',
    target: rows.length ? rows.map((row) => row.id).join(',') : 'none',
  });
  return rows;
}

/** Records the threshold transaction report made to AUSTRAC; once only (the register is evidence, not a draft). */
export async function recordCashReport(id: string, input: CashReportInput, principal: Staff): Promise<CashReceiptRow> {
  const after = await updateCashReceipt(
    id,
    (current) => {
      if (!current) throw new Refused('not-found', CASH_RECEIPT_NOT_FOUND);
      if (current.ttrDueBy === undefined) throw new Refused('conflict', CASH_NOT_REPORTABLE);
      if (current.report) throw new Refused('conflict', CASH_ALREADY_REPORTED);
      if (input.reportedAt < current.receivedAt) {
        throw new Refused('invalid', REPORT_BEFORE_RECEIPT, { fieldErrors: { reportedAt: [REPORT_BEFORE_RECEIPT] } });
      }
      return {
        ...current,
        reference: input.reference,
        report: { reportedAt: input.reportedAt, recordedAt: new Date(now()).toISOString(), recordedBy: who(principal) },
      };
    },
    'The cash register kept changing; please try again',
  );
  await recordAudit({ by: principal, action: 'cash.report', target: id });
  const all = await listCashReceipts();
  return rowOf(after!, all, sydneyToday(now()));
}

/**
 * The enquiries the cash register keeps (an erasure, a deletion by hand and the privacy
 * retention leave them whole, the receipts' context), each with the last day it must be kept.
 */
export async function cashKeptFor(enquiryIds: readonly string[]): Promise<Map<string, string>> {
  return keptUntilByEnquiry(await listCashReceiptMeta(), enquiryIds);
}

/** Daily: deletes receipts whose 7 years have passed (s 107); answers their ids. */
export async function deleteExpiredCashReceipts(at = now()): Promise<string[]> {
  const today = sydneyToday(at);
  const expired = (await listCashReceiptMeta()).filter((entry) => entry.retainUntil < today);
  for (const entry of expired) await deleteCashReceipt(entry.id);
  if (expired.length > 0) {
    await recordAudit({
      by: 'system',
      action: 'cash.retention',
      target: `${expired.length} cash receipts (${CASH_RETENTION.section})`,
    });
  }
  return expired.map((entry) => entry.id);
}

/**
 * Daily: tells principals, through the staff alert channels, of threshold transaction reports
 * due by the end of the next NSW business day, or overdue: ids, days and links only.
 */
export async function alertDueCashReports(at = now(), origin = linkOrigin()): Promise<string[]> {
  const today = sydneyToday(at);
  const horizon = await addNswBusinessDays(today, 1);
  const due = (await listCashReceiptMeta())
    .filter((entry) => entry.ttrDueBy !== undefined && entry.report === null && entry.ttrDueBy <= horizon)
    .sort((a, b) => a.ttrDueBy!.localeCompare(b.ttrDueBy!));
  if (due.length > 0) {
    const lines = due.map(
      (entry) =>
        `- ${entry.id}: ${isOverdue(entry, today) ? 'overdue since the end of' : 'due by the end of'} ${entry.ttrDueBy}: ${registerLink(entry.id, origin)}`,
    );
    await notifyStaff(
      {
        subject: `Threshold transaction ${due.length === 1 ? 'report' : 'reports'} due: ${due.length}`,
        text: [
          `${due.length} threshold transaction ${due.length === 1 ? 'report is' : 'reports are'} due to AUSTRAC within a business day (${THRESHOLD_TRANSACTION.section}). For principals.`,
          '',
          ...lines,
        ].join('\n'),
      },
      `threshold transaction reports due: ${due.map((entry) => entry.id).join(', ')}`,
    );
  }
  return due.map((entry) => entry.id);
}
