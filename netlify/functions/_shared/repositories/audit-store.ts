/**
 * Store `audit`: who changed what in the staff portal, one blob per event under a
 * time-sortable key, never rewritten. It names records by id and never holds personal
 * details (no names, addresses, e-mails or note texts).
 *
 * Who acted is the account's id with its username at the time: a username can be removed
 * and taken again by someone else, the id never is. Entries of the scheduled jobs carry
 * `by: 'system'` and no id, and no account may be called `system` (RESERVED_USERNAMES).
 */
import { now as currentTime } from '#src/shared/clock.ts';
import * as z from 'zod/mini';
import type { SessionUser } from '#src/shared/schemas/login.ts';
import { AUDIT_ID_PATTERN, type AuditEntry, type AuditPage } from '#src/shared/schemas/staff.ts';
import { appendNew, getAllJson, getJson, listKeys, openStore, timeKey } from './blobs.ts';

const auditEventSchema = z.object({
  at: z.string(),
  /** The staff username at the time, or 'system' for the scheduled jobs. */
  by: z.string(),
  /** The account's id (usernames are reused): null for the scheduled jobs. */
  byId: z.nullable(z.string()),
  /** e.g. 'enquiry.update', 'enquiry.erase' */
  action: z.string(),
  /** What it applied to: an id or a count, never a person's details. */
  target: z.string(),
});
export type AuditEvent = z.output<typeof auditEventSchema>;

/** Who acted: a signed-in account (its id and username as they are now), or a scheduled job. */
export type AuditActor = Pick<SessionUser, 'id' | 'username'> | 'system';

export async function recordAudit({
  by,
  ...event
}: {
  /** `website`: a client through their own link (the action says so, e.g. `cdd.read.client`). */
  by: AuditActor | 'website';
  action: string;
  target: string;
  at?: string;
}): Promise<void> {
  const at = event.at ?? new Date(currentTime()).toISOString();
  const who = by === 'system' || by === 'website' ? { by, byId: null } : { by: by.username, byId: by.id };
  await appendNew(
    openStore('audit'),
    () => ({ key: timeKey(new Date(at)), value: { json: { ...event, ...who, at } } }),
    'an audit event',
  );
}

/** Oldest first. */
export async function listAudit(): Promise<AuditEvent[]> {
  const store = openStore('audit');
  return getAllJson(store, (await listKeys(store)).sort(), auditEventSchema);
}

/**
 * What the log may be narrowed to: who acted (the username recorded), what (an action, or
 * its family: `enquiry` takes `enquiry.update`, `enquiry.note`, …; an action is exact, so
 * `staff.add` is not `staff.add.principal`) and when (Sydney days, both ends included, as
 * instants the caller worked out).
 */
export interface AuditFilter {
  by?: string | undefined;
  action?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  /** Leaves out the entries about the suspicious-matter register (a staff-role account's log). */
  withoutRegister?: boolean | undefined;
}

/**
 * The entries about suspicions (recorded, read, reported, let go): principals' only, since
 * telling of a suspicion inside the firm is tipping off too (AML/CTF Act 2006 s 123).
 */
export const isRegisterEntry = (event: Pick<AuditEvent, 'action'>): boolean => event.action.startsWith('suspicion.');

/** The time part of a `timeKey` for an instant: keys compare as their times do. */
const keyTime = (ms: number) => ms.toString(36).padStart(11, '0');

const matches = (event: AuditEvent, filter: AuditFilter) =>
  !(filter.withoutRegister === true && isRegisterEntry(event)) &&
  (filter.by === undefined || event.by === filter.by) &&
  (filter.action === undefined ||
    event.action === filter.action ||
    // A family is one word (`staff`); an action has a dot and is matched exactly.
    (!filter.action.includes('.') && event.action.startsWith(`${filter.action}.`)));

/**
 * Newest first, `limit` entries older than the entry `before` (by key, hence by time). The
 * dates narrow the keys before anything is read; who and what (and the register's entries
 * for a staff-role account) are decided on each entry, read newest first until the page is
 * full (and one more, to know whether there is a next): a page left out of is still full.
 */
export async function listAuditPage(limit: number, before?: string, filter: AuditFilter = {}): Promise<AuditPage> {
  const store = openStore('audit');
  const from = filter.fromMs === undefined ? undefined : keyTime(filter.fromMs);
  const until = filter.toMs === undefined ? undefined : keyTime(filter.toMs);
  const keys = (await listKeys(store))
    .filter(
      (key) =>
        AUDIT_ID_PATTERN.test(key) &&
        (before === undefined || key < before) &&
        (from === undefined || key.slice(0, 11) >= from) &&
        (until === undefined || key.slice(0, 11) < until),
    )
    .sort()
    .reverse();
  const entries: AuditEntry[] = [];
  let more = false;
  for (const key of keys) {
    const event = await getJson(store, key, auditEventSchema);
    if (!event || !matches(event, filter)) continue;
    if (entries.length === limit) {
      more = true;
      break;
    }
    entries.push({ id: key, ...event });
  }
  return { entries, next: more ? entries[entries.length - 1]!.id : null };
}
