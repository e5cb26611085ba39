/**
 * What staff can do with a record waiting on them: a principal who did not rate it approves
 * the rating waiting (high, or lower than a high one on record), with a note in a dialog
 * (required for a high rating); everyone else sees Approve disabled with the reason beside
 * it, in the server's words. Anyone rejects it with a reason the client is shown. The
 * server decides either way (`approvalRefusal`, 403).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { dueDiligenceRoutes } from '#src/shared/api/due-diligence.ts';
import { CDD_LIMITS } from '#src/shared/schemas/cdd.ts';
import type { CddStaffView } from '#src/shared/schemas/cdd-record.ts';
import { isAllowed } from '#src/shared/states/decision.ts';
import { approvalRefusal, decideCdd, SANCTIONS_RESOLVER_CANNOT_APPROVE } from '#src/shared/states/due-diligence.ts';
import { $session } from '#src/stores/session.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import type { Confirm } from '../kit/ConfirmDialog.tsx';
import { ApproveDialog } from './ApproveDialog.tsx';
import { messageOf } from './cdd-requests.ts';

/**
 * Why a possible sanctions match keeps this account from approving (the server's 409 and 403
 * say the same): one still unresolved, or this account resolved it as a false positive.
 */
function sanctionsRefusal(view: CddStaffView, accountId: string): { message: string } | null {
  if (view.sanctions.unresolved.length > 0) {
    return { message: 'A possible sanctions match is not resolved: resolve it before anyone approves.' };
  }
  const resolvedHere = view.sanctions.resolutions.some(
    (resolution) =>
      resolution.outcome === 'false-positive' &&
      resolution.byId === accountId &&
      view.sanctions.matches.findLast((match) => match.party === resolution.party)?.resolution?.at === resolution.at,
  );
  return resolvedHere ? { message: SANCTIONS_RESOLVER_CANNOT_APPROVE } : null;
}

export function ReviewActions({
  enquiryId,
  view,
  confirm,
  onChanged,
}: {
  enquiryId: string;
  view: CddStaffView;
  /** The panel's confirm: its dialog sits at the end of the panel, outside this list of actions. */
  confirm: Confirm;
  /** The record changed: the panel reads the enquiry and the record again. */
  onChanged: () => Promise<void>;
}) {
  const base = useId();
  const session = useStore($session);
  const waiting = view.ratings.at(-1);
  // Why this account may not approve (null: it may); unknown until the session is.
  const refusal =
    session.status === 'signed-in' && waiting !== undefined
      ? (approvalRefusal(waiting, session.user) ?? sanctionsRefusal(view, session.user.id))
      : undefined;
  const [acting, setActing] = useState<'reject' | null>(null);
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [rejectReason, setRejectReason] = useState('');
  const [rejectError, setRejectError] = useState<string | undefined>();
  const rejectRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (rejecting) rejectRef.current?.focus();
  }, [rejecting]);

  async function reject(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!rejectReason.trim()) {
      setRejectError('Please give the reason');
      rejectRef.current?.focus();
      return;
    }
    const confirmed = await confirm({
      title: 'Reject this due diligence?',
      body: (
        <p>
          The client will be asked to correct their details and submit them again. Until it is verified, do not act on
          this matter.
        </p>
      ),
      confirmLabel: 'Reject',
    });
    if (!confirmed) return;
    setActing('reject');
    try {
      await callApi(dueDiligenceRoutes.reject, {
        params: { id: enquiryId },
        body: { reason: rejectReason, version: view.version },
      });
      showToast({ title: 'Success', description: 'Due diligence rejected' });
      setRejecting(false);
      setRejectReason('');
      setRejectError(undefined);
      await onChanged();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors?.reason) setRejectError(caught.fieldErrors.reason[0]);
      else showToast({ title: 'Error', description: messageOf(caught, 'Failed to reject'), variant: 'destructive' });
    } finally {
      setActing(null);
    }
  }

  return (
    <>
      {isAllowed(decideCdd(view.status, 'approve')) && waiting ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-800">
            {waiting.loweringReason === undefined
              ? `Rated ${waiting.rating} risk by ${waiting.by}`
              : `Rated ${waiting.rating} risk by ${waiting.by}, lower than a high rating on record (${waiting.loweringReason})`}
            : a principal other than {waiting.by} must approve it.
          </p>
          {refusal === undefined ? null : (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button
                disabled={refusal !== null}
                aria-describedby={refusal ? `${base}-why-not` : undefined}
                onClick={() => setApproving(true)}
              >
                Approve…
              </Button>
              {refusal ? (
                <p id={`${base}-why-not`} className="text-sm text-slate-800" data-testid="approve-refusal">
                  {refusal.message}
                </p>
              ) : null}
            </div>
          )}
          {approving ? (
            <ApproveDialog
              enquiryId={enquiryId}
              waiting={waiting}
              onClose={() => setApproving(false)}
              onApproved={onChanged}
            />
          ) : null}
        </div>
      ) : null}

      {isAllowed(decideCdd(view.status, 'reject')) ? (
        rejecting ? (
          <form noValidate onSubmit={(event) => void reject(event)} className="space-y-2">
            <Field
              id={`${base}-reject`}
              label="Why is it rejected? (the client is asked to correct it)"
              error={rejectError}
              required
            >
              {(props) => (
                <textarea
                  {...props}
                  ref={rejectRef}
                  className={`${props.className} min-h-20`}
                  maxLength={CDD_LIMITS.reason}
                  value={rejectReason}
                  onChange={(event) => setRejectReason(event.target.value)}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="destructive" pending={acting === 'reject'}>
                Reject…
              </Button>
              <Button variant="outline" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="outline" onClick={() => setRejecting(true)}>
            Reject…
          </Button>
        )
      ) : null}
    </>
  );
}
