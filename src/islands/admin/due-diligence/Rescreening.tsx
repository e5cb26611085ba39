/**
 * Ongoing due diligence (AML/CTF Act s 30) in an enquiry's panel: when the matter was last
 * screened against the sanctions list and when it is due again (plain, from the enquiry,
 * so nothing is read for it), the re-screens on record, and the form that records a new one.
 * A possible match makes the matter high risk again: the form asks for the enhanced due
 * diligence, and a principal other than the one recording it approves (or staff reject it on a
 * true match).
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { useId, useState } from 'react';
import { SANCTIONS_RESULTS, SANCTIONS_RESULT_LABELS, type SanctionsResult } from '#src/content/amlctf.ts';
import { ApiError, callApi } from '#src/lib/api.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import { dueDiligenceRoutes } from '#src/shared/api/due-diligence.ts';
import { cddFieldErrors, type CddStatus } from '#src/shared/schemas/cdd.ts';
import { cddRescreenSchema, individualPaths } from '#src/shared/schemas/cdd-verification.ts';
import type { CddStaffView, CddSummary } from '#src/shared/schemas/cdd-record.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { toastFailure } from '../kit/actions.ts';
import { formatDate, formatDateTime } from '../kit/format.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { individualLabel } from './ClientAnswers.tsx';
import { EnhancedDueDiligence, NO_ENHANCED, type EnhancedValues } from './EnhancedDueDiligence.tsx';

/** A verified, open matter's screening clock, from the enquiry's plain summary. */
export function ScreeningClock({ screening }: { screening: NonNullable<CddSummary['screening']> }) {
  const last = screening.lastScreenedOn;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800" data-testid="cdd-screening">
      <span>
        Sanctions screening last done{' '}
        {last ? <time dateTime={last}>{last}</time> : 'on a day not on record (verified before it was kept)'}
        {screening.due ? '.' : '; next due '}
        {!screening.due && screening.dueOn ? <time dateTime={screening.dueOn}>{screening.dueOn}</time> : null}
        {!screening.due ? '.' : null}
      </span>
      {screening.due ? <RescreenDueBadge /> : null}
    </p>
  );
}

/** On the desk's list and in the panel: the matter must be screened again. */
export function RescreenDueBadge() {
  return (
    <StatusBadge testId="rescreen-due" tone="waiting">
      Re-screen due
    </StatusBadge>
  );
}

/** The re-screens on record, oldest first. */
export function RescreenHistory({ view }: { view: CddStaffView }) {
  if (!view.screening.rescreens.length) return null;
  return (
    <div>
      <h5 className="mb-1 font-semibold text-slate-900">Re-screens</h5>
      <ol className="list-decimal space-y-1 pl-5 text-sm" data-testid="rescreen-history">
        {view.screening.rescreens.map((entry, index) => (
          <li key={index}>
            {`Checked ${formatDate(entry.checkedAt)}: ${SANCTIONS_RESULT_LABELS[entry.result]}${entry.party === undefined ? '' : ` (${individualLabel(view, entry.party)})`}; recorded by ${entry.by}, ${formatDateTime(entry.at)}`}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function RescreenForm({
  enquiryId,
  view,
  onDone,
}: {
  enquiryId: string;
  view: CddStaffView;
  onDone: (status: CddStatus) => Promise<void>;
}) {
  const base = useId();
  const fieldId = (key: string) => `${base}-${key.replace(/\./g, '-')}`;
  const [checkedAt, setCheckedAt] = useState('');
  const [result, setResult] = useState<SanctionsResult | ''>('');
  const [party, setParty] = useState('');
  const individuals = individualPaths(view.parties, view.declarations);
  const [enhanced, setEnhanced] = useState<EnhancedValues>(NO_ENHANCED);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const possibleMatch = result === 'possible-match';
  // Principals only see it: enhanced due diligence the matter needs (after a suspicion), recorded with a re-screen.
  const reviewDue = view.enhancedReview !== undefined && view.enhancedReview.done === undefined;
  const withEnhanced = possibleMatch || reviewDue;
  const error = (key: string) => errors[key]?.[0];

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const body = {
      checkedAt,
      ...(result ? { result } : {}),
      ...(possibleMatch && party ? { party } : {}),
      version: view.version,
      ...(withEnhanced ? { enhanced } : {}),
    };
    const checked = cddRescreenSchema({ today: sydneyToday(currentTime()) }).safeParse(body);
    if (!checked.success) return setErrors(cddFieldErrors(checked.error));
    setPending(true);
    try {
      // The body as the form holds it, which the same schema has just passed (the server trims and judges it again).
      const sent = body as BodyOf<typeof dueDiligenceRoutes.rescreen>;
      const { status } = await callApi(dueDiligenceRoutes.rescreen, { params: { id: enquiryId }, body: sent });
      setErrors({});
      showToast({
        title: 'Success',
        description:
          status === 'verified'
            ? 'Re-screen recorded'
            : 'Possible match recorded: the matter is on hold until the match is resolved',
      });
      await onDone(status);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
      else toastFailure(caught, 'Failed to record the re-screen');
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-md border border-slate-300 p-3"
      aria-labelledby={`${base}-title`}
    >
      <h5 id={`${base}-title`} className="font-semibold text-slate-900">
        Record a re-screen
      </h5>
      <p className="text-sm text-slate-700">
        Screen everyone in the matter against the sanctions list again at least every 90 days while it is open.
        {view.screening.lastScreenedOn ? ` Last screened ${view.screening.lastScreenedOn}.` : ''}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <Field id={fieldId('checkedAt')} label="Date of the sanctions check" error={error('checkedAt')} required>
          {(props) => (
            <input {...props} type="date" value={checkedAt} onChange={(event) => setCheckedAt(event.target.value)} />
          )}
        </Field>
        <Field id={fieldId('result')} label="Result" error={error('result')} required className="grow basis-56">
          {(props) => (
            <select
              {...props}
              className={`${props.className} min-h-10`}
              value={result}
              onChange={(event) => setResult(event.target.value as SanctionsResult | '')}
            >
              <option value="">Choose…</option>
              {SANCTIONS_RESULTS.map((value) => (
                <option key={value} value={value}>
                  {SANCTIONS_RESULT_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {possibleMatch ? (
        <Field id={fieldId('party')} label="Whom the possible match is about" error={error('party')} required>
          {(props) => (
            <select
              {...props}
              className={`${props.className} min-h-10`}
              value={party}
              onChange={(event) => setParty(event.target.value)}
            >
              <option value="">Choose…</option>
              {individuals.map((path) => (
                <option key={path} value={path}>
                  {individualLabel(view, path)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {reviewDue && !possibleMatch ? (
        <EnhancedDueDiligence values={enhanced} onChange={setEnhanced} fieldId={fieldId} error={error}>
          Enhanced due diligence is due on this matter (for principals): record it with this re-screen.
        </EnhancedDueDiligence>
      ) : null}
      {possibleMatch ? (
        <EnhancedDueDiligence values={enhanced} onChange={setEnhanced} fieldId={fieldId} error={error}>
          A possible match puts the matter on hold and makes it high risk again: do not act until the match is resolved
          (false positive or true match) and a principal other than you approves it.
        </EnhancedDueDiligence>
      ) : null}
      {error('version') ? (
        <p role="alert" className="text-sm text-red-900">
          {error('version')}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" pending={pending}>
        Record the re-screen
      </Button>
    </form>
  );
}
