/**
 * The calculator's controls, inside its form: price, buying or selling, property type, the
 * boxes that change the duty or the fee, the foreign buyers' share when it matters, and the
 * contract date. Each is a named form control, so the form posts them without JavaScript.
 */
import type { Ref } from 'react';
import { QUOTE_PRICE_FIELD } from '../../shared/enquiry-labels.ts';
import type { QuoteFormValues } from '../../shared/quote-options.ts';
import { groupPriceTyping, PROPERTY_TYPES, QUOTE_ROLES, type PropertyType } from '../../shared/quote.ts';
import { CONTROL_CLASS, Field } from '../../ui/Field.tsx';

const CHECK_CLASS = 'size-5 shrink-0 rounded border-slate-400 accent-brand-700';

const BOXES = [
  ['First home buyer', 'firstHomeBuyer'],
  ['Foreign purchaser', 'foreignPurchaser'],
  ['Settlement in under 2 weeks', 'rush'],
] as const;

/**
 * `values` and `onChange` from the calculator's state; `priceError`, `shareError`: the
 * field that stops the estimate; `priceRef`: where a send without a price takes the person.
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
  onChange: (patch: Partial<QuoteFormValues>) => void;
  priceError: boolean;
  shareError: boolean;
  priceRef: Ref<HTMLInputElement>;
}) {
  const field = (name: string) => `${idPrefix}-${name}`;

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
    onChange({ price: grouped.text });
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
              value={values.price}
              onChange={(event) => onPriceChange(event.currentTarget)}
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
                checked={values.role === option.value}
                onChange={() => onChange({ role: option.value })}
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
          value={values.propertyType}
          onChange={(event) => onChange({ propertyType: event.currentTarget.value as PropertyType })}
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
                checked={values[name]}
                onChange={(event) => onChange({ [name]: event.currentTarget.checked })}
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
              value={values.foreignShare}
              onChange={(event) => onChange({ foreignShare: event.currentTarget.value })}
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
          <input
            {...props}
            type="date"
            value={values.contractDate}
            onChange={(event) => onChange({ contractDate: event.currentTarget.value })}
          />
        )}
      </Field>
    </div>
  );
}
