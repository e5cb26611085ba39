/**
 * Ending and reissuing an engagement's links, staff's side: revoke (every client's link stops
 * at once) and resend (a new link for each client; the old ones end).
 */
import { COSTS_DISCLOSURE } from '#src/content/costs-agreement.ts';
import { now } from '#src/shared/clock.ts';
import type { EngagementSummary } from '#src/shared/schemas/engagement.ts';
import { decideEngagement } from '#src/shared/states/engagement.ts';
import { refuseSampleTermsInProduction } from './sample-terms.ts';
import { allowed } from '../http/http.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { swapToken } from '../repositories/engagements-store.ts';
import { activity, changeEngagement, currentStatus, DAY, endEngagement, summaryOf, type Staff } from './workflow.ts';
import { freshLinks, mailLinks, type IssuedLinks, type LinkMailer } from './engagement-send.ts';

export async function revokeEngagement(id: string, staff: Staff): Promise<EngagementSummary> {
  const after = await endEngagement(id, staff, 'Engagement revoked');
  await recordAudit({ by: staff, action: 'engagement.revoke', target: after.enquiryId });
  return summaryOf(after);
}

/**
 * A new link for each client of an unrevoked engagement; their old links end at once. Also
 * reopens an expired one for 14 days. While it is open, only the clients who have not
 * accepted get one (an acceptance stands on the link it was given). For an accepted one it
 * only replaces the links (a lost phone, a forwarded e-mail): the acceptances stand, and
 * each new link, which opens the signed copy and the identity details, goes to its client.
 */
export async function resendEngagement(
  id: string,
  staff: Staff,
  origin: string,
  mail: LinkMailer,
): Promise<IssuedLinks> {
  const at = now();
  let links: { index: number; token: string; tokenHash: string }[] = [];
  const { before, after } = await changeEngagement(id, (record) => {
    // An expired one reopens as sent; an open or accepted one keeps its status.
    const status = allowed(decideEngagement(currentStatus(record, at), 'resend'));
    // A new link to terms not yet accepted is a send; an accepted engagement's new link
    // only lets its client back to what they accepted.
    if (status !== 'accepted') refuseSampleTermsInProduction(record.content.terms);
    // Decided on each attempt's record: while open, a client who accepted meanwhile keeps their link.
    links = record.clients.flatMap((client, index) =>
      client.acceptance && status !== 'accepted' ? [] : [{ index, ...freshLinks(1)[0]! }],
    );
    const fresh = new Map(links.map((link) => [link.index, link.tokenHash]));
    const renewed = {
      ...record,
      clients: record.clients.map((client, index) => ({ ...client, tokenHash: fresh.get(index) ?? client.tokenHash })),
      status,
      linkIssuedAt: new Date(at).toISOString(),
    };
    // An accepted engagement's link does not expire and gets no reminders.
    if (status === 'accepted') return renewed;
    // Reminders count from the new link.
    return {
      ...renewed,
      expiresAt: new Date(at + COSTS_DISCLOSURE.linkValidDays * DAY).toISOString(),
      remindersSent: 0,
    };
  });
  await Promise.all(links.map(({ index, tokenHash }) => swapToken(id, before.clients[index]!.tokenHash, tokenHash)));
  const reissued = after.status === 'accepted';
  await Promise.all([
    activity(
      after.enquiryId,
      staff.username,
      reissued
        ? "The client's link to the accepted engagement was ended and a new one issued"
        : 'Engagement resent with a new link; the previous link has ended',
    ),
    recordAudit({ by: staff, action: reissued ? 'engagement.reissue' : 'engagement.resend', target: after.enquiryId }),
  ]);
  return mailLinks(after, links, origin, mail, reissued ? 'reissued' : 'resent');
}
