/**
 * The second person's approval, asked in a modal <dialog>: what is being approved, and the
 * approver's note, required for a high rating (the server answers 400 without one) and kept
 * with the approval in the rating's history. The browser traps focus in the dialog and
 * returns it to the Approve button when it closes; the note takes focus on opening, and
 * again when it is missing.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { dueDiligenceRoutes } from '#src/shared/api/due-diligence.ts';
import { CDD_LIMITS } from '#src/shared/schemas/cdd.ts';
import type { CddRating } from '#src/shared/schemas/cdd-record.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { formatDateTime } from '../kit/format.ts';
import { messageOf } from './cdd-requests.ts';

/** The desk's own check, in the server's words' spirit: the server decides either way. */
const NOTE_NEEDED = 'Please note why you approve this high risk rating';

export function ApproveDialog({
  enquiryId,
  waiting,
  onClose,
  onApproved,
}: {
  enquiryId: string;
  /** The rating waiting for approval. */
  waiting: CddRating;
  onClose: () => void;
  onApproved: () => Promise<void>;
}) {
  const base = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const required = waiting.rating === 'high';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    noteRef.current?.focus();
  }, []);

  const close = () => {
    if (ref.current?.open) ref.current.close();
    else onClose();
  };

  async function approve(event: { preventDefault(): void }) {
    event.preventDefault();
    if (required && !note.trim()) {
      setNoteError(NOTE_NEEDED);
      noteRef.current?.focus();
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await callApi(dueDiligenceRoutes.approve, { params: { id: enquiryId }, body: note.trim() ? { note } : {} });
      showToast({ title: 'Success', description: 'Due diligence approved' });
      close();
      await onApproved();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors?.note) {
        setNoteError(caught.fieldErrors.note[0]);
        noteRef.current?.focus();
      } else {
        // A 403 or 409 says why (someone else acted meanwhile): said here, where the person is.
        setFailure(messageOf(caught, 'Failed to approve'));
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${base}-title`}
      aria-describedby={`${base}-what`}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      <form noValidate onSubmit={(event) => void approve(event)}>
        <h2 id={`${base}-title`} className="text-lg font-semibold text-brand-900">
          Approve this {waiting.rating} risk rating?
        </h2>
        <p id={`${base}-what`} className="mt-2 text-sm text-slate-700">
          Rated {waiting.rating} risk by {waiting.by}, {formatDateTime(waiting.at)}: {waiting.reason}. As the second
          person, you approve acting for this client on that rating.
        </p>
        <Field
          id={`${base}-note`}
          label={required ? 'Your note (kept with the approval)' : 'Your note (optional, kept with the approval)'}
          hint="What you checked, and any conditions: for example the documents you sighted."
          error={noteError}
          required={required}
          className="mt-4"
        >
          {(props) => (
            <textarea
              {...props}
              ref={noteRef}
              className={`${props.className} min-h-24`}
              maxLength={CDD_LIMITS.reason}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                if (noteError) setNoteError(undefined);
              }}
            />
          )}
        </Field>
        {failure ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-900">
            {failure}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" pending={sending}>
            Approve
          </Button>
        </div>
      </form>
    </dialog>
  );
}
