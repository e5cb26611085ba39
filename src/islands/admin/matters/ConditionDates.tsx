/**
 * The dates a contract's special conditions set (finance approval and others): a label and a
 * date each, added and removed by staff, with the server's message about them underneath.
 */
import { useId } from 'react';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { DateField } from './MatterFields.tsx';

export interface ConditionDate {
  label: string;
  date: string;
}

export function ConditionDates({
  dates,
  error,
  onChange,
}: {
  dates: ConditionDate[];
  error: string[] | undefined;
  onChange: (dates: ConditionDate[]) => void;
}) {
  const base = useId();
  const change = (index: number, part: Partial<ConditionDate>) =>
    onChange(dates.map((item, at) => (at === index ? { ...item, ...part } : item)));

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${base}-dates-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-800">
        Dates a special condition sets (finance and others)
      </legend>
      {dates.map((entry, index) => (
        <div key={index} className="flex flex-wrap items-end gap-2">
          <Field id={`${base}-label-${index}`} label="Label" className="grow basis-48">
            {(props) => (
              <input
                {...props}
                value={entry.label}
                placeholder="Finance approval"
                onChange={(event) => change(index, { label: event.target.value })}
              />
            )}
          </Field>
          <DateField
            id={`${base}-date-${index}`}
            label="Date"
            className="basis-44"
            value={entry.date}
            onChange={(date) => change(index, { date })}
          />
          <Button
            variant="outline"
            aria-label={`Remove the date ${entry.label || index + 1}`}
            onClick={() => onChange(dates.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      {error ? (
        <p id={`${base}-dates-error`} className="text-sm font-medium text-destructive">
          {error[0]}
        </p>
      ) : null}
      <Button variant="outline" onClick={() => onChange([...dates, { label: '', date: '' }])}>
        Add a date
      </Button>
    </fieldset>
  );
}
