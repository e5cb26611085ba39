/**
 * The contact form's side of 'Email me this quote': picks up the quote the /quote page
 * left in sessionStorage, prefills the service and message, shows it, and lets the person
 * drop it. The figures are recomputed here (in a chunk loaded only when a quote is there)
 * and again on the server.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { clearAttachedQuote, readAttachedQuote } from '../lib/quoteAttachment.ts';
import type { DutyIndexation } from '../content/transferDuty.ts';
import type { Attachment } from './attached-quote-text.ts';

/** `indexations`: the duty years the build read, for the attached quote's figures. */
export function useAttachedQuote(indexations: readonly DutyIndexation[]) {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  // Read after hydration: the pre-rendered form has no quote, and must match it first.
  useEffect(() => {
    const stored = readAttachedQuote();
    if (stored === null) return;
    let current = true;
    import('./attached-quote-text.ts').then(
      ({ attachmentFrom }) => {
        if (!current) return;
        const found = attachmentFrom(stored, indexations);
        if (found) setAttachment(found);
        else clearAttachedQuote();
      },
      // The chunk did not load (connection lost): the enquiry still goes, without the quote.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [indexations]);
  const clear = () => {
    clearAttachedQuote();
    setAttachment(null);
  };
  return { attachment, quote: attachment?.input ?? null, clear };
}

/** Prefills the form once a quote arrives; leaves alone whatever the person already typed. */
export function usePrefillFromQuote(
  attachment: Attachment | null,
  values: { serviceType: string; message: string },
  set: (field: 'serviceType' | 'message') => (value: string) => void,
) {
  // Reads what is typed now, but runs only when a quote arrives, not on every keystroke.
  const prefill = useEffectEvent((found: Attachment) => {
    if (!values.serviceType) set('serviceType')(found.serviceType);
    if (!values.message.trim()) set('message')(found.message);
  });
  useEffect(() => {
    if (attachment) prefill(attachment);
  }, [attachment]);
}

export function AttachedQuote({ attachment, onRemove }: { attachment: Attachment | null; onRemove: () => void }) {
  if (!attachment) return null;
  return (
    <div
      className="mt-4 flex flex-wrap items-start justify-between gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm"
      data-attached-quote
    >
      <p className="text-slate-800">
        <span className="font-semibold text-brand-900">Quote attached:</span> {attachment.description}
      </p>
      <button type="button" onClick={onRemove} className="font-semibold text-brand-700 underline underline-offset-2">
        Remove quote
      </button>
    </div>
  );
}
