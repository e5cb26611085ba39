/**
 * "Record cash received" in an enquiry's detail (any member of staff): a modal <dialog> with
 * the amount, the day it was received and who handed it over. It goes to the cash register
 * only, which principals read; $10,000 or more starts the threshold transaction report's clock
 * (AML/CTF Act s 43). While the practice accepts no cash, the server refuses it (409) and the
 * toast says to tell a principal.
 */
import { useId, useRef } from 'react';
import { callApi } from '#src/lib/api.ts';
import { cashRoutes } from '#src/shared/api/cash.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Field } from '#src/ui/Field.tsx';
import { formatDate } from '../kit/format.ts';
import { useSchemaFields } from '../kit/useSchemaFields.ts';
import { RecordDialog } from './RecordDialog.tsx';
import { useRecordForm } from './useRecordForm.ts';

/** What was typed, as the API takes it: a number when it reads as one ("12,000.50" too), else as typed (a 400 says why). */
const amountOf = (typed: string): number | string => {
  const plain = typed.replace(/[$,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : typed;
};

export function RecordCash({ enquiryId }: { enquiryId: string }) {
  const base = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { values, text, reset } = useSchemaFields(cashRoutes.record.input, {
    amount: '',
    receivedAt: '',
    receivedFrom: '',
  });
  const form = useRecordForm(
    () => {
      // An amount that does not read as a number goes as typed: the server's field error says why.
      const body = { ...values, amount: amountOf(values.amount) } as BodyOf<typeof cashRoutes.record>;
      return callApi(cashRoutes.record, { params: { id: enquiryId }, body });
    },
    (answer) => {
      dialog.current?.close();
      reset();
      showToast({
        title: 'Success',
        description: answer.ttrDueBy
          ? `Cash recorded. $10,000 or more: a principal must report it to AUSTRAC by the end of ${formatDate(answer.ttrDueBy)}.`
          : 'Cash recorded in the cash register.',
      });
    },
    'Failed to record the cash',
  );

  return (
    <RecordDialog
      base={base}
      dialog={dialog}
      title="Record cash received"
      note="Notes and coins only (not a cheque or a transfer). Record each payment as it was handed over, in one entry: splitting one payment to stay under $10,000 is an offence. Only principals can read the register."
      noteClassName="mt-2 text-sm text-slate-700"
      submit="Record the cash"
      form={form}
    >
      <Field id={`${base}-amount`} label="Amount (dollars)" error={form.errors.amount} required>
        {(props) => <input {...props} inputMode="decimal" autoComplete="off" {...text('amount')} />}
      </Field>
      <Field id={`${base}-receivedAt`} label="Received on" error={form.errors.receivedAt} required>
        {(props) => <input {...props} type="date" {...text('receivedAt')} />}
      </Field>
      <Field
        id={`${base}-receivedFrom`}
        label="Handed over by"
        hint="The person who gave you the cash, as they identified themselves."
        error={form.errors.receivedFrom}
        required
      >
        {(props) => <input {...props} autoComplete="off" {...text('receivedFrom')} />}
      </Field>
    </RecordDialog>
  );
}
