/**
 * Settings' practice record, in four sections (`part`): Practice details (the name, phone,
 * e-mail, address, Professional Standards line, enquiry acknowledgements and their daily
 * ceiling, reviews embed), Opening hours, Team, and Public claims (each with the day it was
 * last checked). They are one record the public site prints, with one version, so the form
 * holds all of it whichever section shows, and "Save Settings" in any section saves the lot:
 * what was typed in one section is still there in another. A fault in a section not shown
 * opens that section at the field. Validated with the API's own schema; a save requests a
 * rebuild, and the status below shows it. On a 409 the form keeps what was typed and adopts
 * the latest version, so saving again deliberately replaces the other person's change.
 */
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import { ApiError, callApi } from '#src/lib/api.ts';
import { settingsRoutes } from '#src/shared/api/settings.ts';
import {
  practiceSettingsInputSchema,
  settingsFieldErrors,
  type PracticeSettings as Settings,
} from '#src/shared/schemas/settings.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { Switch } from '#src/ui/Switch.tsx';
import { SwitchRow } from '../kit/ContentForm.tsx';
import { ListStatus } from '../kit/parts.tsx';
import { RebuildStatus } from '../kit/RebuildStatus.tsx';
import { useFormErrors } from '../kit/useFormErrors.ts';
import { ClaimFields } from './ClaimFields.tsx';
import { claimsChanged } from './UncheckedClaimsWarning.tsx';
import { HoursFields } from './HoursFields.tsx';
import {
  claimsBody,
  claimsValues,
  FIELD_ORDER,
  toValues,
  type ClaimName,
  type PracticeValues as Values,
} from './practice-values.ts';
import { SETTINGS_SECTIONS, type PracticePart } from './settings-sections.ts';
import { TeamFields } from './TeamFields.tsx';

/** The section a field is in, by its name in the form's errors. */
export function partOf(field: string): PracticePart {
  if (field === 'hours' || field.startsWith('hours.')) return 'hours';
  if (field === 'team' || field.startsWith('team.') || field.startsWith('team-')) return 'team';
  if (field.startsWith('claims.')) return 'claims';
  return 'practice';
}

const PART_INTRO: Record<PracticePart, string> = {
  practice: "Shown in the website's header, footer, contact section and search-engine data. Saving rebuilds the site.",
  hours:
    'When the practice answers the phone: shown on the website, and the lead desk counts call-back minutes in them. Saving rebuilds the site.',
  team: "The team section of the website; a solicitor's practising certificate number goes on the costs disclosure. Saving rebuilds the site.",
  claims: 'The figures the website states about the practice. Saving rebuilds the site.',
};

export default function PracticeSettings({
  part,
  onShowPart,
}: {
  part: PracticePart;
  /** Opens another section: where the first fault of a save is. */
  onShowPart: (part: PracticePart) => void;
}) {
  const [loaded, setLoaded] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const [version, setVersion] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [saves, setSaves] = useState(0);
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const { errors, formError, setFormError, showFieldErrors: showErrorsHere } = useFormErrors(FIELD_ORDER, id);
  /** The field to focus once its section shows (a fault found while another section was open). */
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    document.getElementById(`${base}-${focusNext}`)?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- focus is moved once, after the section has rendered
    setFocusNext(null);
  }, [focusNext, part, base]);
  const heading = SETTINGS_SECTIONS.find((section) => section.id === part)!.label;

  /** Shows the faults; the first in another section opens that section at it. */
  const showFieldErrors = (fieldErrors: FieldErrors) => {
    showErrorsHere(fieldErrors);
    const first = FIELD_ORDER.find((name) => fieldErrors[name]);
    if (first && partOf(first) !== part) {
      onShowPart(partOf(first));
      setFocusNext(first);
    }
  };

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const settings = await callApi(settingsRoutes.read);
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
          {heading}
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
      const saved = await callApi(settingsRoutes.save, { body });
      setLoaded(saved);
      setVersion(saved.version);
      claimsChanged();
      showToast({ title: 'Success', description: 'Settings updated successfully' });
      setSaves((n) => n + 1);
    } catch (error) {
      showToast({ title: 'Error', description: 'Failed to update settings', variant: 'destructive' });
      if (error instanceof ApiError && error.status === 409) {
        // Keep what was typed; the next save knowingly replaces the newer version.
        const latest = await callApi(settingsRoutes.read).catch(() => null);
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

  /** Records that the signed-in member checked one claim as saved: its date and their name, kept by the server. */
  async function confirmClaim(key: ClaimName) {
    if (!loaded) return;
    const value = key === 'rating' ? loaded.claims.rating.value : loaded.claims[key].value;
    // No button offers a claim with no figure (ClaimFields): there is nothing to confirm.
    if (value === null) return;
    try {
      const saved = await callApi(settingsRoutes.confirmClaim, { params: { claim: key }, body: { value } });
      setLoaded(saved);
      setVersion(saved.version);
      setValues((current) =>
        current ? { ...current, claims: { ...current.claims, [key]: claimsValues(saved.claims)[key] } } : current,
      );
      claimsChanged();
      showToast({ title: 'Confirmed', description: 'The claim is recorded as checked today' });
    } catch (error) {
      showToast({
        title: 'Error',
        description: error instanceof Error && error.message ? error.message : 'The claim was not confirmed',
        variant: 'destructive',
      });
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

  return (
    <section
      aria-labelledby={id('heading')}
      data-testid="practice-settings"
      className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 id={id('heading')} className="text-lg font-semibold text-brand-900">
        {heading}
      </h3>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        {PART_INTRO[part]}
        {loaded?.updatedAt ? null : ' These are still the placeholder details: replace them before launch.'}
      </p>
      <form
        noValidate
        aria-labelledby={id('heading')}
        className="space-y-6"
        onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
          event.preventDefault();
          void save();
        }}
      >
        {part === 'practice' ? (
          <>
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
            <Field
              id={id('acknowledgementsPerDay')}
              name="acknowledgementsPerDay"
              className="max-w-md"
              label="Acknowledgements a day"
              hint="The most sent in one day (Sydney time). Past it they stop until tomorrow and staff are alerted once: many in a day may mean someone is using the form to e-mail others."
              error={errors.acknowledgementsPerDay?.[0]}
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={Number.isNaN(values.acknowledgementsPerDay) ? '' : String(values.acknowledgementsPerDay)}
                  // Empty is NaN, which the schema refuses with its message.
                  onChange={(event) =>
                    set(
                      'acknowledgementsPerDay',
                      event.target.value.trim() === '' ? Number.NaN : Number(event.target.value),
                    )
                  }
                />
              )}
            </Field>

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
          </>
        ) : null}

        {part === 'hours' ? (
          <HoursFields
            hours={values.hours}
            onChange={(hours) => set('hours', hours)}
            id={id}
            error={errors.hours?.[0]}
          />
        ) : null}

        {part === 'team' ? (
          <TeamFields team={values.team} onChange={(team) => set('team', team)} id={id} error={errors.team?.[0]} />
        ) : null}

        {part === 'claims' ? (
          <ClaimFields
            claims={values.claims}
            saved={loaded?.claims ?? null}
            onChange={(claims) => set('claims', claims)}
            onConfirm={confirmClaim}
            id={id}
            errors={errors}
          />
        ) : null}

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
