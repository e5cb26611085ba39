/**
 * Settings › Practice details: the name, phone, e-mail, address, opening hours,
 * Professional Standards line, enquiry acknowledgements, reviews embed, team and public claims (each with the day it
 * was last checked) the public site prints. Validated
 * with the API's own schema; a save requests a rebuild, and the status below shows it. On
 * a 409 the form keeps what was typed and adopts the latest version, so saving again
 * deliberately replaces the other person's change.
 */
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import {
  AVERAGE_DAYS_LABEL,
  practiceSettingsInputSchema,
  settingsFieldErrors,
  TEXT_CLAIM_KEYS,
  TEXT_CLAIMS,
  type Claims,
  type PracticeSettings as Settings,
  type PracticeSettingsFields,
  type TeamMemberSettings,
} from '../../../shared/schemas/settings.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { CONTROL_CLASS, Field } from '../../../ui/Field.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { SwitchRow } from '../kit/ContentForm.tsx';
import { TeamPhotoField } from './TeamPhotoField.tsx';
import { ListStatus } from '../kit/parts.tsx';
import { RebuildStatus } from '../kit/RebuildStatus.tsx';
import { useFormErrors } from '../kit/useFormErrors.ts';

/** A claim as typed: its value and the day it was last checked ('' while it has not been). */
interface ClaimValues {
  value: string;
  checkedAt: string;
}
type ClaimName = keyof Claims;

/** Text fields as typed: the schema trims and checks them on save. */
type Values = Omit<PracticeSettingsFields, 'reviewsWidgetId' | 'team' | 'claims'> & {
  reviewsWidgetId: string;
  team: { name: string; role: string; bio: string; photo: string; principal: boolean }[];
  claims: Record<Exclude<ClaimName, 'rating'>, ClaimValues> & { rating: ClaimValues & { count: string } };
};

/** The claims in the form's order, with their labels. */
const CLAIM_FIELDS: { key: Exclude<ClaimName, 'rating'>; label: string; numeric?: boolean }[] = [
  ...TEXT_CLAIM_KEYS.map((key) => ({ key, label: TEXT_CLAIMS[key] })),
  { key: 'averageDaysToSettlement', label: AVERAGE_DAYS_LABEL, numeric: true },
];
const claimField = (claim: ClaimName, part: 'value' | 'count' | 'checkedAt') => `claims.${claim}.${part}`;

const claimsValues = (claims: Claims): Values['claims'] => ({
  ...(Object.fromEntries(
    CLAIM_FIELDS.map(({ key }) => [key, { value: String(claims[key].value), checkedAt: claims[key].checkedAt ?? '' }]),
  ) as Record<Exclude<ClaimName, 'rating'>, ClaimValues>),
  rating: {
    value: claims.rating.value === null ? '' : String(claims.rating.value),
    count: claims.rating.count === null ? '' : String(claims.rating.count),
    checkedAt: claims.rating.checkedAt ?? '',
  },
});

/** A number as typed: empty is none; anything else a number (NaN, which the schema refuses with its message). */
const numberOrNull = (typed: string) => (typed.trim() === '' ? null : Number(typed));

/** The claims as the API takes them. */
const claimsBody = (claims: Values['claims']) => ({
  ...Object.fromEntries(
    CLAIM_FIELDS.map(({ key, numeric }) => [
      key,
      {
        value: numeric ? (numberOrNull(claims[key].value) ?? Number.NaN) : claims[key].value,
        checkedAt: claims[key].checkedAt || null,
      },
    ]),
  ),
  rating: {
    value: numberOrNull(claims.rating.value),
    count: numberOrNull(claims.rating.count),
    checkedAt: claims.rating.checkedAt || null,
  },
});

const FIELD_ORDER = [
  'name',
  'phone',
  'email',
  'street',
  'locality',
  'region',
  'postcode',
  'hours',
  'reviewsWidgetId',
  'team',
  ...CLAIM_FIELDS.flatMap(({ key }) => [claimField(key, 'value'), claimField(key, 'checkedAt')]),
  claimField('rating', 'value'),
  claimField('rating', 'count'),
  claimField('rating', 'checkedAt'),
];

const toValues = ({ version: _v, updatedAt: _u, ...settings }: Settings): Values => ({
  ...settings,
  reviewsWidgetId: settings.reviewsWidgetId ?? '',
  team: settings.team.map((member: TeamMemberSettings) => ({
    name: member.name,
    role: member.role,
    bio: member.bio ?? '',
    photo: member.photo ?? '',
    principal: member.principal,
  })),
  claims: claimsValues(settings.claims),
});

export default function PracticeSettings() {
  const [loaded, setLoaded] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const [version, setVersion] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [saves, setSaves] = useState(0);
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const { errors, formError, setFormError, showFieldErrors } = useFormErrors(FIELD_ORDER, id);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const settings = await apiRequest<Settings>('GET', '/api/settings');
      setLoaded(settings);
      setValues(toValues(settings));
      setVersion(settings.version);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : 'Unknown error');
    }
  }, []);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a fetch shows its loading state, then its answer: one render each
  useEffect(() => void load(), [load]);

  if (!values) {
    return (
      <section aria-labelledby={id('heading')}>
        <h3 id={id('heading')} className="mb-3 text-lg font-semibold text-brand-900">
          Practice details
        </h3>
        <ListStatus
          loading={!loadError}
          error={loadError}
          isEmpty
          empty=""
          what="practice details"
          onRetry={() => void load()}
        />
      </section>
    );
  }

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues({ ...values, [key]: value });
  const setHour = (index: number, patch: Partial<Values['hours'][number]>) =>
    set(
      'hours',
      values.hours.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  const setMember = (index: number, patch: Partial<Values['team'][number]>) =>
    set(
      'team',
      values.team.map((member, i) => (i === index ? { ...member, ...patch } : member)),
    );

  const setClaim = (key: ClaimName, patch: Partial<Values['claims']['rating']>) =>
    set('claims', { ...values.claims, [key]: { ...values.claims[key], ...patch } });

  async function save() {
    if (pending || !values) return;
    const body = { ...values, claims: claimsBody(values.claims), version };
    // The schema's own check, with each claim's fault keyed to its input.
    setFormError(null);
    const checked = practiceSettingsInputSchema.safeParse(body);
    showFieldErrors(checked.success ? {} : settingsFieldErrors(checked.error));
    if (!checked.success) return;
    setPending(true);
    try {
      const saved = await apiRequest<Settings>('PUT', '/api/settings', body);
      setLoaded(saved);
      setVersion(saved.version);
      showToast({ title: 'Success', description: 'Settings updated successfully' });
      setSaves((n) => n + 1);
    } catch (error) {
      showToast({ title: 'Error', description: 'Failed to update settings', variant: 'destructive' });
      if (error instanceof ApiError && error.status === 409) {
        // Keep what was typed; the next save knowingly replaces the newer version.
        const latest = await apiRequest<Settings>('GET', '/api/settings').catch(() => null);
        if (latest) setVersion(latest.version);
        setFormError(error.message);
      } else if (error instanceof ApiError && error.status === 400 && error.fieldErrors) {
        showFieldErrors(error.fieldErrors);
        setFormError(error.message);
      } else {
        setFormError(
          `The settings were not saved${error instanceof Error && error.message ? ` (${error.message})` : ''}. What you typed is still here; please try again.`,
        );
      }
    } finally {
      setPending(false);
    }
  }

  const text = (
    field: 'name' | 'phone' | 'email' | 'street' | 'locality' | 'region' | 'postcode',
    label: string,
    extra: { type?: string; hint?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' } = {},
  ) => (
    <Field id={id(field)} name={field} label={label} required error={errors[field]?.[0]} hint={extra.hint}>
      {(control) => (
        <input
          {...control}
          type={extra.type ?? 'text'}
          inputMode={extra.inputMode}
          autoComplete={extra.autoComplete ?? 'off'}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </Field>
  );
  const checkedAtField = (key: ClaimName, label: string) => {
    const field = claimField(key, 'checkedAt');
    return (
      <Field
        id={id(field)}
        name={field}
        label={`${label}: last checked`}
        hint={values.claims[key].checkedAt ? undefined : 'Not yet checked'}
        error={errors[field]?.[0]}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            value={values.claims[key].checkedAt}
            onChange={(event) => setClaim(key, { checkedAt: event.target.value })}
          />
        )}
      </Field>
    );
  };
  const groupError = (field: 'hours' | 'team') =>
    errors[field] ? (
      <p id={`${id(field)}-error`} className="mt-2 text-sm font-medium text-destructive">
        {errors[field][0]}
      </p>
    ) : null;

  return (
    <section
      aria-labelledby={id('heading')}
      data-testid="practice-settings"
      className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 id={id('heading')} className="text-lg font-semibold text-brand-900">
        Practice details
      </h3>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        Shown in the website's header, footer, contact section, team section and search-engine data. Saving rebuilds the
        site.
        {loaded?.updatedAt ? null : ' These are still the placeholder details: replace them before launch.'}
      </p>
      <form
        noValidate
        className="space-y-6"
        onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', 'Practice name')}
          {text('phone', 'Phone', {
            type: 'tel',
            inputMode: 'tel',
            hint: 'As people should read it, e.g. (02) 5550 0123',
          })}
          {text('email', 'E-mail', { type: 'email' })}
          {text('street', 'Street address')}
          {text('locality', 'Suburb')}
          <div className="grid grid-cols-2 gap-4">
            {text('region', 'State')}
            {text('postcode', 'Postcode', { inputMode: 'numeric' })}
          </div>
        </div>

        <fieldset aria-describedby={errors.hours ? `${id('hours')}-error` : undefined}>
          <legend className="text-sm font-semibold text-slate-800">Opening hours</legend>
          <div className="mt-2 space-y-2">
            {values.hours.map((row, index) => (
              <div key={row.day} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <label className="flex w-32 items-center gap-2 text-sm text-slate-800">
                  <input
                    id={index === 0 ? id('hours') : undefined}
                    type="checkbox"
                    checked={row.open}
                    onChange={(event) => setHour(index, { open: event.target.checked })}
                    className="size-5 accent-brand-700"
                  />
                  {row.day}
                </label>
                <label className="sr-only" htmlFor={id(`opens-${index}`)}>{`${row.day} opens`}</label>
                <input
                  id={id(`opens-${index}`)}
                  type="time"
                  value={row.opens}
                  disabled={!row.open}
                  onChange={(event) => setHour(index, { opens: event.target.value })}
                  className={`${CONTROL_CLASS} w-32 border-slate-400 disabled:bg-slate-100`}
                />
                <span aria-hidden="true">–</span>
                <label className="sr-only" htmlFor={id(`closes-${index}`)}>{`${row.day} closes`}</label>
                <input
                  id={id(`closes-${index}`)}
                  type="time"
                  value={row.closes}
                  disabled={!row.open}
                  onChange={(event) => setHour(index, { closes: event.target.value })}
                  className={`${CONTROL_CLASS} w-32 border-slate-400 disabled:bg-slate-100`}
                />
                {row.open ? null : <span className="text-sm text-slate-700">Closed</span>}
              </div>
            ))}
          </div>
          {groupError('hours')}
        </fieldset>

        <SwitchRow
          id={id('standards')}
          label="Professional Standards line"
          hint="Only if the practice belongs to an approved Professional Standards scheme"
        >
          <Switch
            id={id('standards')}
            checked={values.professionalStandards}
            onChange={(on) => set('professionalStandards', on)}
            labelledBy={`${id('standards')}-label`}
            describedBy={`${id('standards')}-hint`}
          />
        </SwitchRow>

        <SwitchRow
          id={id('acknowledge')}
          label="Acknowledge enquiries by e-mail"
          hint="Sends each person who enquires the call-back promise, their quote and the phone number, at most once a day (needs the SMTP settings)"
        >
          <Switch
            id={id('acknowledge')}
            checked={values.acknowledgeEnquiries}
            onChange={(on) => set('acknowledgeEnquiries', on)}
            labelledBy={`${id('acknowledge')}-label`}
            describedBy={`${id('acknowledge')}-hint`}
          />
        </SwitchRow>

        <div className="space-y-3">
          <SwitchRow
            id={id('reviews')}
            label="Third-party reviews embed"
            hint="Shows the provider's widget in the testimonials section"
          >
            <Switch
              id={id('reviews')}
              checked={values.reviewsEnabled}
              onChange={(on) => set('reviewsEnabled', on)}
              labelledBy={`${id('reviews')}-label`}
              describedBy={`${id('reviews')}-hint`}
            />
          </SwitchRow>
          <Field
            id={id('reviewsWidgetId')}
            name="reviewsWidgetId"
            label="Reviews provider widget id"
            error={errors.reviewsWidgetId?.[0]}
          >
            {(control) => (
              <input
                {...control}
                value={values.reviewsWidgetId}
                onChange={(event) => set('reviewsWidgetId', event.target.value)}
              />
            )}
          </Field>
        </div>

        <fieldset className="min-w-0" aria-describedby={errors.team ? `${id('team')}-error` : undefined}>
          <legend className="text-sm font-semibold text-slate-800">Team</legend>
          <ul className="mt-2 space-y-4">
            {values.team.map((member, index) => (
              <li key={index} className="space-y-3 rounded-lg border border-slate-200 p-3">
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    id={index === 0 ? id('team') : id(`team-${index}-name`)}
                    name={`team-${index}-name`}
                    label={`Member ${index + 1}: name`}
                    required
                  >
                    {(control) => (
                      <input
                        {...control}
                        value={member.name}
                        onChange={(event) => setMember(index, { name: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field id={id(`team-${index}-role`)} label={`Member ${index + 1}: role`} required>
                    {(control) => (
                      <input
                        {...control}
                        value={member.role}
                        onChange={(event) => setMember(index, { role: event.target.value })}
                      />
                    )}
                  </Field>
                </div>
                <Field id={id(`team-${index}-bio`)} label={`Member ${index + 1}: short bio`}>
                  {(control) => (
                    <textarea
                      {...control}
                      rows={2}
                      value={member.bio}
                      onChange={(event) => setMember(index, { bio: event.target.value })}
                    />
                  )}
                </Field>
                <TeamPhotoField
                  label={`Member ${index + 1}: photo (optional)`}
                  photo={member.photo}
                  onChange={(photo) => setMember(index, { photo })}
                />
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={member.principal}
                      onChange={(event) => setMember(index, { principal: event.target.checked })}
                      className="size-5 accent-brand-700"
                    />
                    Principal solicitor
                  </label>
                  <Button
                    variant="outline"
                    onClick={() =>
                      set(
                        'team',
                        values.team.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove member {index + 1}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Button
            variant="outline"
            className="mt-3"
            onClick={() => set('team', [...values.team, { name: '', role: '', bio: '', photo: '', principal: false }])}
          >
            Add team member
          </Button>
          {groupError('team')}
        </fieldset>

        <fieldset className="min-w-0" aria-describedby={id('claims-why')}>
          <legend className="text-sm font-semibold text-slate-800">Public claims</legend>
          <p id={id('claims-why')} className="mt-1 text-sm text-slate-700">
            What the site says about the practice must be true on the day a visitor reads it. Check each figure, then
            give the date you checked it; a changed figure needs that date. Search engines are given the rating only
            once it has one.
          </p>
          <ul className="mt-3 space-y-3">
            {CLAIM_FIELDS.map(({ key, label, numeric }) => (
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
                      inputMode={numeric ? 'numeric' : undefined}
                      value={values.claims[key].value}
                      onChange={(event) => setClaim(key, { value: event.target.value })}
                    />
                  )}
                </Field>
                {checkedAtField(key, label)}
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
                    value={values.claims.rating.value}
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
                    value={values.claims.rating.count}
                    onChange={(event) => setClaim('rating', { count: event.target.value })}
                  />
                )}
              </Field>
              {checkedAtField('rating', 'Rating')}
            </li>
          </ul>
        </fieldset>

        {formError ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {formError}
          </div>
        ) : null}
        <Button type="submit" variant="secondary" pending={pending}>
          {pending ? 'Saving...' : 'Save Settings'}
        </Button>
      </form>
      <div className="mt-6">
        <RebuildStatus refreshKey={saves} />
      </div>
    </section>
  );
}
