/**
 * A register's record dialog in an enquiry's detail (any member of staff): the button that
 * opens it (with the last attempt's field errors cleared), the modal <dialog> with its title
 * and note, the form's fields, Cancel and the submit button, pending while it sends.
 */
import type { ReactNode, RefObject } from 'react';
import { Button } from '#src/ui/Button.tsx';
import type { RecordForm } from './useRecordForm.ts';

export function RecordDialog({
  base,
  dialog,
  title,
  note,
  noteClassName,
  submit,
  form,
  children,
}: {
  /** The form's `useId()`: the title, the note and the fields are named from it. */
  base: string;
  dialog: RefObject<HTMLDialogElement | null>;
  /** The opening button's words and the dialog's title. */
  title: string;
  note: ReactNode;
  noteClassName: string;
  /** The submit button's words. */
  submit: string;
  form: RecordForm;
  children: ReactNode;
}) {
  function open() {
    form.clearErrors();
    dialog.current?.showModal();
  }

  return (
    <div>
      <Button variant="outline" onClick={open}>
        {title}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${base}-title`}
        aria-describedby={`${base}-note`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={`${base}-title`} className="text-lg font-semibold text-brand-900">
          {title}
        </h2>
        <p id={`${base}-note`} className={noteClassName}>
          {note}
        </p>
        <form noValidate onSubmit={form.onSubmit} className="mt-4 space-y-4">
          {children}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" pending={form.pending}>
              {submit}
            </Button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
