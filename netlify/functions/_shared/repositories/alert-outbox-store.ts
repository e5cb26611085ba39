/**
 * Store `alert-outbox`: the staff alerts for new enquiries that still have to be delivered,
 * one blob per enquiry. Written before the enquiry itself, so a crash at any point loses no
 * alert (an entry whose enquiry never got stored is dropped by the retry); removed once
 * every channel has delivered (or after 24 hours of retries). Kept as every outbox is
 * (outbox-store.ts), under the enquiry's id.
 */
import * as z from 'zod/mini';
import { outboxStore } from './outbox-store.ts';

export type AlertChannel = 'email' | 'webhook';

/**
 * An alert still owed. `summary` is what the alert says (never the e-mail, phone, address or
 * message); `pending` the channels still to deliver; the scheduled retry leaves the entry
 * alone until `nextAttemptAt`.
 */
const outboxEntrySchema = z.object({
  enquiryId: z.string(),
  summary: z.object({
    id: z.string(),
    name: z.string(),
    serviceType: z.string(),
    createdAt: z.string(),
    adminUrl: z.string(),
  }),
  pending: z.array(z.enum(['email', 'webhook'])),
  attempts: z.number(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
});
export type OutboxEntry = z.output<typeof outboxEntrySchema>;

export const alertOutbox = outboxStore('alert-outbox', '', outboxEntrySchema, (entry) => entry.enquiryId);

/** Adds an entry; false when one for that enquiry is already there. */
export const enqueueAlert = alertOutbox.enqueue;
export const deleteAlert = alertOutbox.remove;
export const listAlerts = alertOutbox.list;
