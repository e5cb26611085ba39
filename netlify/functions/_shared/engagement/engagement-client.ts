/**
 * An engagement, the client's side: the link that opens it (one answer for every unknown
 * token), the first view, the acceptance (each joint client's, with its signed PDF) and the
 * enquiry instructed once it is accepted.
 */
import { createHash } from 'node:crypto';
import { now } from '#src/shared/clock.ts';
import {
  contentDigestInput,
  type AcceptanceRecord,
  type EngagementAcceptance,
  type EngagementRecord,
} from '#src/shared/schemas/engagement.ts';
import { decideEngagement } from '#src/shared/states/engagement.ts';
import { crashPoint } from '../platform/crash-point.ts';
import { renderEngagementPdf } from './pdf.ts';
import { allowed } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { markInstructed } from '../enquiries/pipeline.ts';
import { addressDigest } from '../http/login-throttle.ts';
import { deleteDocument, findToken, getEngagement, putDocument } from '../repositories/engagements-store.ts';
import { listActivity } from '../repositories/enquiry-activity-store.ts';
import {
  activity,
  changeEngagement,
  currentStatus,
  ENGAGEMENT_NOT_FOUND,
  hashToken,
  linkEnded,
  refusal,
  sameHash,
  TOKEN_PATTERN,
  UNKNOWN_LINK,
  type Opened,
} from './workflow.ts';

// ---- Client: open by token --------------------------------------------------------

/**
 * The engagement a link opens. 404 (always the same) for a token that is malformed,
 * unknown or replaced; 410 once the engagement is revoked or its link expired (an
 * accepted engagement stays readable, with its signed copy).
 */
export async function openByToken(token: string): Promise<Opened & { client: number }> {
  const unknownLink = () => new Refused('not-found', UNKNOWN_LINK, { code: 'unknown-link' });
  if (!TOKEN_PATTERN.test(token)) throw unknownLink();
  const tokenHash = hashToken(token);
  const link = await findToken(tokenHash);
  const found = link ? await getEngagement(link.engagementId) : null;
  if (!link || !found) throw unknownLink();
  // Joint clients each have a link: the one whose current link this is.
  const client = found.record.clients.findIndex((each) => sameHash(each.tokenHash, tokenHash));
  // A replaced link: real once, so it may say it ended (a guess cannot reach this).
  if (link.ended || client < 0) throw linkEnded();
  // Revoked or expired: the link has ended (an accepted engagement stays readable).
  allowed(decideEngagement(currentStatus(found.record), 'view'));
  return { ...found, client };
}

/** The client's first read records 'viewed' (once: a conditional write decides). */
export async function markViewed(record: EngagementRecord): Promise<EngagementRecord> {
  /** The status a first view moves the record to, or null when a view changes nothing. */
  const viewedStatus = (current: EngagementRecord) => {
    const next = decideEngagement(current.status, 'view').next;
    return next && next !== current.status && !current.viewedAt ? next : null;
  };
  if (!viewedStatus(record)) return record;
  const at = new Date(now()).toISOString();
  const { after, changed } = await changeEngagement(record.id, (current) => {
    const next = viewedStatus(current);
    return next ? { ...current, status: next, viewedAt: at } : null;
  });
  if (changed) await activity(after.enquiryId, 'website', 'Engagement opened by the client', at);
  return after;
}

// ---- Client: accept ---------------------------------------------------------------

const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** Another joint client accepted while this acceptance's PDF was made: it is made again. */
class AcceptedMeanwhile extends Error {}
/** How often an acceptance is made again because other clients kept accepting first. */
const MAX_ACCEPT_ROUNDS = 4;

/**
 * Records a client's acceptance once and never again. The PDF of the accepted document
 * (printing every client's acceptance so far, this one last) is made and stored first,
 * named by its own hash; then one conditional write records the acceptance with that hash.
 * Of two acceptances of one link racing, the write decides: the loser's PDF is deleted,
 * unless it is also a recorded one (`dropLosingDocument`), and it answers 409. When another
 * joint client accepted in between, the PDF would leave them out, so it is made again on
 * the fresh record. The engagement is accepted once every client has accepted; then the
 * enquiry is instructed.
 */
const spokenName = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Joint clients each accept on their own link in their own name: a name that is not the
 * link's client's would print one client twice on the signed copy and the other never.
 * (A sole client's typed name stands as typed, as it always has.)
 */
function refuseAnotherName(record: EngagementRecord, index: number, fullName: string): void {
  const client = record.clients[index];
  if (record.clients.length < 2 || !client || spokenName(client.name) === spokenName(fullName)) return;
  const message = `This link is ${client.name}'s: type your own full name as it is here, ${client.name}`;
  throw new Refused('invalid', message, { fieldErrors: { fullName: [message] } });
}

export async function acceptEngagement(
  opened: Opened,
  input: EngagementAcceptance,
  evidence: { userAgent: string; address: string },
): Promise<EngagementRecord> {
  const index = opened.client ?? 0;
  refuseAnotherName(opened.record, index, input.fullName);
  let read: Opened = opened;
  for (let round = 0; ; round++) {
    const { record } = read;
    allowed(decideEngagement(currentStatus(record), 'accept'));
    const client = record.clients[index];
    if (!client) throw linkEnded();
    if (client.acceptance) throw refusal(decideEngagement('accepted', 'accept'));
    const at = new Date(now()).toISOString();
    const particulars: Omit<AcceptanceRecord, 'documentSha256'> = {
      at,
      fullName: input.fullName,
      consents: { understood: true, accept: true, instruct: true, electronic: true },
      termsVersion: record.content.terms.version,
      contentSha256: sha256Hex(contentDigestInput(record.content)),
      userAgent: evidence.userAgent.slice(0, 500),
      addressDigest: addressDigest(evidence.address),
    };
    const earlier = acceptancesIn(record);
    const pdf = await renderEngagementPdf({
      engagementId: record.id,
      content: record.content,
      acceptances: [...earlier, particulars],
    });
    const documentSha256 = sha256Hex(pdf);
    const created = await putDocument(record.id, documentSha256, pdf);
    crashPoint('engagement:document-stored');
    let after: EngagementRecord;
    try {
      ({ after } = await changeEngagement(
        record.id,
        (current) => {
          // Accepted meanwhile (409), or revoked or expired while the client was reading (410).
          const next = allowed(decideEngagement(currentStatus(current), 'accept'));
          const latest = current.clients[index];
          // The link was replaced while the client was reading.
          if (!latest || latest.tokenHash !== client.tokenHash) throw linkEnded();
          if (latest.acceptance) throw refusal(decideEngagement('accepted', 'accept'));
          if (acceptancesIn(current).length !== earlier.length) throw new AcceptedMeanwhile();
          const acceptance: AcceptanceRecord = { ...particulars, documentSha256 };
          const clients = current.clients.map((each, i) => (i === index ? { ...each, acceptance } : each));
          // Accepted once every client has: this acceptance's PDF then prints them all.
          return clients.every((each) => each.acceptance)
            ? { ...current, clients, status: next, acceptance }
            : { ...current, clients };
          // Conditional on the record as the link opened it: of acceptances racing, one write wins.
        },
        read,
      ));
    } catch (error) {
      await dropLosingDocument(record.id, documentSha256, created);
      if (!(error instanceof AcceptedMeanwhile)) throw error;
      if (round + 1 >= MAX_ACCEPT_ROUNDS) {
        throw new Refused('conflict', 'This engagement is being accepted by several people at once. Please try again.');
      }
      const fresh = await getEngagement(record.id);
      if (!fresh) throw new Refused('not-found', ENGAGEMENT_NOT_FOUND);
      read = { ...fresh, client: index };
      continue;
    }
    crashPoint('engagement:accepted');
    if (after.acceptance) {
      await instructEnquiry(after);
    } else {
      const waiting = after.clients.filter((each) => !each.acceptance).map((each) => each.name);
      await activity(
        after.enquiryId,
        'website',
        `${after.variationOf ? 'Variation' : 'Engagement'} accepted online by ${input.fullName}; waiting for ${waiting.join(' and ')}`,
        at,
      );
    }
    return after;
  }
}

/** The acceptances recorded so far, in the order the clients accepted. */
function acceptancesIn(record: EngagementRecord): AcceptanceRecord[] {
  return record.clients
    .flatMap((client) => (client.acceptance ? [client.acceptance] : []))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Every client's typed name, as the timeline says who accepted. */
const acceptedBy = (record: EngagementRecord): string =>
  acceptancesIn(record)
    .map((acceptance) => acceptance.fullName)
    .join(' and ');

/**
 * After losing the race to record an acceptance: deletes the PDF this racer stored, and
 * only that. Two racers whose documents came out byte for byte the same share one file
 * (its name is its hash), so a file this racer did not create, or one the recorded
 * acceptance names (the winner made the same bytes), is left alone; when in doubt (the
 * store cannot say) it stays, as an unnamed file harms nothing.
 */
async function dropLosingDocument(id: string, sha256: string, created: boolean): Promise<void> {
  if (!created) return;
  try {
    const current = await getEngagement(id);
    // The engagement's signed copy, or any joint client's own acceptance, names it.
    const named = [current?.record.acceptance, ...(current?.record.clients ?? []).map((client) => client.acceptance)];
    if (named.some((acceptance) => acceptance?.documentSha256 === sha256)) return;
    await deleteDocument(id, sha256);
  } catch (error) {
    console.warn(`[engagements] left a losing acceptance's document of ${id} in place:`, error);
  }
}

/** The enquiry of an accepted engagement is instructed (idempotent: a retry changes nothing). */
export async function instructEnquiry(record: EngagementRecord): Promise<void> {
  const acceptance = record.acceptance;
  if (!acceptance || record.instructed) return;
  const names = acceptedBy(record) || acceptance.fullName;
  const moved = await markInstructed(record.enquiryId, names, acceptance.at);
  if (moved === 'already') {
    // Staff had marked it instructed already (or, for a variation, the first acceptance did):
    // the timeline still shows this acceptance, once.
    const text = record.variationOf ? VARIATION_ACCEPTED_TEXT : ACCEPTED_TEXT;
    const entries = await listActivity(record.enquiryId);
    const shown = entries.some(
      (entry) =>
        entry.type === 'engagement' &&
        entry.text?.startsWith(text) &&
        // A variation's own entry, not an earlier version's.
        (!record.variationOf || entry.at === acceptance.at),
    );
    if (!shown) await activity(record.enquiryId, 'website', `${text} by ${names}`, acceptance.at);
  }
  // Done once: later runs of the job leave the enquiry to staff (who may mark it lost).
  await changeEngagement(record.id, (current) => (current.instructed ? null : { ...current, instructed: true }));
}

const VARIATION_ACCEPTED_TEXT = 'Variation accepted online';
const ACCEPTED_TEXT = 'Engagement accepted online';
