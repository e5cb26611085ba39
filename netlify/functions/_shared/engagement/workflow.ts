/**
 * Engagements: staff send the costs disclosure and costs agreement from the lead desk; the
 * client reads and accepts them through a personal link. What the client sees is fixed
 * when it is sent (the content); the figures are always the server's own quote. The link's
 * token is 32 random bytes, kept only as a SHA-256, compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  COSTS_AGREEMENT,
  COSTS_DISCLOSURE,
  ENGAGEMENT_PRIVACY_NOTICE,
} from '../../../../src/content/costsAgreement.ts';
import { now } from '../../../../src/shared/clock.ts';
import { buildDisclosure, buildVariationSection } from '../../../../src/shared/engagement-document.ts';
import { computeQuote, describeQuoteInput, type QuoteInput } from '../../../../src/shared/quote.ts';
import { dutyTables } from '../site/duty-years.ts';
import {
  contentDigestInput,
  type AcceptanceRecord,
  type EngagementAcceptance,
  type EngagementClient,
  type EngagementContent,
  type EngagementPreview,
  type EngagementRecord,
  type EngagementSendInput,
  type EngagementStatus,
  type EngagementSummary,
  type EngagementVariationInput,
  type EngagementView,
  type IssuedClientLink,
} from '../../../../src/shared/schemas/engagement.ts';
import type { ActivityEntry } from '../../../../src/shared/schemas/lead-desk.ts';
import { solicitorsOf } from '../../../../src/shared/schemas/settings.ts';
import { decideEngagement, ENDED_LINK, isOpenStatus, statusAt } from '../../../../src/shared/states/engagement.ts';
import { addNswBusinessDays, sydneyFormat, sydneyToday } from '../../../../src/shared/sydney-time.ts';
import { newId } from '../repositories/blobs.ts';
import { crashPoint } from '../platform/crash-point.ts';
import { renderEngagementPdf } from './pdf.ts';
import { refuseSampleTermsInProduction, sampleTermsRefusal } from './sample-terms.ts';
import { allowed, HttpError, refusedError } from '../http/http.ts';
import { markInstructed, NOT_FOUND } from '../desk/pipeline.ts';
import { addressDigest } from '../http/login-throttle.ts';
import { recordAudit, type AuditActor } from '../repositories/audit-store.ts';
import {
  addToken,
  endToken,
  findToken,
  getEngagement,
  insertEngagement,
  claimLatest,
  latestPointer,
  listEngagements,
  deleteDocument,
  putDocument,
  swapToken,
  updateEngagement,
} from '../repositories/engagements-store.ts';
import { getStoredEnquiry, type StoredEnquiry } from '../repositories/enquiries-store.ts';
import { appendActivity, listActivity } from '../repositories/enquiry-activity-store.ts';
import { getCashSettings, getSettings } from '../repositories/settings-store.ts';

const DAY = 24 * 60 * 60 * 1000;
type Staff = Exclude<AuditActor, 'system'>;

export const ENGAGEMENT_NOT_FOUND = 'That engagement no longer exists';
/** The one answer to every unknown, mistyped or guessed token: it must not tell them apart. */
export const UNKNOWN_LINK = 'This link is not valid. Please check it, or ask us for a new one.';
/** A link that was real but has ended (replaced by a newer one), as the state table's refusal says it. */
const linkEnded = () => new HttpError(410, ENDED_LINK, { code: 'link-ended' });

// ---- Tokens -----------------------------------------------------------------------

/** A link's token: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The same hash in constant time (both are 64 hex characters). */
function sameHash(a: string, b: string): boolean {
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
const MAX_VERSIONS = 50;

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
      if (!record) throw new HttpError(404, ENGAGEMENT_NOT_FOUND);
      return change(record);
    },
    'This engagement is being changed by several people at once. Please try again.',
    read,
  );
  // `change` refused without a record, so there was one before and after.
  return { before: before!, after: after!, changed };
}

const activity = (enquiryId: string, by: string, text: string, at = new Date(now()).toISOString()) =>
  appendActivity(enquiryId, { at, by, type: 'engagement', text } satisfies ActivityEntry);

// ---- Staff: prepare, preview, send ------------------------------------------------

const NOT_A_SOLICITOR = (name: string) =>
  `${name} is not marked a solicitor in Settings: only a solicitor with a practising certificate can be responsible`;

const NO_QUOTE = 'This enquiry has no quote: enter the property price and the matter to prepare an engagement';

/** Everything the client will be shown, worked out by the server from the enquiry and staff's choices. */
export async function prepareContent(
  enquiry: StoredEnquiry,
  input: EngagementSendInput,
  /** A variation: the accepted engagement it varies, and what changed and why. */
  variation?: { of: EngagementRecord; reason: string },
): Promise<{ inputs: QuoteInput; content: EngagementContent }> {
  // A variation starts from what the varied engagement agreed, else the enquiry's quote.
  const given = input.quote ?? variation?.of.content.quote.inputs ?? enquiry.quote?.inputs;
  if (!given) throw new HttpError(400, NO_QUOTE, { fieldErrors: { quote: [NO_QUOTE] } });
  const today = sydneyToday(now());
  // No contract date is kept as none (the contract is not yet signed): the figures are worked
  // out for a contract signed today, and the description says so, dated (describeQuoteInput).
  const inputs: QuoteInput = given;
  const figures = computeQuote(inputs, { today, tables: await dutyTables() });
  const settings = await getSettings();
  // Only a lawyer with a practising certificate may be responsible for the matter.
  const solicitors = solicitorsOf(settings.team);
  const named = input.solicitor ? settings.team.find((member) => member.name === input.solicitor) : undefined;
  if (input.solicitor && !named) {
    throw new HttpError(400, 'Please check the highlighted fields', {
      fieldErrors: { solicitor: ['Choose a member of the team in Settings'] },
    });
  }
  const chosen = named
    ? solicitors.find((member) => member === named)
    : (solicitors.find((member) => member.principal) ?? solicitors[0]);
  if (named && !chosen) {
    throw new HttpError(400, 'Please check the highlighted fields', {
      fieldErrors: { solicitor: [NOT_A_SOLICITOR(named.name)] },
    });
  }
  const propertyAddress =
    input.propertyAddress ?? variation?.of.content.matter.propertyAddress ?? enquiry.propertyAddress ?? undefined;
  const matter = {
    role: inputs.role,
    propertyType: inputs.propertyType,
    ...(propertyAddress ? { propertyAddress } : {}),
    description: describeQuoteInput(inputs, { disclosedOn: today }),
  };
  return {
    inputs,
    content: {
      practice: {
        name: settings.name,
        phone: settings.phone,
        email: settings.email,
        address: `${settings.street}, ${settings.locality} ${settings.region} ${settings.postcode}`,
      },
      solicitor: chosen
        ? { name: chosen.name, role: chosen.role, practisingCertificate: chosen.practisingCertificate }
        : { name: settings.name, role: 'Law practice' },
      matter,
      quote: { inputs, figures },
      disclosure: [
        ...(variation
          ? [
              buildVariationSection(
                {
                  figures: variation.of.content.quote.figures,
                  description: variation.of.content.matter.description,
                  acceptedAt: variation.of.acceptance?.at ?? variation.of.sentAt,
                },
                { figures, description: matter.description },
                variation.reason,
              ),
            ]
          : []),
        // Form 1 names every client the disclosure is given to (joint clients each).
        ...buildDisclosure(figures, matter, {
          providedOn: today,
          clients: clientsFor(enquiry, input, variation?.of).map((client) => client.name),
          cash: (await getCashSettings()).cash,
        }),
      ],
      terms: { version: COSTS_AGREEMENT.version, effective: COSTS_AGREEMENT.effective, text: COSTS_AGREEMENT.text },
      privacy: ENGAGEMENT_PRIVACY_NOTICE,
    },
  };
}

/** A preview's `sendRefused`, when a send of this content would be refused here. */
function withSendRefusal(content: EngagementContent): { sendRefused?: string } {
  const refusal = sampleTermsRefusal(content.terms);
  return refusal ? { sendRefused: refusal } : {};
}

async function enquiryOr404(enquiryId: string): Promise<StoredEnquiry> {
  const found = await getStoredEnquiry(enquiryId);
  if (!found) throw new HttpError(404, NOT_FOUND);
  return found.record;
}

/** What the client would see if it were sent now: its link would run from today. */
function previewOf(inputs: EngagementPreview['inputs'], content: EngagementContent): EngagementPreview {
  const expiresAt = new Date(now() + COSTS_DISCLOSURE.linkValidDays * DAY).toISOString();
  return {
    inputs,
    figures: content.quote.figures,
    view: viewOf({ content, expiresAt }, 'sent'),
    sampleTerms: COSTS_AGREEMENT.sample,
    ...withSendRefusal(content),
  };
}

export async function previewEngagement(enquiryId: string, input: EngagementSendInput): Promise<EngagementPreview> {
  const { inputs, content } = await prepareContent(await enquiryOr404(enquiryId), input);
  return previewOf(inputs, content);
}

/** Sent e-mail, or null without SMTP: then staff pass the link on themselves. */
export type LinkMailer = (
  record: EngagementRecord,
  client: EngagementClient,
  url: string,
  kind: 'sent' | 'resent' | 'reissued' | 'reminder',
) => Promise<boolean>;

/** What a send, resend or variation answers: each client's link, only where it was not e-mailed. */
export interface IssuedLinks {
  record: EngagementRecord;
  /** Whether every client's link went out by e-mail. */
  emailed: boolean;
  clients: IssuedClientLink[];
}

/** A fresh token for each client: their link, and its hash for the record. */
const freshLinks = (count: number) =>
  Array.from({ length: count }, () => {
    const token = newToken();
    return { token, tokenHash: hashToken(token) };
  });

/**
 * E-mails each client in `links` their own link. The answer carries a client's link only
 * when it was not e-mailed (no SMTP, or the send failed): otherwise it is the client's
 * alone, and whoever holds it could read their identity details or accept in their name.
 */
async function mailLinks(
  record: EngagementRecord,
  links: { index: number; token: string }[],
  origin: string,
  mail: LinkMailer,
  kind: 'sent' | 'resent' | 'reissued',
): Promise<IssuedLinks> {
  const clients = await Promise.all(
    links.map(async ({ index, token }) => {
      const client = record.clients[index]!;
      const url = engagementUrl(origin, token);
      const emailed = await mail(record, client, url, kind);
      return { name: client.name, email: client.email, emailed, url };
    }),
  );
  return {
    record,
    emailed: clients.every((client) => client.emailed),
    clients: clients.map(({ url, ...client }) => (client.emailed ? client : { ...client, url })),
  };
}

/** The clients a send names: as staff listed them, else the varied engagement's, else the enquiry's person. */
function clientsFor(enquiry: StoredEnquiry, input: EngagementSendInput, varied?: EngagementRecord) {
  if (input.clients) return input.clients;
  if (varied) return varied.clients.map(({ name, email }) => ({ name, email }));
  return [{ name: `${enquiry.firstName} ${enquiry.lastName}`.trim(), email: enquiry.email }];
}

/** A new engagement for the enquiry, already claimed as its latest: stored, recorded, and each link sent. */
async function issueEngagement(
  enquiry: StoredEnquiry,
  input: EngagementSendInput,
  content: EngagementContent,
  staff: Staff,
  origin: string,
  mail: LinkMailer,
  id: string,
  variation?: { of: EngagementRecord; reason: string },
): Promise<IssuedLinks> {
  const at = new Date(now());
  const named = clientsFor(enquiry, input, variation?.of);
  const links = freshLinks(named.length);
  const record: EngagementRecord = {
    id,
    enquiryId: enquiry.id,
    ...(variation ? { variationOf: variation.of.id, variationReason: variation.reason } : {}),
    status: 'sent',
    sentAt: at.toISOString(),
    sentBy: staff.username,
    linkIssuedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + COSTS_DISCLOSURE.linkValidDays * DAY).toISOString(),
    reminders: input.reminders ?? true,
    remindersSent: 0,
    content,
    clients: named.map((client, index) => ({ ...client, tokenHash: links[index]!.tokenHash })),
  };
  await insertEngagement(record);
  const what = variation ? 'Variation' : 'Engagement';
  const to = record.clients.length > 1 ? ` to ${record.clients.length} joint clients` : '';
  await Promise.all([
    activity(
      enquiry.id,
      staff.username,
      `${what} sent${to} (terms ${content.terms.version}; link valid until ${sydneyDay.format(Date.parse(record.expiresAt))})`,
    ),
    recordAudit({ by: staff, action: variation ? 'engagement.vary' : 'engagement.send', target: enquiry.id }),
  ]);
  return mailLinks(
    record,
    links.map(({ token }, index) => ({ index, token })),
    origin,
    mail,
    'sent',
  );
}

const SENT_A_MOMENT_AGO = 'An engagement was sent for this enquiry a moment ago. Refresh to see it.';
/** How long a claimed pointer without its record counts as a send still writing it (a send that died leaves it). */
const SEND_IN_FLIGHT_MS = 2 * 60_000;

/**
 * The enquiry's latest engagement as a send or a variation decides on it. A send claims the
 * pointer before it writes the record, so a pointer claimed moments ago with no record yet is
 * a send in flight in another process (409), not "no engagement".
 */
async function latestForDecision(pointer: Awaited<ReturnType<typeof latestPointer>>) {
  const latest = pointer ? await getEngagement(pointer.engagementId) : null;
  if (pointer && !latest && pointer.claimedAt !== null && now() - pointer.claimedAt < SEND_IN_FLIGHT_MS) {
    throw new HttpError(409, SENT_A_MOMENT_AGO);
  }
  return latest;
}

export async function sendEngagement(
  enquiryId: string,
  input: EngagementSendInput,
  staff: Staff,
  origin: string,
  mail: LinkMailer,
): Promise<IssuedLinks> {
  const enquiry = await enquiryOr404(enquiryId);
  const { content } = await prepareContent(enquiry, input);
  refuseSampleTermsInProduction(content.terms);
  const pointer = await latestPointer(enquiryId);
  const previous = await latestForDecision(pointer);
  // A variation only exists over an accepted engagement, so the enquiry has one even when
  // its latest (the variation) ended: a new engagement would bypass it; vary it instead.
  if (previous?.record.variationOf) throw refusal(decideEngagement('accepted', 'send'));
  // What becomes of the latest engagement: refused while it is accepted (or open, unless
  // replaced); a replace ends an open one; an expired or revoked one stays as it is.
  const previousStatus = previous ? currentStatus(previous.record) : null;
  const previousNext = previousStatus && allowed(decideEngagement(previousStatus, input.replace ? 'replace' : 'send'));
  const id = newId();
  // The decider between two sends at once (a double click, two staff): one claims the
  // enquiry's latest engagement, the other answers 409 and sends nothing.
  if (!(await claimLatest(enquiryId, id, pointer?.etag ?? null, now()))) {
    throw new HttpError(409, SENT_A_MOMENT_AGO);
  }
  if (previous && previousNext !== previousStatus) {
    await endEngagement(previous.record.id, staff, 'Engagement replaced by a new one');
  }
  return issueEngagement(enquiry, input, content, staff, origin, mail, id);
}

/** A refused cell as the error the routes answer (the table's words and code). */
function refusal(cell: ReturnType<typeof decideEngagement>): HttpError {
  if (!cell.refused) throw new Error('refusal() was given a cell that allows the action');
  return refusedError(cell.refused);
}

const VARIATION_OPEN = 'A variation of this engagement is already open. Replace it to send a new one.';
const VARIATION_SUPERSEDED = 'This engagement has been varied since. Vary the current one instead.';

/**
 * The accepted engagement `id`, and the enquiry's latest as it stands, after checking that
 * `id` can be varied now: accepted (the state table's `vary`), still the agreement in force
 * (no later version accepted), with no variation open unless it is to be replaced.
 */
async function variationStart(id: string, replace: boolean) {
  const found = await getEngagement(id);
  if (!found) throw new HttpError(404, ENGAGEMENT_NOT_FOUND);
  const varied = found.record;
  allowed(decideEngagement(currentStatus(varied), 'vary'));
  const pointer = await latestPointer(varied.enquiryId);
  const latest = pointer && pointer.engagementId !== id ? await latestForDecision(pointer) : null;
  // The versions after `id` back to it: a later accepted one means `id` is no longer in force.
  let open: EngagementRecord | null = null;
  for (let step = latest?.record ?? null, n = 0; step && step.id !== id && n < MAX_VERSIONS; n++) {
    const status = currentStatus(step);
    if (status === 'accepted') throw new HttpError(409, VARIATION_SUPERSEDED);
    if (isOpenStatus(status)) open ??= step;
    step = step.variationOf ? ((await getEngagement(step.variationOf))?.record ?? null) : null;
  }
  if (open && !replace) throw new HttpError(409, VARIATION_OPEN);
  return { varied, pointer, open };
}

export const ACCEPTED_ADDRESSES_ONLY =
  "A variation goes only to the addresses that accepted this engagement. To change an accepted client's address, a principal changes it on the engagement first (Change address: POST /api/engagements/{id}/clients/{index}/address), which tells the old address.";

const mailbox = (email: string) => email.trim().toLowerCase();

/**
 * Once clients have accepted, their link is the practice's channel to them: a variation may
 * name only the addresses that accepted `varied` (any name, any order, fewer), never a new
 * one, or a member of staff could send it to their own mailbox in the client's name, accept
 * it and read the client's identity details through it.
 */
function refuseNewAddresses(varied: EngagementRecord, input: EngagementSendInput): void {
  if (!input.clients) return;
  const accepted = new Set(varied.clients.filter((client) => client.acceptance).map((client) => mailbox(client.email)));
  if (input.clients.some((client) => !accepted.has(mailbox(client.email)))) {
    throw new HttpError(409, ACCEPTED_ADDRESSES_ONLY);
  }
}

/** What a variation would show the client: the preview of an updated disclosure. */
export async function previewVariation(id: string, input: EngagementVariationInput): Promise<EngagementPreview> {
  const { varied } = await variationStart(id, true);
  const enquiry = await enquiryOr404(varied.enquiryId);
  const { inputs, content } = await prepareContent(enquiry, input, { of: varied, reason: input.reason });
  return previewOf(inputs, content);
}

/**
 * A variation of the accepted engagement `id` (an updated disclosure, s 174(1)(b)): a new
 * engagement for the same enquiry that names it (`variationOf`) and says what changed and
 * why; the client accepts it as they did the first. Both stay on record. 409 unless `id`
 * is accepted and in force, and while a variation is open (unless `replace`).
 */
export async function varyEngagement(
  id: string,
  input: EngagementVariationInput,
  staff: Staff,
  origin: string,
  mail: LinkMailer,
): Promise<IssuedLinks> {
  const { varied, pointer, open } = await variationStart(id, input.replace ?? false);
  refuseNewAddresses(varied, input);
  const enquiry = await enquiryOr404(varied.enquiryId);
  const variation = { of: varied, reason: input.reason };
  const { content } = await prepareContent(enquiry, input, variation);
  refuseSampleTermsInProduction(content.terms);
  const versionId = newId();
  if (!(await claimLatest(varied.enquiryId, versionId, pointer?.etag ?? null, now()))) {
    throw new HttpError(409, 'An engagement was sent for this enquiry a moment ago. Refresh to see it.');
  }
  if (open) await endEngagement(open.id, staff, 'Variation replaced by a new one');
  return issueEngagement(enquiry, input, content, staff, origin, mail, versionId, variation);
}

const sydneyDay = sydneyFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });

/** Revokes (or, replaced, ends) an open engagement: every client's link stops working at once. */
async function endEngagement(id: string, staff: Staff, text: string): Promise<EngagementRecord> {
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
const endTokens = (record: EngagementRecord) =>
  Promise.all(record.clients.map((client) => endToken(record.id, client.tokenHash)));

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

/**
 * Reminder `record.remindersSent + 1` to each client who has not accepted, each with a new
 * link (the token is kept only as a hash, so a reminder cannot repeat the old link). The
 * reminder is claimed by a conditional write first, so two runs never send it twice; a new
 * link replaces a client's old one only once their e-mail went, so a failed send leaves
 * their link working.
 */
async function sendReminder(record: EngagementRecord, origin: string, mail: LinkMailer, at: number): Promise<boolean> {
  const { after: claimed, changed } = await changeEngagement(record.id, (current) =>
    current.reminders &&
    decideEngagement(currentStatus(current, at), 'remind').next !== undefined &&
    current.remindersSent === record.remindersSent
      ? { ...current, remindersSent: current.remindersSent + 1 }
      : null,
  );
  if (!changed) return false;
  const n = claimed.remindersSent;
  let any = false;
  for (const [index, client] of claimed.clients.entries()) {
    if (client.acceptance) continue;
    const token = newToken();
    const tokenHash = hashToken(token);
    await addToken(record.id, tokenHash);
    const sent = await mail(claimed, client, engagementUrl(origin, token), 'reminder');
    const joint = claimed.clients.length > 1;
    if (!sent) {
      await endToken(record.id, tokenHash);
      const who = joint ? ` to ${client.name}` : '';
      await activity(
        record.enquiryId,
        'system',
        `Reminder ${n} could not be sent${who}; the client's link still works`,
      );
      continue;
    }
    const { changed: swapped } = await changeEngagement(record.id, (current) => {
      const latest = current.clients[index];
      // Only while still open and unaccepted: a client who accepted meanwhile keeps the link they used.
      return latest &&
        latest.tokenHash === client.tokenHash &&
        !latest.acceptance &&
        isOpenStatus(currentStatus(current))
        ? { ...current, clients: current.clients.map((each, i) => (i === index ? { ...each, tokenHash } : each)) }
        : null;
    });
    // Staff resent in between: their link stands, the reminder's ends.
    await endToken(record.id, swapped ? client.tokenHash : tokenHash);
    await activity(
      record.enquiryId,
      'system',
      `Reminder ${n} sent ${joint ? `to ${client.name}` : 'to the client'} with a new link`,
    );
    any = true;
  }
  return any;
}

export async function setReminders(id: string, reminders: boolean, staff: Staff): Promise<EngagementSummary> {
  const { after, changed } = await changeEngagement(id, (record) =>
    record.reminders === reminders ? null : { ...record, reminders },
  );
  if (changed) await activity(after.enquiryId, staff.username, `Reminders switched ${reminders ? 'on' : 'off'}`);
  return summaryOf(after);
}

// ---- Client: open by token --------------------------------------------------------

/**
 * The engagement a link opens. 404 (always the same) for a token that is malformed,
 * unknown or replaced; 410 once the engagement is revoked or its link expired (an
 * accepted engagement stays readable, with its signed copy).
 */
/** An engagement as read, with the etag to write it back against, and whose link opened it. */
export type Opened = { record: EngagementRecord; etag: string; client?: number };

export async function openByToken(token: string): Promise<Opened & { client: number }> {
  const unknownLink = () => new HttpError(404, UNKNOWN_LINK, { code: 'unknown-link' });
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

// ---- The job: expiry and reminders ------------------------------------------------

/** When reminder `n` (0-based) of a link issued at `issuedAt` is due: after 2, then 5, NSW business days. */
export async function reminderDueAt(issuedAt: string, n: number): Promise<number | null> {
  const days = COSTS_DISCLOSURE.reminderBusinessDays[n];
  if (days === undefined) return null;
  const issued = Date.parse(issuedAt);
  const from = sydneyToday(issued);
  const to = await addNswBusinessDays(from, days);
  // The same time of day, that many calendar days on.
  return issued + (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`));
}

/**
 * Marks open engagements past their expiry as expired and sends the reminders that are
 * due. Each change is a conditional write, so two runs never send the same reminder.
 */
export async function runEngagementJobs(
  origin: string,
  mail: LinkMailer,
  mailConfigured: boolean,
  at = now(),
): Promise<{ expired: number; reminded: number }> {
  let expired = 0;
  let reminded = 0;
  for (const record of await listEngagements()) {
    // An acceptance whose enquiry a crash left un-instructed is finished here (idempotent).
    if (record.acceptance && !record.instructed) await instructEnquiry(record);
    if (!isOpenStatus(record.status)) continue;
    if (currentStatus(record, at) === 'expired') {
      // Recorded on the stored status: the job writes down what `currentStatus` already says.
      const { changed } = await changeEngagement(record.id, (current) => {
        const next = decideEngagement(current.status, 'expire').next;
        return next ? { ...current, status: next } : null;
      });
      if (changed) {
        expired++;
        await endTokens(record);
        await activity(record.enquiryId, 'system', 'Engagement link expired without acceptance');
      }
      continue;
    }
    if (!record.reminders || !mailConfigured) continue;
    const due = await reminderDueAt(record.linkIssuedAt, record.remindersSent);
    if (due === null || due > at) continue;
    if (await sendReminder(record, origin, mail, at)) reminded++;
  }
  return { expired, reminded };
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
  throw new HttpError(400, message, { fieldErrors: { fullName: [message] } });
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
        throw new HttpError(409, 'This engagement is being accepted by several people at once. Please try again.');
      }
      const fresh = await getEngagement(record.id);
      if (!fresh) throw new HttpError(404, ENGAGEMENT_NOT_FOUND);
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
