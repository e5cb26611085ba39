/**
 * The submit of a register's record form (a receipt, a suspicion, the report of either): the
 * button pending while the call runs, then `sent` with the answer (close, empty, toast, read
 * the register again; awaited, so the button stays pending through it); the server's field
 * errors under their fields, any other failure as the error toast with its reason, else
 * `failure`. No retries.
 */
import { useState, type SubmitEvent } from 'react';
import { ApiError } from '#src/lib/api.ts';
import { toastFailure } from '../kit/actions.ts';

export interface RecordForm {
  errors: Record<string, string[] | undefined>;
  pending: boolean;
  /** For the dialogs: a form opened again starts without the last attempt's errors. */
  clearErrors: () => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
}

export function useRecordForm<Answer>(
  send: () => Promise<Answer>,
  sent: (answer: Answer) => void | Promise<void>,
  failure: string,
): RecordForm {
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await sent(await send());
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
      else toastFailure(caught, failure);
    } finally {
      setPending(false);
    }
  }

  return { errors, pending, clearErrors: () => setErrors({}), onSubmit: (event) => void submit(event) };
}
