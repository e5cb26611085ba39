/**
 * /quote's 'Email me this quote', as the calculator island and the page the contact
 * function renders without JavaScript both say it: what happened to the e-mail (naming the
 * address, claiming nothing that did not happen) and where a call back is asked for.
 * No zod: the calculator page must stay light (decision 011).
 */
import { ENQUIRY_FORMS } from './enquiry-outcome.ts';

/** What `POST /api/contact` with `form: 'quote'` answers about the e-mail (`{ id, email }`). */
export const QUOTE_EMAIL_OUTCOMES = ['sent', 'already-sent', 'not-sent'] as const;
export type QuoteEmailOutcome = (typeof QUOTE_EMAIL_OUTCOMES)[number];

/** Where a call back is asked for: the landing page's quote form, which takes a preferred time. */
export const CALL_BACK_HREF = ENQUIRY_FORMS.hero.href;

/** The confirmation's words for each outcome. */
export function quoteEmailOutcomeText(outcome: QuoteEmailOutcome, email: string, phone: string): string {
  switch (outcome) {
    case 'sent':
      return `We have e-mailed your quote to ${email}. It should arrive within a few minutes; if it does not, please check your junk mail folder.`;
    case 'already-sent':
      return `We have already e-mailed ${email} today, so we have not sent another e-mail. We have kept your quote, and you can call us on ${phone} to talk it through.`;
    case 'not-sent':
      return `We could not e-mail your quote to ${email} just now. We have kept it, and you can call us on ${phone} to talk it through.`;
  }
}
