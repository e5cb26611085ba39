/**
 * The matter's details on the send form: price, date, role, property type, the options that
 * change the duty, the address and the responsible solicitor (from the team in Settings).
 */
import { PROPERTY_TYPES, QUOTE_ROLES } from '#src/shared/quote-options.ts';
import { ENGAGEMENT_LIMITS } from '#src/shared/schemas/engagement.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import type { EngagementFormValues, TeamOption } from './engagement-form.ts';

/** Changes one value (and, in the form, drops a preview that no longer matches). */
export type SetEngagementValue = <K extends keyof EngagementFormValues>(key: K, value: EngagementFormValues[K]) => void;

export function EngagementFields({
  values,
  set,
  errors,
  id,
  team,
  teamError,
  onRetryTeam,
}: {
  values: EngagementFormValues;
  set: SetEngagementValue;
  errors: FieldErrors;
  /** The element id of a field, as the form's error focus finds it. */
  id: (field: string) => string;
  /** Null while the team loads. */
  team: TeamOption[] | null;
  teamError: string | null;
  onRetryTeam: () => void;
}) {
  const checkbox = (field: 'firstHomeBuyer' | 'foreignPurchaser' | 'rush', label: string) => (
    <div>
      <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          id={id(`quote.${field}`)}
          checked={values[field]}
          onChange={(event) => set(field, event.target.checked)}
          className="size-5 accent-brand-700"
        />
        {label}
      </label>
      {errors[`quote.${field}`] ? (
        <p className="text-sm font-medium text-destructive">{errors[`quote.${field}`]?.[0]}</p>
      ) : null}
    </div>
  );

  const buyer = values.role !== 'selling';

  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={id('quote.price')}
          name="price"
          label="Property price ($)"
          required
          error={errors['quote.price']?.[0]}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              autoComplete="off"
              value={values.price}
              onChange={(event) => set('price', event.target.value)}
            />
          )}
        </Field>
        <Field
          id={id('quote.contractDate')}
          name="contractDate"
          label="Contract date"
          hint="Leave empty until a contract is signed: the disclosure then says it is not yet signed, with duty estimated for a contract signed today."
          error={errors['quote.contractDate']?.[0]}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              value={values.contractDate}
              onChange={(event) => set('contractDate', event.target.value)}
            />
          )}
        </Field>
        <Field id={id('quote.role')} name="role" label="Buying or selling" error={errors['quote.role']?.[0]}>
          {(props) => (
            <select
              {...props}
              value={values.role}
              onChange={(event) => set('role', event.target.value as EngagementFormValues['role'])}
            >
              {QUOTE_ROLES.map((role) => (
                <option key={role.value} value={role.value}>
                  {role.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={id('quote.propertyType')}
          name="propertyType"
          label="Property type"
          error={errors['quote.propertyType']?.[0]}
        >
          {(props) => (
            <select
              {...props}
              value={values.propertyType}
              onChange={(event) => set('propertyType', event.target.value as EngagementFormValues['propertyType'])}
            >
              {PROPERTY_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">Options</legend>
        {buyer ? checkbox('firstHomeBuyer', 'First home buyer') : null}
        {buyer ? checkbox('foreignPurchaser', 'Foreign purchaser') : null}
        {buyer && values.foreignPurchaser ? (
          <Field
            id={id('quote.foreignShare')}
            name="foreignShare"
            label="Foreign purchasers’ share (%)"
            error={errors['quote.foreignShare']?.[0]}
            className="max-w-48"
          >
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                value={values.foreignShare}
                onChange={(event) => set('foreignShare', event.target.value)}
              />
            )}
          </Field>
        ) : null}
        {checkbox('rush', 'Settlement in under 2 weeks')}
      </fieldset>
      <Field
        id={id('propertyAddress')}
        name="propertyAddress"
        label="Property address"
        error={errors.propertyAddress?.[0]}
      >
        {(props) => (
          <input
            {...props}
            maxLength={ENGAGEMENT_LIMITS.address}
            autoComplete="off"
            value={values.propertyAddress}
            onChange={(event) => set('propertyAddress', event.target.value)}
          />
        )}
      </Field>
      <Field
        id={id('solicitor')}
        name="solicitor"
        label="Responsible solicitor"
        error={errors.solicitor?.[0]}
        hint={teamError ? undefined : 'The team members marked a solicitor in Settings.'}
      >
        {(props) =>
          team === null && !teamError ? (
            <Spinner label="Loading the team…" className="py-2 text-brand-700" />
          ) : (
            <select {...props} value={values.solicitor} onChange={(event) => set('solicitor', event.target.value)}>
              {team && team.length > 0 ? null : (
                <option value="">No solicitor is marked in Settings: the practice itself</option>
              )}
              {(team ?? []).map((member) => (
                <option key={member.name} value={member.name}>
                  {member.principal ? `${member.name} (principal)` : member.name}
                </option>
              ))}
            </select>
          )
        }
      </Field>
      {teamError ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>We couldn't load the team from Settings ({teamError}); without a choice the principal solicitor acts.</p>
          <Button variant="outline" className="mt-2" onClick={onRetryTeam}>
            Try again
          </Button>
        </div>
      ) : null}
    </>
  );
}
