/**
 * What the desk's table works out per enquiry, kept pure so it is tested without a browser:
 * the next action, the sort orders of its columns, and the message without the quote the
 * site pasted into it (the quote is shown once, from the figures the server worked out).
 */
import { serviceLabel } from '#src/shared/schemas/enquiry.ts';
import { ENQUIRY_STATUSES, type DeskEnquiry } from '#src/shared/schemas/lead-desk.ts';
import { describeQuoteInput, quoteLines } from '#src/shared/quote.ts';
import { fullName } from '../kit/format.ts';

/** What staff do next with an enquiry, in a few words. */
export function nextAction(enquiry: Pick<DeskEnquiry, 'status' | 'cdd' | 'phone'>): string {
  switch (enquiry.status) {
    case 'new':
      // A quote lead gave an address, not a phone.
      return enquiry.phone ? 'Call back' : 'E-mail about the quote';
    case 'contacted':
      return 'Send the costs agreement';
    case 'quoted':
      return 'Follow up the quote';
    case 'lost':
      return 'None';
    case 'instructed':
      switch (enquiry.cdd?.status) {
        case 'submitted':
          return 'Check identity details';
        case 'awaiting-approval':
          return 'Second approval';
        case 'verified':
          return enquiry.cdd.screening?.due ? 'Re-screen the client' : 'Run the matter';
        case 'rejected':
          return 'Do not act';
        default:
          return 'Wait for identity details';
      }
  }
}

export const SORT_KEYS = ['received', 'name', 'service', 'status', 'next'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

const byText = (value: (enquiry: DeskEnquiry) => string) => (a: DeskEnquiry, b: DeskEnquiry) =>
  value(a).localeCompare(value(b), 'en-AU', { sensitivity: 'base' });

const ORDER: Record<SortKey, (a: DeskEnquiry, b: DeskEnquiry) => number> = {
  received: (a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0),
  name: byText(fullName),
  service: byText((enquiry) => serviceLabel(enquiry.serviceType)),
  // The pipeline's own order (new first), not the labels' alphabet.
  status: (a, b) => ENQUIRY_STATUSES.indexOf(a.status) - ENQUIRY_STATUSES.indexOf(b.status),
  next: byText(nextAction),
};

/** A sorted copy; ties keep the list's order (newest first), so a sort never shuffles. */
export function sortEnquiries(items: readonly DeskEnquiry[], sort: Sort): DeskEnquiry[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => sign * ORDER[sort.key](a.item, b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * The message without the quote "Email me this quote" pasted into it (its description and
 * its figure lines), since the desk shows the stored quote beside it. Whatever the person
 * wrote themselves stays.
 */
export function messageWithoutQuote(enquiry: Pick<DeskEnquiry, 'message' | 'quote'>): string {
  const message = enquiry.message ?? '';
  if (!enquiry.quote || !message) return message;
  const description = describeQuoteInput(enquiry.quote.inputs);
  const labels = quoteLines(enquiry.quote.figures).map((line) => `${line.label}:`);
  return message
    .split('\n')
    .filter((line) => line.trim() !== description && !labels.some((label) => line.trim().startsWith(label)))
    .join('\n')
    .trim();
}
