/**
 * Engagements: staff send the costs disclosure and costs agreement from the lead desk; the
 * client reads and accepts them through a personal link. What the client sees is fixed
 * when it is sent (the content); the figures are always the server's own quote. The link's
 * token is 32 random bytes, kept only as a SHA-256, compared in constant time.
 *
 * This file holds what every step shares: the tokens, the status as of now, the summaries
 * and views, the change loop and the end of an engagement's links. The steps are beside it:
 * engagement-send.ts (prepare, preview, send, vary), revoke-resend.ts, engagement-reminders.ts
 * (the reminders and the daily job) and engagement-client.ts (open by token, accept).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { now } from '#src/shared/clock.ts';
import type {
  EngagementClient,
  EngagementRecord,
  EngagementStatus,
  EngagementSummary,
  EngagementView,
} from '#src/shared/schemas/engagement.ts';
import type { ActivityEntry } from '#src/shared/schemas/lead-desk.ts';
import { decideEngagement, ENDED_LINK, statusAt } from '#src/shared/states/engagement.ts';
import { allowed, refusedError, type HttpError } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import type { AuditActor } from '../repositories/audit-store.ts';
import { endToken, getEngagement, latestPointer, updateEngagement } from '../repositories/engagements-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';

export const DAY = 24 * 60 * 60 * 1000;
export type Staff = Exclude<AuditActor, 'system'>;

export const ENGAGEMENT_NOT_FOUND = 'That engagement no longer exists';
/** The one answer to every unknown, mistyped or guessed token: it must not tell them apart. */
export const UNKNOWN_LINK = 'This link is not valid. Please check it, or ask us for a new one.';
/** A link that was real but has ended (replaced by a newer one), as the state table's refusal says it. */
export const linkEnded = () => new Refused('gone', ENDED_LINK, { code: 'link-ended' });

// ---- Tokens -----------------------------------------------------------------------

/** A link's token: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The same hash in constant time (both are 64 hex characters). */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export const engagementUrl = (origin: string, token: string): string => `${origin}/engage/${token}`;

// ---- State ------------------------------------------------------------------------

/** The status as of now (or `at`): what every decision about the engagement is judged on. */
export const currentStatus = (record: Pick<EngagementRecord, 'status' | 'expiresAt'>, at = now()): EngagementStatus =>
  statusAt(record, at);

export function summaryOf(record: EngagementRecord): EngagementSummary {
  return {
    id: record.id,
    status: currentStatus(record),
    sentAt: record.sentAt,
    ...(record.viewedAt ? { viewedAt: record.viewedAt } : {}),
    ...(record.acceptance
      ? { acceptedAt: record.acceptance.at, documentSha256: record.acceptance.documentSha256 }
      : {}),
    expiresAt: record.expiresAt,
    reminders: record.reminders,
    clients: record.clients.map((client) => ({
      name: client.name,
      email: client.email,
      ...(client.acceptance ? { acceptedAt: client.acceptance.at } : {}),
    })),
    ...(record.variationOf ? { variationOf: record.variationOf } : {}),
    ...(record.variationReason ? { variationReason: record.variationReason } : {}),
  };
}

/** The enquiry's latest engagement for the desk, or null. */
export async function engagementSummaryFor(enquiryId: string): Promise<EngagementSummary | null> {
  return (await engagementVersionsFor(enquiryId)).current;
}

/** Versions are few (a variation is rare); the chain is cut here so a damaged one cannot loop. */
export const MAX_VERSIONS = 50;

/**
 * The enquiry's current engagement (its latest) and the versions it varies, newest first:
 * each variation names the engagement it varies, and every one stays on record.
 */
export async function engagementVersionsFor(
  enquiryId: string,
): Promise<{ current: EngagementSummary | null; history: EngagementSummary[] }> {
  const latest = await latestPointer(enquiryId);
  const found = latest ? await getEngagement(latest.engagementId) : null;
  if (!found) return { current: null, history: [] };
  const history: EngagementSummary[] = [];
  let previous = found.record.variationOf;
  while (previous && history.length < MAX_VERSIONS) {
    const older = await getEngagement(previous);
    if (!older) break;
    history.push(summaryOf(older.record));
    previous = older.record.variationOf;
  }
  return { current: summaryOf(found.record), history };
}

export function viewOf(
  record: Pick<EngagementRecord, 'content' | 'expiresAt' | 'acceptance'> & { clients?: EngagementClient[] },
  status: EngagementStatus,
  /** Whose link it is (joint clients each have their own). */
  client = 0,
): EngagementView {
  const { content } = record;
  const clients = record.clients ?? [];
  const yours = clients[client]?.acceptance;
  return {
    status,
    practice: content.practice,
    solicitor: content.solicitor,
    matter: content.matter,
    figures: content.quote.figures,
    disclosure: content.disclosure,
    terms: content.terms,
    privacy: content.privacy,
    expiresAt: record.expiresAt,
    ...(record.acceptance
      ? { acceptedAt: record.acceptance.at, documentSha256: record.acceptance.documentSha256 }
      : {}),
    ...(clients.length > 1
      ? { clients: clients.map((each) => ({ name: each.name, accepted: Boolean(each.acceptance) })) }
      : {}),
    ...(yours && !record.acceptance ? { youAcceptedAt: yours.at } : {}),
  };
}

/**
 * Reads, changes and writes one engagement (`updateEngagement`); a lost race is replayed on
 * the fresh record. `change` returns null to leave it as it is, or throws to refuse.
 */
export async function changeEngagement(
  id: string,
  change: (record: EngagementRecord) => EngagementRecord | null,
  /** The record as the caller already read it: the first write is conditional on that read. */
  read?: Opened,
): Promise<{ before: EngagementRecord; after: EngagementRecord; changed: boolean }> {
  const { before, after, changed } = await updateEngagement(
    id,
    (record) => {
      if (!record) throw new Refused('not-found', ENGAGEMENT_NOT_FOUND);
      return change(record);
    },
    'This engagement is being changed by several people at once. Please try again.',
    read,
  );
  // `change` refused without a record, so there was one before and after.
  return { before: before!, after: after!, changed };
}

export const activity = (enquiryId: string, by: string, text: string, at = new Date(now()).toISOString()) =>
  appendActivity(enquiryId, { at, by, type: 'engagement', text } satisfies ActivityEntry);

/** A refused cell as the error the routes answer (the table's words and code). */
export function refusal(cell: ReturnType<typeof decideEngagement>): HttpError {
  if (!cell.refused) throw new Error('refusal() was given a cell that allows the action');
  return refusedError(cell.refused);
}

/** Revokes (or, replaced, ends) an open engagement: every client's link stops working at once. */
export async function endEngagement(id: string, staff: Staff, text: string): Promise<EngagementRecord> {
  const at = new Date(now()).toISOString();
  const { after, changed } = await changeEngagement(id, (record) => {
    const next = allowed(decideEngagement(currentStatus(record), 'revoke'));
    return next === record.status ? null : { ...record, status: next, revokedAt: at };
  });
  await endTokens(after);
  if (changed) await activity(after.enquiryId, staff.username, text, at);
  return after;
}

/** Every client's current link ends (revoked, replaced or expired). */
export const endTokens = (record: EngagementRecord) =>
  Promise.all(record.clients.map((client) => endToken(record.id, client.tokenHash)));

/** An engagement as read, with the etag to write it back against, and whose link opened it. */
export type Opened = { record: EngagementRecord; etag: string; client?: number };
