/**
 * Store `alert-outbox`: the staff alerts that still have to be delivered. Mostly one blob
 * per new enquiry, under the enquiry's id, written before the enquiry itself, so a crash at
 * any point loses no alert (an entry whose enquiry never got stored is dropped by the
 * retry); and the odd notice to staff about the site itself (the day's acknowledgements
 * stopped at their ceiling), under `notice/{id}`. Removed once every channel has delivered
 * (or after 24 hours of retries). Kept as every outbox is (outbox-store.ts).
 */
import * as z from 'zod/mini';
import { outboxStore } from './outbox-store.ts';

export type AlertChannel = 'email' | 'webhook';

/** What every entry carries: the channels still to deliver, and the retry's times. */
const deliveryFields = {
  pending: z.array(z.enum(['email', 'webhook'])),
  attempts: z.number(),
  createdAt: z.string(),
  /** The scheduled retry leaves the entry alone until then. */
  nextAttemptAt: z.string(),
};

/**
 * An enquiry's alert still owed. `summary` is what the alert says (never the e-mail, phone,
 * address or message).
 */
const enquiryAlertSchema = z.object({
  enquiryId: z.string(),
  summary: z.object({
    id: z.string(),
    name: z.string(),
    serviceType: z.string(),
    createdAt: z.string(),
    adminUrl: z.string(),
    /** A quote lead from /quote: no phone, so the alert asks for a reply by e-mail, not a call. */
    quoteLead: z.optional(z.boolean()),
  }),
  ...deliveryFields,
});
export type OutboxEntry = z.output<typeof enquiryAlertSchema>;

/** A notice to staff about the site, which names nobody's contact details either. */
const staffNoticeSchema = z.object({
  noticeId: z.string(),
  /** `to`: the e-mail goes to this member of staff instead of the practice's alert address. */
  notice: z.object({ subject: z.string(), text: z.string(), to: z.optional(z.string()) }),
  ...deliveryFields,
});
export type StaffNoticeEntry = z.output<typeof staffNoticeSchema>;
export type AlertEntry = OutboxEntry | StaffNoticeEntry;

export const isStaffNotice = (entry: AlertEntry): entry is StaffNoticeEntry => 'noticeId' in entry;

/** A notice's id in the outbox: apart from the enquiries' ids, which never hold a `/`. */
export const noticeKey = (noticeId: string): string => `notice/${noticeId}`;

export const alertOutbox = outboxStore(
  'alert-outbox',
  '',
  z.union([enquiryAlertSchema, staffNoticeSchema]),
  (entry: AlertEntry) => (isStaffNotice(entry) ? noticeKey(entry.noticeId) : entry.enquiryId),
);

/** Adds an entry; false when one with its id is already there. */
export const enqueueAlert = alertOutbox.enqueue;
export const deleteAlert = alertOutbox.remove;
export const listAlerts = alertOutbox.list;
