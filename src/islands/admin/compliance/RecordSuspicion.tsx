/**
 * "Record a suspicion" in an enquiry's detail (any member of staff): a modal <dialog> with
 * what the suspicion is about, when it arose (the report's clock runs from then; empty is
 * now) and its grounds, and the tipping-off warning (AML/CTF Act
 * s 123). It goes to the suspicious-matter register only: nothing on the enquiry changes,
 * so the desk shows nothing afterwards beyond the toast.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import {
  SUSPICION_KINDS,
  SUSPICION_KIND_LABELS,
  TIPPING_OFF_NOTE,
  type SuspicionKind,
} from '../../../content/amlctf.ts';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import { showToast } from '../../../stores/toasts.ts';
import { toastFailure } from '../kit/actions.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { formatDateTime } from '../kit/format.ts';
import { sydneyWallClockToInstant, toSydneyIso } from '../../../shared/sydney-time.ts';

/** A `datetime-local` value, read as Sydney's wall clock, as the instant the API takes (with its offset). */
function formedAtOf(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return local.trim() === '' ? undefined : local;
  const [y, m, d, hh, mm] = match.slice(1).map(Number) as [number, number, number, number, number];
  return toSydneyIso(sydneyWallClockToInstant(Date.UTC(y, m - 1, d, hh, mm)));
}

export function RecordSuspicion({ enquiryId }: { enquiryId: string }) {
  const base = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [kind, setKind] = useState<SuspicionKind | ''>('');
  const [grounds, setGrounds] = useState('');
  const [formedAt, setFormedAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [pending, setPending] = useState(false);

  function open() {
    setErrors({});
    ref.current?.showModal();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      const answer = await apiRequest<{ id: string; reportDueBy: string }>(
        'POST',
        `/api/contact-requests/${encodeURIComponent(enquiryId)}/suspicion`,
        { kind, grounds, ...(formedAtOf(formedAt) ? { formedAt: formedAtOf(formedAt) } : {}) },
      );
      ref.current?.close();
      setKind('');
      setGrounds('');
      setFormedAt('');
      showToast({
        title: 'Success',
        description: `Suspicion recorded. A principal must report it to AUSTRAC by ${formatDateTime(answer.reportDueBy)}.`,
      });
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
      else toastFailure(caught, 'Failed to record the suspicion');
    } finally {
      setPending(false);
    }
  }

  return (
    <div>
      <Button variant="outline" onClick={open}>
        Record a suspicion
      </Button>
      <dialog
        ref={ref}
        aria-labelledby={`${base}-title`}
        aria-describedby={`${base}-note`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={`${base}-title`} className="text-lg font-semibold text-brand-900">
          Record a suspicion
        </h2>
        <p id={`${base}-note`} className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          {TIPPING_OFF_NOTE}
        </p>
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
          <Field id={`${base}-kind`} label="What the suspicion is about" error={errors.kind} required>
            {(props) => (
              <select {...props} value={kind} onChange={(event) => setKind(event.target.value as SuspicionKind)}>
                <option value="">Choose…</option>
                {SUSPICION_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {SUSPICION_KIND_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={`${base}-formedAt`}
            label="When the suspicion arose (Sydney time)"
            hint="The report is due 24 hours (terrorism financing) or 3 business days from then. Leave empty for now."
            error={errors.formedAt}
          >
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                value={formedAt}
                onChange={(event) => setFormedAt(event.target.value)}
              />
            )}
          </Field>
          <Field
            id={`${base}-grounds`}
            label="Grounds"
            hint="What you saw or were told, and when. Only principals can read this."
            error={errors.grounds}
            required
          >
            {(props) => (
              <textarea {...props} rows={5} value={grounds} onChange={(event) => setGrounds(event.target.value)} />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={() => ref.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" pending={pending}>
              Record the suspicion
            </Button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
