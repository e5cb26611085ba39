/**
 * Closing the matter: the day the business relationship ended starts the 7 years the due
 * diligence records are kept (AML/CTF Act s 111). Closing cannot be undone from the desk, so
 * it asks first, saying until when the records will be kept; once closed, the panel shows
 * the closed state instead of the form: the day it ended and the enquiry's one kept-until
 * date, read-only.
 */
import { useId, useState } from 'react';
import { CDD_RETENTION, retainUntil } from '#src/content/amlctf.ts';
import { ApiError, callApi } from '#src/lib/api.ts';
import { dueDiligenceRoutes } from '#src/shared/api/due-diligence.ts';
import type { CddStatus } from '#src/shared/schemas/cdd.ts';
import type { DeskEnquiryDetail } from '#src/shared/schemas/lead-desk.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import type { Confirm } from '../kit/ConfirmDialog.tsx';
import { formatDate } from '../kit/format.ts';
import { keptUntilText } from '../desk/kept-until.ts';
import { messageOf } from './cdd-requests.ts';

export function CloseMatter({
  enquiryId,
  status,
  confirm,
  onClosed,
}: {
  enquiryId: string;
  /** The record's status: a matter the client gave nothing for keeps no records. */
  status: CddStatus;
  /** The panel's confirm (its dialog sits at the end of the panel). */
  confirm: Confirm;
  /** Closed here: the panel reads the enquiry again, which then shows the closed state. */
  onClosed: () => Promise<void>;
}) {
  const base = useId();
  const [closing, setClosing] = useState(false);
  const [endedAt, setEndedAt] = useState('');
  const [closeError, setCloseError] = useState<string | undefined>();

  async function close(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!endedAt) {
      setCloseError('Please enter the date the matter ended');
      document.getElementById(`${base}-ended`)?.focus();
      return;
    }
    const keeps = status !== 'not-started';
    const confirmed = await confirm({
      title: 'Close this matter?',
      body: (
        <>
          <p>The business relationship ended on {formatDate(endedAt)}.</p>
          <p className="mt-2">
            {keeps
              ? `The due diligence records will be kept until ${formatDate(retainUntil(endedAt))} (${CDD_RETENTION.section}: ${CDD_RETENTION.years} years after the matter closed), then deleted.`
              : 'The client gave no identity details, so there are no due diligence records to keep.'}{' '}
            From now on the client’s link changes nothing, and the matter cannot be opened again here.
          </p>
        </>
      ),
      confirmLabel: 'Close the matter',
    });
    if (!confirmed) return;
    setClosing(true);
    try {
      await callApi(dueDiligenceRoutes.close, { params: { id: enquiryId }, body: { endedAt } });
      setCloseError(undefined);
      showToast({ title: 'Success', description: 'Matter closed' });
      await onClosed();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors?.endedAt) setCloseError(caught.fieldErrors.endedAt[0]);
      else
        showToast({
          title: 'Error',
          description: messageOf(caught, 'Failed to close the matter'),
          variant: 'destructive',
        });
    } finally {
      setClosing(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void close(event)}
      className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
    >
      <Field
        id={`${base}-ended`}
        label="Close the matter: the day the business relationship ended"
        error={closeError}
        required
        className="grow basis-56"
      >
        {(props) => (
          <input {...props} type="date" value={endedAt} onChange={(event) => setEndedAt(event.target.value)} />
        )}
      </Field>
      <Button type="submit" variant="secondary" pending={closing}>
        Close the matter
      </Button>
    </form>
  );
}

/**
 * A closed matter, read-only: the day the relationship ended and the one date the enquiry is
 * kept until, with its basis (`keptUntilText`, as the desk's detail says it).
 */
export function ClosedMatter({ detail, closedAt }: { detail: DeskEnquiryDetail; closedAt: string }) {
  const nothingGiven = (detail.cdd?.status ?? 'not-started') === 'not-started';
  return (
    <div className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm" data-testid="cdd-closed">
      <p className="font-semibold text-slate-900">
        Matter closed: the business relationship ended on <time dateTime={closedAt}>{formatDate(closedAt)}</time>.
      </p>
      {nothingGiven ? (
        <p className="mt-1 text-slate-700" data-testid="cdd-closed-before-start">
          The client gave no details before it closed: the engagement link no longer takes them, and there are no due
          diligence records to keep.
        </p>
      ) : (
        <p className="mt-1 text-slate-700">
          The due diligence is kept as it was, read-only here, and the client’s link changes nothing.
        </p>
      )}
      {detail.kept ? (
        <p className="mt-1 text-slate-800" data-testid="cdd-retain-until">
          {keptUntilText(detail.kept)}
        </p>
      ) : null}
    </div>
  );
}
