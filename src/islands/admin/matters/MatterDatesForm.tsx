/**
 * "The contract's dates": the matter's side and property type, its contract date and price, cooling-off
 * arrangement, settlement date and the dates its special conditions set. Saving works the
 * deadlines out again; the server's field messages show under the fields they are about.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { COOLING_OFF_ARRANGEMENTS, COOLING_OFF_LABELS } from '#src/content/matters.ts';
import { ApiError } from '#src/lib/api.ts';
import { matterPatchSchema, type MatterView } from '#src/shared/schemas/matter.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { useSchemaFields } from '../kit/useSchemaFields.ts';
import { ConditionDates, type ConditionDate } from './ConditionDates.tsx';
import { DateField, LabelledSelect, SideAndPropertyType } from './MatterFields.tsx';

interface DatesBody {
  side: string;
  propertyType: string;
  contractDate: string | null;
  coolingOff: string;
  settlementDate: string | null;
  ownerOccupier: boolean;
  dates: ConditionDate[];
  /** Whole dollars; what staff typed when it is not a whole number of dollars (the server names the fault). */
  price: number | string | null;
}

/** "850,000" or "$850000" as whole dollars; the text itself otherwise, for the server to refuse. */
const priceOf = (text: string): number | string | null => {
  const compact = text
    .trim()
    .replace(/^\$\s*/, '')
    .replaceAll(',', '');
  if (!compact) return null;
  return /^\d+$/.test(compact) ? Number(compact) : text;
};

export function MatterDatesForm({
  matter,
  onSave,
}: {
  matter: MatterView;
  onSave: (body: DatesBody) => Promise<boolean>;
}) {
  const base = useId();
  // The matter's own fields by the patch's names; the condition rows are a list of their own.
  const { values, text, checkbox, set } = useSchemaFields(matterPatchSchema, {
    side: matter.side,
    propertyType: matter.propertyType,
    contractDate: matter.contractDate ?? '',
    coolingOff: matter.coolingOff,
    settlementDate: matter.settlementDate ?? '',
    ownerOccupier: matter.ownerOccupier,
    price: matter.price ? matter.price.toLocaleString('en-AU') : '',
  });
  const [dates, setDates] = useState<ConditionDate[]>(matter.dates.map(({ label, date }) => ({ label, date })));
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      const saved = await onSave({
        ...values,
        contractDate: values.contractDate || null,
        settlementDate: values.settlementDate || null,
        // Rows left wholly blank are dropped; the server judges the rest.
        dates: dates.filter((entry) => entry.label || entry.date),
        price: priceOf(values.price),
      });
      if (saved) setErrors({});
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${base}-title`} className="space-y-3">
      <h4 id={`${base}-title`} className="font-semibold text-slate-900">
        The contract's dates
      </h4>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SideAndPropertyType
          idBase={base}
          side={values.side}
          propertyType={values.propertyType}
          errors={errors}
          onSideChange={(side) => set('side', side)}
          onPropertyTypeChange={(propertyType) => set('propertyType', propertyType)}
        />
        <DateField
          id={`${base}-contract`}
          label="Contract date"
          error={errors.contractDate}
          value={values.contractDate}
          onChange={(day) => set('contractDate', day)}
        />
        <Field
          id={`${base}-price`}
          label="Price in the contract"
          hint="Whole dollars; the duty's amount is worked out from it"
          error={errors.price}
        >
          {(props) => <input {...props} inputMode="numeric" {...text('price')} />}
        </Field>
        <LabelledSelect
          id={`${base}-cooling`}
          label="Cooling-off"
          error={errors.coolingOff}
          values={COOLING_OFF_ARRANGEMENTS}
          labels={COOLING_OFF_LABELS}
          value={values.coolingOff}
          onChange={(arrangement) => set('coolingOff', arrangement)}
        />
        <DateField
          id={`${base}-settlement`}
          label="Settlement date in the contract"
          hint="Leave empty for the standard contract's 42nd day"
          error={errors.settlementDate}
          value={values.settlementDate}
          onChange={(day) => set('settlementDate', day)}
        />
        {values.propertyType === 'off-the-plan' ? (
          <label className="flex items-center gap-2 self-end text-sm text-slate-800">
            <input type="checkbox" {...checkbox('ownerOccupier')} />
            The buyer will live in the home (duty may wait, s 49A)
          </label>
        ) : null}
      </div>
      <ConditionDates dates={dates} error={errors.dates} onChange={setDates} />
      <Button type="submit" pending={pending}>
        Save the dates
      </Button>
    </form>
  );
}
