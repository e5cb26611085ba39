/**
 * A matter's bank details for staff (docs/staff-guide.md, "The call-back"): the current set
 * masked, the next step and who may take it, the call-back form (the number rung must be one
 * the practice already had for the client), the second person's approval, the audited reveal
 * of the full digits, and every earlier version with its call-back and approval.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { payoutsRoutes } from '#src/shared/api/payouts.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import {
  HIGH_RISK_LABELS,
  PAYEE_CHECK_LABELS,
  PAYEE_CHECKS,
  type PayoutRevealed,
  type PayoutVersionView,
  type PayoutView,
} from '#src/shared/schemas/payout.ts';
import { PAYOUT_STATUS_LABELS } from '#src/shared/states/payout.ts';
import { $session } from '#src/stores/session.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { toastFailure } from '../kit/actions.ts';
import { formatDateTime } from '../kit/format.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useFormErrors } from '../kit/useFormErrors.ts';
import { useSchemaFields } from '../kit/useSchemaFields.ts';
import { mayTake, nextStepFor } from './payout-format.ts';

const CALL_FIELDS = ['calledNumber', 'calledAt', 'readBack', 'payeeCheck', 'note'] as const;

/** Now as a `datetime-local` value, in the browser's time. */
const localNow = () => {
  const at = new Date(currentTime());
  at.setMinutes(at.getMinutes() - at.getTimezoneOffset());
  return at.toISOString().slice(0, 16);
};

function CallBackForm({ matterId, onDone }: { matterId: string; onDone: (view: PayoutView) => void }) {
  const base = useId();
  const idOf = (field: string) => `${base}-${field}`;
  const { errors, showFieldErrors } = useFormErrors(CALL_FIELDS, idOf);
  const { values, text, checkbox } = useSchemaFields(payoutsRoutes.callBack.input, {
    calledNumber: '',
    calledAt: localNow(),
    readBack: false,
    payeeCheck: '',
    note: '',
  });
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      const { calledAt, note, ...checked } = values;
      const instant = calledAt ? new Date(calledAt).toISOString() : '';
      // Sent as the form holds it (an unticked box, no answer chosen): the server's field errors say what is missing.
      const body = {
        ...checked,
        calledAt: instant,
        ...(note.trim() ? { note } : {}),
      } as BodyOf<typeof payoutsRoutes.callBack>;
      onDone(await callApi(payoutsRoutes.callBack, { params: { id: matterId }, body }));
      showToast({ title: 'Success', description: 'Call-back recorded: another person approves next' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) showFieldErrors(caught.fieldErrors);
      else toastFailure(caught, 'The call-back was not recorded');
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3" aria-label="Record the call-back">
      <p className="text-sm text-slate-700">
        Ring the client on the number on the enquiry or the identity record, never one given with the details. Read the
        account name, BSB and number back, and check the name in your bank’s payee check.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={idOf('calledNumber')} label="Number you rang" error={errors.calledNumber}>
          {(props) => <input {...props} type="tel" {...text('calledNumber')} />}
        </Field>
        <Field id={idOf('calledAt')} label="When you rang" error={errors.calledAt}>
          {(props) => <input {...props} type="datetime-local" {...text('calledAt')} />}
        </Field>
        <Field id={idOf('payeeCheck')} label="The bank’s payee check" error={errors.payeeCheck}>
          {(props) => (
            <select {...props} {...text('payeeCheck')}>
              <option value="">Choose…</option>
              {PAYEE_CHECKS.map((check) => (
                <option key={check} value={check}>
                  {PAYEE_CHECK_LABELS[check]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={idOf('note')} label="Note (optional)" error={errors.note}>
          {(props) => <input {...props} {...text('note')} />}
        </Field>
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm">
          <input
            id={idOf('readBack')}
            type="checkbox"
            {...checkbox('readBack')}
            aria-invalid={errors.readBack ? true : undefined}
            aria-describedby={errors.readBack ? `${idOf('readBack')}-error` : undefined}
          />
          I read the account name, BSB and number back to the client and they confirmed them
        </label>
        {errors.readBack ? (
          <p id={`${idOf('readBack')}-error`} className="text-sm text-destructive">
            {errors.readBack[0]}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="secondary" pending={pending}>
        Record the call-back
      </Button>
    </form>
  );
}

function VersionItem({ version, index }: { version: PayoutVersionView; index: number }) {
  return (
    <li data-testid="payout-version" className="text-sm">
      <p>
        Version {index + 1}, entered <time dateTime={version.submittedAt}>{formatDateTime(version.submittedAt)}</time>:{' '}
        {version.accountName}, BSB {version.bsb}, account ending {version.numberLast3}
        {version.highRisk ? ' (high risk)' : ''}
      </p>
      {version.callBack ? (
        <p className="text-slate-700">
          Called back by {version.callBack.by.username} on {version.callBack.calledNumber},{' '}
          {formatDateTime(version.callBack.calledAt)}; payee check: {PAYEE_CHECK_LABELS[version.callBack.payeeCheck]}
          {version.callBack.note ? `; ${version.callBack.note}` : ''}
        </p>
      ) : null}
      {version.approval ? (
        <p className="text-slate-700">
          Approved by {version.approval.by.username}, {formatDateTime(version.approval.at)}
        </p>
      ) : null}
    </li>
  );
}

export function PayoutPanel({ matterId, onChanged }: { matterId: string; onChanged: () => Promise<void> }) {
  const session = useStore($session);
  const me = session.status === 'signed-in' ? session.user : null;
  const [view, setView] = useState<PayoutView | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<PayoutRevealed | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setView(await callApi(payoutsRoutes.view, { params: { id: matterId } }));
      setMissing(null);
    } catch (caught) {
      setMissing(caught instanceof Error ? caught.message : 'The bank details could not be loaded');
    }
  }, [matterId]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives (react#34905 flags the async loader)
    void load();
  }, [load]);

  async function run(change: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await change();
    } catch (caught) {
      toastFailure(caught, failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="matter-payout-title" data-testid="payout-panel" className="space-y-3">
      <h4 id="matter-payout-title" className="font-semibold text-slate-900">
        Client’s bank details
      </h4>
      {!view ? (
        <p className="text-sm text-slate-700">{missing ?? 'Loading…'}</p>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <StatusBadge tone={view.status === 'approved' ? 'success' : 'waiting'} testId="payout-status">
              {PAYOUT_STATUS_LABELS[view.status]}
            </StatusBadge>
            {view.highRisk ? <StatusBadge tone="danger">High risk</StatusBadge> : null}
            <span>
              {view.accountName}, BSB {view.bsb}, account ending {view.numberLast3}
            </span>
          </p>
          {view.highRiskReasons.map((reason) => (
            <p key={reason} className="text-sm text-red-900">
              {HIGH_RISK_LABELS[reason]}: a principal must approve.
            </p>
          ))}
          <p data-testid="payout-next" className="text-sm font-medium">
            Next: {nextStepFor(view.next, me)}
          </p>
          {revealed ? (
            <p data-testid="payout-revealed" className="font-mono text-sm">
              {revealed.accountName} · BSB {revealed.bsb} · {revealed.number}
            </p>
          ) : (
            <Button
              variant="outline"
              pending={busy}
              onClick={() =>
                void run(
                  async () => setRevealed(await callApi(payoutsRoutes.reveal, { params: { id: matterId } })),
                  'Not shown',
                )
              }
            >
              Show the full number (recorded in the audit log)
            </Button>
          )}
          {view.next.step === 'call-back' ? (
            <CallBackForm
              matterId={matterId}
              onDone={(next) => {
                setView(next);
                void onChanged();
              }}
            />
          ) : null}
          {view.next.step === 'approve' && mayTake(view.next, me) ? (
            <Button
              variant="secondary"
              pending={busy}
              onClick={() =>
                void run(async () => {
                  setView(await callApi(payoutsRoutes.approve, { params: { id: matterId } }));
                  await onChanged();
                  showToast({ title: 'Success', description: 'Bank details approved' });
                }, 'Not approved')
              }
            >
              Approve these bank details
            </Button>
          ) : null}
          <details>
            <summary className="cursor-pointer text-sm">History ({view.versions.length})</summary>
            <ol className="mt-2 space-y-2">
              {view.versions.map((version, index) => (
                <VersionItem key={version.submittedAt} version={version} index={index} />
              ))}
            </ol>
          </details>
        </>
      )}
    </section>
  );
}
