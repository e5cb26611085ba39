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
import { buildDisclosure } from '../../../../src/shared/engagement-document.ts';
import { computeQuote, describeQuoteInput, type QuoteInput } from '../../../../src/shared/quote.ts';
import { dutyTables } from '../site/duty-years.ts';
import {
  contentDigestInput,
  type AcceptanceRecord,
  type EngagementAcceptance,
  type EngagementContent,
  type EngagementPreview,
  type EngagementRecord,
  type EngagementSendInput,
  type EngagementStatus,
  type EngagementSummary,
  type EngagementView,
} from '../../../../src/shared/schemas/engagement.ts';
import type { ActivityEntry } from '../../../../src/shared/schemas/lead-desk.ts';
import { solicitorsOf } from '../../../../src/shared/schemas/settings.ts';
import { decideEngagement, ENDED_LINK, isOpenStatus, statusAt } from '../../../../src/shared/states/engagement.ts';
import { addNswBusinessDays, sydneyFormat, sydneyToday } from '../../../../src/shared/sydney-time.ts';
import { newId } from '../repositories/blobs.ts';
import { crashPoint } from '../platform/crash-point.ts';
import { renderEngagementPdf } from './pdf.ts';
import { allowed, HttpError } from '../http/http.ts';
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
import { getSettings } from '../repositories/settings-store.ts';

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
  };
}

/** The enquiry's latest engagement for the desk, or null. */
export async function engagementSummaryFor(enquiryId: string): Promise<EngagementSummary | null> {
  const latest = await latestPointer(enquiryId);
  const found = latest ? await getEngagement(latest.engagementId) : null;
  return found ? summaryOf(found.record) : null;
}

export function viewOf(
  record: Pick<EngagementRecord, 'content' | 'expiresAt' | 'acceptance'>,
  status: EngagementStatus,
): EngagementView {
  const { content } = record;
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
): Promise<{ inputs: QuoteInput; content: EngagementContent }> {
  const given = input.quote ?? enquiry.quote?.inputs;
  if (!given) throw new HttpError(400, NO_QUOTE, { fieldErrors: { quote: [NO_QUOTE] } });
  const today = sydneyToday(now());
  const inputs: QuoteInput = { ...given, contractDate: given.contractDate ?? today };
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
  const propertyAddress = input.propertyAddress ?? enquiry.propertyAddress ?? undefined;
  const matter = {
    role: inputs.role,
    propertyType: inputs.propertyType,
    ...(propertyAddress ? { propertyAddress } : {}),
    description: describeQuoteInput(inputs),
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
      disclosure: buildDisclosure(figures, matter, {
        providedOn: today,
        clients: [`${enquiry.firstName} ${enquiry.lastName}`.trim()],
      }),
      terms: { version: COSTS_AGREEMENT.version, effective: COSTS_AGREEMENT.effective, text: COSTS_AGREEMENT.text },
      privacy: ENGAGEMENT_PRIVACY_NOTICE,
    },
  };
}

async function enquiryOr404(enquiryId: string): Promise<StoredEnquiry> {
  const found = await getStoredEnquiry(enquiryId);
  if (!found) throw new HttpError(404, NOT_FOUND);
  return found.record;
}

export async function previewEngagement(enquiryId: string, input: EngagementSendInput): Promise<EngagementPreview> {
  const { inputs, content } = await prepareContent(await enquiryOr404(enquiryId), input);
  const expiresAt = new Date(now() + COSTS_DISCLOSURE.linkValidDays * DAY).toISOString();
  return {
    inputs,
    figures: content.quote.figures,
    view: viewOf({ content, expiresAt }, 'sent'),
    sampleTerms: COSTS_AGREEMENT.sample,
  };
}

/** Sent e-mail, or null without SMTP: then staff pass the link on themselves. */
export type LinkMailer = (
  record: EngagementRecord,
  url: string,
  kind: 'sent' | 'resent' | 'reissued' | 'reminder',
) => Promise<boolean>;

export async function sendEngagement(
  enquiryId: string,
  input: EngagementSendInput,
  staff: Staff,
  origin: string,
  mail: LinkMailer,
): Promise<{ record: EngagementRecord; url: string; emailed: boolean }> {
  const enquiry = await enquiryOr404(enquiryId);
  const { content } = await prepareContent(enquiry, input);
  const pointer = await latestPointer(enquiryId);
  const previous = pointer ? await getEngagement(pointer.engagementId) : null;
  // What becomes of the latest engagement: refused while it is accepted (or open, unless
  // replaced); a replace ends an open one; an expired or revoked one stays as it is.
  const previousStatus = previous ? currentStatus(previous.record) : null;
  const previousNext = previousStatus && allowed(decideEngagement(previousStatus, input.replace ? 'replace' : 'send'));
  const at = new Date(now());
  const token = newToken();
  const id = newId();
  // The decider between two sends at once (a double click, two staff): one claims the
  // enquiry's latest engagement, the other answers 409 and sends nothing.
  if (!(await claimLatest(enquiryId, id, pointer?.etag ?? null))) {
    throw new HttpError(409, 'An engagement was sent for this enquiry a moment ago. Refresh to see it.');
  }
  if (previous && previousNext !== previousStatus) {
    await endEngagement(previous.record.id, staff, 'Engagement replaced by a new one');
  }
  const record: EngagementRecord = {
    id,
    enquiryId,
    tokenHash: hashToken(token),
    status: 'sent',
    sentAt: at.toISOString(),
    sentBy: staff.username,
    linkIssuedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + COSTS_DISCLOSURE.linkValidDays * DAY).toISOString(),
    reminders: input.reminders ?? true,
    remindersSent: 0,
    content,
    clientEmail: enquiry.email,
    clientName: `${enquiry.firstName} ${enquiry.lastName}`.trim(),
  };
  await insertEngagement(record);
  const url = engagementUrl(origin, token);
  await Promise.all([
    activity(
      enquiryId,
      staff.username,
      `Engagement sent (terms ${content.terms.version}; link valid until ${sydneyDay.format(Date.parse(record.expiresAt))})`,
    ),
    recordAudit({ by: staff, action: 'engagement.send', target: enquiryId }),
  ]);
  return { record, url, emailed: await mail(record, url, 'sent') };
}

const sydneyDay = sydneyFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });

/** Revokes (or, replaced, ends) an open engagement: its link stops working at once. */
async function endEngagement(id: string, staff: Staff, text: string): Promise<EngagementRecord> {
  const at = new Date(now()).toISOString();
  const { after, changed } = await changeEngagement(id, (record) => {
    const next = allowed(decideEngagement(currentStatus(record), 'revoke'));
    return next === record.status ? null : { ...record, status: next, revokedAt: at };
  });
  await endToken(after.id, after.tokenHash);
  if (changed) await activity(after.enquiryId, staff.username, text, at);
  return after;
}

export async function revokeEngagement(id: string, staff: Staff): Promise<EngagementSummary> {
  const after = await endEngagement(id, staff, 'Engagement revoked');
  await recordAudit({ by: staff, action: 'engagement.revoke', target: after.enquiryId });
  return summaryOf(after);
}

/**
 * A new link for an unrevoked engagement; the old link ends at once. Also reopens an
 * expired one for 14 days. For an accepted one it only replaces the link (a lost phone, a
 * forwarded e-mail): the acceptance stands, and the new link, which opens the signed copy
 * and the identity details, goes to the client.
 */
export async function resendEngagement(
  id: string,
  staff: Staff,
  origin: string,
  mail: LinkMailer,
): Promise<{ record: EngagementRecord; url: string; emailed: boolean }> {
  const token = newToken();
  const at = now();
  const { before, after } = await changeEngagement(id, (record) => {
    // An expired one reopens as sent; an open or accepted one keeps its status.
    const status = allowed(decideEngagement(currentStatus(record, at), 'resend'));
    const renewed = { ...record, tokenHash: hashToken(token), status, linkIssuedAt: new Date(at).toISOString() };
    // An accepted engagement's link does not expire and gets no reminders.
    if (status === 'accepted') return renewed;
    // Reminders count from the new link.
    return {
      ...renewed,
      expiresAt: new Date(at + COSTS_DISCLOSURE.linkValidDays * DAY).toISOString(),
      remindersSent: 0,
    };
  });
  await swapToken(id, before.tokenHash, after.tokenHash);
  const url = engagementUrl(origin, token);
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
  return { record: after, url, emailed: await mail(after, url, reissued ? 'reissued' : 'resent') };
}

/**
 * Reminder `record.remindersSent + 1`, with a new link (the token is kept only as a hash,
 * so a reminder cannot repeat the old link). The reminder is claimed by a conditional
 * write first, so two runs never send it twice; the new link replaces the old only once
 * the e-mail went, so a failed send leaves the client's link working.
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
  const token = newToken();
  const tokenHash = hashToken(token);
  await addToken(record.id, tokenHash);
  const sent = await mail(claimed, engagementUrl(origin, token), 'reminder');
  const n = claimed.remindersSent;
  if (!sent) {
    await endToken(record.id, tokenHash);
    await activity(record.enquiryId, 'system', `Reminder ${n} could not be sent; the client's link still works`);
    return false;
  }
  const { changed: swapped } = await changeEngagement(record.id, (current) =>
    // Only while still open: a client who accepted meanwhile keeps the link they used.
    current.tokenHash === claimed.tokenHash && isOpenStatus(currentStatus(current)) ? { ...current, tokenHash } : null,
  );
  // Staff resent in between: their link stands, the reminder's ends.
  await endToken(record.id, swapped ? claimed.tokenHash : tokenHash);
  await activity(record.enquiryId, 'system', `Reminder ${n} sent to the client with a new link`);
  return true;
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
/** An engagement as read, with the etag to write it back against. */
export type Opened = { record: EngagementRecord; etag: string };

export async function openByToken(token: string): Promise<Opened> {
  const unknownLink = () => new HttpError(404, UNKNOWN_LINK, { code: 'unknown-link' });
  if (!TOKEN_PATTERN.test(token)) throw unknownLink();
  const tokenHash = hashToken(token);
  const link = await findToken(tokenHash);
  const found = link ? await getEngagement(link.engagementId) : null;
  if (!link || !found) throw unknownLink();
  // A replaced link: real once, so it may say it ended (a guess cannot reach this).
  if (link.ended || !sameHash(found.record.tokenHash, tokenHash)) throw linkEnded();
  // Revoked or expired: the link has ended (an accepted engagement stays readable).
  allowed(decideEngagement(currentStatus(found.record), 'view'));
  return found;
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
        await endToken(record.id, record.tokenHash);
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

/**
 * Records the client's acceptance once and never again. The PDF of the accepted document
 * is made and stored first, named by its own hash; then one conditional write records the
 * acceptance with that hash. Of two acceptances racing, the write decides: the loser's PDF
 * is deleted, unless it is also the winner's (`dropLosingDocument`), and it answers 409.
 * Then the enquiry is instructed.
 */
export async function acceptEngagement(
  opened: Opened,
  input: EngagementAcceptance,
  evidence: { userAgent: string; address: string },
): Promise<EngagementRecord> {
  const { record } = opened;
  allowed(decideEngagement(currentStatus(record), 'accept'));
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
  const pdf = await renderEngagementPdf({ engagementId: record.id, content: record.content, acceptance: particulars });
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
        // The link was replaced while the client was reading.
        if (current.tokenHash !== record.tokenHash) throw linkEnded();
        return { ...current, status: next, acceptance: { ...particulars, documentSha256 } };
        // Conditional on the record as the link opened it: of acceptances racing, one write wins.
      },
      opened,
    ));
  } catch (error) {
    await dropLosingDocument(record.id, documentSha256, created);
    throw error;
  }
  crashPoint('engagement:accepted');
  await instructEnquiry(after);
  return after;
}

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
    if (current?.record.acceptance?.documentSha256 === sha256) return;
    await deleteDocument(id, sha256);
  } catch (error) {
    console.warn(`[engagements] left a losing acceptance's document of ${id} in place:`, error);
  }
}

/** The enquiry of an accepted engagement is instructed (idempotent: a retry changes nothing). */
export async function instructEnquiry(record: EngagementRecord): Promise<void> {
  const acceptance = record.acceptance;
  if (!acceptance || record.instructed) return;
  const moved = await markInstructed(record.enquiryId, acceptance.fullName, acceptance.at);
  if (moved === 'already') {
    // Staff had marked it instructed already: the timeline still shows the acceptance, once.
    const entries = await listActivity(record.enquiryId);
    if (!entries.some((entry) => entry.type === 'engagement' && entry.text?.startsWith(ACCEPTED_TEXT))) {
      await activity(record.enquiryId, 'website', `${ACCEPTED_TEXT} by ${acceptance.fullName}`, acceptance.at);
    }
  }
  // Done once: later runs of the job leave the enquiry to staff (who may mark it lost).
  await changeEngagement(record.id, (current) => (current.instructed ? null : { ...current, instructed: true }));
}

const ACCEPTED_TEXT = 'Engagement accepted online';
