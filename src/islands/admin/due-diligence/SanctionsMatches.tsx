/**
 * Possible sanctions matches in an enquiry's due-diligence panel (AML/CTF Act s 28(2)(e)(ii)):
 * each match recorded (at verification or a re-screen) with its resolution, and for each one
 * still unresolved the form that resolves it: a false positive, with what distinguishes the
 * client from the listed person (then a principal other than the resolver approves), or a
 * true match, which ends the matter (confirmed first). Until it is resolved nothing is
 * verified, approved or opened; the server decides (409, 403).
 */
import { useId, useState } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { dueDiligenceRoutes } from '#src/shared/api/due-diligence.ts';
import {
  SANCTIONS_EVIDENCE_MAX,
  SANCTIONS_OUTCOME_LABELS,
  SANCTIONS_OUTCOMES,
  type SanctionsOutcome,
} from '#src/shared/schemas/cdd-verification.ts';
import type { CddStaffView } from '#src/shared/schemas/cdd-record.ts';
import type { CddStatus } from '#src/shared/schemas/cdd.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { toastFailure } from '../kit/actions.ts';
import type { Confirm } from '../kit/ConfirmDialog.tsx';
import { formatDate, formatDateTime } from '../kit/format.ts';
import { individualLabel } from './ClientAnswers.tsx';

/** The matches on record, oldest first, each with how it was resolved. */
function MatchList({ view }: { view: CddStaffView }) {
  return (
    <ol className="list-decimal space-y-1 pl-5 text-sm" data-testid="sanctions-matches">
      {view.sanctions.matches.map((match, index) => (
        <li key={index}>
          {`${individualLabel(view, match.party)}: possible match in the ${match.source === 'verify' ? 'screening at verification' : 're-screen'} of ${formatDate(match.screenedOn)}, recorded by ${match.by}. `}
          {match.resolution ? (
            <span>
              <strong>{SANCTIONS_OUTCOME_LABELS[match.resolution.outcome]}</strong>
              {`, recorded by ${match.resolution.by}, ${formatDateTime(match.resolution.at)}: ${match.resolution.evidence}`}
            </span>
          ) : (
            <strong>Not resolved: do not act.</strong>
          )}
        </li>
      ))}
    </ol>
  );
}

function ResolveForm({
  enquiryId,
  view,
  party,
  confirm,
  onDone,
}: {
  enquiryId: string;
  view: CddStaffView;
  party: string;
  confirm: Confirm;
  onDone: (status: CddStatus) => Promise<void>;
}) {
  const base = useId();
  const who = individualLabel(view, party);
  const [outcome, setOutcome] = useState<SanctionsOutcome | ''>('');
  const [evidence, setEvidence] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const missing = {
      ...(outcome ? {} : { outcome: ['Please choose false positive or true match'] }),
      ...(evidence.trim() ? {} : { evidence: ['Please record the evidence'] }),
    };
    // No outcome is always among the missing; said again so the body's type knows it is one.
    if (!outcome || Object.keys(missing).length > 0) return setErrors(missing);
    if (outcome === 'true-match') {
      const confirmed = await confirm({
        title: 'Record a true sanctions match?',
        body: (
          <p>
            This ends the matter: the due diligence is rejected for good, no matter can be opened, and every principal
            is told now. Do not tell the client.
          </p>
        ),
        confirmLabel: 'Record the true match',
      });
      if (!confirmed) return;
    }
    setPending(true);
    try {
      const { status } = await callApi(dueDiligenceRoutes.resolveSanctionsMatch, {
        params: { id: enquiryId },
        body: { party, outcome, evidence, version: view.version },
      });
      setErrors({});
      showToast({
        title: 'Success',
        description:
          outcome === 'true-match'
            ? 'True match recorded: the matter is stopped and the principals are told'
            : 'False positive recorded: a principal other than you approves the due diligence',
      });
      await onDone(status);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
      else toastFailure(caught, 'Failed to record the resolution');
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-md border border-red-300 p-3"
      aria-labelledby={`${base}-title`}
      data-testid="sanctions-resolution"
    >
      <h6 id={`${base}-title`} className="font-semibold text-slate-900">
        Resolve the possible match: {who}
      </h6>
      <fieldset aria-describedby={errors.outcome ? `${base}-outcome-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">
          Outcome{' '}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-4">
          {SANCTIONS_OUTCOMES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${base}-outcome`}
                value={value}
                checked={outcome === value}
                onChange={() => setOutcome(value)}
              />
              {SANCTIONS_OUTCOME_LABELS[value]}
            </label>
          ))}
        </div>
        {errors.outcome ? (
          <p id={`${base}-outcome-error`} className="mt-1 text-sm text-destructive">
            {errors.outcome[0]}
          </p>
        ) : null}
      </fieldset>
      <Field
        id={`${base}-evidence`}
        label="Evidence: what distinguishes the client from the listed person, or the list entry"
        error={errors.evidence?.[0]}
        required
      >
        {(props) => (
          <textarea
            {...props}
            className={`${props.className} min-h-20`}
            maxLength={SANCTIONS_EVIDENCE_MAX}
            value={evidence}
            onChange={(event) => setEvidence(event.target.value)}
          />
        )}
      </Field>
      {errors.version ? (
        <p role="alert" className="text-sm text-red-900">
          {errors.version[0]}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" pending={pending}>
        Record the resolution
      </Button>
    </form>
  );
}

/** The panel's part: nothing when no possible match was ever recorded. */
export function SanctionsMatches({
  enquiryId,
  view,
  confirm,
  onDone,
}: {
  enquiryId: string;
  view: CddStaffView;
  confirm: Confirm;
  onDone: (status: CddStatus) => Promise<void>;
}) {
  if (view.sanctions.matches.length === 0) return null;
  return (
    <div className="space-y-3">
      <h5 className="font-semibold text-slate-900">Possible sanctions matches</h5>
      <p className="text-sm text-slate-700">
        A possible match means the screening found a listed person who may be this individual. Until it is resolved, do
        not act and do not deal with their money or property. Compare the list entry with the identity documents (date
        and place of birth, nationality, other names): record a false positive with what tells them apart, or a true
        match, which ends the matter.
      </p>
      <MatchList view={view} />
      {view.sanctions.resolutions.some((resolution) => resolution.outcome === 'true-match')
        ? null
        : view.sanctions.unresolved.map((party) => (
            <ResolveForm
              key={party}
              enquiryId={enquiryId}
              view={view}
              party={party}
              confirm={confirm}
              onDone={onDone}
            />
          ))}
    </div>
  );
}
