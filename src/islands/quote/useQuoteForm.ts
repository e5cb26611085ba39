/**
 * The calculator's state: its form's values (what the person typed, chose and ticked) and
 * what they read as: the quote's input, or the field that stops one. On hydration it takes
 * over what was entered before.
 */
import { useEffect, useState, type RefObject } from 'react';
import { formatAud } from '#src/content/money.ts';
import type { QuoteFormValues } from '#src/shared/quote-options.ts';
import { parsePrice, PROPERTY_TYPES, QUOTE_ROLES, type QuoteInput } from '#src/shared/quote.ts';

/** The example the page is pre-rendered with. */
export const DEFAULT_PRICE = 800_000;

/** The controls as the page is pre-rendered: the example price, buying an established home. */
const PRE_RENDERED: QuoteFormValues = {
  price: formatAud(DEFAULT_PRICE).replace('$', ''),
  role: 'buying',
  propertyType: 'established',
  firstHomeBuyer: false,
  foreignPurchaser: false,
  foreignShare: '100',
  rush: false,
  contractDate: '',
};

/** `formRef`: the calculator's form, whose controls hold what was entered before hydration. */
export function useQuoteForm(formRef: RefObject<HTMLFormElement | null>) {
  const [values, setValues] = useState(PRE_RENDERED);
  const change = (patch: Partial<QuoteFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const { price: priceText, contractDate, ...rest } = values;
  const price = parsePrice(priceText);
  const foreignShare = parseShare(rest.foreignShare);
  const shareError = rest.foreignPurchaser && foreignShare === null;
  // The quote's input, its fields in the calculator's order (the share's number takes its text's place).
  const input: QuoteInput | null =
    price === null || shareError
      ? null
      : {
          price,
          ...rest,
          foreignShare: foreignShare ?? 100,
          ...(/^\d{4}-\d{2}-\d{2}$/.test(contractDate) ? { contractDate } : {}),
        };

  // Someone may type or tick before the island hydrates: take over what the controls show.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const control = <T extends Element>(name: string) => form.elements.namedItem(name) as T | null;
    const box = (name: string) => control<HTMLInputElement>(name)?.checked ?? false;
    const role = QUOTE_ROLES.find(
      (option) => form.querySelector<HTMLInputElement>(`input[name="role"][value="${option.value}"]`)?.checked,
    );
    const type = PROPERTY_TYPES.find((option) => option.value === control<HTMLSelectElement>('propertyType')?.value);
    setValues((current) => ({
      price: control<HTMLInputElement>('price')?.value ?? '',
      role: role?.value ?? current.role,
      propertyType: type?.value ?? current.propertyType,
      firstHomeBuyer: box('firstHomeBuyer'),
      foreignPurchaser: box('foreignPurchaser'),
      foreignShare: control<HTMLInputElement>('foreignShare')?.value ?? '100',
      rush: box('rush'),
      contractDate: control<HTMLInputElement>('contractDate')?.value ?? '',
    }));
  }, [formRef]);

  return {
    values,
    change,
    input,
    priceError: priceText.trim() !== '' && price === null,
    shareError,
  };
}

/** "50", "50%", "33.5" → the percentage; null outside 1 to 100. */
function parseShare(text: string): number | null {
  const match = /^\s*(\d{1,3}(?:\.\d{1,2})?)\s*%?\s*$/.exec(text);
  const value = match ? Number(match[1]) : NaN;
  return value >= 1 && value <= 100 ? value : null;
}
