/**
 * The enhanced due diligence (AML/CTF Act s 32) a high risk records: where the customer's
 * wealth and this transaction's money come from, and the further checks made. The verification
 * form asks for it with a high rating, the re-screen form with a possible sanctions match;
 * each says why in `children`, above the fields.
 */
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { CDD_LIMITS } from '#src/shared/schemas/cdd.ts';
import { Field } from '#src/ui/Field.tsx';

export interface EnhancedValues {
  sourceOfWealth: string;
  sourceOfFunds: string;
  notes: string;
}

export const NO_ENHANCED: EnhancedValues = { sourceOfWealth: '', sourceOfFunds: '', notes: '' };

/** Each field with its label; the API's error keys are `enhanced.{key}`. */
export const ENHANCED_FIELDS: [keyof EnhancedValues, string][] = [
  ['sourceOfWealth', 'Source of wealth (how the customer came to have their wealth)'],
  ['sourceOfFunds', 'Source of funds (where the money for this transaction comes from)'],
  ['notes', 'Enhanced due diligence notes (further checks, who was told)'],
];

export function EnhancedDueDiligence({
  values,
  onChange,
  fieldId,
  error,
  children,
}: {
  values: EnhancedValues;
  onChange: Dispatch<SetStateAction<EnhancedValues>>;
  /** The form's id for a field key (`enhanced.sourceOfWealth`), so ids stay unique per form. */
  fieldId: (key: string) => string;
  /** The form's first error for a field key, if any. */
  error: (key: string) => string | undefined;
  /** Why it is asked for here. */
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Enhanced due diligence</legend>
      <p className="text-sm text-slate-700">{children}</p>
      {ENHANCED_FIELDS.map(([key, label]) => (
        <Field key={key} id={fieldId(`enhanced.${key}`)} label={label} error={error(`enhanced.${key}`)} required>
          {(props) => (
            <textarea
              {...props}
              className={`${props.className} min-h-20`}
              maxLength={CDD_LIMITS.reason}
              value={values[key]}
              onChange={(event) => onChange((current) => ({ ...current, [key]: event.target.value }))}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}
