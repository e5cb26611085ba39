/**
 * An engagement, staff's side: prepare its content from the enquiry, preview it, send it (each
 * client's link e-mailed, or handed back to staff without SMTP) and vary a sent one. The
 * tokens, the state and the change loop are in ./workflow.ts.
 */
import { COSTS_AGREEMENT, COSTS_DISCLOSURE, ENGAGEMENT_PRIVACY_NOTICE } from '#src/content/costs-agreement.ts';
import { now } from '#src/shared/clock.ts';
import { buildDisclosure, buildVariationSection } from '#src/shared/engagement-document.ts';
import { computeQuote, describeQuoteInput, type QuoteInput } from '#src/shared/quote.ts';
import { dutyTables } from '../site/duty-years.ts';
import type {
  EngagementClient,
  EngagementContent,
  EngagementPreview,
  EngagementRecord,
  EngagementSendInput,
  EngagementVariationInput,
  IssuedClientLink,
} from '#src/shared/schemas/engagement.ts';
import { solicitorsOf } from '#src/shared/schemas/settings.ts';
import { decideEngagement, isOpenStatus } from '#src/shared/states/engagement.ts';
import { sydneyFormat, sydneyToday } from '#src/shared/sydney-time.ts';
import { newId } from '../repositories/blobs.ts';
import { refuseSampleTermsInProduction, sampleTermsRefusal } from './sample-terms.ts';
import { allowed } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { NOT_FOUND } from '../enquiries/pipeline.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { claimLatest, getEngagement, insertEngagement, latestPointer } from '../repositories/engagements-store.ts';
import { getStoredEnquiry, type StoredEnquiry } from '../repositories/enquiries-store.ts';
import { getCashSettings, getSettings } from '../repositories/settings-store.ts';
import {
  activity,
  currentStatus,
  DAY,
  endEngagement,
  ENGAGEMENT_NOT_FOUND,
  engagementUrl,
  hashToken,
  MAX_VERSIONS,
  newToken,
  refusal,
  viewOf,
  type Staff,
} from './workflow.ts';

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
  if (!given) throw new Refused('invalid', NO_QUOTE, { fieldErrors: { quote: [NO_QUOTE] } });
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
    throw new Refused('invalid', 'Please check the highlighted fields', {
      fieldErrors: { solicitor: ['Choose a member of the team in Settings'] },
    });
  }
  const chosen = named
    ? solicitors.find((member) => member === named)
    : (solicitors.find((member) => member.principal) ?? solicitors[0]);
  if (named && !chosen) {
    throw new Refused('invalid', 'Please check the highlighted fields', {
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
  if (!found) throw new Refused('not-found', NOT_FOUND);
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
export const freshLinks = (count: number) =>
  Array.from({ length: count }, () => {
    const token = newToken();
    return { token, tokenHash: hashToken(token) };
  });

/**
 * E-mails each client in `links` their own link. The answer carries a client's link only
 * when it was not e-mailed (no SMTP, or the send failed): otherwise it is the client's
 * alone, and whoever holds it could read their identity details or accept in their name.
 */
export async function mailLinks(
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
    throw new Refused('conflict', SENT_A_MOMENT_AGO);
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
    throw new Refused('conflict', SENT_A_MOMENT_AGO);
  }
  if (previous && previousNext !== previousStatus) {
    await endEngagement(previous.record.id, staff, 'Engagement replaced by a new one');
  }
  return issueEngagement(enquiry, input, content, staff, origin, mail, id);
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
  if (!found) throw new Refused('not-found', ENGAGEMENT_NOT_FOUND);
  const varied = found.record;
  allowed(decideEngagement(currentStatus(varied), 'vary'));
  const pointer = await latestPointer(varied.enquiryId);
  const latest = pointer && pointer.engagementId !== id ? await latestForDecision(pointer) : null;
  // The versions after `id` back to it: a later accepted one means `id` is no longer in force.
  let open: EngagementRecord | null = null;
  for (let step = latest?.record ?? null, n = 0; step && step.id !== id && n < MAX_VERSIONS; n++) {
    const status = currentStatus(step);
    if (status === 'accepted') throw new Refused('conflict', VARIATION_SUPERSEDED);
    if (isOpenStatus(status)) open ??= step;
    step = step.variationOf ? ((await getEngagement(step.variationOf))?.record ?? null) : null;
  }
  if (open && !replace) throw new Refused('conflict', VARIATION_OPEN);
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
    throw new Refused('conflict', ACCEPTED_ADDRESSES_ONLY);
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
    throw new Refused('conflict', 'An engagement was sent for this enquiry a moment ago. Refresh to see it.');
  }
  if (open) await endEngagement(open.id, staff, 'Variation replaced by a new one');
  return issueEngagement(enquiry, input, content, staff, origin, mail, versionId, variation);
}

const sydneyDay = sydneyFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
