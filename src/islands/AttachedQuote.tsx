/**
 * The contact form's side of 'Email me this quote': picks up the quote the /quote page
 * left in sessionStorage, prefills the service and message, shows it, and lets the person
 * drop it. Validated with the enquiry's own quote schema (the landing page ships zod/mini
 * already); the figures shown are recomputed here and again on the server.
 */
import { useEffect, useState } from 'react';
import { quoteInputSchema } from '../shared/schemas/quote.ts';
import { computeQuote, contactServiceFor, describeQuoteInput, quoteLines, type QuoteInput } from '../shared/quote.ts';
import { clearAttachedQuote, readAttachedQuote } from '../lib/quoteAttachment.ts';

export function useAttachedQuote() {
  const [quote, setQuote] = useState<QuoteInput | null>(null);
  // Read after hydration: the pre-rendered form has no quote, and must match it first.
  useEffect(() => {
    const stored = quoteInputSchema.safeParse(readAttachedQuote());
    if (stored.success) setQuote(stored.data);
    else clearAttachedQuote();
  }, []);
  const clear = () => {
    clearAttachedQuote();
    setQuote(null);
  };
  return { quote, clear };
}

/** The enquiry text a quote starts the message with. */
export const quoteMessage = (quote: QuoteInput): string =>
  [
    'Please email me this quote.',
    describeQuoteInput(quote),
    ...quoteLines(computeQuote(quote)).map((line) => `${line.label}: ${line.value}`),
  ].join('\n');

/** Prefills the form once a quote arrives; leaves alone whatever the person already typed. */
export function usePrefillFromQuote(
  quote: QuoteInput | null,
  values: { serviceType: string; message: string },
  set: (field: 'serviceType' | 'message') => (value: string) => void,
) {
  useEffect(() => {
    if (!quote) return;
    if (!values.serviceType) set('serviceType')(contactServiceFor(quote));
    if (!values.message.trim()) set('message')(quoteMessage(quote));
    // Only when a quote arrives, not on every keystroke.
  }, [quote]);
}

export function AttachedQuote({ quote, onRemove }: { quote: QuoteInput | null; onRemove: () => void }) {
  if (!quote) return null;
  return (
    <div className="mt-4 flex flex-wrap items-start justify-between gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm" data-attached-quote>
      <p className="text-slate-800">
        <span className="font-semibold text-brand-900">Quote attached:</span> {describeQuoteInput(quote)}
      </p>
      <button type="button" onClick={onRemove} className="font-semibold text-brand-700 underline underline-offset-2">
        Remove quote
      </button>
    </div>
  );
}
