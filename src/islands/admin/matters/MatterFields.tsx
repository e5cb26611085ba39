/**
 * The fields a matter's forms share: a select over a fixed list of values shown by their
 * labels, a date, and the "Side" and "Property type" pair that opening a matter and editing
 * its dates both ask for.
 */
import type { ReactNode } from 'react';
import { MATTER_SIDE_LABELS, MATTER_SIDES, PROPERTY_TYPE_LABELS, PROPERTY_TYPES } from '#src/content/matters.ts';
import { Field } from '#src/ui/Field.tsx';

/** A labelled select whose options are `values`, each shown by its label. */
export function LabelledSelect<Value extends string>({
  id,
  label,
  error,
  className,
  values,
  labels,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error?: string[] | undefined;
  className?: string;
  values: readonly Value[];
  labels: Record<Value, string>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          {values.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A labelled date input (`YYYY-MM-DD`, empty when none). */
export function DateField({
  id,
  label,
  hint,
  error,
  className,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string[] | undefined;
  className?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(props) => <input {...props} type="date" value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

/**
 * "Side" and "Property type", with ids `{idBase}-side` and `{idBase}-type`. `classNames` sizes
 * each field where they sit in a wrapping row (opening a matter) rather than a grid.
 */
export function SideAndPropertyType({
  idBase,
  side,
  propertyType,
  errors,
  onSideChange,
  onPropertyTypeChange,
  classNames = {},
}: {
  idBase: string;
  side: string;
  propertyType: string;
  errors: { side?: string[]; propertyType?: string[] };
  onSideChange: (side: string) => void;
  onPropertyTypeChange: (propertyType: string) => void;
  classNames?: { side?: string; propertyType?: string };
}) {
  return (
    <>
      <LabelledSelect
        id={`${idBase}-side`}
        label="Side"
        error={errors.side}
        className={classNames.side}
        values={MATTER_SIDES}
        labels={MATTER_SIDE_LABELS}
        value={side}
        onChange={onSideChange}
      />
      <LabelledSelect
        id={`${idBase}-type`}
        label="Property type"
        error={errors.propertyType}
        className={classNames.propertyType}
        values={PROPERTY_TYPES}
        labels={PROPERTY_TYPE_LABELS}
        value={propertyType}
        onChange={onPropertyTypeChange}
      />
    </>
  );
}
