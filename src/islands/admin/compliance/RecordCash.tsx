/**
 * "Record cash received" in an enquiry's detail (any member of staff): a modal <dialog> with
 * the amount, the day it was received and who handed it over. It goes to the cash register
 * only, which principals read; $10,000 or more starts the threshold transaction report's clock
 * (AML/CTF Act s 43). While the practice accepts no cash, the server refuses it (409) and the
 * toast says to tell a principal.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import type { CashReceiptAnswer } from '../../../shared/schemas/cash.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { toastFailure } from '../kit/actions.ts';
import { formatDate } from '../kit/format.ts';

/** What was typed, as the API takes it: a number when it reads as one ("12,000.50" too), else as typed (a 400 says why). */
const amountOf = (typed: string): number | string => {
  const plain = typed.replace(/[$,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : typed;
};

export function RecordCash({ enquiryId }: { enquiryId: string }) {
  const base = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [amount, setAmount] = useState('');
  const [receivedAt, setReceivedAt] = useState('');
  const [receivedFrom, setReceivedFrom] = useState('');
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
      const answer = await apiRequest<CashReceiptAnswer>(
        'POST',
        `/api/contact-requests/${encodeURIComponent(enquiryId)}/cash`,
        { amount: amountOf(amount), receivedAt, receivedFrom },
      );
      ref.current?.close();
      setAmount('');
      setReceivedAt('');
      setReceivedFrom('');
      showToast({
        title: 'Success',
        description: answer.ttrDueBy
          ? `Cash recorded. $10,000 or more: a principal must report it to AUSTRAC by the end of ${formatDate(answer.ttrDueBy)}.`
          : 'Cash recorded in the cash register.',
      });
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
      else toastFailure(caught, 'Failed to record the cash');
    } finally {
      setPending(false);
    }
  }

  return (
    <div>
      <Button variant="outline" onClick={open}>
        Record cash received
      </Button>
      <dialog
        ref={ref}
        aria-labelledby={`${base}-title`}
        aria-describedby={`${base}-note`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={`${base}-title`} className="text-lg font-semibold text-brand-900">
          Record cash received
        </h2>
        <p id={`${base}-note`} className="mt-2 text-sm text-slate-700">
          Notes and coins only (not a cheque or a transfer). Record each payment as it was handed over, in one entry:
          splitting one payment to stay under $10,000 is an offence. Only principals can read the register.
        </p>
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
          <Field id={`${base}-amount`} label="Amount (dollars)" error={errors.amount} required>
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            )}
          </Field>
          <Field id={`${base}-receivedAt`} label="Received on" error={errors.receivedAt} required>
            {(props) => (
              <input
                {...props}
                type="date"
                value={receivedAt}
                onChange={(event) => setReceivedAt(event.target.value)}
              />
            )}
          </Field>
          <Field
            id={`${base}-receivedFrom`}
            label="Handed over by"
            hint="The person who gave you the cash, as they identified themselves."
            error={errors.receivedFrom}
            required
          >
            {(props) => (
              <input
                {...props}
                autoComplete="off"
                value={receivedFrom}
                onChange={(event) => setReceivedFrom(event.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={() => ref.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" pending={pending}>
              Record the cash
            </Button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
