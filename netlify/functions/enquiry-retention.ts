/**
 * Daily: deletes customer due diligence records past their `retainUntil` (AML/CTF Act s 111)
 * and suspicious matter register entries and cash receipts (s 107) past their 7 years, then enquiries nobody has
 * touched for ENQUIRY_RETENTION_DAYS (APP 11) unless they still have due diligence records
 * or the register names them; reminds staff of instructed matters whose due diligence is
 * pending too long and of verified matters due for sanctions re-screening (ongoing due
 * diligence), and principals of suspicious matter and threshold transaction reports due
 * within a business day;
 * sends the matters' deadline reminders and overdue alerts (matter-mail.ts: once each, from
 * the day they are due, so a missed run is caught up the next day).
 * The records go first, so an enquiry they were holding back is deleted the same day if its
 * own retention has passed.
 */
import type { Config } from '@netlify/functions';
import { alertPendingCdd } from './_shared/due-diligence/cdd-pending-alert.ts';
import { deleteExpiredCdd } from './_shared/due-diligence/cdd-retention.ts';
import { alertScreeningsDue } from './_shared/due-diligence/screening-due.ts';
import { applyRetention } from './_shared/desk/erasure.ts';
import { alertDueReports, deleteExpiredSuspicions } from './_shared/desk/suspicious-matters.ts';
import { alertDueCashReports, deleteExpiredCashReceipts } from './_shared/desk/cash-register.ts';
import { sendMatterNotices } from './_shared/matters/matter-mail.ts';
import { linkOrigin } from './_shared/platform/link-origin.ts';

export default async (req?: Request) => {
  const origin = linkOrigin(req);
  const cddDeleted = await deleteExpiredCdd();
  if (cddDeleted.length > 0) console.info(`[retention] deleted ${cddDeleted.length} due diligence records past s 111`);
  const suspicionsDeleted = await deleteExpiredSuspicions();
  if (suspicionsDeleted.length > 0) {
    console.info(`[retention] deleted ${suspicionsDeleted.length} suspicious matter entries past 7 years`);
  }
  const cashDeleted = await deleteExpiredCashReceipts();
  if (cashDeleted.length > 0) console.info(`[retention] deleted ${cashDeleted.length} cash receipts past 7 years`);
  const deleted = await applyRetention();
  if (deleted > 0) console.info(`[retention] deleted ${deleted} enquiries past the retention period`);
  await alertPendingCdd(undefined, origin);
  await alertScreeningsDue(undefined, origin);
  await alertDueReports(undefined, origin);
  await alertDueCashReports(undefined, origin);
  const notices = await sendMatterNotices(undefined, origin);
  if (notices > 0) console.info(`[matters] sent ${notices} deadline reminders and alerts`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
