/**
 * "Record a suspicion" in an enquiry's detail (any member of staff): a modal <dialog> with
 * what the suspicion is about, when it arose (the report's clock runs from then; empty is
 * now) and its grounds, and the tipping-off warning (AML/CTF Act
 * s 123). It goes to the suspicious-matter register only: nothing on the enquiry changes,
 * so the desk shows nothing afterwards beyond the toast.
 */
import { useId, useRef } from 'react';
import { SUSPICION_KINDS, SUSPICION_KIND_LABELS, TIPPING_OFF_NOTE } from '#src/content/amlctf.ts';
import { callApi } from '#src/lib/api.ts';
import { suspicionsRoutes } from '#src/shared/api/suspicions.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Field } from '#src/ui/Field.tsx';
import { formatDateTime } from '../kit/format.ts';
import { useSchemaFields } from '../kit/useSchemaFields.ts';
import { sydneyWallClockToInstant, toSydneyIso } from '#src/shared/sydney-time.ts';
import { RecordDialog } from './RecordDialog.tsx';
import { useRecordForm } from './useRecordForm.ts';

/** A `datetime-local` value, read as Sydney's wall clock, as the instant the API takes (with its offset). */
function formedAtOf(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return local.trim() === '' ? undefined : local;
  const [y, m, d, hh, mm] = match.slice(1).map(Number) as [number, number, number, number, number];
  return toSydneyIso(sydneyWallClockToInstant(Date.UTC(y, m - 1, d, hh, mm)));
}

export function RecordSuspicion({ enquiryId }: { enquiryId: string }) {
  const base = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { values, text, reset } = useSchemaFields(suspicionsRoutes.record.input, {
    kind: '',
    grounds: '',
    formedAt: '',
  });
  const form = useRecordForm(
    () => {
      // No kind chosen goes as it is (empty): the server's field error asks for one.
      const formedAt = formedAtOf(values.formedAt);
      const body = { kind: values.kind, grounds: values.grounds, ...(formedAt ? { formedAt } : {}) } as BodyOf<
        typeof suspicionsRoutes.record
      >;
      return callApi(suspicionsRoutes.record, { params: { id: enquiryId }, body });
    },
    (answer) => {
      dialog.current?.close();
      reset();
      showToast({
        title: 'Success',
        description: `Suspicion recorded. A principal must report it to AUSTRAC by ${formatDateTime(answer.reportDueBy)}.`,
      });
    },
    'Failed to record the suspicion',
  );

  return (
    <RecordDialog
      base={base}
      dialog={dialog}
      title="Record a suspicion"
      note={TIPPING_OFF_NOTE}
      noteClassName="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
      submit="Record the suspicion"
      form={form}
    >
      <Field id={`${base}-kind`} label="What the suspicion is about" error={form.errors.kind} required>
        {(props) => (
          <select {...props} {...text('kind')}>
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
        error={form.errors.formedAt}
      >
        {(props) => <input {...props} type="datetime-local" {...text('formedAt')} />}
      </Field>
      <Field
        id={`${base}-grounds`}
        label="Grounds"
        hint="What you saw or were told, and when. Only principals can read this."
        error={form.errors.grounds}
        required
      >
        {(props) => <textarea {...props} rows={5} {...text('grounds')} />}
      </Field>
    </RecordDialog>
  );
}
