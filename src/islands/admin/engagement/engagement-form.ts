/**
 * The desk's engagement form without React: the values as typed, prefilled from the
 * enquiry's quote and address, the body `POST /api/contact-requests/{id}/engagement` (and
 * its preview) takes, and each fault keyed to its input as the API keys it (`quote.price`,
 * `propertyAddress`). The browser's check only saves a round trip: the server checks the
 * same schema again and recomputes every figure.
 */
import type * as z from 'zod/mini';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import type { EngagementClientInput, EngagementStatus, EngagementSummary } from '#src/shared/schemas/engagement.ts';
import type { DeskEnquiryDetail } from '#src/shared/schemas/lead-desk.ts';
import { isAllowed } from '#src/shared/states/decision.ts';
import { decideEngagement, isOpenStatus } from '#src/shared/states/engagement.ts';
import type { QuoteFormValues } from '#src/shared/quote-options.ts';

/** The form as typed: numbers and dates stay text until the body is built. */
export interface EngagementFormValues extends QuoteFormValues {
  propertyAddress: string;
  solicitor: string;
}

/** The fields top to bottom, as the API keys their faults: focus goes to the first that has one. */
export const ENGAGEMENT_FIELD_ORDER = [
  'quote.price',
  'quote.role',
  'quote.propertyType',
  'quote.firstHomeBuyer',
  'quote.foreignPurchaser',
  'quote.foreignShare',
  'quote.rush',
  'quote.contractDate',
  'propertyAddress',
  'solicitor',
  'clients',
  'reason',
] as const;

export interface TeamOption {
  name: string;
  principal: boolean;
}

/** The principal solicitor, who acts unless staff choose someone else; else the first listed. */
export const defaultSolicitor = (team: readonly TeamOption[]): string =>
  (team.find((member) => member.principal) ?? team[0])?.name ?? '';

/** What the form starts with: the enquiry's own quote and address, blank where it has none. */
export function initialEngagementValues(
  enquiry: Pick<DeskEnquiryDetail, 'quote' | 'propertyAddress'>,
  team: readonly TeamOption[],
): EngagementFormValues {
  const quote = enquiry.quote?.inputs;
  return {
    price: quote ? String(quote.price) : '',
    role: quote?.role ?? 'buying',
    propertyType: quote?.propertyType ?? 'established',
    firstHomeBuyer: quote?.firstHomeBuyer ?? false,
    foreignPurchaser: quote?.foreignPurchaser ?? false,
    foreignShare: String(quote?.foreignShare ?? 100),
    rush: quote?.rush ?? false,
    contractDate: quote?.contractDate ?? '',
    propertyAddress: enquiry.propertyAddress ?? '',
    solicitor: defaultSolicitor(team),
  };
}

/** A number as typed: empty or unreadable is NaN, which the schema refuses with its own message. */
const typedNumber = (typed: string): number =>
  typed.trim() === '' ? Number.NaN : Number(typed.replace(/[$,\s]/g, ''));

/**
 * The request body. The quote always goes along, as the form shows it: staff may have
 * changed it, and what they previewed must be what is sent. The foreign share is sent only
 * for a foreign purchaser (the calculator reads it only then); an empty date means today.
 */
export function engagementBody(values: EngagementFormValues, options: { replace?: boolean } = {}) {
  return {
    quote: {
      price: typedNumber(values.price),
      role: values.role,
      propertyType: values.propertyType,
      firstHomeBuyer: values.firstHomeBuyer,
      foreignPurchaser: values.foreignPurchaser,
      ...(values.foreignPurchaser ? { foreignShare: typedNumber(values.foreignShare) } : {}),
      rush: values.rush,
      ...(values.contractDate ? { contractDate: values.contractDate } : {}),
    },
    propertyAddress: values.propertyAddress,
    ...(values.solicitor ? { solicitor: values.solicitor } : {}),
    ...(options.replace ? { replace: true } : {}),
  };
}

/** Each fault under its input: `quote.price` for a quote field, else the top-level name. */
export function engagementFieldErrors(error: z.core.$ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const [first, second] = issue.path.map(String);
    const field = first === 'quote' && second !== undefined ? `quote.${second}` : (first ?? '_');
    (result[field] ??= []).push(issue.message);
  }
  return result;
}

/**
 * The faults no input shows (a whole-quote fault, an unknown key), so that the form can
 * say them above its buttons instead of dropping them.
 */
export const unplacedErrors = (errors: FieldErrors): string[] =>
  Object.entries(errors)
    .filter(([field]) => !(ENGAGEMENT_FIELD_ORDER as readonly string[]).includes(field))
    .flatMap(([, messages]) => messages);

/**
 * Staff may send a new engagement before any, and wherever the state table lets a plain
 * send pass the last one (expired, revoked); an open one is replaced only after the
 * server's 409 says so and staff confirm. After a variation (even one that ended) the
 * enquiry has an accepted engagement: it is varied, never bypassed.
 */
export const canSendNew = (engagement: Pick<EngagementSummary, 'status' | 'variationOf'> | null): boolean =>
  engagement === null || (!engagement.variationOf && isAllowed(decideEngagement(engagement.status, 'send')));

/**
 * The version staff can vary now: the current one once accepted; after a variation that
 * expired or was revoked, the accepted version still in force; none while a variation is open.
 */
export function versionToVary(
  current: EngagementSummary | null,
  history: readonly EngagementSummary[],
): EngagementSummary | null {
  if (!current) return null;
  if (isAllowed(decideEngagement(current.status, 'vary'))) return current;
  if (!current.variationOf || isOpenStatus(current.status)) return null;
  return history.find((version) => isAllowed(decideEngagement(version.status, 'vary'))) ?? null;
}

/** The clients the form starts with: the varied engagement's, else the enquiry's person. */
export function initialClients(
  enquiry: Pick<DeskEnquiryDetail, 'firstName' | 'lastName' | 'email'>,
  varied?: Pick<EngagementSummary, 'clients'> | null,
): EngagementClientInput[] {
  if (varied && varied.clients.length > 0) return varied.clients.map(({ name, email }) => ({ name, email }));
  return [{ name: `${enquiry.firstName} ${enquiry.lastName}`.trim(), email: enquiry.email }];
}

/**
 * What staff can do with an engagement in this state, as the state table decides. An
 * expired one can get a new link (same terms, a fresh lifetime), an accepted one a new link
 * that ends the client's (the acceptance stands); a revoked one cannot. Reminders and revoking are offered only while the client can still accept (the
 * API also takes a revoke of an expired engagement, whose link has already ended).
 */
export function engagementActions(status: EngagementStatus): { resend: boolean; revoke: boolean; reminders: boolean } {
  const open = isOpenStatus(status);
  return { resend: isAllowed(decideEngagement(status, 'resend')), revoke: open, reminders: open };
}

/** The terms as the client reads them: a blank line separates paragraphs. */
export const termsParagraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/**
 * An engagement's timeline entry as staff read it. The server's text says what happened
 * ('Engagement sent to …'); it is prefixed only when it does not already say it is the
 * engagement.
 */
export function describeEngagementActivity(text: string | undefined): string {
  const said = text?.trim();
  if (!said) return 'Engagement updated';
  return /^(engagement|costs agreement)\b/i.test(said) ? said : `Engagement: ${said}`;
}
