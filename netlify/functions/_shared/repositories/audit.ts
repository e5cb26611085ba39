/**
 * Store `audit`: who changed what in the staff portal, one blob per event under a
 * time-sortable key, never rewritten. It names records by id and never holds personal
 * details (no names, addresses, e-mails or note texts).
 */
import * as z from 'zod/mini';
import type { AuditEntry, AuditPage } from '../../../../src/shared/schemas/staff.ts';
import { getAllJson, getJson, listKeys, openStore, timeKey } from '../blobs.ts';

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

/** A key made by `timeKey`: what `before` may name. */
export const AUDIT_ID_PATTERN = /^[0-9a-z]{15}[0-9a-f]{12}$/;

/** Newest first, `limit` entries older than the entry `before` (by key, hence by time). */
export async function listAuditPage(limit: number, before?: string): Promise<AuditPage> {
  const store = openStore('audit');
  const keys = (await listKeys(store))
    .filter((key) => AUDIT_ID_PATTERN.test(key) && (before === undefined || key < before))
    .sort()
    .reverse();
  const page = keys.slice(0, limit);
  const entries: AuditEntry[] = [];
  for (const key of page) {
    const event = await getJson(store, key, auditEventSchema);
    if (event) entries.push({ id: key, ...event });
  }
  return { entries, next: keys.length > limit ? page[page.length - 1]! : null };
}
