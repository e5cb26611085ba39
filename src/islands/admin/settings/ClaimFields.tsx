/**
 * The public claims, each with the day it was last checked and by whom: the site must say
 * only what is true. A claim still as shipped and never checked can be confirmed as it is.
 */
import { useState } from 'react';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import type { Claims as SavedClaims } from '#src/shared/schemas/settings.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { formatDate } from '../kit/format.ts';
import { CLAIM_FIELDS, claimField, type ClaimName, type PracticeValues } from './practice-values.ts';

type Claims = PracticeValues['claims'];

export function ClaimFields({
  claims,
  saved,
  onChange,
  onConfirm,
  id,
  errors,
}: {
  claims: Claims;
  /** The claims as stored: what a confirmation confirms. */
  saved: SavedClaims | null;
  onChange: (claims: Claims) => void;
  onConfirm: (key: ClaimName) => Promise<void>;
  id: (field: string) => string;
  errors: FieldErrors;
}) {
  const [confirming, setConfirming] = useState<ClaimName | null>(null);
  /** Who checked a saved claim and when, or the button to confirm it while it is as shipped and unchanged here. */
  const checkedNote = (key: ClaimName, label: string) => {
    const stored = saved?.[key];
    if (!stored) return null;
    if (stored.checkedAt) {
      return (
        <p className="text-sm text-slate-700 sm:col-span-full">
          {`Checked ${formatDate(stored.checkedAt)}${stored.checkedBy ? ` by ${stored.checkedBy}` : ''}`}
        </p>
      );
    }
    const shownValue = key === 'rating' ? saved.rating.value : stored.value;
    const typed = key === 'rating' ? claims.rating.value : claims[key].value;
    if (shownValue === null || String(shownValue) !== typed.trim()) return null;
    return (
      <div className="sm:col-span-full">
        <Button
          variant="outline"
          pending={confirming === key}
          onClick={() => {
            setConfirming(key);
            void onConfirm(key).finally(() => setConfirming(null));
          }}
        >
          {`Confirm ${label.toLowerCase()} as shown`}
        </Button>
      </div>
    );
  };
  const setClaim = (key: ClaimName, patch: Partial<Claims['rating']>) =>
    onChange({ ...claims, [key]: { ...claims[key], ...patch } });
  const checkedAtField = (key: ClaimName, label: string) => {
    const field = claimField(key, 'checkedAt');
    return (
      <Field
        id={id(field)}
        name={field}
        label={`${label}: last checked`}
        hint={claims[key].checkedAt ? undefined : 'Not yet checked'}
        error={errors[field]?.[0]}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            value={claims[key].checkedAt}
            onChange={(event) => setClaim(key, { checkedAt: event.target.value })}
          />
        )}
      </Field>
    );
  };

  return (
    <fieldset className="min-w-0" aria-describedby={id('claims-why')}>
      <legend className="text-sm font-semibold text-slate-800">Public claims</legend>
      <p id={id('claims-why')} className="mt-1 text-sm text-slate-700">
        What the site says about the practice must be true on the day a visitor reads it. Check each figure, then give
        the date you checked it; a changed figure needs that date. Search engines are given the rating only once it has
        one.
      </p>
      <ul className="mt-3 space-y-3">
        {CLAIM_FIELDS.map(({ key, label }) => (
          <li key={key} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
            <Field
              id={id(claimField(key, 'value'))}
              name={claimField(key, 'value')}
              label={label}
              required
              error={errors[claimField(key, 'value')]?.[0]}
            >
              {(control) => (
                <input
                  {...control}
                  value={claims[key].value}
                  onChange={(event) => setClaim(key, { value: event.target.value })}
                />
              )}
            </Field>
            {checkedAtField(key, label)}
            {checkedNote(key, label)}
          </li>
        ))}
        <li className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
          <Field
            id={id(claimField('rating', 'value'))}
            name={claimField('rating', 'value')}
            label="Rating (out of 5)"
            hint="Leave both empty to show no rating"
            error={errors[claimField('rating', 'value')]?.[0]}
          >
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                value={claims.rating.value}
                onChange={(event) => setClaim('rating', { value: event.target.value })}
              />
            )}
          </Field>
          <Field
            id={id(claimField('rating', 'count'))}
            name={claimField('rating', 'count')}
            label="Number of reviews"
            error={errors[claimField('rating', 'count')]?.[0]}
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={claims.rating.count}
                onChange={(event) => setClaim('rating', { count: event.target.value })}
              />
            )}
          </Field>
          {checkedAtField('rating', 'Rating')}
          {checkedNote('rating', 'Rating')}
        </li>
      </ul>
    </fieldset>
  );
}
