/**
 * Engagements: the costs disclosure and costs agreement staff send from the lead desk, and
 * the client's acceptance through `/engage/{token}`. The payloads both sides send, the
 * record as stored, and the views each side reads. Shared by the desk island, the
 * engagement functions and the client page (hence `zod/mini`).
 */
import * as z from 'zod/mini';
import { optionalText, requiredText, withoutControlCharacters } from './fields.ts';
import { quoteInputSchema, storedQuoteSchema } from './quote.ts';

export const ENGAGEMENT_STATUSES = ['sent', 'viewed', 'accepted', 'expired', 'revoked'] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

export const ENGAGEMENT_STATUS_LABELS: Record<EngagementStatus, string> = {
  sent: 'Sent',
  viewed: 'Viewed by the client',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const ENGAGEMENT_LIMITS = {
  address: 300,
  solicitor: 120,
  fullName: 200,
  clientName: 200,
  email: 254,
  /** Joint clients: couples and families buy together, rarely more than four. */
  clients: 4,
  reason: 2000,
} as const;

const CLIENT_EMAIL = 'Please enter a valid email address';

/** One client of a (joint) engagement as staff name them: each gets their own link. */
const clientEmail = z
  .string(CLIENT_EMAIL)
  .check(
    withoutControlCharacters(),
    z.trim(),
    z.maxLength(ENGAGEMENT_LIMITS.email, CLIENT_EMAIL),
    z.email(CLIENT_EMAIL),
  );
export const engagementClientInputSchema = z.object({
  name: requiredText('Please enter the client’s full name', ENGAGEMENT_LIMITS.clientName),
  email: clientEmail,
});

/**
 * `POST /api/engagements/{id}/clients/{index}/address` (principals): an accepted client's new
 * address, and why (the audit keeps the reason; the old address is told, never the new one).
 */
export const clientAddressSchema = z.object({
  email: clientEmail,
  reason: requiredText('Say why the address changes', ENGAGEMENT_LIMITS.reason, { multiline: true }),
});
export type EngagementClientInput = z.output<typeof engagementClientInputSchema>;

/** `POST /api/contact-requests/{id}/engagement` (and its preview). */
export const engagementSendSchema = z.object({
  /** The quote input of `POST /api/contact`; the enquiry's own quote when absent. */
  quote: z.optional(quoteInputSchema),
  propertyAddress: optionalText(ENGAGEMENT_LIMITS.address),
  /**
   * A team member's name as in Settings, who must be marked a solicitor there (with a
   * practising certificate number); when absent, the principal solicitor, else the first
   * solicitor, else the practice itself.
   */
  solicitor: optionalText(ENGAGEMENT_LIMITS.solicitor),
  /** Ends an open engagement and sends this one instead. */
  replace: z.optional(z.boolean('replace must be true or false')),
  /** Reminders after 2 and 5 business days (on unless staff switch them off). */
  reminders: z.optional(z.boolean('reminders must be true or false')),
  /**
   * Who the agreement is with, each accepting for themselves (1–4); the enquiry's person
   * when absent (a variation: the clients of the engagement it varies).
   */
  clients: z.optional(
    z.array(engagementClientInputSchema, 'Please list the clients').check(
      z.minLength(1, 'Please name at least one client'),
      z.maxLength(ENGAGEMENT_LIMITS.clients, `At most ${ENGAGEMENT_LIMITS.clients} clients can accept one agreement`),
      z.refine(
        (clients) => new Set(clients.map((client) => client.email.toLowerCase())).size === clients.length,
        'Each client needs their own e-mail address: the link is personal',
      ),
    ),
  ),
});
export type EngagementSendInput = z.output<typeof engagementSendSchema>;

export const VARIATION_REASON_MESSAGE = 'Please say what changed and why';

/**
 * `POST /api/engagements/{id}/variation` (and its preview): a send's body, with what
 * changed and why, which the varied disclosure prints (s 174(1)(b): an updated disclosure).
 */
export const engagementVariationSchema = z.extend(engagementSendSchema, {
  reason: requiredText(VARIATION_REASON_MESSAGE, ENGAGEMENT_LIMITS.reason, { multiline: true }),
});
export type EngagementVariationInput = z.output<typeof engagementVariationSchema>;

/** `PATCH /api/engagements/{id}`: what staff may change on a sent engagement. */
export const engagementPatchSchema = z.object({
  reminders: z.boolean('reminders must be true or false'),
});

/** The four consents, each with the exact words the client ticks. */
export const ACCEPT_CONSENTS = {
  understood: 'I have read and understood the costs disclosure',
  accept: 'I accept the costs agreement',
  instruct: 'I instruct the practice to act for me in this matter',
  // Electronic Transactions Act 2000 (NSW) s 8: dealing electronically needs the client's consent.
  electronic: 'I agree to receive, read and accept these documents electronically',
} as const;
export type ConsentKey = keyof typeof ACCEPT_CONSENTS;
export const CONSENT_KEYS = Object.keys(ACCEPT_CONSENTS) as ConsentKey[];

const consent = (message: string) => z.literal(true, { error: message });

/** `POST /api/engage/{token}/accept`. */
export const engagementAcceptSchema = z.object({
  fullName: requiredText('Please type your full name', ENGAGEMENT_LIMITS.fullName),
  understood: consent('Please confirm you have read and understood the costs disclosure'),
  accept: consent('Please confirm you accept the costs agreement'),
  instruct: consent('Please confirm you instruct the practice to act for you'),
  electronic: consent('Please confirm you agree to deal with us electronically'),
});
export type EngagementAcceptance = z.output<typeof engagementAcceptSchema>;

/**
 * `POST /api/engage/{token}/accept`'s answer: this client's own acceptance (a joint client's
 * too), and whether the engagement is accepted (every client has) or waits for the others.
 */
export const engagementAcceptedSchema = z.object({
  acceptedAt: z.string(),
  documentSha256: z.string(),
  status: z.enum(['accepted', 'waiting-for-others']),
});

/** A browser's form post as the accept schema reads it: a ticked box sends its value, an unticked one nothing. */
export const formToAcceptance = (form: URLSearchParams): Record<string, unknown> => ({
  fullName: form.get('fullName') ?? '',
  ...Object.fromEntries(CONSENT_KEYS.map((key) => [key, form.has(key) && form.get(key) !== 'false'])),
});

/** One part of the disclosure: a heading and its lines, shown in order. */
export const documentSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
});
export type DocumentSection = z.output<typeof documentSectionSchema>;

const termsSchema = z.object({ version: z.string(), effective: z.string(), text: z.string() });

/** Who acts: the practice's details and the responsible solicitor, as at sending. */
const practiceSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
});
const solicitorSchema = z.object({
  name: z.string(),
  role: z.string(),
  /** Printed in the disclosure; absent when the practice acts with no solicitor named (and in engagements sent before). */
  practisingCertificate: z.optional(z.string()),
});
const matterSchema = z.object({
  role: z.string(),
  propertyType: z.string(),
  propertyAddress: z.optional(z.string()),
  /** "Buying an established home at $800,000": one line for people. */
  description: z.string(),
});

/** What the client is shown and accepts; fixed when sent, so a later edit of the terms never changes it. */
export const engagementContentSchema = z.object({
  practice: practiceSchema,
  solicitor: solicitorSchema,
  matter: matterSchema,
  quote: storedQuoteSchema,
  disclosure: z.array(documentSectionSchema),
  terms: termsSchema,
  privacy: z.string(),
});
export type EngagementContent = z.output<typeof engagementContentSchema>;

/** What the server records, once, when the client accepts. */
export const acceptanceRecordSchema = z.object({
  at: z.string(),
  fullName: z.string(),
  consents: z.object({
    understood: z.literal(true),
    accept: z.literal(true),
    instruct: z.literal(true),
    /** Absent in acceptances recorded before the consent was asked. */
    electronic: z.optional(z.literal(true)),
  }),
  termsVersion: z.string(),
  /** SHA-256 (hex) of the disclosure and terms exactly as shown (`contentDigestInput`). */
  contentSha256: z.string(),
  userAgent: z.string(),
  /** A keyed digest of the client's network address: evidence without keeping the address. */
  addressDigest: z.string(),
  /** SHA-256 (hex) of the accepted PDF, byte for byte. */
  documentSha256: z.string(),
});
export type AcceptanceRecord = z.output<typeof acceptanceRecordSchema>;

/** One client of an engagement as stored: their own link, and their own acceptance. */
export const engagementClientSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** SHA-256 (hex) of this client's current link token; the token itself is never stored. */
  tokenHash: z.string(),
  acceptance: z.optional(acceptanceRecordSchema),
});
export type EngagementClient = z.output<typeof engagementClientSchema>;

/** An engagement as stored in Blobs (records before joint clients had one client, in top-level fields). */
const storedEngagementSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  /** The engagement this one varies (an updated disclosure after acceptance, s 174(1)(b)). */
  variationOf: z.optional(z.string()),
  /** What changed and why, as staff put it (a variation only). */
  variationReason: z.optional(z.string()),
  /** Before joint clients: the one client's link (now in `clients`). */
  tokenHash: z.optional(z.string()),
  status: z.enum(ENGAGEMENT_STATUSES),
  sentAt: z.string(),
  sentBy: z.string(),
  /** When the current link was issued (sentAt, or the last resend). */
  linkIssuedAt: z.string(),
  expiresAt: z.string(),
  viewedAt: z.optional(z.string()),
  revokedAt: z.optional(z.string()),
  /** Reminders (after 2 and 5 business days) still wanted, and how many went. */
  reminders: z.boolean(),
  remindersSent: z.int(),
  content: engagementContentSchema,
  /** Before joint clients: the one client's address and name (now in `clients`). */
  clientEmail: z.optional(z.string()),
  clientName: z.optional(z.string()),
  /** Every client, in the order staff named them; each accepts for themselves. */
  clients: z.optional(z.array(engagementClientSchema)),
  /**
   * The acceptance that completed the engagement (the last client's), whose PDF prints
   * every client's acceptance: the engagement's signed copy.
   */
  acceptance: z.optional(acceptanceRecordSchema),
  /** Set once the acceptance has moved the enquiry to instructed (the job finishes what a crash left). */
  instructed: z.optional(z.boolean()),
});

/**
 * An engagement as every read parses it: a record from before joint clients reads as one
 * client (its link and acceptance moved into `clients`), and is written back that way.
 */
export const engagementRecordSchema = z.pipe(
  storedEngagementSchema,
  z.transform((stored) => {
    const { tokenHash, clientEmail, clientName, clients, ...rest } = stored;
    const only: EngagementClient = {
      name: clientName ?? '',
      email: clientEmail ?? '',
      tokenHash: tokenHash ?? '',
      ...(rest.acceptance ? { acceptance: rest.acceptance } : {}),
    };
    return { ...rest, clients: clients && clients.length > 0 ? clients : [only] };
  }),
);
export type EngagementRecord = z.output<typeof engagementRecordSchema>;

/** The figures of a quote as sent: the stored quote's. */
const quoteFiguresSchema = storedQuoteSchema.shape.figures;

/** `GET /api/contact-requests/{id}`'s `engagement`. */
export const engagementSummarySchema = z.object({
  id: z.string(),
  status: z.enum(ENGAGEMENT_STATUSES),
  sentAt: z.string(),
  viewedAt: z.optional(z.string()),
  acceptedAt: z.optional(z.string()),
  expiresAt: z.string(),
  documentSha256: z.optional(z.string()),
  /** Whether reminders are still on (the desk's switch). */
  reminders: z.boolean(),
  /** Each client, and when they accepted (the engagement is accepted once every one has). */
  clients: z.array(z.object({ name: z.string(), email: z.string(), acceptedAt: z.optional(z.string()) })),
  /** A variation: the engagement it varies, and what changed and why. */
  variationOf: z.optional(z.string()),
  variationReason: z.optional(z.string()),
});
export type EngagementSummary = z.output<typeof engagementSummarySchema>;

/** One client's link as a send, resend or variation answers it. */
export const issuedClientLinkSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** Whether this client's link went out by e-mail. */
  emailed: z.boolean(),
  /** The link, only when it was not e-mailed: staff pass it on themselves. */
  url: z.optional(z.string()),
});
export type IssuedClientLink = z.output<typeof issuedClientLinkSchema>;

/**
 * A send's, a resend's or a variation's links: `url` (the first client's) only when it was
 * not e-mailed (no SMTP, or the send failed); then it is the only time staff see it.
 */
export const issuedLinksSchema = z.object({
  url: z.optional(z.string()),
  expiresAt: z.string(),
  /** Whether the link went out by e-mail; false without SMTP (staff send it themselves). */
  emailed: z.boolean(),
  /** Each client's link (joint clients each get their own). */
  clients: z.array(issuedClientLinkSchema),
});
export type IssuedLinksAnswer = z.output<typeof issuedLinksSchema>;

/** `POST /api/contact-requests/{id}/engagement` (and a variation) → 201. */
export const engagementSentSchema = z.extend(issuedLinksSchema, {
  id: z.string(),
  status: z.literal('sent'),
  figures: quoteFiguresSchema,
  variationOf: z.optional(z.string()),
});
export type EngagementSent = z.output<typeof engagementSentSchema>;

/** `GET /api/engage/{token}`: what the client reads (nothing staff-only). */
export const engagementViewSchema = z.object({
  status: z.enum(ENGAGEMENT_STATUSES),
  practice: practiceSchema,
  solicitor: solicitorSchema,
  matter: matterSchema,
  figures: quoteFiguresSchema,
  disclosure: z.array(documentSectionSchema),
  terms: termsSchema,
  privacy: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.optional(z.string()),
  documentSha256: z.optional(z.string()),
  /** Joint clients: each one's name and whether they have accepted (no addresses). */
  clients: z.optional(z.array(z.object({ name: z.string(), accepted: z.boolean() }))),
  /** The client this link belongs to has accepted, while others have not yet. */
  youAcceptedAt: z.optional(z.string()),
});
export type EngagementView = z.output<typeof engagementViewSchema>;

/** The preview staff see before sending: exactly what the client will be shown. */
export const engagementPreviewSchema = z.object({
  figures: quoteFiguresSchema,
  inputs: quoteInputSchema,
  view: engagementViewSchema,
  /** True while the terms are the shipped sample terms. */
  sampleTerms: z.boolean(),
  /**
   * Why sending would be refused, in the server's words: on the production site, while the
   * terms are the sample (decision 036). Absent wherever sending is possible.
   */
  sendRefused: z.optional(z.string()),
});
export type EngagementPreview = z.output<typeof engagementPreviewSchema>;

/**
 * The exact text the acceptance's `contentSha256` is taken over: the disclosure and the
 * terms as the client was shown them, in one canonical JSON form.
 */
export const contentDigestInput = (content: Pick<EngagementContent, 'disclosure' | 'terms'>): string =>
  JSON.stringify({ disclosure: content.disclosure, terms: content.terms });
