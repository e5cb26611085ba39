/**
 * The calculator's controls, inside its form: price, buying or selling, property type, the
 * boxes that change the duty or the fee, the foreign buyers' share when it matters, and the
 * contract date. Each is a named form control, so the form posts them without JavaScript.
 * The /quote island binds them to its state; the page the contact function answers "See my
 * estimate" with, without JavaScript (netlify/functions/_shared/pages/quote-estimate-page.tsx),
 * fills them once with what was posted (no `onChange`).
 */
import type { ChangeEvent, Ref } from 'react';
import { QUOTE_PRICE_FIELD } from '../shared/enquiry-labels.ts';
import type { QuoteFormValues } from '../shared/quote-options.ts';
import { groupPriceTyping, PROPERTY_TYPES, QUOTE_ROLES, type PropertyType } from '../shared/quote.ts';
import { CONTROL_CLASS, Field } from './Field.tsx';

const CHECK_CLASS = 'size-5 shrink-0 rounded border-slate-400 accent-brand-700';

const BOXES = [
  ['First home buyer', 'firstHomeBuyer'],
  ['Foreign purchaser', 'foreignPurchaser'],
  ['Settlement in under 2 weeks', 'rush'],
] as const;

/**
 * `values`, and `onChange` from the calculator's state (none on a page rendered once: the
 * controls then start with `values`); `priceError`, `shareError`: the field that stops the
 * estimate; `priceRef`: the price's control.
 */
export function QuoteInputs({
  idPrefix,
  values,
  onChange,
  priceError,
  shareError,
  priceRef,
}: {
  idPrefix: string;
  values: QuoteFormValues;
  onChange?: (patch: Partial<QuoteFormValues>) => void;
  priceError: boolean;
  shareError: boolean;
  priceRef?: Ref<HTMLInputElement>;
}) {
  const field = (name: string) => `${idPrefix}-${name}`;
  type Control = HTMLInputElement | HTMLSelectElement;
  /** A text or a choice: bound to the state, or starting with the value. */
  const text = (value: string, patch: (value: string) => Partial<QuoteFormValues>) =>
    onChange
      ? { value, onChange: (event: ChangeEvent<Control>) => onChange(patch(event.currentTarget.value)) }
      : { defaultValue: value };
  /** A box or a radio, the same way. */
  const tick = (checked: boolean, patch: (checked: boolean) => Partial<QuoteFormValues>) =>
    onChange
      ? { checked, onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(patch(event.currentTarget.checked)) }
      : { defaultChecked: checked };

  const onPriceChange = (target: HTMLInputElement) => {
    const grouped = groupPriceTyping(target.value, target.selectionStart ?? target.value.length);
    // Write the grouped text and the caret now, in the keystroke's own event: React then finds
    // the field already holding its value and leaves it (and the caret) alone. Putting the
    // caret back later (a frame after) raced the person: on a slow phone a tap or an arrow
    // key that moved the caret before that frame was undone, and the next digit landed at
    // the end ("12,500,005" for a 5 typed after "12,").
    if (target.value !== grouped.text) {
      target.value = grouped.text;
      target.setSelectionRange(grouped.caret, grouped.caret);
    }
    onChange?.({ price: grouped.text });
  };

  return (
    <div className="mt-4 space-y-5">
      <Field
        id={field('price')}
        name="price"
        label={QUOTE_PRICE_FIELD.label}
        hint="In Australian dollars, e.g. 800,000. Buying and selling: the price of the one you are buying."
        error={priceError ? QUOTE_PRICE_FIELD.message : undefined}
      >
        {(props) => (
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600"
            >
              $
            </span>
            <input
              {...props}
              ref={priceRef}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...(onChange
                ? { value: values.price, onChange: (event) => onPriceChange(event.currentTarget) }
                : { defaultValue: values.price })}
              className={`${CONTROL_CLASS} pl-7 ${priceError ? 'border-destructive' : 'border-slate-400'}`}
            />
          </div>
        )}
      </Field>

      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-800">I am</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {QUOTE_ROLES.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="role"
                value={option.value}
                {...tick(values.role === option.value, () => ({ role: option.value }))}
                className="size-5 accent-brand-700"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor={field('type')} className="mb-1 block text-sm font-medium text-slate-800">
          Property type
        </label>
        <select
          id={field('type')}
          name="propertyType"
          {...text(values.propertyType, (value) => ({ propertyType: value as PropertyType }))}
          className={`${CONTROL_CLASS} border-slate-400`}
        >
          {PROPERTY_TYPES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      <fieldset>
        <legend className="sr-only">About you and the settlement</legend>
        <div className="space-y-1">
          {BOXES.map(([label, name]) => (
            <label key={name} className="flex min-h-11 items-center gap-3 text-slate-900">
              <input
                type="checkbox"
                name={name}
                {...tick(values[name], (checked) => ({ [name]: checked }))}
                className={CHECK_CLASS}
              />
              {label}
            </label>
          ))}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          First home buyer and foreign purchaser change the transfer duty, which only buyers pay.
        </p>
      </fieldset>

      {values.foreignPurchaser ? (
        <Field
          id={field('share')}
          name="foreignShare"
          label="Foreign buyers' share of the property (%)"
          hint="The surcharge is charged on the foreign buyers' share only, e.g. 50 when one of two equal buyers is foreign."
          error={shareError ? 'Please enter a percentage from 1 to 100' : undefined}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...text(values.foreignShare, (foreignShare) => ({ foreignShare }))}
            />
          )}
        </Field>
      ) : null}

      <Field
        id={field('date')}
        name="contractDate"
        label="Contract date (optional)"
        hint="Duty thresholds change every 1 July; leave empty for today."
      >
        {(props) => (
          <input {...props} type="date" {...text(values.contractDate, (contractDate) => ({ contractDate }))} />
        )}
      </Field>
    </div>
  );
}
