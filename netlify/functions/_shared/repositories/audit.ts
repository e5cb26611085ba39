/**
 * Store `audit`: who changed what in the staff portal, one blob per event under a
 * time-sortable key, never rewritten. It names records by id and never holds personal
 * details (no names, addresses, e-mails or note texts).
 */
import * as z from 'zod/mini';
import { getAllJson, listKeys, openStore, timeKey } from '../blobs.ts';

const auditEventSchema = z.object({
  at: z.string(),
  /** The staff username, or 'system' for the scheduled jobs. */
  by: z.string(),
  /** e.g. 'enquiry.update', 'enquiry.erase' */
  action: z.string(),
  /** What it applied to: an id or a count, never a person's details. */
  target: z.string(),
});
export type AuditEvent = z.output<typeof auditEventSchema>;

export async function recordAudit(event: Omit<AuditEvent, 'at'> & { at?: string }): Promise<void> {
  const at = event.at ?? new Date().toISOString();
  await openStore('audit').setJSON(timeKey(new Date(at)), { ...event, at }, { onlyIfNew: true });
}

/** Oldest first. */
export async function listAudit(): Promise<AuditEvent[]> {
  const store = openStore('audit');
  return getAllJson(store, (await listKeys(store)).sort(), auditEventSchema);
}
