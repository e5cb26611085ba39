/**
 * Closing the matter: the day the business relationship ended starts the 7 years the due
 * diligence records are kept (AML/CTF Act s 111), and the answer says until when.
 */
import { useId, useState } from 'react';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { cddPath, messageOf } from './cdd-requests.ts';
import { formatDate } from '../kit/format.ts';

export function CloseMatter({
  enquiryId,
  shownRetainUntil,
  onClosed,
}: {
  enquiryId: string;
  /** The kept-until date of the record on screen, if it was read. */
  shownRetainUntil: string | undefined;
  onClosed: () => Promise<void>;
}) {
  const base = useId();
  const [closing, setClosing] = useState(false);
  const [endedAt, setEndedAt] = useState('');
  const [closeError, setCloseError] = useState<string | undefined>();
  // undefined: not closed here; null: closed with nothing to keep.
  const [retainUntil, setRetainUntil] = useState<string | null | undefined>(undefined);

  async function close(event: { preventDefault(): void }) {
    event.preventDefault();
    setClosing(true);
    try {
      const answer = await apiRequest<{ retainUntil: string | null }>('POST', cddPath(enquiryId, '/close'), {
        endedAt,
      });
      setRetainUntil(answer.retainUntil);
      setCloseError(undefined);
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

  const keptUntil = retainUntil ?? shownRetainUntil;

  return (
    <>
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
      {keptUntil ? (
        <p role="status" className="mt-2 text-sm text-slate-800" data-testid="cdd-retain-until">
          Due diligence records kept until <time dateTime={keptUntil}>{formatDate(keptUntil)}</time> (AML/CTF Act s 111:
          7 years after the relationship ends).
        </p>
      ) : retainUntil === null ? (
        <p role="status" className="mt-2 text-sm text-slate-800">
          Matter closed. There are no due diligence records to keep, and the client’s link no longer takes identity
          details.
        </p>
      ) : null}
    </>
  );
}
