/**
 * Carries the /quote calculator's inputs to the enquiry form ('Email me this quote').
 * sessionStorage: it survives the navigation to /#contact, stays in this tab, and never
 * puts anything in a URL. Only the inputs travel; the server works the figures out again.
 * No zod here: the calculator page imports this and stays light.
 */
import type { QuoteInput } from '../shared/quote.ts';

/** Also tells the contact form's island to hydrate at once (components/home/Contact.astro). */
export const QUOTE_ATTACHMENT_KEY = 'quote-attachment';
const KEY = QUOTE_ATTACHMENT_KEY;

export function attachQuote(input: QuoteInput): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(input));
  } catch {
    // Storage off (private mode, quota): the link still opens the form, just not prefilled.
  }
}

/** Whatever was stored, unchecked: the reader validates it with the enquiry schema. */
export function readAttachedQuote(): unknown {
  try {
    const text = sessionStorage.getItem(KEY);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

export function clearAttachedQuote(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
